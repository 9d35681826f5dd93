package dev.coroner.app.cli;

import dev.coroner.app.report.ReportInputs;
import dev.coroner.core.compare.CorpusComparison;
import dev.coroner.core.compare.Side;
import dev.coroner.core.compare.TranscriptComparison;
import dev.coroner.core.durable.AtomicWrite;
import dev.coroner.core.durable.ReadabilityVerdict;
import dev.coroner.core.durable.RegularFiles;
import dev.coroner.core.precursor.GrammarError;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.report.CompareReport;
import dev.coroner.core.report.ReportFiles;
import dev.coroner.core.report.ReportGrammar;
import dev.coroner.core.text.PathText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code coroner report --compare A B}: the comparison of {@code coroner compare} written as a report
 * (docs/COMPARE.md, "Reports"). Kept apart from {@link ReportCommand}, which only hands over to it.
 */
final class ReportCompare {
    private final Output output;
    private final CommonOptions common;

    ReportCompare(Output output, CommonOptions common) {
        this.output = output;
        this.common = common;
    }

    /**
     * Writes the comparison of {@code a} and {@code b} to {@code out}.
     *
     * @return 0 when B has no death A did not, 1 when it has one (as {@code coroner compare}), 2 bad usage, 4 the
     *     report could not be written
     */
    int run(Path a, Path b, ReportFiles.Format format, Path out, Redactor redactor, Path grammarFile,
            boolean absolutePaths) {
        for (Path p : new Path[] {a, b}) {
            if (!Files.exists(p)) {
                output.note("--compare: " + Output.safe(PathText.of(p)) + ": no such file or folder");
                return ExitStatus.BAD_INPUT;
            }
        }
        boolean folders = Files.isDirectory(a);
        if (folders != Files.isDirectory(b)) {
            output.note("--compare takes two transcripts or two folders, not one of each");
            return ExitStatus.BAD_INPUT;
        }
        try {
            ReadabilityVerdict refusal = CompareReport.refusalToReplace(out, format);
            if (refusal != null) {
                output.note("will not replace " + out + ": " + refusal.reason() + ". Choose another --out, or remove it.");
                return ExitStatus.BAD_INPUT;
            }
            AtomicWrite.probe(out); // a read-only, full or missing folder fails now, before anything is read
        } catch (IOException e) {
            output.note("cannot write " + out + ": " + RegularFiles.reason(e));
            return ExitStatus.OUTPUT_FAILED;
        }
        ReportGrammar grammar = ReportGrammar.NONE;
        if (grammarFile != null) {
            try {
                grammar = ReportInputs.grammar(grammarFile);
            } catch (IOException e) {
                output.note(grammarFile + ": cannot read the grammar: " + e.getMessage());
                return ExitStatus.BAD_INPUT;
            }
            if (!grammar.settings().loaded().ok()) {
                PrintWriter err = common.err();
                for (GrammarError e : grammar.settings().loaded().errors()) {
                    err.println(Output.safe(e.describe(PathText.of(grammarFile))));
                }
                err.flush();
                return ExitStatus.BAD_INPUT;
            }
        }
        CompareReport.Options options = new CompareReport.Options(redactor, grammar, absolutePaths, CoronerVersion.get());
        CompareReport.Document report;
        boolean newDeath;
        if (folders) {
            CorpusComparison c = CorpusComparison.of(a, b);
            report = CompareReport.of(c, options);
            newDeath = c.newDeaths();
        } else {
            PrecursorGrammar g = grammar.settings().loaded() == null ? null : grammar.settings().loaded().grammar();
            Side[] sides = new Side[2];
            Path[] paths = {a, b};
            for (int i = 0; i < 2; i++) {
                try {
                    sides[i] = TranscriptComparison.side(paths[i], g);
                } catch (UnreadableTranscriptException e) {
                    output.note("--compare: " + Output.safe(PathText.of(paths[i])) + ": " + Output.safe(e.reason()));
                    return ExitStatus.BAD_INPUT;
                }
            }
            TranscriptComparison c = TranscriptComparison.of(sides[0], sides[1]);
            report = CompareReport.of(c, options);
            newDeath = c.newDeath();
        }
        try {
            report.write(format, out);
        } catch (IOException e) { // a full disk, a read-only folder: whatever was at --out is as it was
            output.note("cannot write " + out + ": " + RegularFiles.reason(e));
            return ExitStatus.OUTPUT_FAILED;
        }
        long redactions = report.redaction().total();
        output.note("wrote " + out + ": the comparison of two " + (folders ? "folders" : "transcripts")
                + (newDeath ? ", B has a death A did not" : ", no new death") + ", "
                + (!report.redaction().on() ? "not redacted" : redactions + (redactions == 1 ? " redaction" : " redactions")));
        return newDeath ? ExitStatus.FINDINGS : ExitStatus.CLEAN;
    }
}
