package dev.coroner.app.ui.model;

import dev.coroner.core.corpus.SubagentLinks;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.index.RowFlags;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.read.RecordReader;
import dev.coroner.core.read.TranscriptLine;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.render.RecordSummary;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The full analysis of every transcript of a corpus, one after the other, on a background thread: index (or take
 * the cached index), analyse, link a parent's spawns to its sub-agents' verdicts, read the first prompt.
 */
final class CorpusPass {
    /** Told on the background thread; the view model bridges to the FX thread. */
    interface Listener {
        void indexing(Path path, long bytesDone, long bytesTotal);

        void analysed(Path path, TranscriptAnalysis analysis, String firstPrompt);
    }

    private final TranscriptAnalyser analyser;
    private final IndexCache cache;

    CorpusPass(TranscriptAnalyser analyser, IndexCache cache) {
        this.analyser = analyser;
        this.cache = cache;
    }

    void run(CorpusSurvey survey, AnalysisSettings settings, Listener listener, BooleanSupplier cancelled) {
        Map<String, SubagentLinks.Subagent> agents = survey.subagentsById();
        for (Path path : survey.analysisOrder()) {
            if (cancelled.getAsBoolean()) {
                return;
            }
            TranscriptAnalysis analysis;
            String prompt = null;
            try {
                TranscriptIndex index = cache.index(path, new TranscriptPass.Listener() {
                    @Override
                    public void progress(TranscriptIndex i, long done, long total) {
                        listener.indexing(path, done, total);
                    }

                    @Override
                    public boolean cancelled() {
                        return cancelled.getAsBoolean();
                    }
                });
                if (index == null || !index.complete()) {
                    return;
                }
                analysis = analyser.analyse(index, settings);
                if (!analysis.spawns().isEmpty()) {
                    analysis = analysis.with(SubagentLinks.of(analysis, agents));
                }
                prompt = firstPrompt(index);
            } catch (UnreadableTranscriptException e) {
                analysis = TranscriptAnalyser.unreadable(path, e.reason());
            }
            listener.analysed(path, analysis, prompt);
        }
    }

    /** The first line of the first prompt: what the agent was asked. */
    static String firstPrompt(TranscriptIndex index) {
        for (int row = 0; row < index.size(); row++) {
            if (index.has(row, RowFlags.PROMPT)) {
                try {
                    TranscriptLine line = RecordReader.read(index.path(), index.span(row));
                    return line == null ? null : RecordSummary.of(line);
                } catch (UnreadableTranscriptException e) {
                    return null;
                }
            }
        }
        return null;
    }
}
