package dev.coroner.app.ui.model;

import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.PriceTable;
import dev.coroner.core.usage.TokenCounts;
import dev.coroner.core.usage.TranscriptUsage;
import dev.coroner.core.usage.TurnUsage;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The detail panel's ledger of the transcript open in the timeline (docs/WORKBENCH.md, "Cost"): its tokens turn by
 * turn, from the usage the one pass counted (no file is read), and a headline with its total, its cost and the share of
 * its input the model re-read from the cache. It follows the timeline's analysis and the prices.
 */
public final class TokenLedger {
    private final ObservableList<Turn> turns = FXCollections.observableArrayList();
    private final ObservableList<Turn> turnsView = FXCollections.unmodifiableObservableList(turns);
    private final ReadOnlyStringWrapper headline = new ReadOnlyStringWrapper(this, "headline", "");
    private final ReadOnlyStringWrapper detail = new ReadOnlyStringWrapper(this, "detail", "");
    private final TimelineViewModel timeline;
    private final CorpusCosts costs;
    private TranscriptAnalysis shown;

    /**
     * One turn of the ledger: from a person's prompt to the next.
     *
     * @param number   1 for the first turn
     * @param line     the prompt's line; 0 for the messages before the first prompt
     * @param at       where a click goes: the prompt's line, or the first message's before the first prompt
     * @param messages the model's answers (API messages) in the turn
     * @param tokens   what they used
     * @param share    the turn's share of the transcript's tokens
     */
    public record Turn(int number, long line, long at, int messages, TokenCounts tokens, double share) {
        /** The share of the turn's input-side tokens (input, cache write, cache read) read back from the cache. */
        public double reread() {
            long in = tokens.inputSide();
            return in == 0 ? 0 : (double) tokens.cacheRead() / in;
        }
    }

    public TokenLedger(TimelineViewModel timeline, CorpusCosts costs) {
        this.timeline = timeline;
        this.costs = costs;
        timeline.analysisProperty().addListener((o, was, now) -> show(now));
        costs.pricesProperty().addListener((o, was, now) -> show(shown));
        show(timeline.analysisProperty().get());
    }

    /** The turns of the transcript open, in order; empty while none is analysed. */
    public ObservableList<Turn> turns() {
        return turnsView;
    }

    /** "14 turns · 2.4M tokens · $3.12 · 94% re-read" (of the input side, from the cache), or why there is nothing. */
    public ReadOnlyStringProperty headlineProperty() {
        return headline.getReadOnlyProperty();
    }

    /** The four counts in full, the models, and where the prices come from. */
    public ReadOnlyStringProperty detailProperty() {
        return detail.getReadOnlyProperty();
    }

    private void show(TranscriptAnalysis a) {
        shown = a;
        if (a == null) {
            turns.clear();
            headline.set(timeline.pathProperty().get() == null ? "No transcript open." : "Counting its tokens…");
            detail.set("");
            return;
        }
        TranscriptUsage u = CorpusCosts.usage(a);
        long total = u.total().total();
        List<Turn> rows = new ArrayList<>();
        int number = 0;
        for (TurnUsage t : u.turns()) {
            number++;
            long at = t.line() > 0 || u.messages().isEmpty() ? t.line() : u.messages().get(0).line();
            rows.add(new Turn(number, t.line(), at, t.messages(), t.tokens(),
                    total == 0 ? 0 : (double) t.tokens().total() / total));
        }
        turns.setAll(rows);
        if (u.messages().isEmpty()) {
            headline.set("No model usage recorded in this transcript.");
            detail.set("");
            return;
        }
        PriceTable prices = costs.pricesProperty().get();
        Cost cost = prices == null ? null : prices.cost(u);
        String dollars = prices == null ? "pricing…" : CostTexts.usd(cost);
        // one line at the detail panel's width, so the turns keep the room: the tooltip says what "re-read" means
        headline.set(String.format(java.util.Locale.ROOT, "%,d %s · %s tokens · %s · %s re-read",
                rows.size(), rows.size() == 1 ? "turn" : "turns", CostTexts.tokens(total), dollars,
                CostTexts.percent(u.contextRereadShare())));
        detail.set(String.join("\n", List.of(CostTexts.counts(u.total()),
                "re-read: the share of the input side (input, cache write, cache read) the model read back from the"
                        + " cache, the context sent again with each call",
                String.format(java.util.Locale.ROOT, "%,d model messages · models: %s", u.messages().size(),
                        u.models().isEmpty() ? "none named" : String.join(", ", u.models())),
                CostTexts.noPrice(cost), costs.pricesNoteProperty().get()).stream().filter(s -> !s.isEmpty()).toList()));
    }
}
