package dev.coroner.core.compare;

import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.text.PathText;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Two corpora compared transcript by transcript (docs/COMPARE.md, "Folders"): paired by the path relative to each
 * folder, then what is left by session ({@link SessionKey}), each pair's verdicts judged from the end of the file.
 */
public final class CorpusComparison {
    /**
     * One pair.
     *
     * @param path  the path relative to its folder: A's, or B's when only B has it
     * @param pathB B's path relative to its folder (another than {@code path} when paired by session), or null
     */
    public record Pair(String path, String pathB, Path a, Path b, TerminalVerdict va, TerminalVerdict vb, PairChange change) {
        /** B has a death A did not: a new death, or a run only B has that died (what makes exit status 1). */
        public boolean newDeath() {
            return change == PairChange.NEW_DEATH || change == PairChange.ONLY_B && vb.died();
        }
    }

    /** Byte-wise UTF-8 order of relative paths, as the commands print paths (docs/VERDICTS.md, "Command line"). */
    private static final Comparator<String> BYTEWISE = (x, y) -> Arrays.compareUnsigned(
            x.getBytes(StandardCharsets.UTF_8), y.getBytes(StandardCharsets.UTF_8));

    private final Path a;
    private final Path b;
    private final List<Pair> pairs;

    private CorpusComparison(Path a, Path b, List<Pair> pairs) {
        this.a = a;
        this.b = b;
        this.pairs = List.copyOf(pairs);
    }

    /** The folder compared against, as given. */
    public Path a() {
        return a;
    }

    /** The folder compared with it, as given. */
    public Path b() {
        return b;
    }

    public List<Pair> pairs() {
        return pairs;
    }

    /** Compares every {@code *.jsonl} under {@code a} with those under {@code b}. */
    public static CorpusComparison of(Path a, Path b) {
        Map<String, Path> inA = files(a);
        Map<String, Path> inB = files(b);
        List<String[]> matched = new ArrayList<>(); // {relative in A, relative in B}, either null
        Map<String, Path> restA = new TreeMap<>(BYTEWISE);
        Map<String, Path> restB = new TreeMap<>(BYTEWISE);
        inA.forEach((rel, p) -> {
            if (inB.containsKey(rel)) {
                matched.add(new String[] {rel, rel});
            } else {
                restA.put(rel, p);
            }
        });
        inB.forEach((rel, p) -> {
            if (!inA.containsKey(rel)) {
                restB.put(rel, p);
            }
        });
        Map<String, String> sessionA = uniqueSessions(restA);
        Map<String, String> sessionB = uniqueSessions(restB);
        sessionA.forEach((session, relA) -> {
            String relB = sessionB.get(session);
            if (relB != null) {
                matched.add(new String[] {relA, relB});
                restA.remove(relA);
                restB.remove(relB);
            }
        });
        restA.keySet().forEach(rel -> matched.add(new String[] {rel, null}));
        restB.keySet().forEach(rel -> matched.add(new String[] {null, rel}));
        matched.sort(Comparator.comparing((String[] m) -> m[0] != null ? m[0] : m[1], BYTEWISE));
        List<Pair> pairs = new ArrayList<>();
        for (String[] m : matched) {
            Path pa = m[0] == null ? null : inA.get(m[0]);
            Path pb = m[1] == null ? null : inB.get(m[1]);
            TerminalVerdict va = pa == null ? null : TerminalVerdicts.judge(pa);
            TerminalVerdict vb = pb == null ? null : TerminalVerdicts.judge(pb);
            pairs.add(new Pair(m[0] != null ? m[0] : m[1], m[1], pa, pb, va, vb, change(va, vb)));
        }
        return new CorpusComparison(a, b, pairs);
    }

    /** The {@code *.jsonl} files under {@code dir} by their path relative to it, with '/' between names. */
    private static Map<String, Path> files(Path dir) {
        Map<String, Path> out = new LinkedHashMap<>();
        for (TranscriptPaths.Input in : TranscriptPaths.expand(List.of(dir)).inputs()) {
            out.put(PathText.of(dir.relativize(in.path())), in.path());
        }
        return out;
    }

    /** Session key → relative path, for the keys exactly one file has (an ambiguous key pairs nothing). */
    private static Map<String, String> uniqueSessions(Map<String, Path> files) {
        Map<String, String> byKey = new TreeMap<>();
        Map<String, Integer> seen = new HashMap<>();
        files.forEach((rel, p) -> {
            String key = SessionKey.of(p);
            if (key != null) {
                seen.merge(key, 1, Integer::sum);
                byKey.put(key, rel);
            }
        });
        seen.forEach((key, n) -> {
            if (n > 1) {
                byKey.remove(key);
            }
        });
        return byKey;
    }

    /** The change rule (docs/COMPARE.md, "Folders"). */
    public static PairChange change(TerminalVerdict a, TerminalVerdict b) {
        if (a == null) {
            return PairChange.ONLY_B;
        }
        if (b == null) {
            return PairChange.ONLY_A;
        }
        if (b.died() && !a.died()) {
            return PairChange.NEW_DEATH;
        }
        if (a.died() && !b.died()) {
            return PairChange.FIXED;
        }
        boolean same = a.state() == b.state() && a.terminalClass() == b.terminalClass()
                && Objects.equals(a.trailing() == null ? null : a.trailing().cls(),
                        b.trailing() == null ? null : b.trailing().cls());
        return same ? PairChange.SAME : PairChange.CHANGED;
    }

    /** The class a death is counted under: the class of a synthetic answer, the trailing failure's, else the state. */
    public static String deathClass(TerminalVerdict v) {
        return StateTally.deathClass(v.state(), v.terminalClass(), v.trailing());
    }

    public long count(PairChange change) {
        return pairs.stream().filter(p -> p.change() == change).count();
    }

    /** The gate (docs/COMPARE.md, "Exit status"): a new death, or a transcript only B has that died. */
    public boolean newDeaths() {
        return pairs.stream().anyMatch(Pair::newDeath);
    }

    /**
     * "3 new deaths: RATE_LIMIT 2, AUTH 1 · 5 fixed · 4 changed · 1,802 same · 1 only in A · 2 only in B (1 dead)":
     * new deaths by class (most first), then each count that is not zero; "1,802 same" always.
     */
    public String summary() {
        long newDeaths = count(PairChange.NEW_DEATH);
        StringBuilder s = new StringBuilder();
        s.append(number(newDeaths)).append(newDeaths == 1 ? " new death" : " new deaths");
        String sep = ": ";
        for (Map.Entry<String, Integer> e : newDeathsByClass().entrySet()) {
            s.append(sep).append(e.getKey()).append(' ').append(number(e.getValue()));
            sep = ", ";
        }
        s.append(" · ").append(number(count(PairChange.FIXED))).append(" fixed");
        long changed = count(PairChange.CHANGED);
        if (changed > 0) {
            s.append(" · ").append(number(changed)).append(" changed");
        }
        s.append(" · ").append(number(count(PairChange.SAME))).append(" same");
        long onlyA = count(PairChange.ONLY_A);
        if (onlyA > 0) {
            s.append(" · ").append(number(onlyA)).append(" only in A");
        }
        long onlyB = count(PairChange.ONLY_B);
        if (onlyB > 0) {
            long dead = pairs.stream().filter(p -> p.change() == PairChange.ONLY_B && p.vb().died()).count();
            s.append(" · ").append(number(onlyB)).append(" only in B");
            if (dead > 0) {
                s.append(" (").append(number(dead)).append(" dead)");
            }
        }
        return s.toString();
    }

    /** The new deaths by the class of B's death, most first (ties in the tally's order of classes). */
    public Map<String, Integer> newDeathsByClass() {
        StateTally.DeathTally tally = new StateTally.DeathTally();
        pairs.stream().filter(p -> p.change() == PairChange.NEW_DEATH)
                .forEach(p -> tally.died(p.vb().state(), p.vb().terminalClass(), p.vb().trailing(), true));
        Map<String, Integer> out = new LinkedHashMap<>();
        tally.byClass().entrySet().stream()
                .sorted(Comparator.comparingInt((Map.Entry<String, StateTally.ClassDeaths> e) -> -e.getValue().workers()))
                .forEach(e -> out.put(e.getKey(), e.getValue().workers()));
        return out;
    }

    static String number(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
