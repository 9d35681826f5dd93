package dev.coroner.app.cli;

import dev.coroner.core.compare.CompareRows;
import dev.coroner.core.compare.CorpusComparison;
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
                Map<String, Object> row = CompareRows.row(c, r); // written anyway: made once, tested and printed
                if (kept.keep(() -> row)) {
                    lines.write(row);
                }
            }
            lines.write(CompareRows.summary(c, PathText::of));
        } else if (kept.given()) {
            boolean[] shown = new boolean[c.alignment().size()];
            for (int r = 0; r < shown.length; r++) {
                int at = r;
                shown[r] = kept.keep(() -> CompareRows.row(c, at));
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
            Map<String, Object> row = CompareRows.pair(p, PathText::of); // tested by --where, printed by --json
            if (!kept.keep(() -> row)) {
                continue;
            }
            newDeath |= p.newDeath();
            if (json) {
                lines.write(row);
            } else {
                output.text(CompareText.pair(p));
            }
        }
        if (json) {
            lines.write(CompareRows.summary(c));
        } else {
            output.text(c.summary() + (kept.given() ? " · " + kept.shown("pair", "pairs") : ""));
        }
        if (kept.givenUp() != null) {
            output.note(kept.givenUp());
        }
        return (kept.given() ? newDeath : c.newDeaths()) ? ExitStatus.FINDINGS : ExitStatus.CLEAN;
    }

    /** "HEALTHY", "SYNTHETIC · RATE_LIMIT", "HEALTHY · died after its last answer (CUT_OFF)". */
    static String label(TerminalVerdict v) {
        return v == null ? "—" : TranscriptAnalyser.stateLabel(v);
    }

    static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
