package dev.coroner.core.precursor;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import org.tomlj.Toml;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlPosition;

/**
 * The grammar text a proposal makes (docs/VERDICTS.md, "Coverage and proposals"): a pure function from grammar text to
 * grammar text that adds the proposal's lookup and changes nothing else — comments, order, other tables and line ends
 * stay. A new rule is a line {@code Tool = ["Lookup"]} at the end of {@code [precursor.requires]} (the table is made
 * when there is none); a widened rule gets {@code , "Lookup"} after the last name of its value, a one-name string
 * value becoming an array. Idempotent: text whose grammar has the lookup already comes back unchanged. What it cannot
 * edit safely (a grammar that does not load, a rule written in a way it does not rewrite) it refuses with the reason;
 * the text it returns always loads and has the lookup.
 */
public final class ProposalText {
    /**
     * The edited text, or why there is none. Exactly one of {@code text} and {@code problem} is set.
     *
     * @param text    the grammar text with the lookup added
     * @param problem why the text was left alone
     */
    public record Edit(String text, String problem) {
        public Edit {
            if ((text == null) == (problem == null)) {
                throw new IllegalArgumentException("a text or a problem");
            }
        }

        public boolean ok() {
            return text != null;
        }
    }

    private ProposalText() {
    }

    /** {@link #addLookup(String, String, String)} for a proposal's tool and lookup. */
    public static Edit apply(String grammarText, Proposal proposal) {
        return addLookup(grammarText, proposal.tool(), proposal.precursor());
    }

    /** The TOML line of a new rule: {@code Tool = ["Lookup"]}, each name a bare key or a quoted string as it needs. */
    public static String ruleLine(String tool, String lookup) {
        return key(tool) + " = [" + string(lookup) + "]";
    }

    /**
     * What a proposal changes, in one line of TOML for a person: a new rule's line, or for a widened rule
     * {@code Tool = [..., "Lookup"]}.
     */
    public static String describe(Proposal p) {
        return p.widens() ? key(p.tool()) + " = [..., " + string(p.precursor()) + "]" : ruleLine(p.tool(), p.precursor());
    }

    /** {@code grammarText} with a result of {@code lookup} accepted before {@code tool}. */
    public static Edit addLookup(String grammarText, String tool, String lookup) {
        GrammarResult loaded = GrammarLoader.parse(grammarText);
        if (!loaded.ok()) {
            return refused("the grammar does not load (" + loaded.errors().get(0).describe("grammar")
                    + "); fix it first");
        }
        PrecursorGrammar g = loaded.grammar();
        String lookupCanonical = g.canonical(lookup);
        if (lookupCanonical.isEmpty() || g.canonical(tool).isEmpty()) {
            return refused("a tool name is empty");
        }
        PrecursorGrammar.Rule rule = g.rule(tool);
        String edited;
        if (rule == null) {
            Edit added = withNewRule(grammarText, ruleLine(tool, lookup));
            if (!added.ok()) {
                return added;
            }
            edited = added.text();
        } else if (rule.required().contains(lookupCanonical)) {
            return new Edit(grammarText, null);
        } else {
            edited = widened(grammarText, rule.tool(), lookup);
            if (edited == null) {
                return refused("the rule for " + tool + " is written in a way this edit does not rewrite (a multi-line"
                        + " string or an unusual value); add " + string(lookup) + " to it by hand");
            }
        }
        GrammarResult after = GrammarLoader.parse(edited);
        if (!after.ok() || !after.grammar().required(tool).contains(lookupCanonical)) {
            return refused("adding the rule here would not load; add " + ruleLine(tool, lookup) + " by hand");
        }
        return new Edit(edited, null);
    }

    private static Edit refused(String why) {
        return new Edit(null, why);
    }

    /** The text with {@code line} at the end of {@code [precursor.requires]}, or a new such table after [precursor]. */
    private static Edit withNewRule(String text, String line) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        GrammarTableText.Located requires = GrammarTableText.locate(bytes, List.of("precursor", "requires"));
        GrammarTableText.Region at = requires.region();
        String insert;
        if (at != null && at.start() < at.end()) {
            insert = line + "\n";
        } else {
            GrammarTableText.Located precursor = GrammarTableText.locate(bytes, GrammarTableText.PRECURSOR);
            if (precursor.region() == null) {
                return refused(precursor.problem());
            }
            at = precursor.region();
            insert = "\n[precursor.requires]\n" + line + "\n";
        }
        int end = at.end();
        String before = new String(bytes, 0, end, StandardCharsets.UTF_8);
        String after = new String(bytes, end, bytes.length - end, StandardCharsets.UTF_8);
        String sep = before.isEmpty() || before.endsWith("\n") ? "" : lineEnd(text);
        return new Edit(before + sep + insert.replace("\n", lineEnd(text)) + after, null);
    }

    /** The text with {@code lookup} added to the value of {@code requires.<declaredTool>}, or null when it cannot. */
    private static String widened(String text, String declaredTool, String lookup) {
        TomlParseResult toml = Toml.parse(text);
        TomlPosition pos = toml.inputPositionOf(List.of("precursor", "requires", declaredTool));
        if (pos == null) {
            return null;
        }
        int i = offsetOf(text, pos.line(), pos.column());
        Lexer lx = new Lexer(text, i);
        if (!lx.skipKey() || !lx.expect('=')) {
            return null;
        }
        lx.skipSpaces();
        if (lx.at() == '"' || lx.at() == '\'') {
            int from = lx.i;
            if (!lx.skipString()) {
                return null;
            }
            return text.substring(0, from) + "[" + text.substring(from, lx.i) + ", " + string(lookup) + "]"
                    + text.substring(lx.i);
        }
        if (lx.at() != '[') {
            return null;
        }
        lx.i++;
        int lastEnd = -1;
        while (lx.i < text.length()) {
            lx.skipSpacesNewlinesComments();
            char c = lx.at();
            if (c == ']') {
                break;
            } else if (c == ',') {
                lx.i++;
            } else if (c == '"' || c == '\'') {
                if (!lx.skipString()) {
                    return null;
                }
                lastEnd = lx.i;
            } else {
                return null;
            }
        }
        if (lastEnd < 0 || lx.at() != ']') {
            return null;
        }
        return text.substring(0, lastEnd) + ", " + string(lookup) + text.substring(lastEnd);
    }

    /** The line end the text uses: CRLF when its first line ends so, else LF. */
    private static String lineEnd(String text) {
        int n = text.indexOf('\n');
        return n > 0 && text.charAt(n - 1) == '\r' ? "\r\n" : "\n";
    }

    /** The char offset of a 1-based line and column (columns count code points, as tomlj's do). */
    private static int offsetOf(String text, int line, int column) {
        int i = 0;
        for (int l = 1; l < line && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                l++;
            }
        }
        if (i == 0 && text.startsWith("\uFEFF")) {
            i = 1;
        }
        for (int c = 1; c < column && i < text.length(); c++) {
            i += Character.charCount(text.codePointAt(i));
        }
        return i;
    }

    /** A TOML key: bare when it can be, else a basic string. */
    static String key(String name) {
        return !name.isEmpty() && name.chars().allMatch(c -> c < 0x80
                && (Character.isLetterOrDigit(c) || c == '_' || c == '-')) ? name : string(name);
    }

    /** A TOML basic string: {@code "} and {@code \} escaped, control characters as {@code \}{@code uXXXX}. */
    static String string(String s) {
        StringBuilder b = new StringBuilder("\"");
        s.codePoints().forEach(cp -> {
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

    /** Just enough of TOML to walk over a key, an equals sign and a value of names. */
    private static final class Lexer {
        private final String t;
        int i;

        Lexer(String t, int i) {
            this.t = Objects.requireNonNull(t);
            this.i = i;
        }

        char at() {
            return i < t.length() ? t.charAt(i) : '\u0000';
        }

        void skipSpaces() {
            while (at() == ' ' || at() == '\t') {
                i++;
            }
        }

        void skipSpacesNewlinesComments() {
            while (i < t.length()) {
                char c = at();
                if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                    i++;
                } else if (c == '#') {
                    while (i < t.length() && at() != '\n') {
                        i++;
                    }
                } else {
                    return;
                }
            }
        }

        /** A dotted key of bare and quoted parts. */
        boolean skipKey() {
            boolean any = false;
            while (true) {
                skipSpaces();
                char c = at();
                if (c == '"' || c == '\'') {
                    if (!skipString()) {
                        return false;
                    }
                } else if (c < 0x80 && (Character.isLetterOrDigit(c) || c == '_' || c == '-')) {
                    while (at() < 0x80 && (Character.isLetterOrDigit(at()) || at() == '_' || at() == '-')) {
                        i++;
                    }
                } else {
                    return any;
                }
                any = true;
                skipSpaces();
                if (at() != '.') {
                    return true;
                }
                i++;
            }
        }

        boolean expect(char c) {
            skipSpaces();
            if (at() != c) {
                return false;
            }
            i++;
            return true;
        }

        /** A one-line basic or literal string; a multi-line one is refused (false). */
        boolean skipString() {
            char q = at();
            if (t.startsWith(String.valueOf(q).repeat(3), i)) {
                return false;
            }
            i++;
            while (i < t.length()) {
                char c = t.charAt(i);
                if (c == '\n') {
                    return false;
                }
                if (c == '\\' && q == '"') {
                    i += 2;
                    continue;
                }
                i++;
                if (c == q) {
                    return true;
                }
            }
            return false;
        }
    }
}
