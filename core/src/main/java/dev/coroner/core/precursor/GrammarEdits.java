package dev.coroner.core.precursor;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;

/**
 * Edits to a grammar's text made from the evidence (docs/WORKBENCH.md, "The grammar panel"): require a lookup
 * before a tool, add a name as an alias of a precursor, exempt a tool, put a did-you-mean name in place. Each is a
 * pure function from the text to one {@link GrammarEdit} that touches only the line it changes or the lines it adds:
 * comments, order and every other byte stay. An edit whose result would not be valid TOML is refused with the reason.
 */
public final class GrammarEdits {
    private static final List<String> REQUIRES = List.of("precursor", "requires");
    private static final List<String> ALIASES = List.of("precursor", "aliases");
    private static final List<String> EXEMPTIONS = List.of("coroner", "precursor");

    private GrammarEdits() {
    }

    /** An edit, or why there is none. Exactly one of the two is set. */
    public record Result(GrammarEdit edit, String problem) {
        public Result {
            if ((edit == null) == (problem == null)) {
                throw new IllegalArgumentException("an edit or a problem");
            }
        }

        public boolean ok() {
            return edit != null;
        }

        static Result refused(String why) {
            return new Result(null, why);
        }
    }

    /** {@code tool} requires {@code precursor}: a new rule under {@code [precursor.requires]}, or one more name in its rule. */
    public static Result requireLookup(String text, String tool, String precursor) {
        return addName(text, REQUIRES, tool, precursor, tool + " now requires " + precursor);
    }

    /** {@code alias} counts as {@code precursor}: one more name under {@code [precursor.aliases]}. */
    public static Result addAlias(String text, String precursor, String alias) {
        return addName(text, ALIASES, precursor, alias, alias + " now counts as " + precursor);
    }

    /** {@code tool} is listed under {@code exemption}'s key in {@code [coroner.precursor]}. */
    public static Result exempt(String text, PrecursorExemption exemption, String tool) {
        return addName(text, EXEMPTIONS, exemption.key(), tool, tool + " added to " + exemption.key());
    }

    /** The did-you-mean of {@code error} put in place of the name at its position, when it has one. */
    public static Optional<GrammarEdit> fix(String text, GrammarError error) {
        if (error.suggestion() == null || !error.positioned()) {
            return Optional.empty();
        }
        int at = offset(text, error.line(), error.column());
        if (at < 0) {
            return Optional.empty();
        }
        while (at < text.length() && (text.charAt(at) == '[' || text.charAt(at) == ' ' || text.charAt(at) == '\t')) {
            at++; // a table's position is its header's bracket
        }
        if (at >= text.length()) {
            return Optional.empty();
        }
        char c = text.charAt(at);
        int end;
        String replacement;
        if (c == '"' || c == '\'') {
            end = stringEnd(text, at);
            replacement = quote(error.suggestion());
        } else {
            end = at;
            while (end < text.length() && bareKeyChar(text.charAt(end))) {
                end++;
            }
            replacement = key(error.suggestion());
        }
        if (end == at) {
            return Optional.empty();
        }
        return Optional.of(new GrammarEdit(at, end, replacement, "use " + error.suggestion()));
    }

    /** Where an error sits in the text: a range to underline. */
    public record Place(int start, int end) {
    }

    /**
     * The range of {@code text} to underline for {@code error}: the key, name or token at its line and column (at
     * least one character, the line's end when it points past it); null for an error about the file as a whole.
     */
    public static Place place(String text, GrammarError error) {
        if (!error.positioned()) {
            return null;
        }
        int at = offset(text, error.line(), error.column());
        if (at < 0) {
            at = text.length();
        }
        int end = at;
        if (at < text.length()) {
            char c = text.charAt(at);
            if (c == '"' || c == '\'') {
                end = stringEnd(text, at);
            } else if (c == '[') {
                end = text.indexOf('\n', at) < 0 ? text.length() : text.indexOf('\n', at);
            } else {
                while (end < text.length() && bareKeyChar(text.charAt(end))) {
                    end++;
                }
            }
        }
        if (end == at) {
            if (at < text.length() && text.charAt(at) != '\n') {
                end = at + 1;
            } else if (at > 0) {
                at--; // past the end of a line: mark its last character
            }
            end = Math.max(end, at + 1);
        }
        return new Place(Math.max(0, Math.min(at, text.length())), Math.min(end, text.length()));
    }

    /** The precursor names the grammar's rules list, as the text spells them, each once, in file order. */
    public static List<String> declaredPrecursors(String text) {
        TomlParseResult toml = Toml.parse(text);
        java.util.LinkedHashMap<String, String> out = new java.util.LinkedHashMap<>();
        if (!toml.hasErrors() && toml.get(REQUIRES) instanceof TomlTable requires) {
            for (String tool : requires.keySet()) {
                Object v = requires.get(List.of(tool));
                for (Object n : v instanceof TomlArray a ? a.toList() : List.of(v)) {
                    if (n instanceof String s) {
                        out.putIfAbsent(ToolNames.canonical(s, false), s);
                    }
                }
            }
        }
        return List.copyOf(out.values());
    }

    /** Adds {@code name} to the list at {@code key} of {@code table}, making the key and the table when missing. */
    private static Result addName(String text, List<String> table, String key, String name, String summary) {
        if (ToolNames.canonical(key, true).isEmpty() || ToolNames.canonical(name, true).isEmpty()) {
            return Result.refused("a tool name cannot be empty");
        }
        TomlParseResult toml = Toml.parse(text);
        if (toml.hasErrors()) {
            return Result.refused("the grammar is not valid TOML yet: fix its errors first");
        }
        boolean caseSensitive = Boolean.TRUE.equals(toml.get(List.of("precursor", "case_sensitive")));
        Object t = toml.get(table);
        GrammarEdit edit;
        if (t != null && !(t instanceof TomlTable)) {
            return Result.refused("[" + String.join(".", table) + "] is not a table");
        }
        String existing = t == null ? null : findKey((TomlTable) t, key, caseSensitive);
        if (existing != null) {
            TomlTable tt = (TomlTable) t;
            Object value = tt.get(List.of(existing));
            List<Object> names = value instanceof TomlArray a ? a.toList() : List.of(value);
            for (Object n : names) {
                if (n instanceof String s && ToolNames.canonical(s, caseSensitive).equals(ToolNames.canonical(name, caseSensitive))) {
                    return Result.refused(existing + " already lists " + s);
                }
            }
            TomlPosition p = tt.inputPositionOf(List.of(existing));
            edit = p == null ? null : extendValue(text, offset(text, p.line(), p.column()), name, summary);
            if (edit == null) {
                return Result.refused("the value of " + existing + " is not a name or a list of names");
            }
        } else {
            String nl = lineEnd(text);
            String line = key(key) + " = [" + quote(name) + "]" + nl;
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            GrammarTableText.Located at = GrammarTableText.locate(bytes, table);
            if (at.region() == null) {
                return Result.refused(at.problem());
            }
            GrammarTableText.Region r = at.region();
            if (r.start() < r.end()) {
                int end = chars(bytes, r.end());
                String sep = end > 0 && text.charAt(end - 1) != '\n' ? nl : "";
                edit = new GrammarEdit(end, end, sep + line, summary);
            } else {
                edit = newTable(text, bytes, table, line, nl, summary);
            }
        }
        if (Toml.parse(edit.apply(text)).hasErrors()) {
            return Result.refused("the edit would not be valid TOML (is [" + String.join(".", table)
                    + "] written as dotted keys or an inline table?)");
        }
        return new Result(edit, null);
    }

    /** A new table: {@code [precursor.x]} after the rest of {@code [precursor]}, any other at the end of the text. */
    private static GrammarEdit newTable(String text, byte[] bytes, List<String> table, String line, String nl,
                                        String summary) {
        String header = "[" + String.join(".", table) + "]" + nl + line;
        int at = text.length();
        if (table.get(0).equals("precursor")) {
            GrammarTableText.Located p = GrammarTableText.locate(bytes, GrammarTableText.PRECURSOR);
            if (p.region() != null && p.region().start() < p.region().end()) {
                at = chars(bytes, p.region().end());
            }
        }
        String before = at == 0 ? "" : text.charAt(at - 1) == '\n' ? nl : nl + nl;
        return new GrammarEdit(at, at, before + header, summary);
    }

    /** An edit that adds {@code name} to the value of the key at {@code keyAt}; null when the value is not a list. */
    private static GrammarEdit extendValue(String text, int keyAt, String name, String summary) {
        int i = keyAt;
        if (i < 0 || i >= text.length()) {
            return null;
        }
        i = text.charAt(i) == '"' || text.charAt(i) == '\'' ? stringEnd(text, i) : skipBare(text, i);
        i = skipSpaces(text, i);
        if (i >= text.length() || text.charAt(i) != '=') {
            return null;
        }
        i = skipSpaces(text, i + 1);
        if (i >= text.length()) {
            return null;
        }
        char c = text.charAt(i);
        if (c == '"' || c == '\'') {
            int end = stringEnd(text, i);
            return new GrammarEdit(i, end, "[" + text.substring(i, end) + ", " + quote(name) + "]", summary);
        }
        if (c != '[') {
            return null;
        }
        int lastContent = -1;
        int depth = 0;
        for (int k = i; k < text.length(); ) {
            char d = text.charAt(k);
            if (d == '"' || d == '\'') {
                k = stringEnd(text, k);
                lastContent = k;
            } else if (d == '#') {
                while (k < text.length() && text.charAt(k) != '\n') {
                    k++;
                }
            } else if (d == '[') {
                depth++;
                k++;
            } else if (d == ']') {
                depth--;
                k++;
                if (depth == 0) {
                    return lastContent < 0
                            ? new GrammarEdit(i + 1, i + 1, quote(name), summary)
                            : new GrammarEdit(lastContent, lastContent, ", " + quote(name), summary);
                }
                lastContent = k;
            } else {
                k++;
            }
        }
        return null;
    }

    private static String findKey(TomlTable table, String key, boolean caseSensitive) {
        String want = ToolNames.canonical(key, caseSensitive);
        for (String k : table.keySet()) {
            if (ToolNames.canonical(k, caseSensitive).equals(want)) {
                return k;
            }
        }
        return null;
    }

    /** The {@code char} offset of a 1-based line and column (columns in code points), or -1 when past the text. */
    static int offset(String text, int line, int column) {
        int i = 0;
        for (int l = 1; l < line; l++) {
            int nl = text.indexOf('\n', i);
            if (nl < 0) {
                return -1;
            }
            i = nl + 1;
        }
        for (int c = 1; c < column && i < text.length() && text.charAt(i) != '\n'; c++) {
            i += Character.charCount(text.codePointAt(i));
        }
        return i;
    }

    private static int chars(byte[] utf8, int byteOffset) {
        return new String(utf8, 0, byteOffset, StandardCharsets.UTF_8).length();
    }

    private static int skipSpaces(String s, int i) {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    private static int skipBare(String s, int i) {
        while (i < s.length() && (bareKeyChar(s.charAt(i)) || s.charAt(i) == '.')) {
            i++;
        }
        return i;
    }

    /** Past the string that starts at {@code i} (basic or literal, one-line or multi-line). */
    private static int stringEnd(String s, int i) {
        char q = s.charAt(i);
        String triple = String.valueOf(q).repeat(3);
        boolean multi = s.startsWith(triple, i);
        i += multi ? 3 : 1;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\\' && q == '"') {
                i += 2;
                continue;
            }
            if (multi ? s.startsWith(triple, i) : c == q) {
                return i + (multi ? 3 : 1);
            }
            if (c == '\n' && !multi) {
                return i;
            }
            i++;
        }
        return s.length();
    }

    private static boolean bareKeyChar(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }

    /** The line end the text uses: CRLF when its first line ends so, else LF. Added lines use it. */
    static String lineEnd(String text) {
        int n = text.indexOf('\n');
        return n > 0 && text.charAt(n - 1) == '\r' ? "\r\n" : "\n";
    }

    /** A key as TOML writes it: bare when it can be, else a basic string. */
    static String key(String name) {
        return !name.isEmpty() && name.chars().allMatch(c -> c < 128 && bareKeyChar((char) c)) ? name : quote(name);
    }

    /** A basic string with the characters TOML requires escaped. */
    static String quote(String name) {
        StringBuilder b = new StringBuilder("\"");
        name.codePoints().forEach(cp -> {
            if (cp == '"' || cp == '\\') {
                b.append('\\').appendCodePoint(cp);
            } else if (cp < 0x20 || cp == 0x7F) {
                b.append(String.format(java.util.Locale.ROOT, "\\u%04X", cp));
            } else {
                b.appendCodePoint(cp);
            }
        });
        return b.append('"').toString();
    }
}
