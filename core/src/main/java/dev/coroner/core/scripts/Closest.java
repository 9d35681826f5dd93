package dev.coroner.core.scripts;

import java.util.Objects;

/**
 * Why a {@code no-submission-this-turn} block is unmatched: what came closest (docs/VERDICTS.md, "Code blocks", "Why
 * unmatched"). Detail for a reader only: it never makes a block matched, and its label stays {@code unmatched}.
 *
 * <p>Small on purpose: a kind, the call it names and a few counts. The line diff is not kept; {@link #diff} computes
 * it again from the block and the program when someone asks.
 *
 * @param kind     which explanation, in the order of precedence of {@link Kind}
 * @param call     the call named: the earlier turn's call, or the one of this turn that came closest; null for
 *                 {@link Kind#NO_PROGRAM_CALL} and {@link Kind#NO_SHARED_LINE}
 * @param shared   for {@link Kind#SHARES_LINES}: how many of the block's non-blank lines the program holds too
 * @param of       for {@link Kind#SHARES_LINES}: how many non-blank lines the block has
 * @param at       for {@link Kind#PART_OF}: the 1-based line of the program where the block's first line is
 * @param compared for {@link Kind#NO_SHARED_LINE}: how many distinct programs of the turn were compared
 */
public record Closest(Kind kind, Submission call, int shared, int of, int at, int compared) {
    /** The explanations, highest precedence first: a block gets the first that holds. */
    public enum Kind {
        /** An earlier turn of the same conversation submitted exactly this content. */
        EARLIER_TURN("earlier-turn"),
        /** A program of this turn has the same lines; only line endings differ (CRLF for LF, a final line end). */
        LINE_ENDINGS("line-endings"),
        /** The block's lines are a run of whole consecutive lines of a longer program of this turn. */
        PART_OF("part-of"),
        /** A program of this turn shares at least one non-blank line with the block: the one sharing the most. */
        SHARES_LINES("shares-lines"),
        /** This turn submitted programs, and none compared shares a non-blank line with the block. */
        NO_SHARED_LINE("no-shared-line"),
        /** This turn made no call that holds a program. */
        NO_PROGRAM_CALL("no-program-call");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The name on the command line and in the window. */
        public String label() {
            return label;
        }
    }

    public Closest {
        Objects.requireNonNull(kind);
        boolean named = kind != Kind.NO_PROGRAM_CALL && kind != Kind.NO_SHARED_LINE;
        if (named != (call != null)) {
            throw new IllegalArgumentException(kind.label() + (named ? " names a call" : " names no call"));
        }
    }

    static Closest earlierTurn(Submission call) {
        return new Closest(Kind.EARLIER_TURN, call, 0, 0, 0, 0);
    }

    static Closest lineEndings(Submission call) {
        return new Closest(Kind.LINE_ENDINGS, call, 0, 0, 0, 0);
    }

    static Closest partOf(Submission call, int at) {
        return new Closest(Kind.PART_OF, call, 0, 0, at, 0);
    }

    static Closest sharesLines(Submission call, int shared, int of) {
        return new Closest(Kind.SHARES_LINES, call, shared, of, 0, 0);
    }

    static Closest noSharedLine(int compared) {
        return new Closest(Kind.NO_SHARED_LINE, null, 0, 0, 0, compared);
    }

    static final Closest NO_PROGRAM_CALL = new Closest(Kind.NO_PROGRAM_CALL, null, 0, 0, 0, 0);

    /**
     * The line diff of {@code block} (the block this explains) against the named program, computed now: for
     * {@link Kind#SHARES_LINES} and {@link Kind#PART_OF}; empty for the other kinds, which have nothing to show
     * line by line.
     */
    public LineDiff diff(FencedBlock block) {
        if (kind != Kind.SHARES_LINES && kind != Kind.PART_OF) {
            return LineDiff.NONE;
        }
        return LineDiff.of(block.content(), call.program());
    }

    /** One sentence for a person; transcript text in it (the tool's name) is not escaped here. */
    public String sentence() {
        return switch (kind) {
            case EARLIER_TURN -> "an earlier turn ran exactly this: " + callName() + " at line " + call.line();
            case LINE_ENDINGS -> "the same lines as " + callName() + " at line " + call.line()
                    + "; only the line endings differ";
            case PART_OF -> "whole lines of the program " + callName() + " submitted at line " + call.line()
                    + ", from its line " + at;
            case SHARES_LINES -> "closest: " + callName() + " at line " + call.line() + " shares " + shared + " of the block's "
                    + of + " non-blank " + (of == 1 ? "line" : "lines");
            case NO_SHARED_LINE -> "no program of this turn shares a non-blank line with it (" + compared
                    + (compared == 1 ? " program" : " programs") + " compared)";
            case NO_PROGRAM_CALL -> "no call of this turn held a program";
        };
    }

    private String callName() {
        return call.tool().isEmpty() ? call.toolUseId() : call.tool() + " " + call.toolUseId();
    }
}
