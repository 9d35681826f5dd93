package dev.coroner.core.scripts;

import java.util.List;

/**
 * The calls of one turn that submitted one program, in the order made (docs/VERDICTS.md, "Code blocks"): a block equal
 * to the program names {@link #latest}, and the others are its twins. Made once per distinct program of a turn and
 * shared by every block that quotes it, so 3,333 blocks quoting a command run 10,000 times cost 3,333 references, not
 * 33 million.
 *
 * @param calls  every call of the turn with this program, in the order made (never empty)
 * @param twins  the latest {@link #MAX_TWINS_LISTED} calls before {@link #latest}, in the order made: the detail a
 *               block carries; {@link #twinCount} says how many there are in all
 */
record SameProgram(List<Submission> calls, List<Submission> twins) {
    /** A matched block lists at most this many of its twins by name; it counts all of them (docs/VERDICTS.md). */
    static final int MAX_TWINS_LISTED = 16;

    static SameProgram of(List<Submission> calls) {
        List<Submission> all = List.copyOf(calls);
        int n = all.size() - 1;
        return new SameProgram(all, List.copyOf(all.subList(Math.max(0, n - MAX_TWINS_LISTED), n)));
    }

    /** The call a block equal to this program names. */
    Submission latest() {
        return calls.get(calls.size() - 1);
    }

    /** How many other calls of the turn submitted it. */
    int twinCount() {
        return calls.size() - 1;
    }
}
