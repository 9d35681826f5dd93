package dev.coroner.app.cli;

import dev.coroner.core.corpus.CancelToken;
import dev.coroner.core.corpus.InOrder;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.core.index.ProblemList;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.scripts.BlockVerdict;
import dev.coroner.core.scripts.Closest;
import dev.coroner.core.scripts.ScriptMatcher;
import dev.coroner.core.scripts.ScriptReport;
import dev.coroner.core.scripts.Submission;
import dev.coroner.core.scripts.UnmatchedReason;
import dev.coroner.core.text.PathText;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code coroner scripts}: is the code an answer shows the code that ran? (docs/VERDICTS.md, "Code blocks", "Command line") */
@Command(name = "scripts",
        description = {"Is the code the answer shows the code that ran?",
                "Links each fenced code block in an assistant's text to the call of the same turn that submitted "
                        + "byte-identical program text.",
                "Labels: ok, error, no-result (the named call's outcome), or unmatched with a reason: "
                        + "no-submission-this-turn, over-size (over 65,536 UTF-8 bytes, never compared) or kept-out "
                        + "(beyond 64 blocks in one record, never compared). A near match is a different program.",
                "A no-submission-this-turn block also says what came closest (never a match): earlier-turn, "
                        + "line-endings, part-of, shares-lines, no-shared-line or no-program-call.",
                "A folder means every *.jsonl under it, in byte-wise path order.",
                "Exit status: 0 every file was read (unmatched blocks are findings, not failures), 2 bad usage or an "
                        + "unreadable file named explicitly, 3 Coroner failed inside (a bug, out of memory), 4 the "
                        + "output could not be written."})
public final class ScriptsCommand implements Callable<Integer> {
    @Option(names = "--json", description = "One JSON object per fenced block, keys in a fixed order.")
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
        WhereOption.Rows kept = where.rows(FieldSchemas.BLOCK, common.err());
        if (kept == null) {
            return ExitStatus.BAD_INPUT;
        }
        List<TranscriptPaths.Input> inputs = output.expand(paths);
        ExitStatus status = new ExitStatus();
        JsonLines lines = new JsonLines(output.out());
        Map<String, Integer> labels = ScriptsText.labelCounts();
        int[] transcripts = new int[2]; // [0] read, [1] of those, the ones with a block: counted in the lambda below
        // each transcript read once by the one pass, in parallel on the engine's bounded pool, printed in path order
        InOrder.map(inputs, InOrder.defaultThreads(), input -> InOrder.sizeOf(input.path()),
                input -> Attempt.of(() -> ProblemRows.Judged.read(input.path(), TranscriptPass.Scope.BLOCKS)),
                (input, linked) -> {
            ScriptReport report = linked.value() == null ? null : linked.value().judgement().scripts();
            if (linked.unreadable() != null) {
                UnreadableTranscriptException e = linked.unreadable();
                if (!kept.keep(() -> unreadableRow(input.path(), e.reason()))) {
                    return;
                }
                status.unreadable(input.explicit());
                if (json) {
                    lines.write(unreadableRow(input.path(), e.reason()));
                } else {
                    output.text("UNREADABLE  " + Output.safe(PathText.of(input.path())) + "\n    " + Output.safe(e.reason()));
                }
                return;
            }
            ProblemList problems = linked.value().problems();
            transcripts[0]++;
            List<BlockVerdict> blocks = report.blocks();
            if (kept.given()) {
                blocks = blocks.stream().filter(v -> kept.keep(() -> row(input.path(), v))).toList();
                if (blocks.isEmpty()) {
                    return; // no block of it kept: the transcript is not shown
                }
            }
            transcripts[1] += blocks.isEmpty() ? 0 : 1;
            blocks.forEach(v -> labels.merge(v.label(), 1, Integer::sum));
            if (json) {
                for (BlockVerdict v : blocks) {
                    lines.write(row(input.path(), v));
                }
            } else {
                output.text(ScriptsText.of(input.path(), report, blocks));
            }
            ProblemRows.after(input.path(), problems, linked.value().changed(), json, lines, output);
            if (json) {
                report.cutTexts().forEach(c -> lines.write(NoteRows.json(input.path(), c.line(), c.note())));
            } else {
                report.cutTexts().forEach(c -> output.text(NoteRows.text("line " + c.line() + ": " + c.note())));
            }
        }, CancelToken.NEVER);
        if (!json && inputs.size() > 1) {
            int blocks = labels.values().stream().mapToInt(Integer::intValue).sum();
            output.text("total: " + blocks + (blocks == 1 ? " block" : " blocks") + " in " + transcripts[1] + " of "
                    + transcripts[0] + " transcripts read" + (blocks == 0 ? "" : ": " + ScriptsText.counts(labels))
                    + (kept.given() ? " · " + kept.shown("block", "blocks") : ""));
        }
        if (kept.givenUp() != null) {
            output.note(kept.givenUp());
        }
        return status.code();
    }

    /** The JSON row of one block: {@code path, line, block, label}, then the reason or the named call. */
    static Map<String, Object> row(Path path, BlockVerdict v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", PathText.of(path));
        m.put("line", v.line());
        m.put("block", v.block().number());
        m.put("label", v.label());
        if (!v.matched()) {
            m.put("reason", v.reason().label());
            if (v.earlierTurnCall() != null) {
                m.put("earlierTurnLine", v.earlierTurnCall().line());
            }
            if (v.closest() != null) {
                m.put("closest", closest(v.closest()));
            }
            return m;
        }
        Submission call = v.call();
        m.put("tool_use_id", call.toolUseId());
        m.put("tool", call.tool());
        m.put("dispatch", call.dispatch());
        if (v.alsoMatches() > 0) {
            m.put("alsoMatches", v.alsoMatches());
        }
        if (call.exitCode() != null) {
            m.put("exitCode", call.exitCode());
        }
        return m;
    }

    /** What came closest to a missed block, small: the kind, the call named and its counts; never the diff. */
    static Map<String, Object> closest(Closest c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", c.kind().label());
        if (c.call() != null) {
            m.put("tool_use_id", c.call().toolUseId());
            m.put("line", c.call().line());
        }
        switch (c.kind()) {
            case PART_OF -> m.put("at", c.at());
            case SHARES_LINES -> {
                m.put("shared", c.shared());
                m.put("of", c.of());
            }
            case NO_SHARED_LINE -> m.put("compared", c.compared());
            default -> {
            }
        }
        return m;
    }

    static Map<String, Object> unreadableRow(Path path, String reason) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", PathText.of(path));
        m.put("line", null);
        m.put("block", null);
        m.put("label", "UNREADABLE");
        m.put("reason", reason);
        return m;
    }

    /** The text form: a summary line per file, then one aligned line per block. */
    static final class ScriptsText {
        private ScriptsText() {
        }

        /** The report with {@code shown} of its blocks (all, or those {@code --where} kept), counted in its summary. */
        static String of(Path path, ScriptReport r, List<BlockVerdict> shown) {
            StringBuilder s = new StringBuilder(Output.safe(PathText.of(path))).append("  ").append(summary(r, shown));
            int lineWidth = Long.toString(shown.stream().mapToLong(BlockVerdict::line).max().orElse(1)).length();
            int blockWidth = Integer.toString(shown.stream().mapToInt(v -> v.block().number()).max().orElse(1))
                    .length();
            for (BlockVerdict v : shown) {
                s.append(String.format(Locale.ROOT, "%n  line %" + lineWidth + "d  block %" + blockWidth + "d  %-9s  ", v.line(),
                        v.block().number(), v.label()));
                s.append(v.matched() ? matched(v) : unmatched(v));
            }
            return s.toString();
        }

        private static String summary(ScriptReport r, List<BlockVerdict> shown) {
            if (shown.isEmpty()) {
                return "no fenced blocks" + problems(r);
            }
            Map<String, Integer> counts = labelCounts();
            shown.forEach(v -> counts.merge(v.label(), 1, Integer::sum));
            StringBuilder s = new StringBuilder();
            s.append(shown.size()).append(shown.size() == 1 ? " block: " : " blocks: ");
            s.append(counts(counts));
            if (r.keptOut() > 0) {
                s.append(" (").append(r.keptOut()).append(" kept out, beyond ")
                        .append(ScriptMatcher.MAX_BLOCKS_PER_RECORD).append(" in one record)");
            }
            return s + problems(r);
        }

        /** Every label at 0, in the order a summary lists them. */
        static Map<String, Integer> labelCounts() {
            Map<String, Integer> counts = new LinkedHashMap<>();
            for (String label : List.of("ok", "error", "no-result", "unmatched")) {
                counts.put(label, 0);
            }
            return counts;
        }

        /** "3 ok, 1 error, 12 unmatched": the labels that occur. */
        static String counts(Map<String, Integer> counts) {
            return counts.entrySet().stream().filter(e -> e.getValue() > 0).map(e -> e.getValue() + " " + e.getKey())
                    .reduce((a, b) -> a + ", " + b).orElse("");
        }

        private static String problems(ScriptReport r) {
            return r.problemLines() == 0 ? "" : "; " + r.problemLines() + " problem line(s) skipped";
        }

        private static String matched(BlockVerdict v) {
            Submission c = v.call();
            StringBuilder s = new StringBuilder();
            s.append(Output.safe(c.tool())).append(' ').append(Output.safe(c.toolUseId()))
                    .append(", call ").append(c.dispatch()).append(" of turn ").append(c.turn())
                    .append(" (line ").append(c.line()).append(')');
            if (c.exitCode() != null) {
                s.append(", exit code ").append(c.exitCode());
            }
            if (v.alsoMatches() > 0) {
                s.append(", also submitted by ").append(v.alsoMatches())
                        .append(v.alsoMatches() == 1 ? " earlier call" : " earlier calls");
            }
            if (v.shownBeforeCall()) {
                s.append(", shown before it ran");
            }
            return s.toString();
        }

        private static String unmatched(BlockVerdict v) {
            StringBuilder s = new StringBuilder(v.reason().label());
            if (v.reason() == UnmatchedReason.OVER_SIZE) {
                s.append(" (over ").append(String.format(Locale.ROOT, "%,d", ScriptMatcher.MAX_SCRIPT_BYTES))
                        .append(" UTF-8 bytes, never compared)");
            } else if (v.reason() == UnmatchedReason.KEPT_OUT) {
                s.append(" (beyond block ").append(ScriptMatcher.MAX_BLOCKS_PER_RECORD).append(", never compared)");
            } else if (v.earlierTurnCall() != null) {
                s.append(" (an earlier turn ran the same program: ")
                        .append(Output.safe(v.earlierTurnCall().tool())).append(" at line ")
                        .append(v.earlierTurnCall().line()).append(')');
            } else if (v.closest() != null) {
                s.append(String.format("%n      ")).append(Output.safe(v.closest().sentence()));
            }
            return s.toString();
        }
    }
}
