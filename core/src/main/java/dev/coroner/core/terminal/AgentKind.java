package dev.coroner.core.terminal;

import java.util.regex.Pattern;

/**
 * Whom an agent worked for (docs/VERDICTS.md, "Agent kind"): a session or a sub-agent doing the task (a worker), or an
 * agent the harness runs for itself. Headlines count workers; harness agents are counted apart, never hidden.
 */
public enum AgentKind {
    /** A session file: the top-level conversation. */
    SESSION,
    /** Any other file named {@code agent-*.jsonl}: a sub-agent working on the task. */
    SUBAGENT,
    /**
     * An agent the harness ran for itself, not for the task: prompt suggestions, compaction, side questions (2.1.x,
     * by file name), and the 2.0.x warm-up agents whose every prompt is {@value #WARMUP_PROMPT}.
     */
    HARNESS;

    /** The whole prompt of a 2.0.x warm-up agent, compared after trimming. */
    public static final String WARMUP_PROMPT = "Warmup";

    private static final Pattern HARNESS_NAME = Pattern.compile("agent-a(?:prompt_suggestion|compact|side_question)-.*\\.jsonl");
    private static final Pattern AGENT_NAME = Pattern.compile("agent-.*\\.jsonl");

    /** What the file name alone says; a sub-agent may still be a warm-up agent, which only its prompts tell. */
    public static AgentKind byName(String fileName) {
        if (HARNESS_NAME.matcher(fileName).matches()) {
            return HARNESS;
        }
        return AGENT_NAME.matcher(fileName).matches() ? SUBAGENT : SESSION;
    }

    /**
     * @param warmupOnly the file has at least one prompt and every prompt is {@value #WARMUP_PROMPT}, trimmed; read only
     *                   for {@code agent-*.jsonl} files (a session that says "Warmup" is still a session)
     */
    public static AgentKind of(String fileName, boolean warmupOnly) {
        AgentKind k = byName(fileName);
        return k == SUBAGENT && warmupOnly ? HARNESS : k;
    }

    /** A session or a sub-agent: an agent that worked on the task. */
    public boolean worker() {
        return this != HARNESS;
    }
}
