package dev.coroner.core.precursor;

import dev.coroner.core.text.CaseFold;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which tool names look like they change something, for coverage and the proposer (docs/VERDICTS.md, "Coverage and
 * proposals"). A name is judged by its spelling alone, never by what a call did: a fixed list of known editing tools,
 * plus a pattern — the name, with an MCP prefix {@code mcp__<server>__} taken off, split into words, whose first or last
 * word is a verb that changes a file or a record. Claude Code's own bookkeeping tools, which change only the agent's
 * task list, are set apart. A shell ({@code Bash}) runs anything and is not counted: a gate on it would fire on every
 * {@code ls}.
 */
public final class MutatingTools {
    /** Known editing tools, case-folded with {@code -} and {@code .} as {@code _} (the canonical form without case). */
    static final Set<String> KNOWN = Set.of("edit", "write", "multiedit", "notebookedit", "applypatch", "apply_patch",
            "delete", "str_replace_editor", "str_replace_based_edit_tool", "create_file", "write_file", "edit_file");
    /** Verbs that, as a name's first or last word, make it look mutating. */
    static final Set<String> VERBS = Set.of("edit", "write", "delete", "remove", "create", "update", "patch", "replace",
            "rename", "move", "insert", "append", "overwrite", "modify", "apply", "upload", "save", "set", "put", "drop",
            "truncate");
    /**
     * Claude Code's bookkeeping tools: they change or read only the agent's own task list, neither a file nor a record,
     * so they are neither gated-looking nor a lookup.
     */
    static final Set<String> BOOKKEEPING = Set.of("todowrite", "taskcreate", "taskupdate", "todoread", "tasklist",
            "taskget");

    private MutatingTools() {
    }

    /** Whether {@code toolName} (as a transcript spells it) looks like a tool that changes a file or a record. */
    public static boolean looksMutating(String toolName) {
        String folded = ToolNames.canonical(toolName, false);
        if (BOOKKEEPING.contains(folded)) {
            return false;
        }
        if (KNOWN.contains(folded)) {
            return true;
        }
        List<String> words = words(withoutMcpPrefix(ToolNames.canonical(toolName, true)));
        if (words.isEmpty()) {
            return false;
        }
        return VERBS.contains(words.get(0)) || VERBS.contains(words.get(words.size() - 1))
                || KNOWN.contains(String.join("", words));
    }

    /** Whether {@code toolName} is one of the bookkeeping tools: neither gated-looking nor a lookup. */
    public static boolean bookkeeping(String toolName) {
        return BOOKKEEPING.contains(ToolNames.canonical(toolName, false));
    }

    /** {@code mcp__acp__Edit} → {@code Edit}; a name without the prefix is returned as it is. */
    static String withoutMcpPrefix(String name) {
        if (!name.startsWith("mcp__")) {
            return name;
        }
        int cut = name.indexOf("__", "mcp__".length());
        return cut < 0 || cut + 2 >= name.length() ? name : name.substring(cut + 2);
    }

    /** Words of a name: split at {@code _} and where a lower-case letter or digit meets an upper-case one; folded. */
    static List<String> words(String name) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        int prev = -1;
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '_' || Character.isWhitespace(cp)) {
                flush(words, w);
            } else {
                if (Character.isUpperCase(cp) && prev >= 0 && (Character.isLowerCase(prev) || Character.isDigit(prev))) {
                    flush(words, w);
                }
                w.appendCodePoint(cp);
            }
            prev = cp;
        }
        flush(words, w);
        return words;
    }

    private static void flush(List<String> words, StringBuilder w) {
        if (w.length() > 0) {
            words.add(CaseFold.fold(w.toString()));
            w.setLength(0);
        }
    }
}
