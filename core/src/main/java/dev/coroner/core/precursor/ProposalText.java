package dev.coroner.core.precursor;

/**
 * The grammar text a proposal makes (docs/VERDICTS.md, "Coverage and proposals"): the proposal's lookup added before its
 * tool by the grammar panel's own edit ({@link GrammarEdits#requireLookup}, the one text edit, which keeps comments,
 * order, other tables and line ends). Idempotent: text whose grammar has the lookup already comes back unchanged. What
 * cannot be edited safely (a grammar that does not load, a rule written in a way the edit does not rewrite) is refused
 * with the reason; the text returned always loads and has the lookup.
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
        return GrammarEdits.key(tool) + " = [" + GrammarEdits.quote(lookup) + "]";
    }

    /**
     * What a proposal changes, in one line of TOML for a person: a new rule's line, or for a widened rule
     * {@code Tool = [..., "Lookup"]}.
     */
    public static String describe(Proposal p) {
        return p.widens() ? GrammarEdits.key(p.tool()) + " = [..., " + GrammarEdits.quote(p.precursor()) + "]"
                : ruleLine(p.tool(), p.precursor());
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
        if (rule != null && rule.required().contains(lookupCanonical)) {
            return new Edit(grammarText, null);
        }
        GrammarEdits.Result made = GrammarEdits.requireLookup(grammarText, tool, lookup); // the one text edit
        if (!made.ok()) {
            return refused(made.problem());
        }
        String edited = made.edit().apply(grammarText);
        GrammarResult after = GrammarLoader.parse(edited);
        if (!after.ok() || !after.grammar().required(tool).contains(lookupCanonical)) {
            return refused("adding the rule here would not load; add " + ruleLine(tool, lookup) + " by hand");
        }
        return new Edit(edited, null);
    }

    private static Edit refused(String why) {
        return new Edit(null, why);
    }
}
