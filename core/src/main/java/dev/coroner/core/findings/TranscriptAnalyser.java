package dev.coroner.core.findings;

import dev.coroner.core.index.RowFlags;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.terminal.TrailingFailure;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.index.AgentLink;
import com.fasterxml.jackson.databind.JsonNode;
import dev.coroner.core.read.Harness;
import dev.coroner.core.read.RecordReader;
import dev.coroner.core.read.TranscriptJson;
import dev.coroner.core.read.TranscriptLine;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a complete index into a {@link TranscriptAnalysis} in two steps (docs/ARCHITECTURE.md, "Findings"): the
 * {@link #base} — the terminal verdict the pass judged, deaths, tool errors, problem lines and mid-file harness
 * records, which no setting changes — and then {@link #judge}, which adds whatever each {@link FindingSource} finds in
 * what the pass kept (the precursor gate, the code-block matcher). A changed grammar re-runs only {@link #judge}, from
 * memory: no file is read.
 */
public final class TranscriptAnalyser {
    private static final int TITLE_TEXT = 80;

    private final List<FindingSource> sources;

    public TranscriptAnalyser(List<FindingSource> sources) {
        this.sources = List.copyOf(sources);
    }

    /** The analysis of a file that cannot be read at all: UNREADABLE, never dead (docs/VERDICTS.md, "Terminal verdict"). */
    public static TranscriptAnalysis unreadable(Path path, String reason) {
        TerminalVerdict v = TerminalVerdicts.unreadable(path, reason);
        return new TranscriptAnalysis(path, IndexSummary.NONE, v, List.of(), List.of(), List.of());
    }

    /** The base and every source's findings: {@code judge(base(index), index.judgement(), settings)}. */
    public TranscriptAnalysis analyse(TranscriptIndex index, AnalysisSettings settings) {
        return judge(base(index), index.judgement(), settings);
    }

    /**
     * {@code base} with what every source finds in {@code judgement} under {@code settings}. Reads no file: this is
     * what re-judges an open corpus when the grammar changes.
     */
    public TranscriptAnalysis judge(TranscriptAnalysis base, TranscriptJudgement judgement, AnalysisSettings settings) {
        return judgeBySettings(settled(base, judgement), judgement, settings);
    }

    /** {@code base} with what the sources that read no setting find: done once per transcript, kept for re-judging. */
    public TranscriptAnalysis settled(TranscriptAnalysis base, TranscriptJudgement judgement) {
        TranscriptAnalysis analysis = base;
        for (FindingSource source : sources) {
            if (!source.readsSettings()) {
                analysis = analysis.with(contribution(source, judgement, AnalysisSettings.NONE));
            }
        }
        return analysis;
    }

    /** {@code settled} with what the sources that read the settings find under {@code settings}. */
    public TranscriptAnalysis judgeBySettings(TranscriptAnalysis settled, TranscriptJudgement judgement,
                                              AnalysisSettings settings) {
        TranscriptAnalysis analysis = settled;
        for (FindingSource source : sources) {
            if (source.readsSettings()) {
                analysis = analysis.with(contribution(source, judgement, settings));
            }
        }
        return analysis;
    }

    /** What the index and the pass's terminal verdict say, before any source judges: no setting changes it. */
    public TranscriptAnalysis base(TranscriptIndex index) {
        Findings b = new Findings();
        TerminalVerdict verdict = verdict(index);
        int terminal = index.terminalRow();
        long terminalLine = terminal < 0 ? 0 : index.line(terminal);
        String state = stateLabel(verdict);
        if (terminal >= 0) {
            b.mark(Marker.at(terminalLine, MarkerKind.STATE, state, verdict.reason(), 0));
        }
        TrailingFailure trailing = verdict.trailing();
        int failure = trailing == null ? -1 : index.rowOfLine(trailing.line());
        if (failure >= 0) {
            b.mark(Marker.at(trailing.line(), MarkerKind.TRAILING, "API failure · " + trailing.cls(),
                    trailing.describe() + ": the last record of its kind, and no answer followed", 0));
        }
        if (verdict.noRun() != null) { // shown, counted apart, never a death (docs/VERDICTS.md, "Files that hold no run")
            b.add(Finding.whole(FindingKind.NO_RUN, verdict.noRun().describe() + " · " + state, verdict.reason()));
        } else if (verdict.dead()) {
            String text = verdict.evidence().text();
            String title = state + (text.isEmpty() ? "" : ": " + cut(text));
            if (terminal >= 0) {
                b.add(Finding.of(FindingKind.DEATH, index.span(terminal), title, verdict.reason()));
            } else if (failure >= 0) {
                b.add(Finding.of(FindingKind.DEATH, index.span(failure), state + ": nothing delivered, "
                        + trailing.describe(), verdict.reason()));
            } else {
                b.add(Finding.whole(FindingKind.DEATH, state + ": " + cut(verdict.reason()), verdict.reason()));
            }
        } else if (verdict.diedAfterAnswer() && failure >= 0) {
            b.add(Finding.of(FindingKind.DEATH, index.span(failure), "died after its last answer: "
                    + trailing.describe(), verdict.reason()));
        }
        if (terminal >= 0 && (index.flags(terminal) & RowFlags.TOOL_USE) != 0 && index.pair(terminal) < 0
                && verdict.state() == TerminalState.HEALTHY) {
            String tool = index.tool(terminal).isEmpty() ? "a call" : index.tool(terminal);
            String why = "the last assistant record is " + tool + " and no result for it is in the file: the run "
                    + "stopped while it waited (killed, interrupted, or cut short), so its last answer is a request, not a result";
            b.add(FindingKind.ENDED_WAITING, index.span(terminal), "ended waiting for the result of " + tool, why);
            b.mark(Marker.at(terminalLine, MarkerKind.WAITING, "waiting for a result", why, 0));
        }
        List<Spawn> spawns = new ArrayList<>();
        java.util.Set<Integer> linked = new java.util.HashSet<>();
        for (AgentLink link : index.agentLinks()) {
            int call = index.pair(link.resultRow());
            spawns.add(new Spawn(index.span(link.resultRow()), call < 0 ? 0 : index.line(call), link.agentId()));
            linked.add(link.resultRow());
        }
        if (index.harness() == Harness.CODEX) {
            spawns.addAll(codexSpawns(index, linked));
        }
        for (int row = 0; row < index.size(); row++) {
            int flags = index.flags(row);
            if ((flags & RowFlags.PROBLEM) != 0) {
                problem(index, row, b);
            } else if ((flags & RowFlags.TOOL_ERROR) != 0) {
                toolError(index, row, b);
            }
            if ((flags & (RowFlags.SYNTHETIC | RowFlags.API_ERROR)) != 0 && row != terminal) {
                String why = "a harness-written record (" + ((flags & RowFlags.SYNTHETIC) != 0
                        ? "model=<synthetic>" : "isApiErrorMessage") + ") that is not the terminal record: "
                        + "the run went on after it";
                b.add(FindingKind.HARNESS_RECORD, index.span(row), "harness record mid-file", why);
                b.mark(Marker.at(index.line(row), MarkerKind.HARNESS, "harness", why, 0));
            }
        }
        Contribution found = b.contribution("terminal verdict and index");
        return new TranscriptAnalysis(index.path(), IndexSummary.of(index), verdict, found.findings(), found.markers(),
                spawns);
    }

    /** The Codex call that starts a sub-agent; its output names the sub-agent's thread. */
    private static final String SPAWN_AGENT = "spawn_agent";

    /**
     * A Codex rollout's spawns: each {@code spawn_agent} output that names a thread ({@link #spawnedThread}). A rollout
     * forked from another (its first {@code session_meta} names {@code forked_from_id}: a sub-agent given its
     * parent's context) begins with a copy of that parent's history, spawns and all; there only the spawns its own
     * thread made count, those a {@code collab_agent_spawn_end} from its own id names (Codex copies no such event).
     */
    private static List<Spawn> codexSpawns(TranscriptIndex index, java.util.Set<Integer> linked) {
        List<Spawn> out = new ArrayList<>();
        JsonNode meta = null;
        java.util.Set<String> own = null;
        for (int row = 0; row < index.size(); row++) {
            if ((index.flags(row) & RowFlags.TOOL_RESULT) == 0 || linked.contains(row)) {
                continue;
            }
            int call = index.pair(row);
            JsonNode output = call >= 0 && SPAWN_AGENT.equals(index.tool(call)) ? reread(index, row) : null;
            String thread = output == null ? null : spawnedThread(output);
            if (thread == null) {
                continue;
            }
            if (meta == null) {
                meta = firstSessionMeta(index);
                own = meta.path("forked_from_id").isTextual() ? ownSpawnCalls(index, meta.path("id").asText()) : null;
            }
            if (own == null || own.contains(output.path("payload").path("call_id").asText())) {
                out.add(new Spawn(index.span(row), index.line(call), thread));
            }
        }
        return out;
    }

    /** The payload of the rollout's first {@code session_meta} (its own); a missing node when there is none. */
    private static JsonNode firstSessionMeta(TranscriptIndex index) {
        for (int row = 0; row < index.size(); row++) {
            if (!index.isProblem(row) && "session_meta".equals(index.kind(row))) {
                JsonNode r = reread(index, row);
                return r == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : r.path("payload");
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    /** The call ids of the {@code collab_agent_spawn_end} events whose {@code sender_thread_id} is {@code thread}. */
    private static java.util.Set<String> ownSpawnCalls(TranscriptIndex index, String thread) {
        java.util.Set<String> calls = new java.util.HashSet<>();
        for (int row = 0; row < index.size(); row++) {
            if (!index.isProblem(row) && "collab_agent_spawn_end".equals(index.kind(row))) {
                JsonNode r = reread(index, row);
                JsonNode p = r == null ? null : r.path("payload");
                if (p != null && thread.equals(p.path("sender_thread_id").asText(null))) {
                    calls.add(p.path("call_id").asText());
                }
            }
        }
        return calls;
    }

    /** A record re-read as JSON; null when it cannot be (the file changed, a problem line). */
    private static JsonNode reread(TranscriptIndex index, int row) {
        try {
            TranscriptLine line = RecordReader.read(index.path(), index.span(row));
            return line instanceof TranscriptRecord r ? r.json() : null;
        } catch (UnreadableTranscriptException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The thread a Codex {@code spawn_agent} output names: its {@code output}, a JSON text
     * {@code {"agent_id": "<thread id>", "nickname": …}}, whose {@code agent_id} is the sub-agent rollout's own
     * {@code session_meta} {@code id} (docs/VERDICTS.md, "Pairing"). Null for a refused spawn, whose output is words
     * ("collab spawn failed: agent thread limit reached"), and for anything else.
     */
    static String spawnedThread(JsonNode record) {
        try {
            JsonNode output = record.path("payload").path("output");
            if (output.isTextual() && output.asText().startsWith("{")) {
                output = TranscriptJson.readTree(output.asText().getBytes(StandardCharsets.UTF_8));
            }
            JsonNode id = output.path("agent_id");
            return id.isTextual() && !id.asText().isBlank() ? id.asText() : null;
        } catch (java.io.IOException | RuntimeException e) {
            return null; // an output that is no JSON: no link, the row still shows the result
        }
    }

    private static Contribution contribution(FindingSource source, TranscriptJudgement judgement,
                                             AnalysisSettings settings) {
        try {
            return source.contribute(judgement, settings);
        } catch (Exception e) {
            String name = source.getClass().getSimpleName();
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return new Contribution(name, List.of(Finding.whole(FindingKind.SOURCE_FAILED, name + " could not run", why)),
                    List.of());
        }
    }

    /** The terminal verdict the pass judged; the same answer {@link dev.coroner.core.index.TerminalVerdicts#judge} gives. */
    static TerminalVerdict verdict(TranscriptIndex index) {
        return index.judgement().terminal();
    }

    /** "SYNTHETIC · RATE_LIMIT", "HEALTHY", … */
    public static String stateLabel(TerminalVerdict v) {
        String label = v.state() == TerminalState.SYNTHETIC ? v.state() + " · " + v.terminalClass() : v.state().name();
        if (v.diedAfterAnswer()) {
            label += " · died after its last answer (" + v.trailing().cls() + ")";
        }
        return v.kind() == AgentKind.HARNESS ? label + " · harness agent" : label;
    }

    private static void problem(TranscriptIndex index, int row, Findings b) {
        String kind = index.kind(row);
        String message = index.problemMessage(row);
        String why = message != null ? message : kind + ": select the line to read why";
        b.add(FindingKind.PROBLEM, index.span(row), "problem line: " + kind, why);
        b.mark(Marker.at(index.line(row), MarkerKind.PROBLEM, kind, why, 0));
    }

    private static void toolError(TranscriptIndex index, int row, Findings b) {
        int call = index.pair(row);
        String tool = index.tool(row).isEmpty() ? "tool call" : index.tool(row);
        long callLine = call < 0 ? 0 : index.line(call);
        String why = "the result has is_error: true"
                + (call < 0 ? "; no call with its tool_use_id is in this file" : "; the call is at line " + callLine);
        b.add(FindingKind.TOOL_ERROR, index.span(row), tool + " failed", why);
        b.mark(Marker.at(index.line(row), MarkerKind.TOOL_ERROR, tool + " failed", why, callLine));
    }

    private static String cut(String s) {
        String one = s.replace('\n', ' ').replace('\r', ' ');
        return one.length() <= TITLE_TEXT ? one : one.substring(0, TITLE_TEXT) + "…";
    }
}
