package dev.coroner.core.compare;

import java.util.Objects;

/**
 * What a tool call is compared by (docs/COMPARE.md, "Call keys"): two calls are the same call when their {@code
 * family} and {@code text} are equal, and one call changed into the other when only the text differs.
 *
 * @param tool   the tool's name as the transcript spells it ({@code Bash}, {@code exec_command}, …)
 * @param family what the key is compared within: {@code command} for every shell command (Claude Code {@code Bash},
 *               Codex {@code exec_command}, {@code shell}, {@code local_shell}), else the tool's name
 * @param text   the canonical input: the command, the file path (and a digest of what an edit writes), the patch,
 *               or the input as JSON with its keys sorted
 */
public record CallKey(String tool, String family, String text) {
    public CallKey {
        Objects.requireNonNull(tool);
        Objects.requireNonNull(family);
        Objects.requireNonNull(text);
    }

    /** True when the two keys are the same call. */
    public boolean sameAs(CallKey other) {
        return family.equals(other.family) && text.equals(other.text);
    }
}
