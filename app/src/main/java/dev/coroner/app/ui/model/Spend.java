package dev.coroner.app.ui.model;

import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.TokenCounts;
import java.util.List;

/**
 * What a corpus row's run spent (docs/WORKBENCH.md, "Cost"). For a sub-agent its own tokens and cost; for a session
 * its own plus its sub-agents' (every one, harness agents hidden from the tree too), with what its dead sub-agents
 * cost apart.
 *
 * @param tokens         the row's tokens: a session's rolled up with its sub-agents'
 * @param cost           their cost; {@link Cost#usd()} null when a model in them has no price
 * @param ownTokens      the transcript's own tokens
 * @param ownCost        the transcript's own cost
 * @param subagents      the sub-agents rolled up (0 for a sub-agent's row)
 * @param deadSubagents  of those, how many died
 * @param deadCost       what the dead ones cost (zero dollars when none died)
 * @param session        the session id the transcript's records name, or null (the corpus filter bar's {@code session})
 * @param models         the models that billed {@link #tokens}, in the order they first did (a session's, then each
 *                       sub-agent's in turn)
 */
public record Spend(TokenCounts tokens, Cost cost, TokenCounts ownTokens, Cost ownCost, int subagents,
                    int deadSubagents, Cost deadCost, String session, List<String> models) {
    public Spend {
        models = List.copyOf(models);
    }
}
