package dev.coroner.app.cli;

import dev.coroner.core.compare.CallKey;
import dev.coroner.core.compare.CorpusComparison;
import dev.coroner.core.compare.Op;
import dev.coroner.core.compare.PairChange;
import dev.coroner.core.compare.Side;
import dev.coroner.core.compare.TranscriptComparison;
import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.text.PathText;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code coroner compare A B}: where did B leave A's path, and what changed across two corpora (docs/COMPARE.md). */
@Command(name = "compare",
        description = {"Compare two runs, or two folders of runs.",
                "Two transcripts: their tool calls aligned as a diff on each call's key (the tool and its input: "
                        + "the command, the file path, the patch), each row same, changed (the same tool with "
                        + "another input), only_a or only_b; the first divergence; both verdicts side by side.",
                "Two folders: the transcripts paired by their path relative to each folder, then by session id; "
                        + "each pair new_death, fixed, changed (state or class differs otherwise), same, only_a or "
                        + "only_b; then a summary line.",
                "Exit status: 0 B has no death A did not, 1 B has a death A did not (a new death, or a run only B "
                        + "has that died), 2 bad usage (a file and a folder, a missing path), a grammar error or an "
                        + "unreadable transcript, 3 Coroner failed inside (a bug, out of memory), 4 the output could "
                        + "not be written."})
public final class CompareCommand implements Callable<Integer> {
    /** How many characters of a key a text row shows. */
    static final int KEY_CHARS = 120;

    @Option(names = "--json", description = "Two transcripts: one JSON object per aligned call, then a summary "
            + "object. Two folders: one per pair, then a summary object. Keys in a fixed order.")
    boolean json;

    @Option(names = "--grammar", paramLabel = "G.toml",
            description = "A precursor grammar: each side's WARN count is shown beside its verdict (without it: none).")
    Path grammarFile;

    @Option(names = {"-U", "--context"}, paramLabel = "N", defaultValue = "3",
            description = "Same calls shown around each difference in the text of two transcripts (default: 3).")
    int context;

    @Parameters(index = "0", paramLabel = "A", description = "The run (or folder of runs) compared against: the last good one.")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "The run (or folder of runs) compared with it.")
    Path b;

    @Mixin
    CommonOptions common;

    @Mixin
    WhereOption where;

    @Override
    public Integer call() {
        Output output = common.output();
        PrintWriter err = common.err();
        boolean folders = Files.isDirectory(a);
        // the rows are pairs of two folders, aligned calls of two transcripts: checked before anything is printed
        WhereOption.Rows kept = where.rows(folders ? FieldSchemas.COMPARE_PAIR : FieldSchemas.COMPARE_CALL, err);
        if (kept == null) {
            return ExitStatus.BAD_INPUT;
        }
        for (Path p : new Path[] {a, b}) {
            if (!Files.exists(p)) {
                err.println("coroner: " + Output.safe(PathText.of(p)) + ": no such file or folder");
                err.flush();
                return ExitStatus.BAD_INPUT;
            }
        }
        if (folders != Files.isDirectory(b)) {
            err.println("coroner: compare takes two transcripts or two folders, not one of each");
            err.flush();
            return ExitStatus.BAD_INPUT;
        }
        if (folders) {
            return folders(output, kept);
        }
        PrecursorGrammar grammar = null;
        if (grammarFile != null) {
            grammar = common.grammar(grammarFile, output);
            if (grammar == null) {
                return ExitStatus.BAD_INPUT;
            }
        }
        Side[] sides = new Side[2];
        Path[] paths = {a, b};
        for (int i = 0; i < 2; i++) {
            try {
                sides[i] = TranscriptComparison.side(paths[i], grammar);
            } catch (UnreadableTranscriptException e) {
                err.println("coroner: " + Output.safe(PathText.of(paths[i])) + ": " + Output.safe(e.reason()));
                err.flush();
                return ExitStatus.BAD_INPUT;
            }
        }
        TranscriptComparison c = TranscriptComparison.of(sides[0], sides[1]);
        if (json) {
            JsonLines lines = new JsonLines(output.out());
            for (int r = 0; r < c.alignment().size(); r++) {
                int at = r;
                if (kept.keep(() -> row(c, at))) {
                    lines.write(row(c, r));
                }
            }
            lines.write(summary(c));
        } else if (kept.given()) {
            boolean[] shown = new boolean[c.alignment().size()];
            for (int r = 0; r < shown.length; r++) {
                int at = r;
                shown[r] = kept.keep(() -> row(c, at));
            }
            output.text(CompareText.transcripts(c, shown) + "\n" + kept.shown("call", "calls"));
        } else {
            output.text(CompareText.transcripts(c, context));
        }
        if (kept.givenUp() != null) {
            output.note(kept.givenUp());
        }
        // the verdicts decide, not the calls: --where chooses the calls shown, not whether B died
        return c.newDeath() ? ExitStatus.FINDINGS : ExitStatus.CLEAN;
    }

    private int folders(Output output, WhereOption.Rows kept) {
        CorpusComparison c = CorpusComparison.of(a, b);
        JsonLines lines = new JsonLines(output.out());
        boolean newDeath = false;
        for (CorpusComparison.Pair p : c.pairs()) {
            if (!kept.keep(() -> pair(p))) {
                continue;
            }
            newDeath |= p.change() == PairChange.NEW_DEATH || p.change() == PairChange.ONLY_B && p.vb().died();
            if (json) {
                lines.write(pair(p));
            } else {
                output.text(CompareText.pair(p));
            }
        }
        if (json) {
            Map<String, Object> counts = new LinkedHashMap<>();
            for (PairChange change : PairChange.values()) {
                counts.put(change.json(), c.count(change));
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("summary", counts);
            m.put("new_deaths", c.newDeathsByClass());
            lines.write(m);
        } else {
            output.text(c.summary() + (kept.given() ? " · " + kept.shown("pair", "pairs") : ""));
        }
        if (kept.givenUp() != null) {
            output.note(kept.givenUp());
        }
        return (kept.given() ? newDeath : c.newDeaths()) ? ExitStatus.FINDINGS : ExitStatus.CLEAN;
    }

    /** A pair of two folders as its JSON row: its path, its change, each side's verdict row (null: no such side). */
    static Map<String, Object> pair(CorpusComparison.Pair p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", p.path());
        m.put("change", p.change().json());
        m.put("a", p.va() == null ? null : VerdictCommand.row(p.a(), p.va()));
        m.put("b", p.vb() == null ? null : VerdictCommand.row(p.b(), p.vb()));
        return m;
    }

    static Map<String, Object> row(TranscriptComparison c, int r) {
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

    static Map<String, Object> summary(TranscriptComparison c) {
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
        m.put("a", side(c.a()));
        m.put("b", side(c.b()));
        return m;
    }

    /** A side's verdict as {@code verdict --json} writes it, then its calls, WARNs and unmatched blocks. */
    static Map<String, Object> side(Side s) {
        Map<String, Object> m = VerdictCommand.row(s.path(), s.verdict());
        m.put("calls", s.calls());
        m.put("warnings", s.warnings());
        m.put("unmatched_blocks", s.unmatched());
        return m;
    }

    /** "HEALTHY", "SYNTHETIC · RATE_LIMIT", "HEALTHY · died after its last answer (CUT_OFF)". */
    static String label(TerminalVerdict v) {
        return v == null ? "—" : TranscriptAnalyser.stateLabel(v);
    }

    static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
