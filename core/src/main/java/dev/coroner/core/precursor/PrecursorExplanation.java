package dev.coroner.core.precursor;

import java.util.List;
import java.util.Objects;

/**
 * Why the gate said what it said about one call (docs/VERDICTS.md, "Precursor gate", "Explanations"): the evidence
 * behind the verdict, for the window's detail panel and for any frontend that prints it. Made on demand for one call
 * by {@link PrecursorGate#explain}.
 *
 * @param verdict        the verdict explained
 * @param gated          whether a rule names the call's tool
 * @param satisfiedBy    ATTESTED: the lookup call whose result satisfied the rule (the latest before the call); else null
 * @param satisfiedName  ATTESTED: the canonical name it matched; else null
 * @param aliasOf        ATTESTED through an alias: the precursor it is an alias of; else null
 * @param returnedBefore REFUTED: the tools whose results had come in before the call, distinct, in the order they first
 *                       came (as the transcript spells them); else empty
 * @param resultsBefore  how many results had come in before the call
 * @param exemptBy       EXEMPT by own_write: the earlier write of the same file; else null
 * @param sentence       one sentence for a person, naming all of the above
 * @param command        ATTESTED by a command that {@code [precursor.commands]} counts as the lookup: that command,
 *                       whole (docs/VERDICTS.md, "Command lookups"); else null
 */
public record PrecursorExplanation(PrecursorVerdict verdict, boolean gated, ToolCall satisfiedBy, String satisfiedName,
                                   String aliasOf, List<String> returnedBefore, int resultsBefore, ToolCall exemptBy,
                                   String sentence, String command) {
    public PrecursorExplanation {
        Objects.requireNonNull(verdict);
        Objects.requireNonNull(sentence);
        returnedBefore = List.copyOf(returnedBefore);
    }

    /** An explanation that names no command. */
    public PrecursorExplanation(PrecursorVerdict verdict, boolean gated, ToolCall satisfiedBy, String satisfiedName,
                                String aliasOf, List<String> returnedBefore, int resultsBefore, ToolCall exemptBy,
                                String sentence) {
        this(verdict, gated, satisfiedBy, satisfiedName, aliasOf, returnedBefore, resultsBefore, exemptBy, sentence, null);
    }

    public PrecursorStance stance() {
        return verdict.stance();
    }
}
