package dev.coroner.core.corpus;

import dev.coroner.core.findings.Contribution;
import dev.coroner.core.findings.Findings;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.Marker;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.Spawn;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.read.Harness;
import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.file.Path;
import java.util.Map;

/**
 * Links a parent's spawning calls to the sub-agent transcripts of the corpus (docs/VERDICTS.md, "Pairing") and says what the parent
 * did with a dead one: the result of a sub-agent whose terminal verdict is dead is its error string, folded in as
 * if it were a finding. A link to a transcript that was not opened is marked as dangling. Claude Code names a
 * sub-agent by the {@code agentId} its {@code Task}/{@code Agent} result carries (its file is {@code agent-<id>.jsonl});
 * Codex CLI by the thread id its {@code spawn_agent} output names ({@code agent_id}), which is the sub-agent rollout's
 * own {@code session_meta} {@code id}, whatever its file is called.
 */
public final class SubagentLinks {
    /** What the corpus knows of a sub-agent transcript. */
    public record Subagent(Path path, TerminalVerdict verdict) {
    }

    private SubagentLinks() {
    }

    /**
     * Markers on the parent's call and result lines for every spawn, and a {@link FindingKind#DEAD_SUBAGENT_RESULT}
     * finding for every result that came from a dead sub-agent. A marker's target is the sub-agent transcript;
     * target line 0 means "its terminal record". The parent's harness, which words the links, is read from its head.
     */
    public static Contribution of(TranscriptAnalysis parent, Map<String, Subagent> byAgentId) {
        return of(parent, byAgentId, parent.spawns().isEmpty() ? Harness.CLAUDE_CODE : Harness.ofHead(parent.path()));
    }

    /** As {@link #of(TranscriptAnalysis, Map)}, for a parent whose harness is known: no file is read. */
    public static Contribution of(TranscriptAnalysis parent, Map<String, Subagent> byAgentId, Harness harness) {
        boolean codex = harness == Harness.CODEX;
        Findings found = new Findings();
        for (Spawn s : parent.spawns()) {
            Subagent agent = byAgentId.get(s.agentId());
            String name = codex ? "sub-agent " + s.agentId() : "agent-" + s.agentId();
            if (agent == null) {
                String why = codex
                        ? "the spawn names sub-agent " + s.agentId() + ", but no rollout whose session_meta id is "
                                + s.agentId() + " is among the transcripts opened: the link dangles"
                        : "the result names sub-agent " + s.agentId() + ", but " + name
                                + ".jsonl is not among the transcripts opened: the link dangles";
                found.mark(Marker.at(s.resultLine(), MarkerKind.LINK, name + " (no file)", why, 0));
                continue;
            }
            String state = TranscriptAnalyser.stateLabel(agent.verdict());
            if (s.callLine() > 0) {
                found.mark(new Marker(s.callLine(), MarkerKind.LINK, "spawned " + name + " · " + state,
                        "this call spawned sub-agent " + s.agentId() + " (" + agent.path().getFileName() + "), which ended "
                                + state + ": " + agent.verdict().reason(), 0, agent.path()));
            }
            if (agent.verdict().dead()) {
                String why = codex
                        ? "this spawn's sub-agent is dead: sub-agent " + s.agentId() + " ended " + state + " (Codex "
                                + "writes no cause into either rollout), so whatever the parent took from it later is "
                                + "not the work of a finished run — it is not a finding; do not fold it into the answer."
                        : "this result is a dead sub-agent's error string: sub-agent " + s.agentId() + " ended "
                                + state + ", so the harness wrote its last words — they are not a finding; do not fold "
                                + "them into the answer.";
                found.mark(new Marker(s.resultLine(), MarkerKind.DEAD_SUBAGENT, "dead " + name, why, 0, agent.path()));
                found.add(FindingKind.DEAD_SUBAGENT_RESULT, s.result(), "result from dead " + name + " (" + state + ")",
                        why);
            } else {
                found.mark(new Marker(s.resultLine(), MarkerKind.LINK, "from " + name + " · " + state, codex
                        ? "this spawn's sub-agent " + s.agentId() + " ended " + state
                        : "this result came from sub-agent " + s.agentId() + ", which ended " + state, 0, agent.path()));
            }
        }
        return found.contribution("sub-agent links");
    }
}
