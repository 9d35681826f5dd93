package dev.coroner.core.precursor;

import dev.coroner.core.text.CodePointOrder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Which lookup tools must have produced a result before a mutating tool is called (docs/VERDICTS.md, "Precursor gate"). The tools named
 * under {@code requires} are the gated ones; every other call is not judged. Immutable; built by
 * {@link GrammarLoader}, which refuses bad input instead of guessing.
 */
public final class PrecursorGrammar {
    /** Nothing gated (an empty {@code [precursor]} table): every call is NO_SIGNAL. */
    public static final PrecursorGrammar EMPTY = new PrecursorGrammar(false, Map.of(), Map.of());

    /**
     * The forensic exemptions of {@code [coroner.precursor]} (docs/VERDICTS.md, "Forensic exemptions"), as canonical
     * names sorted by code point; both empty when the grammar declares none.
     *
     * @param createdFile gated tools whose call is EXEMPT when its result says it created the file
     * @param ownWrite    tools whose successful earlier call on the same {@code file_path} counts as a lookup
     */
    public record Exemptions(List<String> createdFile, List<String> ownWrite) {
        public static final Exemptions NONE = new Exemptions(List.of(), List.of());

        public Exemptions {
            createdFile = List.copyOf(createdFile);
            ownWrite = List.copyOf(ownWrite);
        }

        public boolean isEmpty() {
            return createdFile.isEmpty() && ownWrite.isEmpty();
        }
    }

    /**
     * One gated tool.
     *
     * @param tool       the tool as the grammar spells it
     * @param canonical  its canonical name
     * @param precursors the canonical precursor names as declared, in declared order
     * @param required   every canonical name whose result satisfies the rule: the precursors and their aliases,
     *                   sorted in code point order
     * @param spellings  each name of {@code required} → the grammar's own spelling of it, in the grammar's order: each
     *                   precursor as {@code requires} declares it, then its aliases as {@code aliases} declares them.
     *                   Matching is canonical; what a person reads is this (docs/VERDICTS.md, "Precursor gate")
     */
    public record Rule(String tool, String canonical, List<String> precursors, List<String> required,
                       Map<String, String> spellings) {
        public Rule {
            Objects.requireNonNull(tool);
            Objects.requireNonNull(canonical);
            precursors = List.copyOf(precursors);
            required = List.copyOf(required);
            spellings = Collections.unmodifiableMap(new LinkedHashMap<>(spellings));
            if (!spellings.keySet().equals(new java.util.HashSet<>(required))) {
                throw new IllegalArgumentException("a spelling for each required name, and only for them");
            }
        }

        /** The names that satisfy this rule as the grammar spells them, in the grammar's order. */
        public List<String> spelled() {
            return List.copyOf(spellings.values());
        }

        /** The grammar's spelling of {@code canonicalNames} (names of {@link #required()}), in the grammar's order. */
        public List<String> spelled(Collection<String> canonicalNames) {
            return spellings.entrySet().stream().filter(e -> canonicalNames.contains(e.getKey()))
                    .map(Map.Entry::getValue).toList();
        }

        /** The grammar's spelling of one name of {@link #required()}. */
        public String spelling(String canonicalName) {
            String s = spellings.get(canonicalName);
            if (s == null) {
                throw new IllegalArgumentException(canonicalName + " does not satisfy the rule for " + tool);
            }
            return s;
        }
    }

    private final boolean caseSensitive;
    private final Map<String, Rule> rules;
    private final Map<String, List<String>> aliases;
    /** The aliases as declared: precursor as declared → names as declared (to keep their spelling in a derived grammar). */
    private final Map<String, List<String>> declaredAliases;
    private final Exemptions exemptions;
    /** {@code [precursor.commands]}: lookup as declared → command prefixes as declared, in file order. */
    private final Map<String, List<String>> declaredCommands;
    /** The same, ready to match: one entry per prefix, in file order. */
    private final List<CommandPrefix> commandPrefixes;

    /**
     * One command prefix of {@code [precursor.commands]}: a call whose command's simple commands each begin with the
     * words of one prefix counts as that prefix's lookup (docs/VERDICTS.md, "Command lookups").
     *
     * @param lookup    the lookup as the grammar spells it
     * @param canonical its canonical name
     * @param prefix    the prefix as declared
     * @param words     the prefix's words
     */
    record CommandPrefix(String lookup, String canonical, String prefix, List<String> words) {
        CommandPrefix {
            words = List.copyOf(words);
        }

        boolean matches(List<String> simpleCommand) {
            return simpleCommand.size() >= words.size() && simpleCommand.subList(0, words.size()).equals(words);
        }
    }

    PrecursorGrammar(boolean caseSensitive, Map<String, List<String>> requires, Map<String, List<String>> aliases) {
        this(caseSensitive, requires, aliases, List.of(), List.of());
    }

    PrecursorGrammar(boolean caseSensitive, Map<String, List<String>> requires, Map<String, List<String>> aliases,
                     List<String> createdFile, List<String> ownWrite) {
        this(caseSensitive, requires, aliases, createdFile, ownWrite, Map.of());
    }

    /**
     * @param requires gated tool as declared → precursors as declared, in file order; keys must be distinct
     *                 once canonical (the loader checks)
     * @param aliases  precursor as declared → other names that count as that precursor
     * @param createdFile tools as declared under {@code created_file} in {@code [coroner.precursor]}
     * @param ownWrite    tools as declared under {@code own_write}
     * @param commands    lookup as declared under {@code [precursor.commands]} → its command prefixes as declared
     */
    PrecursorGrammar(boolean caseSensitive, Map<String, List<String>> requires, Map<String, List<String>> aliases,
                     List<String> createdFile, List<String> ownWrite, Map<String, List<String>> commands) {
        this.caseSensitive = caseSensitive;
        Map<String, List<String>> byLookup = new LinkedHashMap<>();
        List<CommandPrefix> prefixes = new ArrayList<>();
        commands.forEach((lookup, list) -> {
            byLookup.put(lookup, List.copyOf(list));
            for (String prefix : list) {
                prefixes.add(new CommandPrefix(lookup, canonical(lookup), prefix, commandWords(prefix)));
            }
        });
        this.declaredCommands = Collections.unmodifiableMap(byLookup);
        this.commandPrefixes = List.copyOf(prefixes);
        this.exemptions = new Exemptions(canonicalSorted(createdFile), canonicalSorted(ownWrite));
        Map<String, List<String>> canonicalAliases = new LinkedHashMap<>();
        aliases.forEach((precursor, names) -> canonicalAliases.put(canonical(precursor),
                names.stream().map(this::canonical).distinct().toList()));
        this.aliases = Collections.unmodifiableMap(canonicalAliases);
        this.declaredAliases = Collections.unmodifiableMap(new LinkedHashMap<>(aliases));
        Map<String, List<String>> aliasSpellings = new LinkedHashMap<>();
        aliases.forEach((precursor, names) -> aliasSpellings.put(canonical(precursor), names));
        Map<String, Rule> byTool = new LinkedHashMap<>();
        requires.forEach((tool, precursors) -> {
            List<String> declared = precursors.stream().map(this::canonical).distinct().toList();
            TreeSet<String> required = new TreeSet<>(CodePointOrder.COMPARATOR);
            Map<String, String> spellings = new LinkedHashMap<>();
            for (String p : precursors) {
                String c = canonical(p);
                required.add(c);
                spellings.putIfAbsent(c, p);
                required.addAll(this.aliases.getOrDefault(c, List.of()));
                for (String alias : aliasSpellings.getOrDefault(c, List.of())) {
                    spellings.putIfAbsent(canonical(alias), alias);
                }
            }
            String key = canonical(tool);
            if (byTool.put(key, new Rule(tool, key, declared, new ArrayList<>(required), spellings)) != null) {
                throw new IllegalArgumentException("two gated tools canonicalise to " + key);
            }
        });
        this.rules = Collections.unmodifiableMap(byTool);
    }

    /** Whether names keep their case when matched ({@code case_sensitive = true}). */
    public boolean caseSensitive() {
        return caseSensitive;
    }

    /** {@code name} in the canonical form this grammar matches by. */
    public String canonical(String name) {
        return ToolNames.canonical(name, caseSensitive);
    }

    /** The rule for a tool as a transcript spells it, or null when the tool is not gated. */
    public Rule rule(String toolName) {
        return rules.get(canonical(toolName));
    }

    Rule ruleByCanonical(String canonicalName) {
        return rules.get(canonicalName);
    }

    /** The canonical names that satisfy {@code toolName}'s rule, sorted; empty when the tool is not gated. */
    public List<String> required(String toolName) {
        Rule r = rule(toolName);
        return r == null ? List.of() : r.required();
    }

    /** The gated tools, in the order the grammar declares them. */
    public Collection<Rule> rules() {
        return rules.values();
    }

    /** Canonical precursor → the canonical names that count as it. */
    public Map<String, List<String>> aliases() {
        return aliases;
    }

    /** The forensic exemptions; {@link Exemptions#NONE} without a {@code [coroner.precursor]} table. */
    public Exemptions exemptions() {
        return exemptions;
    }

    /**
     * This grammar as the reference reads it: the {@code [precursor]} table alone, without the forensic exemptions.
     * Every stance it gives is the reference's (docs/VERDICTS.md, "Forensic exemptions").
     */
    public PrecursorGrammar withoutExemptions() {
        return exemptions.isEmpty() ? this : new PrecursorGrammar(this, Exemptions.NONE);
    }

    private PrecursorGrammar(PrecursorGrammar of, Exemptions exemptions) {
        this(of, exemptions, of.declaredCommands, of.commandPrefixes);
    }

    private PrecursorGrammar(PrecursorGrammar of, Exemptions exemptions, Map<String, List<String>> declaredCommands,
                             List<CommandPrefix> commandPrefixes) {
        this.caseSensitive = of.caseSensitive;
        this.rules = of.rules;
        this.aliases = of.aliases;
        this.declaredAliases = of.declaredAliases;
        this.exemptions = exemptions;
        this.declaredCommands = declaredCommands;
        this.commandPrefixes = commandPrefixes;
    }

    /**
     * This grammar without its {@code [precursor.commands]} table: only lookup tools count, as in a grammar written
     * before the table existed (the reference gate has none). Exemptions stay.
     */
    public PrecursorGrammar withoutCommands() {
        return commandPrefixes.isEmpty() ? this : new PrecursorGrammar(this, exemptions, Map.of(), List.of());
    }

    private List<String> canonicalSorted(List<String> names) {
        TreeSet<String> sorted = new TreeSet<>(CodePointOrder.COMPARATOR);
        names.forEach(n -> sorted.add(canonical(n)));
        return List.copyOf(sorted);
    }

    /**
     * This grammar with a result of {@code precursor} accepted before {@code tool}: added to the tool's rule, or a new
     * rule when the tool is not gated. The proposer judges a proposal with it (docs/VERDICTS.md, "Coverage and
     * proposals"); aliases and exemptions stay as they are.
     */
    PrecursorGrammar withPrecursor(String tool, String precursor) {
        Map<String, List<String>> requires = new LinkedHashMap<>();
        String key = canonical(tool);
        boolean found = false;
        for (Rule r : rules.values()) {
            List<String> precursors = new ArrayList<>(r.precursors().stream().map(r::spelling).toList());
            if (r.canonical().equals(key)) {
                precursors.add(precursor);
                found = true;
            }
            requires.put(r.tool(), precursors);
        }
        if (!found) {
            requires.put(tool, List.of(precursor));
        }
        return new PrecursorGrammar(caseSensitive, requires, declaredAliases, exemptions.createdFile(),
                exemptions.ownWrite(), declaredCommands);
    }

    /** {@code [precursor.commands]} as declared: lookup → command prefixes, in file order; empty without the table. */
    public Map<String, List<String>> commands() {
        return declaredCommands;
    }

    /**
     * The lookups a shell command counts as under {@code [precursor.commands]} (docs/VERDICTS.md, "Command lookups"),
     * as canonical names in the grammar's order: every simple command it runs begins with a prefix, and it counts as
     * each of their lookups. Empty when any of them begins with none, or the command is refused (see
     * {@link ShellCommand}).
     */
    public List<String> commandLookups(String command) {
        return commandPrefixes.isEmpty() ? List.of() : commandLookups(ShellCommand.simpleCommands(command));
    }

    /** {@link #commandLookups(String)} of a command already split into its simple commands (null: refused). */
    List<String> commandLookups(List<List<String>> simpleCommands) {
        if (simpleCommands == null || simpleCommands.isEmpty() || commandPrefixes.isEmpty()) {
            return List.of();
        }
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        for (List<String> simple : simpleCommands) {
            boolean any = false;
            for (CommandPrefix p : commandPrefixes) {
                if (p.matches(simple)) {
                    names.add(p.canonical());
                    any = true;
                }
            }
            if (!any) {
                return List.of();
            }
        }
        return List.copyOf(names);
    }

    /** Whether the grammar names any command lookup. */
    public boolean hasCommands() {
        return !commandPrefixes.isEmpty();
    }

    /** A command prefix's words: split at blanks (the validator refuses quotes and shell operators in it). */
    static List<String> commandWords(String prefix) {
        return java.util.Arrays.stream(prefix.strip().split("[ \\t]+")).filter(w -> !w.isEmpty()).toList();
    }

    /** True when nothing is gated. */
    public boolean isEmpty() {
        return rules.isEmpty();
    }
}
