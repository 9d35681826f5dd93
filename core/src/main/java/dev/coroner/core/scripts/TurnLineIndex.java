package dev.coroner.core.scripts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One turn's programs indexed by line, to say which comes closest to a block that matched none (docs/VERDICTS.md,
 * "Code blocks", "Why unmatched"). Built on first use, so a turn whose blocks all match never pays for it, and
 * dropped with the turn.
 *
 * <p>Cost stays about linear in the turn: equal programs are indexed once (a turn that ran one command 10,000 times
 * holds one program here), each program's lines are interned and posted once, and a block costs a hash lookup per
 * distinct line plus at most {@link #MAX_PROGRAMS} postings per line, and at most {@link #MAX_RUN_CHECKS} line-by-line
 * comparisons.
 */
final class TurnLineIndex {
    /** Only the latest this many distinct programs of a turn are compared: a bound on postings per line. */
    static final int MAX_PROGRAMS = 256;
    /** Programs are indexed until their characters reach this many: a bound on a turn's index in memory. */
    static final long MAX_INDEXED_CHARS = 4L << 20;
    /** At most this many programs are compared line by line with one block (same lines, or a run of lines). */
    static final int MAX_RUN_CHECKS = 8;

    private final List<Submission> submissions;
    private boolean built;
    private final Map<String, Integer> ids = new HashMap<>();
    private final BitSet blankIds = new BitSet();
    /** Distinct programs, latest call first; {@link #lines} and the postings use these positions. */
    private final List<Submission> programs = new ArrayList<>();
    private final List<int[]> lines = new ArrayList<>();
    /** For each line id: pairs (program position, how many times the program has the line). */
    private final List<Postings> postings = new ArrayList<>();

    TurnLineIndex(List<Submission> submissions) {
        this.submissions = submissions;
    }

    /** What comes closest to {@code block} among this turn's programs; {@code earlier} when an earlier turn ran it. */
    Closest closest(FencedBlock block, Submission earlier) {
        if (earlier != null) {
            return Closest.earlierTurn(earlier);
        }
        if (submissions.isEmpty()) {
            return Closest.NO_PROGRAM_CALL;
        }
        build();
        List<String> blockLines = ProgramLines.of(block.content());
        int[] ids = new int[blockLines.size()];
        Map<Integer, int[]> counts = new HashMap<>(); // non-blank known line id -> its count in the block
        int nonBlank = 0;
        for (int i = 0; i < ids.length; i++) {
            Integer id = this.ids.get(blockLines.get(i));
            ids[i] = id == null ? -1 : id;
            boolean blank = id == null ? ProgramLines.blank(blockLines.get(i)) : blankIds.get(id);
            if (!blank) {
                nonBlank++;
                if (id != null) {
                    counts.computeIfAbsent(id, k -> new int[1])[0]++;
                }
            }
        }
        if (nonBlank == 0) {
            return Closest.noSharedLine(programs.size());
        }
        int[] shared = new int[programs.size()];
        for (Map.Entry<Integer, int[]> e : counts.entrySet()) {
            Postings post = postings.get(e.getKey());
            for (int p = 0; p < post.size; p += 2) {
                shared[post.data[p]] += Math.min(e.getValue()[0], post.data[p + 1]);
            }
        }
        Submission sameLines = null;
        Submission partOf = null;
        int partAt = 0;
        int checks = 0;
        for (int p = 0; p < shared.length && checks < MAX_RUN_CHECKS && sameLines == null; p++) {
            if (shared[p] < nonBlank) {
                continue; // a program that lacks one of the block's lines holds no run of them
            }
            checks++;
            int[] program = lines.get(p);
            if (program.length == ids.length) {
                if (Arrays.equals(program, ids)) {
                    sameLines = programs.get(p);
                }
            } else if (partOf == null && program.length > ids.length) {
                int at = Runs.indexOf(program, ids);
                if (at >= 0) {
                    partOf = programs.get(p);
                    partAt = at + 1;
                }
            }
        }
        if (sameLines != null) {
            return Closest.lineEndings(sameLines);
        }
        if (partOf != null) {
            return Closest.partOf(partOf, partAt);
        }
        int best = -1;
        for (int p = 0; p < shared.length; p++) {
            if (shared[p] > 0 && (best < 0 || shared[p] > shared[best])) {
                best = p; // ties keep the latest: positions run latest first
            }
        }
        return best < 0 ? Closest.noSharedLine(programs.size())
                : Closest.sharesLines(programs.get(best), shared[best], nonBlank);
    }

    private void build() {
        if (built) {
            return;
        }
        built = true;
        Set<String> seen = new HashSet<>();
        long chars = 0;
        for (int s = submissions.size() - 1; s >= 0 && programs.size() < MAX_PROGRAMS; s--) {
            Submission call = submissions.get(s);
            String program = call.program();
            if (!seen.add(program) || ScriptMatcher.overSize(program)) {
                continue;
            }
            chars += program.length();
            if (chars > MAX_INDEXED_CHARS) {
                break;
            }
            index(call);
        }
    }

    private void index(Submission call) {
        int position = programs.size();
        programs.add(call);
        List<String> text = ProgramLines.of(call.program());
        int[] own = new int[text.size()];
        Map<Integer, int[]> counts = new HashMap<>();
        for (int i = 0; i < own.length; i++) {
            String line = text.get(i);
            Integer id = ids.get(line);
            if (id == null) {
                id = ids.size();
                ids.put(line, id);
                postings.add(new Postings());
                if (ProgramLines.blank(line)) {
                    blankIds.set(id);
                }
            }
            own[i] = id;
            counts.computeIfAbsent(id, k -> new int[1])[0]++;
        }
        lines.add(own);
        for (Map.Entry<Integer, int[]> e : counts.entrySet()) {
            postings.get(e.getKey()).add(position, e.getValue()[0]);
        }
    }

    /** The programs that hold one line: pairs (program position, count), grown by doubling. */
    private static final class Postings {
        int[] data = new int[2];
        int size;

        void add(int position, int count) {
            if (size == data.length) {
                data = Arrays.copyOf(data, size * 2);
            }
            data[size++] = position;
            data[size++] = count;
        }
    }

    /** Finding a run of line ids inside another (Knuth–Morris–Pratt: linear in both lengths). */
    static final class Runs {
        private Runs() {
        }

        /** The first position where {@code run} occurs in {@code in} as consecutive elements, or -1. */
        static int indexOf(int[] in, int[] run) {
            if (run.length == 0) {
                return -1;
            }
            int[] fail = new int[run.length];
            for (int i = 1, k = 0; i < run.length; i++) {
                while (k > 0 && run[i] != run[k]) {
                    k = fail[k - 1];
                }
                if (run[i] == run[k]) {
                    k++;
                }
                fail[i] = k;
            }
            for (int i = 0, k = 0; i < in.length; i++) {
                while (k > 0 && in[i] != run[k]) {
                    k = fail[k - 1];
                }
                if (in[i] == run[k]) {
                    k++;
                }
                if (k == run.length) {
                    return i - run.length + 1;
                }
            }
            return -1;
        }
    }
}
