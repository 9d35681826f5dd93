package dev.coroner.core.precursor;

import dev.coroner.core.precursor.GrammarError.Kind;
import dev.coroner.core.text.EditDistance;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tomlj.TomlArray;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;

/**
 * Checks a parsed TOML table against the grammar's shape and turns it into a {@link PrecursorGrammar}, or into
 * every error it holds. A key nobody reads is an error, not a warning: its author believes it was followed.
 */
final class GrammarValidator {
    private static final String PRECURSOR = "precursor";
    private static final String CASE_SENSITIVE = "case_sensitive";
    private static final String REQUIRES = "requires";
    private static final String ALIASES = "aliases";
    private static final String COMMANDS = "commands";
    private static final List<String> PRECURSOR_KEYS = List.of(CASE_SENSITIVE, REQUIRES, ALIASES, COMMANDS);
    /** What a command prefix may not hold: quoting and shell operators, which it is never matched against. */
    private static final String NOT_IN_A_PREFIX = "'\"\\`$|&;<>()\n\r";

    private static final String CORONER = "coroner";
    private static final String CREATED_FILE = "created_file";
    private static final String OWN_WRITE = "own_write";
    private static final List<String> EXEMPTION_KEYS = List.of(CREATED_FILE, OWN_WRITE);

    private final TomlTable root;
    private final List<GrammarError> errors = new ArrayList<>();
    private final List<GrammarNote> notes = new ArrayList<>();

    GrammarValidator(TomlTable root) {
        this.root = root;
    }

    /**
     * Reads the {@code [precursor]} table and Coroner's {@code [coroner.precursor]} from any TOML file (a
     * {@code dos.toml} holds other tables: each is named in a note and left alone); strict inside both.
     */
    GrammarResult validate() {
        List<String> others = new ArrayList<>();
        for (String key : keysInFileOrder(root)) {
            if (!key.equals(PRECURSOR) && !key.equals(CORONER)) {
                note(root, key, quote(key) + " is not part of a precursor grammar: left alone");
                others.add(key);
            }
        }
        Object table = root.get(List.of(PRECURSOR));
        PrecursorGrammar grammar = null;
        if (table instanceof TomlTable precursor) {
            grammar = precursorTable(precursor);
        } else if (table != null) {
            error(root, PRECURSOR, Kind.WRONG_TYPE, quote(PRECURSOR) + " must be a table, not " + typeOf(table)
                    + "; write a [precursor] header");
        } else {
            noPrecursorTable(others);
        }
        Object coroner = root.get(List.of(CORONER));
        if (coroner instanceof TomlTable ours) {
            for (String key : keysInFileOrder(ours)) {
                if (!key.equals(PRECURSOR)) {
                    note(ours, key, quote(CORONER + "." + key) + " is not part of a precursor grammar: left alone");
                }
            }
            Object exemptions = ours.get(List.of(PRECURSOR));
            if (exemptions instanceof TomlTable t) {
                grammar = exemptions(t, grammar);
            } else if (exemptions != null) {
                error(ours, PRECURSOR, Kind.WRONG_TYPE, "`coroner.precursor` must be a table, not " + typeOf(exemptions)
                        + "; write a [coroner.precursor] header");
            }
        } else if (coroner != null) {
            error(root, CORONER, Kind.WRONG_TYPE, quote(CORONER) + " must be a table, not " + typeOf(coroner)
                    + "; Coroner's own settings go under a [coroner.precursor] header");
        }
        return errors.isEmpty() ? new GrammarResult(grammar, List.of(), notes) : new GrammarResult(null, errors, notes);
    }

    /** No {@code [precursor]} table: not a grammar, or its name is misspelt (said where the near miss is). */
    private void noPrecursorTable(List<String> others) {
        for (String other : others) {
            if (!suggestion(PRECURSOR, List.of(other)).isEmpty()) {
                error(root, other, Kind.NO_TABLE, "no [precursor] table; did you mean [precursor] for " + quote(other)
                        + "? The grammar is read from the table named precursor", PRECURSOR);
                return;
            }
        }
        add(null, null, Kind.NO_TABLE, "no [precursor] table, so this file holds no grammar; add a [precursor] header"
                + " with a [precursor.requires] table (an empty [precursor] gates nothing)");
    }

    private boolean caseSensitive;
    private Map<String, List<String>> gated = Map.of();
    private Map<String, List<String>> declaredAliases = Map.of();
    private Map<String, List<String>> declaredCommands = Map.of();

    /** The grammar of {@code [precursor]}, or null when it has errors. */
    private PrecursorGrammar precursorTable(TomlTable precursor) {
        for (String key : keysInFileOrder(precursor)) {
            if (!PRECURSOR_KEYS.contains(key)) {
                error(precursor, key, Kind.UNKNOWN_KEY, "unknown key " + quote(key) + " in [precursor]"
                        + suggestion(key, PRECURSOR_KEYS) + " (the keys are case_sensitive, requires, aliases and commands)",
                        suggested(key, PRECURSOR_KEYS));
            }
        }
        Object cs = precursor.get(List.of(CASE_SENSITIVE));
        if (cs instanceof Boolean b) {
            caseSensitive = b;
        } else if (cs != null) {
            error(precursor, CASE_SENSITIVE, Kind.WRONG_TYPE, quote(CASE_SENSITIVE) + " must be true or false, not "
                    + typeOf(cs) + "; write case_sensitive = true or case_sensitive = false, without quotes");
        }
        Map<String, List<String>> requires = nameLists(precursor, REQUIRES, caseSensitive, true);
        Map<String, List<String>> aliases = nameLists(precursor, ALIASES, caseSensitive, false);
        checkAliasesAreUsed(precursor, aliases, caseSensitive);
        Map<String, List<String>> commands = commands(precursor, aliases);
        gated = requires;
        declaredAliases = aliases;
        declaredCommands = commands;
        return errors.isEmpty() ? new PrecursorGrammar(caseSensitive, requires, aliases, List.of(), List.of(), commands)
                : null;
    }

    /**
     * Reads {@code [coroner.precursor]}, the forensic exemptions (docs/VERDICTS.md, "Forensic exemptions"), onto
     * {@code grammar}; null when anything is wrong.
     */
    private PrecursorGrammar exemptions(TomlTable table, PrecursorGrammar grammar) {
        for (String key : keysInFileOrder(table)) {
            if (!EXEMPTION_KEYS.contains(key)) {
                error(table, key, Kind.UNKNOWN_KEY, "unknown key " + quote(key) + " in [coroner.precursor]"
                        + suggestion(key, EXEMPTION_KEYS) + " (the keys are created_file and own_write)",
                        suggested(key, EXEMPTION_KEYS));
            }
        }
        List<String> createdFile = exemptionTools(table, CREATED_FILE);
        List<String> ownWrite = exemptionTools(table, OWN_WRITE);
        if (createdFile != null && grammar != null) {
            Map<String, String> gatedByCanonical = new LinkedHashMap<>();
            gated.keySet().forEach(t -> gatedByCanonical.putIfAbsent(ToolNames.canonical(t, caseSensitive), t));
            Object value = table.get(List.of(CREATED_FILE));
            for (int i = 0; i < createdFile.size(); i++) {
                String tool = createdFile.get(i);
                if (!gatedByCanonical.containsKey(ToolNames.canonical(tool, caseSensitive))) {
                    TomlPosition at = value instanceof TomlArray a ? a.inputPositionOf(i) : null;
                    String hint = suggestion(tool, List.copyOf(gatedByCanonical.values()));
                    add(at, table.inputPositionOf(List.of(CREATED_FILE)), Kind.UNUSED_EXEMPTION, quote(CREATED_FILE)
                            + " lists " + quote(tool) + ", which no rule under [precursor.requires] gates, so it would"
                            + " exempt nothing" + (hint.isEmpty() ? "; fix the name, or remove it" : hint),
                            at == null ? null : suggested(tool, List.copyOf(gatedByCanonical.values())));
                }
            }
        }
        if (grammar == null || !errors.isEmpty()) {
            return null;
        }
        return new PrecursorGrammar(caseSensitive, gated, declaredAliases,
                createdFile == null ? List.of() : createdFile, ownWrite == null ? List.of() : ownWrite, declaredCommands);
    }

    /** The tools an exemption key lists: a name or an array of names; null (with errors added) when wrong. */
    private List<String> exemptionTools(TomlTable table, String key) {
        Object value = table.get(List.of(key));
        if (value == null) {
            return List.of();
        }
        if (value instanceof TomlArray array && array.isEmpty()) {
            error(table, key, Kind.EMPTY, quote(key) + " lists no tool, so it would exempt nothing;"
                    + " name at least one tool, or remove the line");
            return null;
        }
        if (!(value instanceof String) && !(value instanceof TomlArray)) {
            error(table, key, Kind.WRONG_TYPE, quote(key) + " must list tools as a string or an array of strings, not "
                    + typeOf(value) + "; e.g. " + key + " = [\"Write\"]");
            return null;
        }
        return names(table, key, key, true);
    }

    /**
     * Reads {@code [precursor.requires]} or {@code [precursor.aliases]}: each key a tool name, each value a
     * tool name or an array of them. Returns what was valid, keyed as declared, in file order.
     */
    private Map<String, List<String>> nameLists(TomlTable precursor, String which, boolean caseSensitive,
                                                boolean requires) {
        Map<String, List<String>> lists = new LinkedHashMap<>();
        Object value = precursor.get(List.of(which));
        if (value == null) {
            return lists;
        }
        if (!(value instanceof TomlTable table)) {
            error(precursor, which, Kind.WRONG_TYPE, quote(which) + " must be a table, not " + typeOf(value)
                    + "; write a [precursor." + which + "] header and one line per tool, e.g. "
                    + (requires ? "Edit = [\"Read\"]" : "Read = [\"View\"]"));
            return lists;
        }
        Map<String, String> firstSpelling = new HashMap<>();
        for (String key : keysInFileOrder(table)) {
            String canonical = ToolNames.canonical(key, caseSensitive);
            if (canonical.isEmpty()) {
                error(table, key, Kind.EMPTY, "a tool name in [precursor." + which + "] is empty once trimmed;"
                        + " name the tool, or remove the line");
                continue;
            }
            String earlier = firstSpelling.putIfAbsent(canonical, key);
            if (earlier != null) {
                TomlPosition at = table.inputPositionOf(List.of(earlier));
                error(table, key, Kind.DUPLICATE, quote(key) + " is the same tool as " + quote(earlier)
                        + (at == null ? "" : " at line " + at.line() + ", column " + at.column())
                        + " (both are " + quote(canonical) + " once "
                        + (caseSensitive ? "'-' and '.' are read as '_'" : "case is folded and '-' and '.' are read as '_'")
                        + "); keep one of the two lines");
                continue;
            }
            List<String> names = names(table, key, which, requires);
            if (names != null) {
                lists.put(key, names);
            }
        }
        return lists;
    }

    /** The tool names a value lists, or null (with errors added) when it is not a name or an array of names. */
    private List<String> names(TomlTable table, String key, String which, boolean requires) {
        Object value = table.get(List.of(key));
        if (value instanceof String s) {
            return checkName(s, table.inputPositionOf(List.of(key)), "the value of " + quote(key)) ? List.of(s) : null;
        }
        if (!(value instanceof TomlArray array)) {
            error(table, key, Kind.WRONG_TYPE, quote(key) + " must list " + (requires ? "its precursor tools" : "other names")
                    + " as a string or an array of strings, not " + typeOf(value) + "; e.g. " + key(key)
                    + (requires ? " = [\"Read\"]" : " = [\"View\"]"));
            return null;
        }
        if (array.isEmpty() && requires) {
            error(table, key, Kind.EMPTY, quote(key) + " lists no precursor, so it would gate nothing;"
                    + " name at least one tool, or remove the line");
            return null;
        }
        List<String> names = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < array.size(); i++) {
            Object element = array.get(i);
            String what = "item " + (i + 1) + " of " + quote(key);
            if (element instanceof String s) {
                ok &= checkName(s, array.inputPositionOf(i), what);
                names.add(s);
            } else {
                ok = false;
                add(array.inputPositionOf(i), table.inputPositionOf(List.of(key)), Kind.WRONG_TYPE,
                        what + " must be a string (a tool name), not " + typeOf(element)
                                + (element instanceof TomlArray ? "; list the names in one flat array" : "; put it in quotes"));
            }
        }
        return ok ? names : null;
    }

    private boolean checkName(String name, TomlPosition at, String what) {
        if (ToolNames.canonical(name, true).isEmpty()) {
            add(at, null, Kind.EMPTY, what + " is empty once trimmed; name a tool, or remove it");
            return false;
        }
        return true;
    }

    /**
     * Reads {@code [precursor.commands]} (docs/VERDICTS.md, "Command lookups"): each key a lookup some rule accepts (a
     * precursor or an alias of one), each value a command prefix or an array of them, each prefix plain words. Returns
     * what was valid, keyed as declared, in file order.
     */
    private Map<String, List<String>> commands(TomlTable precursor, Map<String, List<String>> aliases) {
        Map<String, List<String>> lists = new LinkedHashMap<>();
        Object value = precursor.get(List.of(COMMANDS));
        if (value == null) {
            return lists;
        }
        if (!(value instanceof TomlTable table)) {
            error(precursor, COMMANDS, Kind.WRONG_TYPE, quote(COMMANDS) + " must be a table, not " + typeOf(value)
                    + "; write a [precursor.commands] header and one line per lookup, e.g. Read = [\"cat\", \"sed -n\"]");
            return lists;
        }
        Map<String, String> accepted = new LinkedHashMap<>(); // canonical → first spelling: what a rule accepts
        if (precursor.get(List.of(REQUIRES)) instanceof TomlTable requires) {
            for (String tool : keysInFileOrder(requires)) {
                Object v = requires.get(List.of(tool));
                for (Object item : v instanceof TomlArray array ? array.toList() : List.of(v)) {
                    if (item instanceof String s) {
                        accepted.putIfAbsent(ToolNames.canonical(s, caseSensitive), s);
                    }
                }
            }
        }
        aliases.values().forEach(names -> names.forEach(n -> accepted.putIfAbsent(ToolNames.canonical(n, caseSensitive), n)));
        Map<String, String> firstSpelling = new HashMap<>();
        for (String key : keysInFileOrder(table)) {
            String canonical = ToolNames.canonical(key, caseSensitive);
            if (canonical.isEmpty()) {
                error(table, key, Kind.EMPTY, "a lookup name in [precursor.commands] is empty once trimmed;"
                        + " name the lookup the commands count as, or remove the line");
                continue;
            }
            String earlier = firstSpelling.putIfAbsent(canonical, key);
            if (earlier != null) {
                TomlPosition at = table.inputPositionOf(List.of(earlier));
                error(table, key, Kind.DUPLICATE, quote(key) + " is the same lookup as " + quote(earlier)
                        + (at == null ? "" : " at line " + at.line() + ", column " + at.column())
                        + "; list all its commands on one line");
                continue;
            }
            List<String> prefixes = prefixes(table, key);
            if (prefixes == null) {
                continue;
            }
            if (!accepted.containsKey(canonical)) {
                String hint = suggestion(key, List.copyOf(accepted.values()));
                error(table, key, Kind.UNUSED_COMMANDS, "commands that count as " + quote(key) + " change nothing: no"
                        + " rule under [precursor.requires] accepts " + quote(key) + " (as a precursor or an alias)"
                        + (hint.isEmpty() ? "; fix the name, or add a rule that requires it" : hint),
                        suggested(key, List.copyOf(accepted.values())));
                continue;
            }
            lists.put(key, prefixes);
        }
        return lists;
    }

    /** A lookup's command prefixes: a string or a non-empty array of them, each plain words; null with errors. */
    private List<String> prefixes(TomlTable table, String key) {
        Object value = table.get(List.of(key));
        if (value instanceof TomlArray array && array.isEmpty()) {
            error(table, key, Kind.EMPTY, quote(key) + " lists no command, so it would count nothing as a lookup;"
                    + " name at least one command, or remove the line");
            return null;
        }
        if (!(value instanceof String) && !(value instanceof TomlArray)) {
            error(table, key, Kind.WRONG_TYPE, quote(key) + " must list command prefixes as a string or an array of"
                    + " strings, not " + typeOf(value) + "; e.g. " + key(key) + " = [\"cat\", \"sed -n\"]");
            return null;
        }
        List<Object> items = value instanceof TomlArray array ? array.toList() : List.of(value);
        List<String> prefixes = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < items.size(); i++) {
            Object element = items.get(i);
            TomlPosition at = value instanceof TomlArray array ? array.inputPositionOf(i) : null;
            TomlPosition keyAt = table.inputPositionOf(List.of(key));
            String what = value instanceof TomlArray ? "item " + (i + 1) + " of " + quote(key) : "the value of " + quote(key);
            if (!(element instanceof String s)) {
                ok = false;
                add(at, keyAt, Kind.WRONG_TYPE, what + " must be a string (a command prefix such as \"sed -n\"), not "
                        + typeOf(element) + (element instanceof TomlArray ? "; list the commands in one flat array" : "; put it in quotes"));
                continue;
            }
            if (s.isBlank()) {
                ok = false;
                add(at, keyAt, Kind.EMPTY, what + " is an empty command, which every command would begin with;"
                        + " name a command, or remove it");
                continue;
            }
            int bad = firstOf(s, NOT_IN_A_PREFIX);
            if (bad >= 0) {
                ok = false;
                add(at, keyAt, Kind.BAD_COMMAND, what + " holds " + (s.charAt(bad) == '\n' || s.charAt(bad) == '\r'
                        ? "a line end" : quote(String.valueOf(s.charAt(bad)))) + ", which a command prefix may not hold: it is"
                        + " plain words (a program and its first arguments, e.g. \"sed -n\"), matched against the command"
                        + " with its quoting taken off; remove the quotes and shell operators");
                continue;
            }
            prefixes.add(s);
        }
        return ok ? prefixes : null;
    }

    private static int firstOf(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    /** An alias of a precursor no gated tool requires changes no verdict: most often a misspelt precursor. */
    private void checkAliasesAreUsed(TomlTable precursor, Map<String, List<String>> aliases, boolean caseSensitive) {
        if (aliases.isEmpty() || !(precursor.get(List.of(ALIASES)) instanceof TomlTable table)) {
            return;
        }
        Map<String, String> precursors = new LinkedHashMap<>(); // canonical → first spelling, for suggestions
        // Read leniently from the raw table, so a mistake in one rule does not also flag its precursor's aliases.
        if (precursor.get(List.of(REQUIRES)) instanceof TomlTable requires) {
            for (String tool : keysInFileOrder(requires)) {
                Object v = requires.get(List.of(tool));
                List<Object> items = v instanceof TomlArray array ? array.toList() : List.of(v);
                for (Object item : items) {
                    if (item instanceof String s) {
                        precursors.putIfAbsent(ToolNames.canonical(s, caseSensitive), s);
                    }
                }
            }
        }
        for (String key : aliases.keySet()) {
            if (!precursors.containsKey(ToolNames.canonical(key, caseSensitive))) {
                String hint = suggestion(key, List.copyOf(precursors.values()));
                error(table, key, Kind.UNUSED_ALIAS, "aliases for " + quote(key) + " change nothing: no tool under"
                        + " [precursor.requires] lists " + quote(key) + " as a precursor"
                        + (hint.isEmpty() ? "; fix the name, or add a rule that requires it" : hint),
                        suggested(key, List.copyOf(precursors.values())));
            }
        }
    }

    private void note(TomlTable table, String key, String message) {
        TomlPosition p = table.inputPositionOf(List.of(key));
        notes.add(new GrammarNote(p == null ? 1 : Math.max(1, p.line()), p == null ? 1 : Math.max(1, p.column()), message));
    }

    private void error(TomlTable table, String key, Kind kind, String message) {
        error(table, key, kind, message, null);
    }

    /** An error at {@code key}; {@code suggestion} (or null) is the name meant there, for the editor's one-click fix. */
    private void error(TomlTable table, String key, Kind kind, String message, String suggestion) {
        TomlPosition p = table.inputPositionOf(List.of(key));
        add(p, null, kind, message, p == null ? null : suggestion);
    }

    private void add(TomlPosition at, TomlPosition fallback, Kind kind, String message) {
        add(at, fallback, kind, message, null);
    }

    private void add(TomlPosition at, TomlPosition fallback, Kind kind, String message, String suggestion) {
        TomlPosition p = at != null ? at : fallback;
        int line = p == null ? 1 : Math.max(1, p.line());
        int column = p == null ? 1 : Math.max(1, p.column());
        errors.add(new GrammarError(line, column, kind, message, suggestion));
    }

    /** A table's keys in the order they appear in the file, so "the second key" is the later one. */
    private static List<String> keysInFileOrder(TomlTable table) {
        List<String> keys = new ArrayList<>(table.keySet());
        keys.sort(Comparator.comparing((String k) -> table.inputPositionOf(List.of(k)),
                Comparator.nullsLast(Comparator.comparingInt(TomlPosition::line).thenComparingInt(TomlPosition::column))));
        return keys;
    }

    /** "; did you mean `requires`?" when one of {@code known} is a small edit away from {@code key}, else "". */
    static String suggestion(String key, List<String> known) {
        String best = suggested(key, known);
        return best != null ? "; did you mean " + quote(best) + "?" : "";
    }

    /** The one of {@code known} a small edit away from {@code key}, or null. */
    static String suggested(String key, List<String> known) {
        String k = key.toLowerCase(Locale.ROOT).replace('-', '_').replace('.', '_');
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int d = EditDistance.of(k, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        int allowed = Math.max(2, k.length() / 3);
        return best != null && bestDistance <= allowed ? best : null;
    }

    private static String quote(String key) {
        return "`" + key + "`";
    }

    /** A key as it would be written in TOML: bare when it can be, else quoted. */
    private static String key(String key) {
        return key.matches("[A-Za-z0-9_-]+") ? key : "\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String typeOf(Object v) {
        if (v instanceof String) {
            return "a string";
        }
        if (v instanceof Long) {
            return "an integer";
        }
        if (v instanceof Double) {
            return "a float";
        }
        if (v instanceof Boolean) {
            return "a boolean";
        }
        if (v instanceof TomlArray) {
            return "an array";
        }
        if (v instanceof TomlTable) {
            return "a table";
        }
        if (v instanceof OffsetDateTime || v instanceof LocalDateTime) {
            return "a date-time";
        }
        if (v instanceof LocalDate) {
            return "a date";
        }
        if (v instanceof LocalTime) {
            return "a time";
        }
        return "a " + v.getClass().getSimpleName();
    }
}
