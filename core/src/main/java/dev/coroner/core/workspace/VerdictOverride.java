package dev.coroner.core.workspace;

import java.util.Objects;

/**
 * A person's judgement set beside a machine verdict (docs/ARCHITECTURE.md, "Workspaces"): it never replaces the
 * machine verdict, which is kept as it was shown when the person overrode it, and it always carries why.
 *
 * @param subject what was judged: {@code terminal} (the transcript's terminal state) or a finding kind's name
 *                ({@code WARN}, {@code UNMATCHED_BLOCK}, …)
 * @param machine the machine verdict as it read when overridden ("SYNTHETIC · RATE_LIMIT")
 * @param human   the person's verdict ("HEALTHY", "not a death")
 * @param reason  why: required, never blank
 */
public record VerdictOverride(String subject, String machine, String human, String reason) {
    /** The subject of an override of a transcript's terminal state. */
    public static final String TERMINAL = "terminal";

    public VerdictOverride {
        Objects.requireNonNull(subject);
        Objects.requireNonNull(machine);
        Objects.requireNonNull(human);
        Objects.requireNonNull(reason);
        if (human.isBlank()) {
            throw new IllegalArgumentException("an override names the verdict a person gives");
        }
        if (reason.isBlank()) {
            throw new IllegalArgumentException("an override needs a reason");
        }
    }

    /** "human: HEALTHY — the limit message was a test fixture": how every view marks it. */
    public String label() {
        return "human: " + human + " — " + reason;
    }
}
