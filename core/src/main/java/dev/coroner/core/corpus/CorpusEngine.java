package dev.coroner.core.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.index.AgentLink;
import dev.coroner.core.index.RowFlags;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.read.RecordReader;
import dev.coroner.core.read.TranscriptLine;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.render.RecordSummary;
import dev.coroner.core.text.Cut;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The corpus engine both frontends share (docs/ARCHITECTURE.md, "The corpus engine"): every transcript of a
 * {@link CorpusSurvey} read once by the one pass (or taken from the {@link IndexCache}), analysed, its spawns linked
 * to its sub-agents' verdicts, in parallel on a bounded pool, each result handed over as soon as it is ready. What a
 * verdict needs is kept per transcript, so a changed grammar {@link #rejudge re-judges} the whole corpus from memory.
 */
public final class CorpusEngine {
    /** Told on the thread that called {@link #run} ({@link #indexing}: on the pool's threads). */
    public interface Listener {
        void indexing(Path path, long bytesDone, long bytesTotal);

        void analysed(Path path, TranscriptAnalysis analysis, String firstPrompt);

        /**
         * What names the transcript for a person, told before {@link #analysed}: its {@link #title} (null when it has
         * none) and, by sub-agent id, the {@link #descriptions} of the calls that spawned its sub-agents.
         */
        default void named(Path path, String title, Map<String, String> descriptions) {
        }
    }

    /** How many characters of a title or a description are kept: a name, not the text. */
    public static final int NAME_CHARS = 120;

    /** What a transcript's analysis stands on: the parts no setting changes, and what the pass kept to judge. */
    private record Kept(TranscriptAnalysis settled, TranscriptJudgement judgement) {
    }

    private record Result(TranscriptAnalysis analysis, String prompt, boolean finished, String title,
                          Map<String, String> descriptions) {
        Result(TranscriptAnalysis analysis, String prompt, boolean finished) {
            this(analysis, prompt, finished, null, Map.of());
        }
    }

    private final TranscriptAnalyser analyser;
    private final IndexCache cache;
    private final int threads;
    private final Map<Path, Kept> kept = new ConcurrentHashMap<>();

    /** @param threads how many transcripts are read at once; 1 reads them one by one on the calling thread */
    public CorpusEngine(TranscriptAnalyser analyser, IndexCache cache, int threads) {
        this.analyser = analyser;
        this.cache = cache;
        this.threads = threads;
    }

    /** Analyses every transcript of {@code survey}, started in its {@link CorpusSurvey#analysisOrder()}. */
    public void run(CorpusSurvey survey, AnalysisSettings settings, Listener listener, CancelToken cancel) {
        Map<String, SubagentLinks.Subagent> agents = survey.subagentsById();
        InOrder.anyOrder(survey.analysisOrder(), threads, path -> analyse(path, agents, settings, listener, cancel),
                (path, r) -> {
                    if (r.finished() && !cancel.cancelled()) {
                        listener.named(path, r.title(), r.descriptions());
                        listener.analysed(path, r.analysis(), r.prompt());
                    }
                }, cancel);
    }

    private Result analyse(Path path, Map<String, SubagentLinks.Subagent> agents, AnalysisSettings settings,
                           Listener listener, CancelToken cancel) {
        try {
            TranscriptIndex index = cache.index(path, new TranscriptPass.Listener() {
                @Override
                public void progress(TranscriptIndex i, long done, long total) {
                    listener.indexing(path, done, total);
                }

                @Override
                public boolean cancelled() {
                    return cancel.cancelled();
                }
            });
            if (index == null || !index.complete()) {
                return new Result(null, null, false);
            }
            TranscriptAnalysis analysis = followed(index, agents, settings);
            return new Result(analysis, firstPrompt(index), true, title(index),
                    descriptions(index, analysis.spawns()));
        } catch (UnreadableTranscriptException e) {
            TranscriptAnalysis unreadable = TranscriptAnalyser.unreadable(path, e.reason());
            kept.remove(path);
            return new Result(unreadable, null, true);
        }
    }

    /**
     * Analyses a complete index as {@link #run} does — its spawns linked to {@code agents}, what it needs kept for
     * {@link #rejudge} — for a transcript a follower keeps growing (docs/ARCHITECTURE.md, "Following"). Any thread.
     */
    public TranscriptAnalysis followed(TranscriptIndex index, Map<String, SubagentLinks.Subagent> agents,
                                       AnalysisSettings settings) {
        TranscriptAnalysis base = analyser.base(index);
        if (!base.spawns().isEmpty()) {
            base = base.with(SubagentLinks.of(base, agents));
        }
        TranscriptAnalysis settled = analyser.settled(base, index.judgement());
        kept.put(index.path(), new Kept(settled, index.judgement()));
        return analyser.judgeBySettings(settled, index.judgement(), settings);
    }

    /**
     * Every analysed transcript judged again under {@code settings}, from what was kept: no file is read, the grammar
     * is not parsed again (it was, once, into {@code settings}). In the order the transcripts were first analysed.
     */
    public Map<Path, TranscriptAnalysis> rejudge(AnalysisSettings settings, CancelToken cancel) {
        Map<Path, TranscriptAnalysis> out = new LinkedHashMap<>();
        for (Map.Entry<Path, Kept> e : kept.entrySet()) {
            if (cancel.cancelled()) {
                break;
            }
            out.put(e.getKey(), analyser.judgeBySettings(e.getValue().settled(), e.getValue().judgement(), settings));
        }
        return out;
    }

    /**
     * The call stream each analysed transcript kept, for judging a grammar without re-analysing (the grammar panel's
     * change against the saved grammar). A snapshot: safe to read on any thread.
     */
    public Map<Path, dev.coroner.core.precursor.CallStream> callStreams() {
        Map<Path, dev.coroner.core.precursor.CallStream> out = new LinkedHashMap<>();
        kept.forEach((path, k) -> out.put(path, k.judgement().calls()));
        return out;
    }

    /** Whether {@code paths} were all analysed, so {@link #rejudge} covers them. */
    public boolean holds(List<Path> paths) {
        return kept.keySet().containsAll(paths);
    }

    /** Forgets every transcript (the window closed them all). */
    public void clear() {
        kept.clear();
    }

    /**
     * A session's title, as Claude Code wrote it: the first {@code {"type":"summary","summary":"…"}} record's text, its
     * first line cut to {@link #NAME_CHARS}; null when there is none. As Codex CLI wrote it: the name its last
     * {@code thread_name_updated} event gave the thread (the name it has now; Codex renames a thread). One record
     * re-read, found by the kind the pass kept per row: no second read of the file. As written, control characters and
     * all: whoever shows it escapes it.
     */
    static String title(TranscriptIndex index) {
        int renamed = -1;
        for (int row = 0; row < index.size(); row++) {
            if (!index.isProblem(row) && "summary".equals(index.kind(row))) {
                JsonNode summary = record(index, row).path("summary");
                return summary.isTextual() && !summary.asText().isBlank() ? name(summary.asText()) : null;
            }
            if (!index.isProblem(row) && "thread_name_updated".equals(index.kind(row))) {
                renamed = row;
            }
        }
        return renamed < 0 ? null : threadName(record(index, renamed));
    }

    /** A Codex {@code thread_name_updated} event's {@code thread_name}, cut to {@link #NAME_CHARS}; null when blank. */
    static String threadName(JsonNode record) {
        JsonNode n = record.path("payload").path("thread_name");
        return n.isTextual() && !n.asText().isBlank() ? name(n.asText()) : null;
    }

    /**
     * What a Codex {@code spawn_agent} call asked of its sub-agent: the {@code message} of its {@code arguments} (a JSON
     * text), cut to {@link #NAME_CHARS}; null when the record is no such call or says nothing.
     */
    static String spawnMessage(JsonNode record) {
        JsonNode call = record.path("payload");
        if (!"function_call".equals(call.path("type").asText()) || !"spawn_agent".equals(call.path("name").asText())
                || !call.path("arguments").isTextual()) {
            return null;
        }
        try {
            JsonNode message = dev.coroner.core.read.TranscriptJson.readTree(
                    call.path("arguments").asText().getBytes(java.nio.charset.StandardCharsets.UTF_8)).path("message");
            return message.isTextual() && !message.asText().isBlank() ? name(message.asText()) : null;
        } catch (java.io.IOException | RuntimeException e) {
            return null; // arguments that are no JSON: the call's row shows them as written
        }
    }

    /**
     * By sub-agent id, what the parent asked for when it spawned it: the {@code description} of the {@code Task} (or
     * {@code Agent}) call whose result names the sub-agent ({@code toolUseResult.agentId}), cut to {@link #NAME_CHARS};
     * for Codex the {@link #spawnMessage message} of the {@code spawn_agent} call whose output names it.
     * The call record, and when it holds several calls the result record, re-read: one or two records per spawn.
     */
    static Map<String, String> descriptions(TranscriptIndex index) {
        Map<String, String> out = new LinkedHashMap<>();
        for (AgentLink link : index.agentLinks()) {
            int call = index.pair(link.resultRow());
            if (call < 0 || out.containsKey(link.agentId())) {
                continue;
            }
            JsonNode callRecord = record(index, call);
            String asked = spawnMessage(callRecord); // a Codex call is one record of its own
            if (asked != null) {
                out.put(link.agentId(), asked);
                continue;
            }
            List<JsonNode> uses = new java.util.ArrayList<>();
            callRecord.path("message").path("content").forEach(b -> {
                if ("tool_use".equals(b.path("type").asText()) && b.path("input").path("description").isTextual()) {
                    uses.add(b);
                }
            });
            JsonNode use = uses.size() == 1 ? uses.get(0) : null;
            if (uses.size() > 1) { // parallel calls in one record: the one the result answers
                List<String> ids = new java.util.ArrayList<>();
                record(index, link.resultRow()).path("message").path("content").forEach(b -> {
                    if ("tool_result".equals(b.path("type").asText())) {
                        ids.add(b.path("tool_use_id").asText());
                    }
                });
                use = uses.stream().filter(u -> ids.contains(u.path("id").asText())).findFirst().orElse(null);
            }
            String d = use == null ? "" : use.path("input").path("description").asText();
            if (!d.isBlank()) {
                out.put(link.agentId(), name(d));
            }
        }
        return out;
    }

    /**
     * {@link #descriptions(TranscriptIndex)}, and for each spawn the index does not link itself (a Codex
     * {@code spawn_agent}, which the analysis found by its output) what its call asked: its call record re-read.
     */
    static Map<String, String> descriptions(TranscriptIndex index, List<dev.coroner.core.findings.Spawn> spawns) {
        Map<String, String> out = descriptions(index);
        for (dev.coroner.core.findings.Spawn s : spawns) {
            int call = s.callLine() > 0 && !out.containsKey(s.agentId()) ? index.rowOfLine(s.callLine()) : -1;
            String asked = call < 0 ? null : spawnMessage(record(index, call));
            if (asked != null) {
                out.put(s.agentId(), asked);
            }
        }
        return out;
    }

    /** A record re-read as JSON; a missing node when it cannot be (the file changed, a problem line). */
    private static JsonNode record(TranscriptIndex index, int row) {
        try {
            TranscriptLine line = RecordReader.read(index.path(), index.span(row));
            return line instanceof TranscriptRecord r ? r.json() : MissingNode.getInstance();
        } catch (UnreadableTranscriptException e) {
            return MissingNode.getInstance();
        }
    }

    /** The first non-blank line, cut to {@link #NAME_CHARS} (never half a surrogate pair). */
    static String name(String s) {
        return Cut.to(s.strip().lines().findFirst().orElse("").strip(), NAME_CHARS);
    }

    /**
     * The first line of the first prompt, what the agent was asked: as written, control characters and all (a window
     * draws a tab as a token, not as the backslash and t a prompt could hold). Whoever shows it escapes it.
     */
    static String firstPrompt(TranscriptIndex index) {
        for (int row = 0; row < index.size(); row++) {
            if (index.has(row, RowFlags.PROMPT)) {
                try {
                    TranscriptLine line = RecordReader.read(index.path(), index.span(row));
                    return line == null ? null : RecordSummary.unescaped(line);
                } catch (UnreadableTranscriptException e) {
                    return null;
                }
            }
        }
        return null;
    }
}
