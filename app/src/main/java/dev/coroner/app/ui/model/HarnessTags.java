package dev.coroner.app.ui.model;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The tags Claude Code's harness writes into a transcript's texts ({@code <command-name>/init</command-name>},
 * {@code <system-reminder>} …): the window draws them apart from what the person or the agent typed
 * (docs/WORKBENCH.md, "Hostile text"). Any other tag ({@code <div>} in code) is text.
 */
public final class HarnessTags {
    /** Their names. */
    public static final Set<String> NAMES = Set.of("command-name", "command-message", "command-args",
            "command-contents", "local-command-stdout", "local-command-stderr", "local-command-caveat",
            "system-reminder", "user-prompt-submit-hook", "bash-input", "bash-stdout", "bash-stderr",
            "task-notification", "user-memory-input");
    /** An opening or closing tag; group 1 its name, which must be one of {@link #NAMES}. */
    public static final Pattern PATTERN = Pattern.compile("</?([a-z][a-z-]{0,40})>");

    private HarnessTags() {
    }
}
