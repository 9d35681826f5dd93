package dev.coroner.app.ui;

import dev.coroner.app.ui.model.CostTexts;
import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.usage.Cost;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The chart of states across the corpus: one bar split by state over the workers, its headline, a legend with counts,
 * and the harness agents apart with a switch that shows or hides them in the tree (docs/VERDICTS.md, "Agent kind").
 * It listens to nothing: the corpus panel shows each new tally on it.
 */
final class StateChart extends VBox {
    private final Label headline = new Label();
    private final HBox bar = new HBox();
    private final javafx.scene.layout.FlowPane legend = new javafx.scene.layout.FlowPane(12, 2);
    private final Label harness = new Label();
    private final CheckBox harnessShown = new CheckBox("show in the tree");
    private final HBox harnessLine = new HBox(10, harness, harnessShown);
    /** Files that hold no run (0 bytes; metadata only): counted apart, never in the bar (docs/VERDICTS.md). */
    private final Label noRun = new Label();
    /** What the corpus spent and what its dead runs cost, with the switch of the cost column (docs/WORKBENCH.md, "Cost"). */
    private final Label cost = new Label();
    private final CheckBox costShown = new CheckBox("cost column");
    private final HBox costLine = new HBox(10, cost, costShown);
    /** Where the prices come from: the cost line's tooltip. */
    private String pricesNote = "";
    /** Dead workers by class: each a link that filters the corpus to them. */
    private final javafx.scene.layout.FlowPane deaths = new javafx.scene.layout.FlowPane(8, 2);

    StateChart() {
        getStyleClass().add("state-chart");
        headline.getStyleClass().add("chart-headline");
        // a large corpus part judged ("313 of 2,539 workers dead · 12% · 765 being judged") is wider than the panel:
        // it goes on a second line, never cut
        headline.setWrapText(true);
        headline.setMinHeight(Region.USE_PREF_SIZE);
        bar.getStyleClass().add("chart-bar");
        legend.getStyleClass().add("chart-legend");
        legend.setAlignment(Pos.CENTER_LEFT);
        legend.setMinWidth(0);
        harness.getStyleClass().add("chart-harness");
        harnessShown.getStyleClass().add("chart-harness-toggle");
        Tips.lazy(harnessShown, () -> "Harness agents (compaction, prompt suggestions, side questions, warm-ups) are"
                + " runs the harness made for itself, not for the task: counted apart from the workers, never hidden"
                + " from the count.");
        // the line is wrapped, the switch keeps its words: "+ 45 harness agents, 2 dead, counted a…" and "show in the
        // t…" were cut at the corpus panel's width
        harness.setWrapText(true);
        harness.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(harness, Priority.ALWAYS);
        harnessShown.setMinWidth(Region.USE_PREF_SIZE);
        harnessLine.setAlignment(Pos.CENTER_LEFT);
        harnessLine.getStyleClass().add("chart-harness-line");
        deaths.getStyleClass().add("chart-deaths");
        noRun.getStyleClass().addAll("chart-harness", "chart-no-run");
        noRun.setWrapText(true);
        noRun.setMinHeight(Region.USE_PREF_SIZE);
        Tips.lazy(noRun, () -> "Files that hold no run: 0 bytes, or only metadata records (summaries, snapshots)."
                + " Claude Code writes them routinely. EMPTY by the reference's rule, but no death: counted apart.");
        cost.getStyleClass().add("chart-cost"); // its own classes: a lookup of the harness line never finds it
        cost.setWrapText(true);
        cost.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(cost, Priority.ALWAYS);
        costShown.getStyleClass().add("chart-cost-toggle");
        costShown.setMinWidth(Region.USE_PREF_SIZE);
        Tips.lazy(costShown, () -> "Show the cost column in the corpus tree (the tokens column is in the ⊕ menu)");
        costLine.setAlignment(Pos.CENTER_LEFT);
        costLine.getStyleClass().add("chart-cost-line");
        costLine.setVisible(false);
        costLine.setManaged(false);
        getChildren().addAll(headline, bar, legend, costLine, harnessLine, noRun);
    }

    /** Whether harness agents are rows of the corpus tree: the panel binds it to its model. */
    CheckBox harnessShown() {
        return harnessShown;
    }

    /** Whether the corpus tree shows the cost column: the panel binds it to the column. */
    CheckBox costShown() {
        return costShown;
    }

    /**
     * What the corpus spent: "runs cost $1,060.12 · dead $212.40 (20%)", hidden until a transcript's usage is known;
     * "shown runs cost …" for the transcripts a filter lets through.
     *
     * @param note   where the prices come from, in the tooltip
     * @param shown  whether {@code t} sums only the transcripts shown (a filter holds others back)
     * @param unread the transcripts summed over that could not be read: in no sum, which is then a lower bound ("≥")
     */
    void showCost(dev.coroner.app.ui.model.CorpusCosts.Totals t, String note, boolean shown, int unread) {
        pricesNote = note == null ? "" : note;
        boolean known = t != null && t.counted() > 0;
        costLine.setVisible(known);
        costLine.setManaged(known);
        if (!known) {
            cost.setText("");
            return;
        }
        Cost total = t.total();
        Cost dead = t.dead();
        // a file not read is in no sum: the figure is then a lower bound, as with a model that has no price
        String text = (shown ? "shown runs cost " : "runs cost ")
                + (unread > 0 && total.usd() != null && total.complete() ? "≥ " : "") + CostTexts.usd(total);
        if (dead != null && dead.usd() != null && dead.usd() > 0) {
            text += " · dead " + CostTexts.usd(dead);
            if (total.usd() != null && total.usd() > 0 && total.unpricedModels().isEmpty() && dead.unpricedModels().isEmpty()) {
                text += " (" + CostTexts.percent(dead.usd() / total.usd()) + ")";
            }
        }
        cost.setText(text);
        Tips.lazy(cost, () -> Safe.lines(String.format("%,d transcripts%s counted: %s", t.counted(),
                        shown ? " shown" : "", CostTexts.counts(t.tokens())),
                "dead: every run that died, each at its own cost, as coroner cost's dead_cost_usd"
                        + (t.deadHarness() != null && t.deadHarness().usd() != null && t.deadHarness().usd() > 0
                        ? "; " + CostTexts.usd(t.deadHarness()) + " of it harness agents' (the classes below count "
                        + "workers only)" : ""),
                CostTexts.noPrice(total), unread == 0 ? "" : String.format("%,d transcript%s could not be read: "
                        + "nothing of %s is counted", unread, unread == 1 ? "" : "s", unread == 1 ? "it" : "them"),
                pricesNote));
    }

    /** @param busy whether the corpus is still being opened: with nothing listed yet, the headline says so */
    void show(StateTally t, boolean busy) {
        headline.setText(busy && t.transcripts() == 0 ? "listing the transcripts…" : t.workersHeadline());
        bar.getChildren().clear();
        legend.getChildren().removeIf(n -> n != deaths);
        harness.setText(t.harness() == 0 ? "" : t.harnessLine() + ", counted apart");
        harnessLine.setVisible(t.harness() > 0);
        harnessLine.setManaged(t.harness() > 0);
        noRun.setText(t.noRun() == 0 ? "" : t.noRunLine() + ", counted apart");
        noRun.setVisible(t.noRun() > 0);
        noRun.setManaged(t.noRun() > 0);
        if (t.total() == 0) {
            return;
        }
        segment("synthetic", "SYNTHETIC", t.synthetic(), t.total());
        segment("empty", "EMPTY", t.empty(), t.total());
        segment("died-after", "died after its last answer", t.diedAfterAnswer(), t.total());
        segment("unreadable", "UNREADABLE", t.unreadable(), t.total());
        segment("healthy", "HEALTHY", t.healthy(), t.total());
        segment("pending", "being judged", t.pending(), t.total());
    }

    /**
     * The deaths broken down by class, most first, each with what its runs cost when known ({@code cost} gives null
     * before); a click on one chooses it ({@code choose}). While {@code filtering}, the title says they count the
     * whole corpus.
     */
    void showDeaths(java.util.List<dev.coroner.app.ui.model.CorpusTriage.DeathClass> all,
                    java.util.function.Consumer<dev.coroner.app.ui.model.CorpusTriage.DeathClass> choose,
                    java.util.function.Function<dev.coroner.app.ui.model.CorpusTriage.DeathClass, Cost> cost,
                    boolean filtering) {
        deaths.getChildren().clear();
        if (all.isEmpty()) {
            deaths.setVisible(false);
            deaths.setManaged(false);
            return;
        }
        // the classes are the way to each class's deaths, whatever is shown: they count the whole corpus, and say so
        // while a filter holds transcripts back (the bar and the cost line then count the ones shown)
        Label title = new Label(filtering ? "deaths in the corpus:" : "deaths:");
        title.getStyleClass().add("chart-deaths-title");
        deaths.getChildren().add(title);
        for (var d : all) {
            Cost spent = cost.apply(d);
            javafx.scene.control.Hyperlink l = new javafx.scene.control.Hyperlink(String.format("%s %,d", d.label(), d.count())
                    + (spent == null ? "" : " · " + CostTexts.usd(spent)));
            l.getStyleClass().add("chart-death-class");
            l.setOnAction(e -> choose.accept(d));
            Tips.lazy(l, () -> Safe.lines("Show only these " + d.count() + " in the corpus",
                    spent == null ? null : "they cost " + CostTexts.usd(spent) + " at the prices in force",
                    CostTexts.noPrice(spent)));
            deaths.getChildren().add(l);
        }
        deaths.setVisible(true);
        deaths.setManaged(true);
        if (!legend.getChildren().contains(deaths)) {
            legend.getChildren().add(deaths); // after the states: the dead broken down by class
        }
    }

    private void segment(String css, String name, int n, int total) {
        if (n == 0) {
            return;
        }
        Region seg = new Region();
        seg.getStyleClass().addAll("chart-segment", "chart-" + css);
        seg.prefWidthProperty().bind(bar.widthProperty().multiply((double) n / total));
        seg.setMinWidth(3);
        HBox.setHgrow(seg, Priority.NEVER);
        Tips.lazy(seg, () -> String.format("%,d %s", n, name));
        bar.getChildren().add(seg);
        Region swatch = new Region();
        swatch.getStyleClass().addAll("chart-swatch", "chart-" + css);
        Label l = new Label(String.format("%,d %s", n, name.toLowerCase(java.util.Locale.ROOT)), swatch);
        l.getStyleClass().add("chart-legend-item");
        legend.getChildren().add(legend.getChildren().indexOf(deaths) < 0 ? legend.getChildren().size()
                : legend.getChildren().indexOf(deaths), l);
    }
}
