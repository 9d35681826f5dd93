package dev.coroner.app.ui.model;

import dev.coroner.core.corpus.CorpusSurvey;
import dev.coroner.core.corpus.CorpusTranscript;
import dev.coroner.core.corpus.SessionGroup;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.PriceTable;
import dev.coroner.core.usage.TokenCounts;
import dev.coroner.core.usage.TranscriptUsage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.MapChangeListener;

/**
 * What the corpus spent (docs/WORKBENCH.md, "Cost"): each row's tokens and cost from the usage the one pass counted
 * (no file is read for it), a session's rolled up with its sub-agents', the corpus's total and what its dead runs cost,
 * by class of death for the chart. Prices come from the bundled table overridden by the person's prices file, read once
 * in the background; until then, and until a transcript is analysed, its row shows no figure. FX thread only.
 */
public final class CorpusCosts {
    private final CorpusViewModel corpus;
    private final Analyses analyses;
    private final ReadOnlyObjectWrapper<PriceTable> prices = new ReadOnlyObjectWrapper<>(this, "prices");
    private final ReadOnlyStringWrapper pricesNote = new ReadOnlyStringWrapper(this, "pricesNote", "reading the prices…");
    private final ReadOnlyObjectWrapper<Totals> totals = new ReadOnlyObjectWrapper<>(this, "totals", Totals.NONE);
    private final javafx.beans.property.ReadOnlyLongWrapper spendChanges =
            new javafx.beans.property.ReadOnlyLongWrapper(this, "spendChanges");
    /** Each transcript's own cost, kept with the analysis it was worked out from: priced again only when that changes. */
    private final Map<Path, Priced> priced = new HashMap<>();
    private final Runnable updateLater;

    /**
     * The corpus's spend.
     *
     * @param total   every transcript's cost summed (unpriced models named), tokens summed, of how many transcripts
     * @param dead    what every run that died cost, harness agents' included: {@code coroner cost}'s
     *                {@code dead_cost_usd} for the same transcripts and prices (docs/COST.md, "coroner cost")
     * @param deadHarness the harness agents' part of {@code dead} (the chart's classes count workers only)
     * @param tokens  every transcript's tokens
     * @param counted transcripts whose usage is known (analysed)
     */
    public record Totals(Cost total, Cost dead, Cost deadHarness, TokenCounts tokens, int counted) {
        public static final Totals NONE = new Totals(null, null, null, TokenCounts.ZERO, 0);
    }

    private record Priced(TranscriptAnalysis analysis, TokenCounts tokens, Cost cost) {
        String session() {
            return analysis.summary().sessionId();
        }
    }

    /**
     * @param load how the prices are read (off the FX thread): {@code PriceTable::forUser} in the window
     * @param where the person's prices file, named in the window's note on where the prices come from
     */
    public CorpusCosts(Tasks tasks, CorpusViewModel corpus, Analyses analyses, Callable<PriceTable> load, Path where) {
        this.corpus = corpus;
        this.analyses = analyses;
        this.updateLater = tasks.fx().throttled(this::update, 100);
        analyses.byPath().addListener((MapChangeListener<Path, TranscriptAnalysis>) c -> updateLater.run());
        corpus.roots().addListener((javafx.collections.ListChangeListener<CorpusNode>) c -> updateLater.run());
        tasks.run(() -> {
            try {
                PriceTable table = load.call();
                return Map.entry(table, note(table, where, null));
            } catch (java.io.IOException | RuntimeException e) {
                // a prices file that does not read: the bundled prices, and the window says why yours are not used
                PriceTable bundled = PriceTable.bundled();
                return Map.entry(bundled, note(bundled, where, e.getMessage()));
            }
        }, loaded -> {
            if (prices.get() == null) { // prices set meanwhile (usePrices) stay
                usePrices(loaded.getKey(), loaded.getValue());
            }
        }, e -> pricesNote.set("No prices: " + e.getMessage()));
    }

    /** Prices by {@code table} from now on, {@code note} saying where they come from; every row is priced again. */
    public void usePrices(PriceTable table, String note) {
        priced.clear();
        pricesNote.set(note);
        prices.set(table);
        update();
    }

    /** Where the prices come from, for the chart's and the ledger's tooltips. */
    private static String note(PriceTable table, Path where, String failed) {
        String yours = failed != null ? "Your prices file " + where + " was not used: " + failed
                : where != null && java.nio.file.Files.isRegularFile(where) ? "Your prices file " + where
                        + " overrides them." : "No prices file of yours (" + where + "): a TOML file there overrides them.";
        return "Prices: " + table.source() + ". " + yours;
    }

    /** The prices in force; null until read. */
    public ReadOnlyObjectProperty<PriceTable> pricesProperty() {
        return prices.getReadOnlyProperty();
    }

    /** Where the prices come from (the bundled list and its date; the person's file, or why it was not used). */
    public ReadOnlyStringProperty pricesNoteProperty() {
        return pricesNote.getReadOnlyProperty();
    }

    /** The corpus's total and dead cost; worked out again as transcripts are analysed. */
    public ReadOnlyObjectProperty<Totals> totalsProperty() {
        return totals.getReadOnlyProperty();
    }

    /**
     * Counts the updates that changed some row's {@link Spend}: the corpus filter bar applies its filter again on it,
     * as its usage fields are the rows' spend.
     */
    public javafx.beans.property.ReadOnlyLongProperty spendChangesProperty() {
        return spendChanges.getReadOnlyProperty();
    }

    /** The usage the one pass counted for {@code a}'s transcript. */
    static TranscriptUsage usage(TranscriptAnalysis a) {
        return a.summary().usage();
    }

    /** A transcript's own cost, or null while it is not analysed or the prices not read. */
    public Cost ownCost(Path path) {
        Priced p = priced.get(path);
        return p == null ? null : p.cost();
    }

    /**
     * What the dead workers of one class of the chart cost: the transcripts a click on it shows, as the chart counts
     * them (workers only), each by its own cost.
     */
    public Cost deadCost(CorpusTriage.DeathClass d) {
        List<Cost> costs = new ArrayList<>();
        for (Path p : corpus.transcripts()) {
            CorpusNode n = corpus.node(p);
            Priced pr = priced.get(p);
            if (n != null && pr != null && n.judged().died() && n.agentKindProperty().get().worker()
                    && d.state().test(n) && (d.cls() == null || CorpusTriage.classOf(n) == d.cls())) {
                costs.add(pr.cost());
            }
        }
        return Cost.sum(costs);
    }

    /** Prices every analysed transcript not priced since its analysis, then rolls the rows up and sums the corpus. */
    public void update() {
        PriceTable table = prices.get();
        CorpusSurvey survey = corpus.survey();
        if (table == null || survey == null) {
            if (survey == null) {
                priced.clear();
                totals.set(Totals.NONE);
            }
            return;
        }
        priced.keySet().retainAll(analyses.byPath().keySet());
        analyses.byPath().forEach((path, a) -> {
            Priced p = priced.get(path);
            if (p == null || p.analysis() != a) {
                TranscriptUsage u = usage(a);
                priced.put(path, new Priced(a, u.total(), table.cost(u)));
            }
        });
        boolean spendChanged = false;
        for (SessionGroup g : survey.groups()) {
            List<Priced> subs = new ArrayList<>();
            List<Cost> deadSubs = new ArrayList<>();
            boolean allKnown = true;
            for (CorpusTranscript t : g.subagents()) {
                Priced p = priced.get(t.path());
                CorpusNode n = corpus.node(t.path());
                if (p == null) {
                    allKnown = false;
                    continue;
                }
                subs.add(p);
                if (n != null) {
                    spendChanged |= n.setSpend(new Spend(p.tokens(), p.cost(), p.tokens(), p.cost(), 0, 0, null,
                            p.session(), usage(p.analysis()).models()));
                    if (n.judged().died()) {
                        deadSubs.add(p.cost());
                    }
                }
            }
            if (g.session() != null) {
                CorpusNode n = corpus.node(g.session().path());
                Priced own = priced.get(g.session().path());
                if (n != null) {
                    // the roll-up only once every part of it is known: a sum that grows while it is read would mislead
                    spendChanged |= n.setSpend(own == null || !allKnown ? null : rollUp(own, subs, deadSubs));
                }
            }
        }
        totals.set(sum(survey.transcripts(), p -> true));
        if (spendChanged) {
            spendChanges.set(spendChanges.get() + 1);
        }
    }

    /**
     * The totals of the transcripts {@code shown} lets through, each at its own cost (a session's sub-agents count
     * when shown themselves): the chart's cost line while a filter holds transcripts back. {@link Totals#NONE} before
     * the prices are read, or when none of them is priced yet.
     */
    public Totals totalsOf(java.util.function.Predicate<Path> shown) {
        CorpusSurvey survey = corpus.survey();
        return prices.get() == null || survey == null ? Totals.NONE : sum(survey.transcripts(), shown);
    }

    private Totals sum(List<Path> transcripts, java.util.function.Predicate<Path> shown) {
        List<Cost> all = new ArrayList<>();
        List<Cost> dead = new ArrayList<>();
        List<Cost> deadHarness = new ArrayList<>();
        TokenCounts tokens = TokenCounts.ZERO;
        for (Path p : transcripts) {
            Priced pr = priced.get(p);
            if (pr == null || !shown.test(p)) {
                continue;
            }
            CorpusNode n = corpus.node(p);
            all.add(pr.cost());
            tokens = tokens.plus(pr.tokens());
            if (n != null && n.judged().died()) { // a death in a run, as CostRow.dead counts it
                dead.add(pr.cost());
                if (!n.agentKindProperty().get().worker()) {
                    deadHarness.add(pr.cost());
                }
            }
        }
        return all.isEmpty() ? Totals.NONE : new Totals(Cost.sum(all), Cost.sum(dead), Cost.sum(deadHarness), tokens,
                all.size());
    }

    private static Spend rollUp(Priced own, List<Priced> subs, List<Cost> deadSubs) {
        TokenCounts tokens = own.tokens();
        List<Cost> costs = new ArrayList<>(subs.size() + 1);
        costs.add(own.cost());
        java.util.LinkedHashSet<String> models = new java.util.LinkedHashSet<>(usage(own.analysis()).models());
        for (Priced s : subs) {
            tokens = tokens.plus(s.tokens());
            costs.add(s.cost());
            models.addAll(usage(s.analysis()).models());
        }
        return new Spend(tokens, subs.isEmpty() ? own.cost() : Cost.sum(costs), own.tokens(), own.cost(), subs.size(),
                deadSubs.size(), Cost.sum(deadSubs), own.session(), List.copyOf(models));
    }
}
