package dev.coroner.core.compare;

import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.precursor.PrecursorGate;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.core.precursor.PrecursorSummary;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.scripts.ScriptReport;
import java.nio.file.Path;
import java.util.List;

/**
 * Two transcripts compared (docs/COMPARE.md): their calls aligned, the first divergence, both verdicts. Each file is
 * read once by the pass, then its call records once more by their spans for the keys ({@link CallKeys}).
 */
public record TranscriptComparison(Side a, Side b, Alignment alignment) {

    /**
     * Compares two transcripts; {@code grammar} (may be null) judges each side's WARNs.
     *
     * @throws UnreadableTranscriptException when either file cannot be read
     */
    public static TranscriptComparison of(Path a, Path b, PrecursorGrammar grammar) throws UnreadableTranscriptException {
        Side sa = side(a, grammar);
        Side sb = side(b, grammar);
        return of(sa, sb);
    }

    /** Two sides already read, aligned. */
    public static TranscriptComparison of(Side a, Side b) {
        return new TranscriptComparison(a, b, Alignment.of(a.keys(), b.keys()));
    }

    /** One transcript read for a comparison: the pass, then its calls' keys. */
    public static Side side(Path path, PrecursorGrammar grammar) throws UnreadableTranscriptException {
        return side(TranscriptPass.run(path, TranscriptPass.Scope.ALL), grammar);
    }

    /**
     * One transcript a pass has indexed whole (the window's, which keeps the index to show the calls' records),
     * its calls' keys re-read by their spans.
     */
    public static Side side(TranscriptIndex index, PrecursorGrammar grammar) throws UnreadableTranscriptException {
        Path path = index.path();
        TranscriptJudgement j = index.judgement();
        CallStream calls = j.calls();
        List<CallKey> keys = CallKeys.read(path, calls);
        long[] lines = new long[calls.size()];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = calls.call(i).line();
        }
        Integer warnings = grammar == null ? null
                : PrecursorSummary.of(PrecursorGate.evaluate(grammar, calls)).warnings();
        ScriptReport scripts = j.scripts();
        long unmatched = scripts == null ? 0 : scripts.blocks().size() - scripts.matched();
        return new Side(path, j.terminal(), warnings, unmatched, lines, keys);
    }

    /** The first row that is not {@link Op#SAME}, or -1. */
    public int firstDivergence() {
        return alignment.firstDivergence();
    }

    /** The line of the row's call in A, or 0 when it has none. */
    public long aLine(int row) {
        int i = alignment.a(row);
        return i < 0 ? 0 : a.lines()[i];
    }

    public long bLine(int row) {
        int i = alignment.b(row);
        return i < 0 ? 0 : b.lines()[i];
    }

    public CallKey aKey(int row) {
        int i = alignment.a(row);
        return i < 0 ? null : a.keys().get(i);
    }

    public CallKey bKey(int row) {
        int i = alignment.b(row);
        return i < 0 ? null : b.keys().get(i);
    }

    /**
     * The row's tool: the name both calls share, "Bash|exec_command" when a shell command has another name on each
     * side (A's, then B's), the one side's name otherwise.
     */
    public String tool(int row) {
        CallKey ka = aKey(row);
        CallKey kb = bKey(row);
        if (ka == null) {
            return kb.tool();
        }
        if (kb == null || ka.tool().equals(kb.tool())) {
            return ka.tool();
        }
        return ka.tool() + "|" + kb.tool();
    }

    /** B died and A did not: the comparison's gate (docs/COMPARE.md, "Exit status"). */
    public boolean newDeath() {
        return b.verdict().died() && !a.verdict().died();
    }
}
