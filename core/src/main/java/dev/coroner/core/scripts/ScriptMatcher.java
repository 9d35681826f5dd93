package dev.coroner.core.scripts;

import dev.coroner.core.read.SourceSpan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides what one fenced block is (docs/VERDICTS.md, "Code blocks"; the behaviour of the reference {@code match.js}): exact equality
 * ({@link String#equals}) with a program one call of the same turn submitted. Nothing is transformed first: a trailing
 * space, a CRLF for an LF or a decomposed accent makes a different program, and a near match is never named.
 *
 * <p>Cost: a turn's programs are put in a hash map once (equal programs once, with all their calls); each block is
 * then one lookup, and a matched block shares its program's list of twins instead of copying it.
 */
public final class ScriptMatcher {
    /** A block whose content is over this many UTF-8 bytes is {@code over-size}: never compared with anything. */
    public static final int MAX_SCRIPT_BYTES = 65_536;

    /** Only this many blocks of one assistant record are compared; the rest are {@code kept-out}, each still reported. */
    public static final int MAX_BLOCKS_PER_RECORD = 64;

    private ScriptMatcher() {
    }

    /**
     * A turn's programs, indexed by their content (a hash map on the program text), each with every call that submitted
     * it in the order the calls were made. Linear in the turn: each call is placed once.
     */
    static Map<String, SameProgram> programsOf(List<Submission> turnSubmissions) {
        Map<String, List<Submission>> grouped = new HashMap<>();
        for (Submission s : turnSubmissions) {
            grouped.computeIfAbsent(s.program(), p -> new ArrayList<>(1)).add(s);
        }
        Map<String, SameProgram> programs = new HashMap<>(grouped.size() * 2);
        grouped.forEach((program, calls) -> programs.put(program, SameProgram.of(calls)));
        return programs;
    }

    /**
     * The verdict on {@code block}, shown in the record at {@code line}/{@code offset} of turn {@code turn}.
     *
     * @param thisTurn     the turn's programs ({@link #programsOf})
     * @param earlierTurns for each program an earlier turn of the same conversation submitted, its latest call; read
     *                     only to add detail to a miss, never to match
     * @param lines        the turn's programs by line, for what came closest to a miss; never read to match
     */
    static BlockVerdict judge(SourceSpan record, int turn, FencedBlock block, Map<String, SameProgram> thisTurn,
                              Map<String, Submission> earlierTurns, TurnLineIndex lines) {
        if (block.number() > MAX_BLOCKS_PER_RECORD) {
            return new BlockVerdict(record, turn, block, null, List.of(), UnmatchedReason.KEPT_OUT, null);
        }
        if (overSize(block.content())) {
            return new BlockVerdict(record, turn, block, null, List.of(), UnmatchedReason.OVER_SIZE, null);
        }
        SameProgram calls = thisTurn.get(block.content());
        if (calls == null) {
            return new BlockVerdict(record, turn, block, null, List.of(), UnmatchedReason.NO_SUBMISSION_THIS_TURN,
                    lines.closest(block, earlierTurns.get(block.content())));
        }
        // the twins' list is shared by every block quoting this program: constant work per block
        return new BlockVerdict(record, turn, block, calls.latest(), calls.twins(), calls.twinCount(), null, null);
    }

    /** Whether {@code content} is over {@link #MAX_SCRIPT_BYTES} bytes in UTF-8 (a lone surrogate counts 3, as WTF-8). */
    static boolean overSize(String content) {
        // Every UTF-16 unit is at least one byte, so a long enough string is over without counting.
        return content.length() > MAX_SCRIPT_BYTES || utf8Length(content) > MAX_SCRIPT_BYTES;
    }

    static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
