package dev.coroner.core.scripts;

import dev.coroner.core.read.SourceSpan;
import java.util.List;
import java.util.Objects;

/**
 * What a fenced block is (docs/VERDICTS.md, "Code blocks"): byte for byte the program one call of its turn submitted, labelled with that
 * call's outcome; or unmatched, with the reason. A near match is a different program and is never named.
 *
 * @param record          where the assistant record that shows the block is: the evidence
 * @param turn            the number of the record's turn
 * @param block           the block itself
 * @param call            the named call: the latest of the turn's calls that submitted exactly this content; null
 *                        when unmatched
 * @param alsoCalls       the turn's other calls that submitted exactly this content, in the order made: the latest
 *                        16 of them, a bounded detail
 * @param alsoMatches     how many other calls of the turn submitted exactly this content, all of them counted
 * @param reason          why no call is named; null when matched
 * @param closest         for {@code no-submission-this-turn} only (never null then, null otherwise): what came
 *                        closest — an earlier turn that ran exactly this, a program of the turn it is part of or
 *                        shares lines with, or nothing. Detail for a reader; it never makes the block matched.
 */
public record BlockVerdict(SourceSpan record, int turn, FencedBlock block, Submission call,
                           List<Submission> alsoCalls, int alsoMatches, UnmatchedReason reason, Closest closest) {
    public BlockVerdict {
        Objects.requireNonNull(record);
        Objects.requireNonNull(block);
        alsoCalls = List.copyOf(alsoCalls); // no copy when it is already an immutable list: twins are shared
        if (alsoMatches < alsoCalls.size()) {
            throw new IllegalArgumentException("alsoMatches counts every twin, the listed ones included");
        }
        if ((call == null) == (reason == null)) {
            throw new IllegalArgumentException("a block is either matched to a call or unmatched with a reason");
        }
        if (call == null && alsoMatches > 0) {
            throw new IllegalArgumentException("only a matched block counts other calls");
        }
        if ((closest != null) != (reason == UnmatchedReason.NO_SUBMISSION_THIS_TURN)) {
            throw new IllegalArgumentException("a block no call of its turn submitted, and only such a block, says what came closest");
        }
    }

    /** A verdict that lists every twin it counts. */
    public BlockVerdict(SourceSpan record, int turn, FencedBlock block, Submission call, List<Submission> alsoCalls,
                        UnmatchedReason reason, Closest closest) {
        this(record, turn, block, call, alsoCalls, alsoCalls.size(), reason, closest);
    }

    /**
     * The latest call of an earlier turn of the same conversation that submitted exactly this content, or null: the
     * {@link Closest.Kind#EARLIER_TURN} explanation, which comes first when it holds.
     */
    public Submission earlierTurnCall() {
        return closest != null && closest.kind() == Closest.Kind.EARLIER_TURN ? closest.call() : null;
    }

    /** The line diff of this block against its closest program, computed now; empty when there is none to show. */
    public LineDiff closestDiff() {
        return closest == null ? LineDiff.NONE : closest.diff(block);
    }

    /** The 1-based physical line of the record that shows the block. */
    public long line() {
        return record.line();
    }

    /** The byte offset of that record. */
    public long offset() {
        return record.offset();
    }

    public boolean matched() {
        return call != null;
    }

    /** {@code ok}, {@code error}, {@code no-result} (the named call's outcome) or {@code unmatched}. */
    public String label() {
        return call == null ? "unmatched" : call.outcome().label();
    }

    /** The exit code the named call's result states, or null. */
    public Integer exitCode() {
        return call == null ? null : call.exitCode();
    }

    /** Whether the block was shown before the named call was made ("I'll run: …"). */
    public boolean shownBeforeCall() {
        return call != null && call.line() > line();
    }
}
