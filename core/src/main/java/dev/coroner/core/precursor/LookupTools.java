package dev.coroner.core.precursor;

import java.util.List;
import java.util.Set;

/**
 * Which tools the proposer may offer as a lookup (docs/VERDICTS.md, "Coverage and proposals"): tools that only read.
 * A name is judged by its spelling alone, as {@link MutatingTools} does: a fixed list of known read-only tools, plus a
 * pattern — the name, with an MCP prefix {@code mcp__<server>__} taken off, split into words, whose first or last word
 * is a verb that reads. Never a tool that looks mutating, never a bookkeeping tool, and never a shell: a shell runs
 * anything, precedes nearly every call, and a rule that accepts it accepts any command at all.
 */
public final class LookupTools {
    /** Known read-only tools, case-folded with {@code -} and {@code .} as {@code _}. */
    static final Set<String> KNOWN = Set.of("read", "grep", "glob", "ls", "view", "notebookread", "webfetch", "websearch",
            "read_file", "read_many_files", "list_dir", "list_directory", "list_files", "grep_search", "file_search",
            "codebase_search", "search_files", "find_files", "view_file", "web_fetch", "web_search");
    /** Verbs that, as a name's first or last word, make it look like a lookup. */
    static final Set<String> VERBS = Set.of("read", "get", "list", "search", "find", "fetch", "view", "query", "grep",
            "glob", "show", "describe", "lookup", "inspect", "cat", "stat", "ls");
    /**
     * Shells: tools that run a command line. Known by name, case-folded: Claude Code's {@code Bash}, Codex's
     * {@code shell}, {@code local_shell} and {@code exec_command}, and the usual names of other harnesses.
     */
    static final Set<String> SHELLS = Set.of("bash", "shell", "local_shell", "exec_command", "run_terminal_cmd",
            "run_shell_command", "execute_command", "run_command", "powershell", "terminal");

    private LookupTools() {
    }

    /** Whether {@code toolName} (as a transcript spells it) is a shell, with or without an MCP prefix. */
    public static boolean shell(String toolName) {
        String folded = ToolNames.canonical(toolName, false);
        return SHELLS.contains(folded) || SHELLS.contains(
                ToolNames.canonical(MutatingTools.withoutMcpPrefix(ToolNames.canonical(toolName, true)), false));
    }

    /** Whether {@code toolName} (as a transcript spells it) looks like a tool that only reads. */
    public static boolean looksLikeLookup(String toolName) {
        if (shell(toolName) || MutatingTools.bookkeeping(toolName) || MutatingTools.looksMutating(toolName)) {
            return false;
        }
        if (KNOWN.contains(ToolNames.canonical(toolName, false))) {
            return true;
        }
        List<String> words = MutatingTools.words(MutatingTools.withoutMcpPrefix(ToolNames.canonical(toolName, true)));
        return !words.isEmpty() && (VERBS.contains(words.get(0)) || VERBS.contains(words.get(words.size() - 1))
                || KNOWN.contains(String.join("", words)));
    }
}
