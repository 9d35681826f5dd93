package dev.coroner.core.precursor;

import dev.coroner.core.durable.AtomicWrite;
import dev.coroner.core.durable.RegularFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where a table sits in the bytes of a TOML file, so that saving a grammar rewrites only its {@code [precursor]}
 * table and keeps every other byte of a {@code dos.toml}: other tables, comments, order, line ends
 * (docs/VERDICTS.md, "Precursor gate", "Saving"). The table's region runs from its first header line to the end
 * of the last line that is neither blank nor a comment before the next other table: comments above the next table
 * belong to it. Only a table written under its own headers, in one run, can be saved in place; a table written as
 * dotted keys or an inline table, or split around another table, is refused with the reason.
 */
public final class GrammarTableText {
    /** The grammar's table. */
    public static final List<String> PRECURSOR = List.of("precursor");

    private GrammarTableText() {
    }

    /**
     * A table's bytes, {@code [start, end)} of the file; {@code line} is the 1-based line of its first header.
     * Empty ({@code start == end}) when the file has no such table: a new one is appended at the end.
     */
    public record Region(int start, int end, int line) {
    }

    /** Where the table is, or why it cannot be rewritten in place. Exactly one of the two is set. */
    public record Located(Region region, String problem) {
        public Located {
            if ((region == null) == (problem == null)) {
                throw new IllegalArgumentException("a region or a problem");
            }
        }
    }

    /** What saving produced: the file's new bytes, or why nothing was saved. Exactly one of the two is set. */
    public record Replaced(byte[] bytes, String problem, List<GrammarError> errors) {
        public Replaced {
            errors = List.copyOf(errors);
        }

        public boolean ok() {
            return bytes != null;
        }
    }

    /** Locates {@code table} (its header's dotted key, e.g. {@link #PRECURSOR}) in a TOML file's bytes. */
    public static Located locate(byte[] file, List<String> table) {
        List<Section> sections = new Scanner(file).sections();
        int first = -1;
        int last = -1;
        for (int i = 0; i < sections.size(); i++) {
            if (sections.get(i).belongsTo(table)) {
                if (first < 0) {
                    first = i;
                } else if (last != i - 1) {
                    Section between = sections.get(last + 1);
                    return problem("the [" + String.join(".", table) + "] table is split: [" + String.join(".", between.key)
                            + "] on line " + between.line + " comes between its parts; move them together to save in place");
                }
                last = i;
            }
        }
        if (first < 0) {
            if (rootMentions(file, sections, table.get(0))) {
                return problem("[" + String.join(".", table) + "] is written without a [" + String.join(".", table)
                        + "] header (dotted keys or an inline table); write it under its header to save in place");
            }
            return new Located(new Region(file.length, file.length, 0), null);
        }
        if (rootMentions(file, sections, table.get(0))) {
            return problem("part of [" + String.join(".", table) + "] is written as dotted keys before the first"
                    + " header; write it under its header to save in place");
        }
        int start = sections.get(first).start;
        int end = sections.get(last).contentEnd;
        return new Located(new Region(start, end, sections.get(first).line), null);
    }

    /** The {@code [precursor]} table's text as the file has it (empty when it has none). */
    public static String precursorText(byte[] file) {
        Located at = locate(file, PRECURSOR);
        if (at.region() == null) {
            throw new IllegalArgumentException(at.problem());
        }
        return new String(file, at.region().start(), at.region().end() - at.region().start(), StandardCharsets.UTF_8);
    }

    /**
     * The file with its {@code [precursor]} table replaced by {@code table} (the table's new text, headers included)
     * and every other byte kept. Refused when the table cannot be located in one piece, or when the result would
     * not load as a grammar (its errors are returned; nothing half-valid is ever written).
     */
    public static Replaced replacePrecursor(byte[] file, String table) {
        Located at = locate(file, PRECURSOR);
        if (at.region() == null) {
            return new Replaced(null, at.problem(), List.of());
        }
        Region r = at.region();
        byte[] text = table.getBytes(StandardCharsets.UTF_8);
        boolean append = r.start() == r.end() && r.start() > 0 && file[r.start() - 1] != '\n';
        byte[] sep = append ? new byte[] {'\n'} : new byte[0];
        byte[] out = new byte[r.start() + sep.length + text.length + file.length - r.end()];
        System.arraycopy(file, 0, out, 0, r.start());
        System.arraycopy(sep, 0, out, r.start(), sep.length);
        System.arraycopy(text, 0, out, r.start() + sep.length, text.length);
        System.arraycopy(file, r.end(), out, r.start() + sep.length + text.length, file.length - r.end());
        GrammarResult loaded = GrammarLoader.parse(out);
        if (!loaded.ok()) {
            return new Replaced(null, "the new [precursor] table does not load; nothing was saved", loaded.errors());
        }
        return new Replaced(out, null, List.of());
    }

    /** Coroner's own table of forensic exemptions. */
    public static final List<String> CORONER_PRECURSOR = List.of("coroner", "precursor");

    /**
     * The file with the grammar's two tables, {@code [precursor]} and {@code [coroner.precursor]}, taken from
     * {@code editorText} (the whole file as the grammar editor holds it) and every other byte kept as {@code file}
     * has it: the grammar editor's save (docs/WORKBENCH.md, "The grammar panel"). Refused when a table cannot be
     * located in one piece in either, or when the result would not load.
     */
    public static Replaced replaceGrammar(byte[] file, String editorText) {
        byte[] editor = editorText.getBytes(StandardCharsets.UTF_8);
        byte[] out = file;
        for (List<String> table : List.of(PRECURSOR, CORONER_PRECURSOR)) {
            Located from = locate(editor, table);
            Located to = locate(out, table);
            if (from.region() == null || to.region() == null) {
                return new Replaced(null, from.region() == null ? from.problem() : to.problem(), List.of());
            }
            Region f = from.region();
            Region r = to.region();
            if (f.start() == f.end() && r.start() == r.end()) {
                continue;
            }
            byte[] text = java.util.Arrays.copyOfRange(editor, f.start(), f.end());
            boolean append = r.start() == r.end() && r.start() > 0 && out[r.start() - 1] != '\n';
            byte[] sep = append ? new byte[] {'\n'} : new byte[0];
            byte[] next = new byte[r.start() + sep.length + text.length + out.length - r.end()];
            System.arraycopy(out, 0, next, 0, r.start());
            System.arraycopy(sep, 0, next, r.start(), sep.length);
            System.arraycopy(text, 0, next, r.start() + sep.length, text.length);
            System.arraycopy(out, r.end(), next, r.start() + sep.length + text.length, out.length - r.end());
            out = next;
        }
        GrammarResult loaded = GrammarLoader.parse(out);
        if (!loaded.ok()) {
            return new Replaced(null, "the grammar does not load; nothing was saved", loaded.errors());
        }
        return new Replaced(out, null, List.of());
    }

    /** {@link #replaceGrammar} on {@code file} as it is on disk now, written atomically; nothing is written when refused. */
    public static Replaced saveGrammar(Path file, String editorText) throws IOException {
        Replaced r = replaceGrammar(RegularFiles.readAll(file, GrammarLoader.MAX_GRAMMAR_BYTES), editorText);
        if (r.ok()) {
            AtomicWrite.replace(file, r.bytes());
        }
        return r;
    }

    /**
     * Saves {@code table} as the {@code [precursor]} table of {@code file} as it is on disk now (another program may
     * have changed its other tables meanwhile: their bytes are kept), atomically; nothing is written when refused.
     */
    public static Replaced save(Path file, String table) throws IOException {
        Replaced r = replacePrecursor(RegularFiles.readAll(file, GrammarLoader.MAX_GRAMMAR_BYTES), table);
        if (r.ok()) {
            AtomicWrite.replace(file, r.bytes());
        }
        return r;
    }

    private static Located problem(String why) {
        return new Located(null, why);
    }

    /** Whether the part of the file before its first header defines {@code key} (a dotted key or an inline table). */
    private static boolean rootMentions(byte[] file, List<Section> sections, String key) {
        int end = sections.isEmpty() ? file.length : sections.get(0).start;
        String root = new String(file, 0, end, StandardCharsets.UTF_8);
        for (String line : root.split("\n", -1)) {
            String t = line.strip();
            if (t.startsWith(key) && t.length() > key.length()) {
                char next = t.charAt(key.length());
                if (next == '.' || next == '=' || next == ' ' || next == '\t') {
                    return true;
                }
            }
            if (t.startsWith("\"" + key + "\"") || t.startsWith("'" + key + "'")) {
                return true;
            }
        }
        return false;
    }

    /** One table header and the lines under it up to the next header. */
    private static final class Section {
        final List<String> key;
        final int start;
        final int line;
        /** Past the last line under it that is neither blank nor only a comment (its header line at least). */
        int contentEnd;

        Section(List<String> key, int start, int line) {
            this.key = key;
            this.start = start;
            this.line = line;
        }

        boolean belongsTo(List<String> table) {
            return key.size() >= table.size() && key.subList(0, table.size()).equals(table);
        }
    }

    /**
     * A small TOML lexer over bytes: enough to find table headers and to know which lines hold something. It skips
     * strings (all four kinds, multi-line ones included), comments and multi-line arrays, so a '[' inside them is
     * never taken for a header. The file is valid TOML (the loader checked it) before it is saved.
     */
    private static final class Scanner {
        private final byte[] b;
        private int i;
        private int line = 1;

        Scanner(byte[] bytes) {
            this.b = Objects.requireNonNull(bytes);
            if (b.length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF) {
                i = 3; // the byte order mark stays where it is: it belongs to no table
            }
        }

        List<Section> sections() {
            List<Section> out = new ArrayList<>();
            int depth = 0;
            while (i < b.length) {
                int lineStart = i;
                int lineNumber = line;
                skipBlanks();
                if (i >= b.length) {
                    break;
                }
                boolean content = false;
                if (depth == 0 && b[i] == '[') {
                    Section s = new Section(header(), lineStart, lineNumber);
                    out.add(s);
                    content = true;
                }
                // the rest of the line (for a header: its trailing comment); a value may open brackets or strings
                while (i < b.length && b[i] != '\n') {
                    byte c = b[i];
                    if (c == '#') {
                        while (i < b.length && b[i] != '\n') {
                            i++;
                        }
                        break;
                    }
                    if (c != ' ' && c != '\t' && c != '\r') {
                        content = true;
                    }
                    if (c == '"' || c == '\'') {
                        string(c);
                        continue;
                    }
                    if (c == '[' || c == '{') {
                        depth++;
                    } else if ((c == ']' || c == '}') && depth > 0) {
                        depth--;
                    }
                    i++;
                }
                if (i < b.length) {
                    i++; // the line feed
                    line++;
                }
                if ((content || depth > 0) && !out.isEmpty()) {
                    out.get(out.size() - 1).contentEnd = i;
                }
            }
            return out;
        }

        private void skipBlanks() {
            while (i < b.length && (b[i] == ' ' || b[i] == '\t')) {
                i++;
            }
        }

        /** A header {@code [a.b]} or {@code [[a.b]]}: its dotted key, unquoted. Leaves i after the closing brackets. */
        private List<String> header() {
            i++;
            if (i < b.length && b[i] == '[') {
                i++;
            }
            List<String> key = new ArrayList<>();
            while (i < b.length && b[i] != '\n') {
                skipBlanks();
                if (i >= b.length) {
                    break;
                }
                byte c = b[i];
                if (c == ']') {
                    i++;
                    if (i < b.length && b[i] == ']') {
                        i++;
                    }
                    break;
                } else if (c == '.') {
                    i++;
                } else if (c == '"' || c == '\'') {
                    int from = i;
                    string(c);
                    key.add(unquote(new String(b, from, i - from, StandardCharsets.UTF_8)));
                } else {
                    int from = i;
                    while (i < b.length && b[i] != '.' && b[i] != ']' && b[i] != ' ' && b[i] != '\t' && b[i] != '\n') {
                        i++;
                    }
                    key.add(new String(b, from, i - from, StandardCharsets.UTF_8));
                }
            }
            return key;
        }

        /** Skips a string that starts at i (basic or literal, one-line or multi-line), counting its line feeds. */
        private void string(byte quote) {
            boolean multi = i + 2 < b.length && b[i + 1] == quote && b[i + 2] == quote;
            i += multi ? 3 : 1;
            while (i < b.length) {
                byte c = b[i];
                if (c == '\\' && quote == '"') {
                    if (i + 1 < b.length && b[i + 1] == '\n') {
                        line++;
                    }
                    i += 2;
                    continue;
                }
                if (c == '\n') {
                    if (!multi) {
                        return; // an unterminated one-line string: the loader would have refused it
                    }
                    line++;
                }
                if (c == quote) {
                    if (!multi) {
                        i++;
                        return;
                    }
                    if (i + 2 < b.length && b[i + 1] == quote && b[i + 2] == quote) {
                        i += 3;
                        while (i < b.length && b[i] == quote) { // """"" ends with up to two quotes of content
                            i++;
                        }
                        return;
                    }
                }
                i++;
            }
        }

        /** A quoted key's text: a basic key's escapes are read, a literal key is as written. */
        private static String unquote(String quoted) {
            String inner = quoted.substring(1, Math.max(1, quoted.length() - 1));
            if (quoted.charAt(0) == '\'') {
                return inner;
            }
            StringBuilder s = new StringBuilder();
            for (int k = 0; k < inner.length(); k++) {
                char c = inner.charAt(k);
                if (c != '\\' || k + 1 >= inner.length()) {
                    s.append(c);
                    continue;
                }
                char e = inner.charAt(++k);
                switch (e) {
                    case 'n' -> s.append('\n');
                    case 't' -> s.append('\t');
                    case 'r' -> s.append('\r');
                    case 'b' -> s.append('\b');
                    case 'f' -> s.append('\f');
                    case 'u', 'U' -> {
                        int len = e == 'u' ? 4 : 8;
                        int cp = Integer.parseInt(inner.substring(k + 1, Math.min(inner.length(), k + 1 + len)), 16);
                        s.appendCodePoint(cp);
                        k += len;
                    }
                    default -> s.append(e);
                }
            }
            return s.toString();
        }
    }
}
