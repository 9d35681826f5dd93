package dev.coroner.app.cli;

import dev.coroner.core.corpus.CancelToken;
import dev.coroner.core.corpus.InOrder;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.core.index.ProblemList;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.precursor.PrecursorGate;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.core.precursor.PrecursorSummary;
import dev.coroner.core.precursor.PrecursorVerdict;
import dev.coroner.core.text.PathText;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code coroner precursor}: did the mandated lookup fire before each gated call? (docs/VERDICTS.md, "Precursor gate", "Command line") */
@Command(name = "precursor",
        description = {"Did the mandated lookup fire before each mutating call?",
                "Judges every call of a tool the grammar gates:",
                "  ATTESTED   a required lookup returned a result before the call",
                "  REFUTED    results came in, none from a required lookup: a WARN",
                "  NO_SIGNAL  nothing had returned a result yet",
                "  EXEMPT     would be REFUTED, but an exemption of [coroner.precursor]",
                "             applies: no WARN",
                "It says only whether a lookup fired, never whether it was the right record.",
                "A folder means every *.jsonl under it, in byte-wise path order.",
                "Exit status: 0 no WARN, 1 some WARN, 2 bad usage, a grammar error (printed as FILE:LINE:COL: "
                        + "message) or an unreadable file named explicitly, 3 Coroner failed inside (a bug, out of "
                        + "memory), 4 the output could not be written."})
public final class PrecursorCommand implements Callable<Integer> {
    /** The stance written for a transcript that cannot be read: it has no calls to judge. */
    static final String UNREADABLE = "UNREADABLE";

    @Option(names = "--grammar", required = true, paramLabel = "G.toml",
            description = "The precursor grammar: the [precursor] table of a TOML file (other tables are left alone).")
    Path grammarFile;

    @Option(names = "--json", description = "One JSON object per gated call, keys in a fixed order.")
    boolean json;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Transcript files or folders.")
    List<Path> paths;

    @Mixin
    CommonOptions common;

    @Mixin
    WhereOption where;

    @Override
    public Integer call() {
        Output output = common.output();
        WhereOption.Rows kept = where.rows(FieldSchemas.CALL, common.err());
        if (kept == null) {
            return ExitStatus.BAD_INPUT;
        }
        PrecursorGrammar grammar = common.grammar(grammarFile, output);
        if (grammar == null) {
            return ExitStatus.BAD_INPUT;
        }
        List<TranscriptPaths.Input> inputs = output.expand(paths);
        ExitStatus status = new ExitStatus();
        JsonLines lines = new JsonLines(output.out());
        Totals totals = new Totals();
        // each transcript read once by the one pass, in parallel on the engine's bounded pool, printed in path order
        InOrder.map(inputs, InOrder.defaultThreads(), input -> InOrder.sizeOf(input.path()),
                input -> Attempt.of(() -> ProblemRows.Judged.read(input.path(), TranscriptPass.Scope.CALLS)),
                (input, read) -> {
            totals.transcripts++;
            Path path = input.path();
            if (read.unreadable() != null) {
                if (!kept.keep(() -> unreadableRow(path, read.unreadable().reason()))) {
                    return;
                }
                status.unreadable(input.explicit());
                if (json) {
                    lines.write(unreadableRow(path, read.unreadable().reason()));
                } else {
                    output.text(Output.safe(PathText.of(path)) + "\n  " + UNREADABLE + "  "
                            + Output.safe(read.unreadable().reason()));
                }
                return;
            }
            CallStream stream = read.value().judgement().calls();
            ProblemList problems = read.value().problems();
            List<PrecursorVerdict> verdicts = PrecursorGate.evaluate(grammar, stream);
            if (kept.given()) {
                verdicts = verdicts.stream().filter(v -> kept.keep(() -> row(path, v))).toList();
                if (verdicts.isEmpty()) {
                    return; // no call of it kept: the transcript is not shown
                }
            }
            if (stream.problemLines() > 0) {
                output.note(path + ": " + stream.problemLines() + (stream.problemLines() == 1 ? " line is" : " lines are")
                        + " not a record (torn or not JSON); a result written on one could not count");
            }
            PrecursorSummary summary = PrecursorSummary.of(verdicts);
            status.warned(summary.warnings() > 0);
            totals.warned(summary.warnings());
            if (json) {
                for (PrecursorVerdict v : verdicts) {
                    lines.write(row(path, v));
                }
            } else {
                output.text(PrecursorText.transcript(path, verdicts, summary));
            }
            ProblemRows.after(path, problems, read.value().changed(), json, lines, output);
        }, CancelToken.NEVER);
        if (!json && totals.transcripts > 1) {
            output.text("total: " + totals.warnings + " WARN in " + totals.warnedTranscripts + " of "
                    + totals.transcripts + " transcripts" + (kept.given() ? " · " + kept.shown("call", "calls") : ""));
        }
        if (kept.givenUp() != null) {
            output.note(kept.givenUp());
        }
        return status.code();
    }

    /** What the last line sums up; counted where results are printed, one at a time, so plain ints do. */
    private static final class Totals {
        int transcripts;
        int warnedTranscripts;
        int warnings;

        void warned(int inTranscript) {
            warnings += inTranscript;
            warnedTranscripts += inTranscript > 0 ? 1 : 0;
        }
    }

    static Map<String, Object> row(Path path, PrecursorVerdict v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", PathText.of(path));
        m.put("line", v.call().line());
        m.put("tool_use_id", v.call().id());
        m.put("tool", v.call().tool());
        m.put("stance", v.stance().name());
        m.put("required", v.required());
        m.put("present", v.present());
        m.put("reason", v.reason());
        return m;
    }

    /** The same keys as a verdict row, so a reader of the stream needs one shape: no call, stance UNREADABLE. */
    static Map<String, Object> unreadableRow(Path path, String why) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", PathText.of(path));
        m.put("line", null);
        m.put("tool_use_id", null);
        m.put("tool", null);
        m.put("stance", UNREADABLE);
        m.put("required", List.of());
        m.put("present", List.of());
        m.put("reason", "unreadable: " + why);
        return m;
    }
}
