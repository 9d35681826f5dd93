package dev.coroner.core.precursor;

import dev.coroner.core.text.Cut;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The precursor gate (docs/VERDICTS.md, "Precursor gate", the reference {@code classify_call}): for each call of a gated tool, did one of
 * its required lookups produce a result earlier in the stream? The ladder, top to bottom: not gated →
 * NO_SIGNAL; nothing in the stream yet → NO_SIGNAL; a required name present → ATTESTED; otherwise REFUTED,
 * whose only consequence is a WARN — unless a forensic exemption of the grammar applies, which makes it EXEMPT
 * (docs/VERDICTS.md, "Forensic exemptions"). Without exemptions every stance is the reference's.
 *
 * <p>Pure and fast: the transcript was read once into a {@link CallStream}; judging a grammar canonicalises
 * each distinct tool name once and then costs a few array reads per call, so the grammar editor can re-judge
 * on every keystroke (docs/ARCHITECTURE.md, "The pass").
 */
public final class PrecursorGate {
    /** Why a call only a command attested is REFUTED when its own result failed (docs/VERDICTS.md, "Command lookups"). */
    private static final String COMMAND_REFUSED = ", and this call's own result failed: a command lookup never attests"
            + " a call the harness refused (such as \"File has not been read yet\")";

    /** A command quoted in a reason or an explanation is cut to this many chars; the call's record holds it whole. */
    static final int SHOWN_COMMAND_CHARS = 200;
    private static final String NOTHING_YET =
            "no tool had returned a result before this call, so no lookup could have fired yet";

    private PrecursorGate() {
    }

    /** Verdicts for every call of a gated tool, in file order. */
    public static List<PrecursorVerdict> evaluate(PrecursorGrammar grammar, CallStream stream) {
        Judge judge = new Judge(grammar, stream);
        List<PrecursorVerdict> verdicts = new ArrayList<>();
        for (int i = 0; i < stream.size(); i++) {
            if (judge.gated(i)) {
                verdicts.add(judge.verdict(i));
            }
        }
        return verdicts;
    }

    /** The verdict on any one call, gated or not. */
    public static PrecursorVerdict judge(PrecursorGrammar grammar, CallStream stream, int call) {
        return new Judge(grammar, stream).verdict(call);
    }

    /**
     * Why {@code call} got its verdict: the result (and alias) that satisfied it, what had returned before a REFUTED
     * call, the exemption that applied, or that no rule names its tool (docs/VERDICTS.md, "Explanations").
     */
    public static PrecursorExplanation explain(PrecursorGrammar grammar, CallStream stream, int call) {
        PrecursorVerdict v = judge(grammar, stream, call);
        ToolCall c = v.call();
        int seen = stream.seen(call);
        PrecursorGrammar.Rule rule = grammar.rule(c.tool());
        if (rule == null) {
            return new PrecursorExplanation(v, false, null, null, null, List.of(), seen, null,
                    "not gated: no rule names " + c.tool());
        }
        switch (v.stance()) {
            case ATTESTED -> {
                for (int p = seen - 1; p >= 0; p--) {
                    int looked = stream.streamCall(p);
                    String name = grammar.canonical(stream.tool(stream.toolOf(looked)));
                    String command = null;
                    if (!rule.required().contains(name)) {
                        name = commandLookup(grammar, stream, looked, rule);
                        if (name == null) {
                            continue;
                        }
                        command = stream.command(looked);
                    }
                    ToolCall by = stream.call(looked);
                    String found = name;
                    String aliasOf = rule.precursors().contains(name) ? null : rule.precursors().stream()
                            .filter(pr -> grammar.aliases().getOrDefault(pr, List.of()).contains(found))
                            .findFirst().orElse(null);
                    String alias = aliasOf == null ? "" : ", an alias of " + rule.spelling(aliasOf);
                    return new PrecursorExplanation(v, true, by, name, aliasOf, List.of(), seen, null,
                            command == null
                                    ? "ATTESTED by " + by.tool() + " (the call at line " + by.line() + ")" + alias
                                            + ": its result came in before this call"
                                    : "ATTESTED: " + rule.spelling(name) + " by " + shown(command) + " (the " + by.tool()
                                            + " call at line " + by.line() + ", a command [precursor.commands] counts as "
                                            + rule.spelling(name) + alias + "): its result came in before this call",
                            command);
                }
                throw new IllegalStateException("an ATTESTED call with no required result before it");
            }
            case REFUTED -> {
                java.util.LinkedHashSet<String> before = new java.util.LinkedHashSet<>(stream.streamBefore(call));
                List<String> names = List.copyOf(before);
                String command = attestingCommand(grammar, stream, call);
                if (command != null) { // a command counted, but the call's own result failed
                    return new PrecursorExplanation(v, true, null, null, null, names, seen, null,
                            "REFUTED: " + v.reason(), command);
                }
                return new PrecursorExplanation(v, true, null, null, null, names, seen, null,
                        "REFUTED: none of " + anyOf(rule.spelled()) + " had returned a result; before it, " + seen
                                + (seen == 1 ? " result" : " results") + " had come in, from " + allOf(names));
            }
            case EXEMPT -> {
                ToolCall by = null;
                if (v.exemption() == PrecursorExemption.OWN_WRITE) {
                    int path = stream.pathOf(call);
                    for (int p = 0; p < seen && by == null; p++) {
                        int w = stream.streamCall(p);
                        if (stream.pathOf(w) == path && stream.succeeded(w) && grammar.exemptions().ownWrite()
                                .contains(grammar.canonical(stream.tool(stream.toolOf(w))))) {
                            by = stream.call(w);
                        }
                    }
                }
                return new PrecursorExplanation(v, true, null, null, null, List.of(), seen, by,
                        "EXEMPT by " + v.exemption().key() + " in [coroner.precursor]: " + (by != null
                                ? by.tool() + " of the same file_path (the call at line " + by.line()
                                        + ") had succeeded before, so it counts as the lookup"
                                : "its result says it created the file, so there was nothing to look up"));
            }
            default -> {
                return new PrecursorExplanation(v, true, null, null, null, List.of(), 0, null,
                        "NO_SIGNAL: nothing had returned a result before this call, so no lookup could have fired yet");
            }
        }
    }

    /**
     * The first of {@code rule}'s required names that {@code call}'s command counts as under the grammar's
     * {@code [precursor.commands]}, in the order the command lookups are declared; null when none.
     */
    private static String commandLookup(PrecursorGrammar grammar, CallStream stream, int call, PrecursorGrammar.Rule rule) {
        int c = stream.commandOf(call);
        if (c < 0 || !grammar.hasCommands()) {
            return null;
        }
        for (String name : grammar.commandLookups(stream.commandParts(c))) {
            if (rule.required().contains(name)) {
                return name;
            }
        }
        return null;
    }

    /**
     * The command that made the latest lookup before {@code call} count for its rule, when no lookup tool had
     * answered before it and a command did (docs/VERDICTS.md, "Command lookups"); else null. The window's Changes tab
     * names it. (When the call's own result failed, that command did not attest it: the call is REFUTED.)
     */
    public static String attestingCommand(PrecursorGrammar grammar, CallStream stream, int call) {
        PrecursorGrammar.Rule rule = grammar.rule(stream.call(call).tool());
        if (rule == null || !grammar.hasCommands()) {
            return null;
        }
        String command = null;
        for (int p = stream.seen(call) - 1; p >= 0; p--) {
            int looked = stream.streamCall(p);
            if (rule.required().contains(grammar.canonical(stream.tool(stream.toolOf(looked))))) {
                return null; // a lookup tool answered: no command was needed
            }
            if (command == null && commandLookup(grammar, stream, looked, rule) != null) {
                command = stream.command(looked);
            }
        }
        return command;
    }

    /** A command as a sentence quotes it: in backquotes, cut to {@link #SHOWN_COMMAND_CHARS}. */
    static String shown(String command) {
        return "`" + Cut.to(command, SHOWN_COMMAND_CHARS) + "`";
    }

    /**
     * A WARN for a REFUTED verdict; nothing for the others. No verdict ever leads to more than a WARN. The warning
     * names the missing lookups as {@code grammar}, the one that judged, spells them.
     */
    public static Optional<PrecursorWarning> intervention(PrecursorGrammar grammar, PrecursorVerdict verdict) {
        if (!verdict.warns()) {
            return Optional.empty();
        }
        List<String> missing = grammar.rule(verdict.call().tool()).spelled();
        return Optional.of(new PrecursorWarning(verdict.call(), missing,
                "WARN: " + verdict.call().tool() + " was called before " + anyOf(missing)
                        + " returned a result; check that the mandated lookup ran"));
    }

    /** A grammar made ready for one stream. */
    private static final class Judge {
        private final CallStream stream;
        private final PrecursorGrammar.Rule[] ruleOfTool;
        private final Map<String, Integer> firstByName = new HashMap<>();
        /** Per lookup name: the stream position of the first result of a call whose command counts as it. */
        private final Map<String, Integer> firstByCommand = new HashMap<>();
        /** Per distinct command of the stream: the lookups it counts as (only when the grammar names commands). */
        private List<String>[] commandNames;
        /** The stream positions of calls whose command counts as some lookup, ascending. */
        private int[] commandPositions = new int[0];
        private final Map<PrecursorGrammar.Rule, RuleOutcomes> outcomes = new IdentityHashMap<>();
        /** Per tool: exempt when its result says it created the file. */
        private final boolean[] createdFileTool;
        /** Per distinct file_path: the stream position of the first successful own_write call on it, and that call. */
        private final int[] firstOwnWrite;
        private final int[] firstOwnWriteCall;

        @SuppressWarnings("unchecked")
        Judge(PrecursorGrammar grammar, CallStream stream) {
            this.stream = stream;
            int n = stream.distinctTools();
            ruleOfTool = new PrecursorGrammar.Rule[n];
            createdFileTool = new boolean[n];
            boolean[] ownWriteTool = new boolean[n];
            PrecursorGrammar.Exemptions exemptions = grammar.exemptions();
            for (int t = 0; t < n; t++) {
                String canonical = grammar.canonical(stream.tool(t));
                ruleOfTool[t] = grammar.ruleByCanonical(canonical);
                createdFileTool[t] = exemptions.createdFile().contains(canonical);
                ownWriteTool[t] = exemptions.ownWrite().contains(canonical);
                int first = stream.firstStreamPosition(t);
                if (first != Integer.MAX_VALUE) {
                    firstByName.merge(canonical, first, Math::min);
                }
            }
            if (grammar.hasCommands()) {
                commandNames = new List[stream.distinctCommands()];
                for (int c = 0; c < commandNames.length; c++) {
                    commandNames[c] = grammar.commandLookups(stream.commandParts(c));
                }
                int[] positions = new int[stream.results()];
                int n2 = 0;
                for (int p = 0; p < stream.results(); p++) {
                    int c = stream.commandOf(stream.streamCall(p));
                    if (c >= 0 && !commandNames[c].isEmpty()) {
                        positions[n2++] = p;
                        for (String name : commandNames[c]) {
                            firstByCommand.merge(name, p, Math::min);
                        }
                    }
                }
                commandPositions = java.util.Arrays.copyOf(positions, n2);
            }
            int paths = exemptions.ownWrite().isEmpty() ? 0 : stream.distinctPaths();
            firstOwnWrite = new int[paths];
            firstOwnWriteCall = new int[paths];
            java.util.Arrays.fill(firstOwnWrite, Integer.MAX_VALUE);
            for (int p = 0; paths > 0 && p < stream.results(); p++) {
                int c = stream.streamCall(p);
                int path = stream.pathOf(c);
                if (path >= 0 && firstOwnWrite[path] == Integer.MAX_VALUE && ownWriteTool[stream.toolOf(c)]
                        && stream.succeeded(c)) {
                    firstOwnWrite[path] = p;
                    firstOwnWriteCall[path] = c;
                }
            }
        }

        boolean gated(int call) {
            return ruleOfTool[stream.toolOf(call)] != null;
        }

        PrecursorVerdict verdict(int call) {
            ToolCall c = stream.call(call);
            PrecursorGrammar.Rule rule = ruleOfTool[stream.toolOf(call)];
            if (rule == null) {
                return new PrecursorVerdict(c, PrecursorStance.NO_SIGNAL, List.of(), List.of(),
                        c.tool() + " is not gated: no rule under [precursor.requires] names it");
            }
            int seen = stream.seen(call);
            if (seen == 0) {
                return new PrecursorVerdict(c, PrecursorStance.NO_SIGNAL, rule.required(), List.of(), NOTHING_YET);
            }
            Outcome out = outcomes.computeIfAbsent(rule, RuleOutcomes::new).at(seen);
            if (out.stance == PrecursorStance.REFUTED) {
                PrecursorVerdict exempt = exempt(c, rule, seen);
                if (exempt != null) {
                    return exempt;
                }
            }
            if (out.byCommandOnly) {
                int looked = latestCommand(rule, seen);
                String name = commandLookupOf(rule, looked);
                ToolCall by = stream.call(looked);
                String command = rule.spelling(name) + " by " + shown(stream.command(looked)) + " (the " + by.tool()
                        + " call at line " + by.line() + ")";
                if (stream.answered(call) && !stream.succeeded(call)) {
                    // Coroner's own relaxation never overrides the harness's own word: a refused call stays REFUTED
                    return new PrecursorVerdict(c, PrecursorStance.REFUTED, rule.required(), List.of(),
                            "only a command had counted as " + anyOf(rule.spelled()) + ": " + command + COMMAND_REFUSED);
                }
                return new PrecursorVerdict(c, out.stance, rule.required(), out.present,
                        "a mandated lookup fired first: " + command + " returned a result before this call");
            }
            return new PrecursorVerdict(c, out.stance, rule.required(), out.present, out.reason);
        }

        /** The latest call before the stream position {@code seen} whose command counts as one of the rule's names. */
        private int latestCommand(PrecursorGrammar.Rule rule, int seen) {
            int at = java.util.Arrays.binarySearch(commandPositions, seen);
            for (int k = (at < 0 ? -at - 1 : at) - 1; k >= 0; k--) {
                int looked = stream.streamCall(commandPositions[k]);
                if (commandLookupOf(rule, looked) != null) {
                    return looked;
                }
            }
            throw new IllegalStateException("attested by a command, but no command counts before the call");
        }

        private String commandLookupOf(PrecursorGrammar.Rule rule, int looked) {
            for (String name : commandNames[stream.commandOf(looked)]) {
                if (rule.required().contains(name)) {
                    return name;
                }
            }
            return null;
        }

        /**
         * A REFUTED call that an exemption covers, or null. Never a call whose own result failed or never came: a
         * refusal such as "File has not been read yet" is the harness's own word that no lookup was in effect.
         */
        private PrecursorVerdict exempt(ToolCall c, PrecursorGrammar.Rule rule, int seen) {
            int call = c.index();
            if (!stream.succeeded(call)) {
                return null;
            }
            if (createdFileTool[stream.toolOf(call)] && stream.created(call)) {
                return new PrecursorVerdict(c, PrecursorStance.EXEMPT, rule.required(), List.of(),
                        "EXEMPT by created_file: its result says it created the file, so there was nothing to look up"
                                + " before it", PrecursorExemption.CREATED_FILE);
            }
            int path = stream.pathOf(call);
            if (path >= 0 && path < firstOwnWrite.length && firstOwnWrite[path] < seen) {
                ToolCall w = stream.call(firstOwnWriteCall[path]);
                return new PrecursorVerdict(c, PrecursorStance.EXEMPT, rule.required(), List.of(),
                        "EXEMPT by own_write: " + w.tool() + " of the same file_path (line " + w.line()
                                + ") had returned successfully before this call, so it counts as the lookup",
                        PrecursorExemption.OWN_WRITE);
            }
            return null;
        }

        /** The few distinct outcomes a rule can have, made once each: which required names were present. */
        private final class RuleOutcomes {
            private final PrecursorGrammar.Rule rule;
            private final int[] first;
            /** The first result of a lookup tool itself, without the commands that count as it. */
            private final int[] firstTool;
            private final Map<Long, Outcome> byPresent = new HashMap<>();

            RuleOutcomes(PrecursorGrammar.Rule rule) {
                this.rule = rule;
                List<String> required = rule.required();
                first = new int[required.size()];
                firstTool = new int[required.size()];
                for (int i = 0; i < first.length; i++) {
                    firstTool[i] = firstByName.getOrDefault(required.get(i), Integer.MAX_VALUE);
                    first[i] = Math.min(firstTool[i], firstByCommand.getOrDefault(required.get(i), Integer.MAX_VALUE));
                }
            }

            Outcome at(int seen) {
                if (first.length >= Long.SIZE / 2) {
                    return outcome(seen);
                }
                long mask = 0;
                for (int i = 0; i < first.length; i++) {
                    if (first[i] < seen) {
                        mask |= 1L << i;
                    }
                    if (firstTool[i] < seen) {
                        mask |= 1L << (i + Long.SIZE / 2);
                    }
                }
                return byPresent.computeIfAbsent(mask, m -> outcome(seen));
            }

            private Outcome outcome(int seen) {
                List<String> present = new ArrayList<>();
                for (int i = 0; i < first.length; i++) {
                    if (first[i] < seen) {
                        present.add(rule.required().get(i));
                    }
                }
                if (present.isEmpty()) {
                    return new Outcome(PrecursorStance.REFUTED, List.of(), "results had come in, but none from "
                            + anyOf(rule.spelled()) + ": the mandated lookup had not fired before this call");
                }
                boolean byTool = false;
                for (int i = 0; i < firstTool.length; i++) {
                    byTool |= firstTool[i] < seen;
                }
                return new Outcome(PrecursorStance.ATTESTED, List.copyOf(present), "a mandated lookup fired first: "
                        + allOf(rule.spelled(present)) + " returned a result before this call", !byTool);
            }
        }
    }

    /** @param byCommandOnly ATTESTED, and only by commands that count as a lookup: the reason names the command per call */
    private record Outcome(PrecursorStance stance, List<String> present, String reason, boolean byCommandOnly) {
        Outcome(PrecursorStance stance, List<String> present, String reason) {
            this(stance, present, reason, false);
        }
    }

    private static String anyOf(List<String> names) {
        return join(names, " or ");
    }

    private static String allOf(List<String> names) {
        return join(names, " and ");
    }

    private static String join(List<String> names, String last) {
        if (names.size() == 1) {
            return names.get(0);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + last + names.get(names.size() - 1);
    }
}
