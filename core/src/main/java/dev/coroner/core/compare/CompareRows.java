package dev.coroner.core.compare;

import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The JSON rows of a comparison (docs/COMPARE.md, "Output"), in one place for {@code coroner compare --json} and the
 * comparison report: one map per aligned call, the summary of two transcripts, one map per pair of two folders and
 * their summary. Keys are in the order written here. How a file is named is the caller's: the command line prints the
 * path as given, a report names it relative to its root ({@code name}).
 */
public final class CompareRows {
    private CompareRows() {
    }

    /** Row {@code r}: {@code {"op","a_line","b_line","tool","a_key","b_key"}}, A's fields null on an only_b row. */
    public static Map<String, Object> row(TranscriptComparison c, int r) {
        CallKey ka = c.aKey(r);
        CallKey kb = c.bKey(r);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("op", c.alignment().op(r).json());
        m.put("a_line", ka == null ? null : c.aLine(r));
        m.put("b_line", kb == null ? null : c.bLine(r));
        m.put("tool", c.tool(r));
        m.put("a_key", ka == null ? null : ka.text());
        m.put("b_key", kb == null ? null : kb.text());
        return m;
    }

    /**
     * The summary of two transcripts: {@code {"summary":{counts},"first_divergence":{"a_line","b_line"}|null,"a":{side},
     * "b":{side}}}.
     */
    public static Map<String, Object> summary(TranscriptComparison c, Function<Path, String> name) {
        Map<String, Object> counts = new LinkedHashMap<>();
        for (Op op : Op.values()) {
            counts.put(op.json(), c.alignment().count(op));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("summary", counts);
        int first = c.firstDivergence();
        if (first < 0) {
            m.put("first_divergence", null);
        } else {
            Map<String, Object> at = new LinkedHashMap<>();
            at.put("a_line", c.aKey(first) == null ? null : c.aLine(first));
            at.put("b_line", c.bKey(first) == null ? null : c.bLine(first));
            m.put("first_divergence", at);
        }
        m.put("a", side(c.a(), name));
        m.put("b", side(c.b(), name));
        return m;
    }

    /** A side's verdict as {@code verdict --json} writes it, then its calls, WARNs and unmatched blocks. */
    public static Map<String, Object> side(Side s, Function<Path, String> name) {
        Map<String, Object> m = verdict(name.apply(s.path()), s.verdict());
        m.put("calls", s.calls());
        m.put("warnings", s.warnings());
        m.put("unmatched_blocks", s.unmatched());
        return m;
    }

    /** A verdict row of {@code coroner verdict --json}: {@code "path"}, then {@link TerminalVerdict#toMap()}. */
    public static Map<String, Object> verdict(String path, TerminalVerdict v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", path);
        m.putAll(v.toMap());
        return m;
    }

    /** One pair of two folders: {@code {"path","change","a":{verdict}|null,"b":{verdict}|null}}. */
    public static Map<String, Object> pair(CorpusComparison.Pair p, Function<Path, String> name) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", p.path());
        m.put("change", p.change().json());
        m.put("a", p.va() == null ? null : verdict(name.apply(p.a()), p.va()));
        m.put("b", p.vb() == null ? null : verdict(name.apply(p.b()), p.vb()));
        return m;
    }

    /** The summary of two folders: {@code {"summary":{change: n},"new_deaths":{CLASS: n}}}. */
    public static Map<String, Object> summary(CorpusComparison c) {
        Map<String, Object> counts = new LinkedHashMap<>();
        for (PairChange change : PairChange.values()) {
            counts.put(change.json(), c.count(change));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("summary", counts);
        m.put("new_deaths", c.newDeathsByClass());
        return m;
    }
}
