package dev.coroner.app.ui.model;

import dev.coroner.core.index.RowFlags;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.precursor.GrammarEdits;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.core.precursor.ToolCall;
import dev.coroner.core.precursor.ToolNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The grammar edits a call of the timeline offers (docs/WORKBENCH.md, "The grammar panel"): the lookups it could
 * require (the tools whose results came in before it, most recent first, then the grammar's precursors), the
 * precursors it could be an alias of, and the exemptions. Each is made in the editor's text by {@link GrammarEdits}.
 *
 * @param tool          the call's tool, as the transcript spells it
 * @param gated         whether the grammar judged by gates it (an exemption only applies to a gated tool)
 * @param lookups       candidate lookups: each name with why it is offered
 * @param precursors    the grammar's precursors, as its text spells them, for "add as an alias of"
 */
public record EvidenceEdits(String tool, boolean gated, List<Lookup> lookups, List<String> precursors) {
    /** At most this many lookups are offered: a menu, not a list of the whole run. */
    static final int MAX_LOOKUPS = 12;

    /** A lookup a rule could require before the call. */
    public record Lookup(String name, boolean returnedBefore) {
    }

    public EvidenceEdits {
        lookups = List.copyOf(lookups);
        precursors = List.copyOf(precursors);
    }

    /**
     * What the call on {@code row} offers, or null when the row holds no call (or its transcript is still read).
     *
     * @param grammar the grammar the window judges by, or null
     * @param text    the grammar editor's text
     */
    public static EvidenceEdits of(TranscriptIndex index, TimelineRow row, PrecursorGrammar grammar, String text) {
        if (index == null || row == null || index.judgement() == null || !row.has(RowFlags.TOOL_USE)) {
            return null;
        }
        CallStream stream = index.judgement().calls();
        ToolCall call = null;
        for (ToolCall c : stream.calls()) {
            if (c.line() == row.line() && (call == null || c.tool().equals(row.tool()))) {
                call = c;
                if (c.tool().equals(row.tool())) {
                    break;
                }
            }
        }
        if (call == null) {
            return null;
        }
        String self = ToolNames.canonical(call.tool(), false);
        PrecursorGrammar.Rule rule = grammar == null ? null : grammar.rule(call.tool());
        java.util.function.Predicate<String> offered = name -> {
            String key = ToolNames.canonical(name, false);
            return !key.equals(self) && (rule == null || !rule.required().contains(grammar.canonical(name)));
        };
        Map<String, Lookup> lookups = new LinkedHashMap<>();
        List<String> before = stream.streamBefore(call.index());
        for (int i = before.size() - 1; i >= 0 && lookups.size() < MAX_LOOKUPS; i--) {
            String name = before.get(i);
            String key = ToolNames.canonical(name, false);
            if (offered.test(name)) {
                lookups.putIfAbsent(key, new Lookup(name, true));
            }
        }
        List<String> precursors = new ArrayList<>();
        for (String p : GrammarEdits.declaredPrecursors(text)) {
            String key = ToolNames.canonical(p, false);
            if (!key.equals(self)) {
                precursors.add(p);
                if (lookups.size() < MAX_LOOKUPS && offered.test(p)) {
                    lookups.putIfAbsent(key, new Lookup(p, false));
                }
            }
        }
        boolean gated = rule != null;
        return new EvidenceEdits(call.tool(), gated, new ArrayList<>(lookups.values()), precursors);
    }
}
