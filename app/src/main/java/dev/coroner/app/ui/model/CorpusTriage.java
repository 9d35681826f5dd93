package dev.coroner.app.ui.model;

import dev.coroner.core.read.Harness;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Triage over the corpus panel (docs/WORKBENCH.md, "Triage"): which transcripts the corpus shows (by state, class
 * of death, kind, harness, with WARNs, with unmatched blocks, and the filter bar's expression, into which each choice
 * writes its clause), as the session tree or as one flat list across sessions, and the
 * deaths broken down by class for the chart. The corpus model keeps every transcript; this only chooses what is shown.
 */
public final class CorpusTriage {
    /** A choice of states: the verdict the row carries, or what it hides under green. */
    public enum StateChoice {
        ANY("any state"), DEAD("dead"), SYNTHETIC("SYNTHETIC"), EMPTY("EMPTY"),
        DIED_AFTER("died after its last answer"), FOLDS_DEAD("folds dead sub-agents"), UNREADABLE("UNREADABLE"),
        NO_RUN("no run (0 bytes, metadata only)"), ALL_CLEAR("HEALTHY, all clear"), JUDGING("being judged");

        private final String label;

        StateChoice(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }

        boolean test(CorpusNode n) {
            TerminalState s = n.stateProperty().get();
            return switch (this) {
                case ANY -> true;
                case DEAD -> n.judged().died();
                case SYNTHETIC -> s == TerminalState.SYNTHETIC;
                case EMPTY -> s == TerminalState.EMPTY && n.noRunProperty().get() == null; // the deaths' EMPTY
                case NO_RUN -> n.noRunProperty().get() != null;
                case DIED_AFTER -> n.diedAfterAnswer();
                case FOLDS_DEAD -> n.foldsDeadProperty().get() > 0;
                case UNREADABLE -> s == TerminalState.UNREADABLE;
                case ALL_CLEAR -> s == TerminalState.HEALTHY && !n.diedAfterAnswer() && n.foldsDeadProperty().get() == 0;
                case JUDGING -> s == null;
            };
        }
    }

    /** Whom the transcript worked for, and where it sits. */
    public enum KindChoice {
        ANY("any kind"), WORKERS("workers"), HARNESS("harness agents"), SESSIONS("sessions"), SUBAGENTS("sub-agents");

        private final String label;

        KindChoice(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }

        boolean test(CorpusNode n) {
            AgentKind k = n.agentKindProperty().get();
            return switch (this) {
                case ANY -> true;
                case WORKERS -> k.worker();
                case HARNESS -> k == AgentKind.HARNESS;
                case SESSIONS -> n.kind() == CorpusNode.Kind.SESSION;
                case SUBAGENTS -> n.kind() == CorpusNode.Kind.SUBAGENT;
            };
        }
    }

    /** The program that wrote the transcript (docs/FORMAT.md, "Harnesses"): a folder may mix them. */
    public enum HarnessChoice {
        ANY("any harness", null), CLAUDE_CODE("Claude Code", Harness.CLAUDE_CODE), CODEX("Codex", Harness.CODEX);

        private final String label;
        private final Harness harness;

        HarnessChoice(String label, Harness harness) {
            this.label = label;
            this.harness = harness;
        }

        @Override
        public String toString() {
            return label;
        }

        boolean test(CorpusNode n) {
            return harness == null || n.harnessProperty().get() == harness;
        }
    }

    /**
     * One bar of the deaths-by-class breakdown: "RATE_LIMIT 3". Choosing it filters the corpus to those deaths.
     *
     * @param state the state choice that keeps these deaths
     * @param cls   the class they share, or null (EMPTY has none)
     */
    public record DeathClass(String label, int count, StateChoice state, TerminalClass cls) {
    }

    private final CorpusViewModel corpus;
    private final ObjectProperty<StateChoice> state = new SimpleObjectProperty<>(this, "state", StateChoice.ANY);
    /** The class of a death (SYNTHETIC, or the trailing failure of one that died after its answer); null for any. */
    private final ObjectProperty<TerminalClass> deathClass = new SimpleObjectProperty<>(this, "deathClass");
    private final ObjectProperty<KindChoice> kind = new SimpleObjectProperty<>(this, "kind", KindChoice.ANY);
    private final ObjectProperty<HarnessChoice> harness = new SimpleObjectProperty<>(this, "harness", HarnessChoice.ANY);
    private final BooleanProperty withWarns = new SimpleBooleanProperty(this, "withWarns");
    private final BooleanProperty withUnmatched = new SimpleBooleanProperty(this, "withUnmatched");
    private final BooleanProperty flat = new SimpleBooleanProperty(this, "flat");
    /** Counts up whenever what is shown must be worked out again: a criterion changed, or verdicts came in. */
    private final ReadOnlyIntegerWrapper version = new ReadOnlyIntegerWrapper(this, "version");
    private final ObservableList<DeathClass> deaths = FXCollections.observableArrayList();
    private final ObservableList<DeathClass> deathsView = FXCollections.unmodifiableObservableList(deaths);
    /** The corpus filter bar: an expression over the verdict row's fields (docs/WORKBENCH.md, "Filter bars"). */
    private final FilterBarModel where = new FilterBarModel(TranscriptValues.SCHEMA);
    /** Set while a choice writes its clause into the bar, or the bar ticks a choice: neither answers the other. */
    private boolean syncing;
    /** A change came while syncing: told once the bar and the choices agree. */
    private boolean heldChange;
    /** What passes now, worked out once per change (the count, the chart and the tree all ask): null until asked. */
    private List<CorpusNode> shownNow;
    private Map<CorpusNode, List<CorpusNode>> treeNow;

    public CorpusTriage(CorpusViewModel corpus) {
        this.corpus = corpus;
        for (var p : List.of(state, deathClass, kind, harness, withWarns, withUnmatched, flat)) {
            p.addListener((o, was, now) -> changed());
        }
        // the tally is redrawn (throttled) whenever verdicts come in: the rows a filter lets through may change with it
        corpus.tallyProperty().addListener((o, was, now) -> {
            countDeaths();
            changed();
        });
        corpus.roots().addListener((javafx.collections.ListChangeListener<CorpusNode>) c -> changed());
        // a choice writes its clause into the bar; a bar that holds a choice's clause ticks the choice
        state.addListener((o, was, now) -> writeClause(TriageClauses.of(was), TriageClauses.of(now)));
        deathClass.addListener((o, was, now) -> writeClause(TriageClauses.of(was), TriageClauses.of(now)));
        kind.addListener((o, was, now) -> writeClause(TriageClauses.of(was), TriageClauses.of(now)));
        harness.addListener((o, was, now) -> writeClause(TriageClauses.of(was), TriageClauses.of(now)));
        withWarns.addListener((o, was, now) -> writeClause(was ? TriageClauses.WARNS : null,
                now ? TriageClauses.WARNS : null));
        withUnmatched.addListener((o, was, now) -> writeClause(was ? TriageClauses.UNMATCHED : null,
                now ? TriageClauses.UNMATCHED : null));
        where.appliedProperty().addListener((o, was, now) -> {
            tickFromBar();
            changed();
        });
    }

    /**
     * Applies the filter bar's expression again whenever {@code rowValues} changes: the rows' values it reads that come
     * after their verdicts (the usage fields, from {@link CorpusCosts#spendChangesProperty()}).
     */
    public void refilterOn(javafx.beans.value.ObservableValue<?> rowValues) {
        rowValues.addListener((o, was, now) -> {
            if (where.filtering()) {
                changed();
            }
        });
    }

    /** The corpus filter bar's model: its text, whether it parses, the filter in force. */
    public FilterBarModel where() {
        return where;
    }

    /** Takes {@code old} out of the bar's top-level terms and puts {@code now} in (either may be null: none). */
    private void writeClause(String old, String now) {
        if (syncing || java.util.Objects.equals(old, now)) {
            return;
        }
        List<String> terms = new ArrayList<>(TriageClauses.terms(where.textProperty().get()));
        if (old != null) {
            String o = TriageClauses.canonical(old, where.schema());
            terms.removeIf(t -> TriageClauses.canonical(t, where.schema()).equals(o));
        }
        if (now != null) {
            String n = TriageClauses.canonical(now, where.schema());
            if (terms.stream().noneMatch(t -> TriageClauses.canonical(t, where.schema()).equals(n))) {
                terms.add(now);
            }
        }
        syncing = true;
        try {
            where.textProperty().set(terms.isEmpty() ? "" : TriageClauses.join(terms));
        } finally {
            syncing = false;
            release();
        }
    }

    /**
     * Ticks the choices whose clauses the bar holds as top-level terms, and lets go of a choice whose clause was taken
     * out of it. A choice with no clause (folds dead sub-agents …) is left as it is.
     */
    private void tickFromBar() {
        if (syncing) {
            return;
        }
        java.util.Set<String> held = new java.util.HashSet<>();
        for (String t : TriageClauses.terms(where.textProperty().get())) {
            held.add(TriageClauses.canonical(t, where.schema()));
        }
        java.util.function.Predicate<String> holds = c -> c != null
                && held.contains(TriageClauses.canonical(c, where.schema()));
        syncing = true;
        try {
            state.set(pick(StateChoice.values(), state.get(), StateChoice.ANY, TriageClauses::of, holds));
            List<TerminalClass> classes = new ArrayList<>(List.of(TerminalClass.values()));
            classes.add(null);
            deathClass.set(pick(classes.toArray(TerminalClass[]::new), deathClass.get(), null, TriageClauses::of, holds));
            kind.set(pick(KindChoice.values(), kind.get(), KindChoice.ANY, TriageClauses::of, holds));
            harness.set(pick(HarnessChoice.values(), harness.get(), HarnessChoice.ANY, TriageClauses::of, holds));
            withWarns.set(holds.test(TriageClauses.WARNS));
            withUnmatched.set(holds.test(TriageClauses.UNMATCHED));
        } finally {
            syncing = false;
            heldChange = false; // the bar's own change is told next, once for all
        }
    }

    /** Tells a change held while syncing. */
    private void release() {
        if (heldChange) {
            heldChange = false;
            changed();
        }
    }

    /** The choice whose clause the bar holds; else {@code none} if the current one has a clause, else the current. */
    private static <T> T pick(T[] all, T current, T none, java.util.function.Function<T, String> clause,
                              java.util.function.Predicate<String> holds) {
        for (T c : all) {
            if (c != null && holds.test(clause.apply(c))) {
                return c;
            }
        }
        return current == null || clause.apply(current) == null ? current : none;
    }

    /** The chart's counts over the transcripts shown (the model's tally counts them all). */
    public dev.coroner.core.corpus.StateTally shownTally() {
        return dev.coroner.core.corpus.StateTally.of(matching().stream().map(CorpusNode::judged).toList());
    }

    public ObjectProperty<StateChoice> stateProperty() {
        return state;
    }

    public ObjectProperty<TerminalClass> deathClassProperty() {
        return deathClass;
    }

    public ObjectProperty<KindChoice> kindProperty() {
        return kind;
    }

    /** Show only the transcripts of one harness (Claude Code, Codex). */
    public ObjectProperty<HarnessChoice> harnessProperty() {
        return harness;
    }

    public BooleanProperty withWarnsProperty() {
        return withWarns;
    }

    public BooleanProperty withUnmatchedProperty() {
        return withUnmatched;
    }

    /** One list of every transcript across sessions, sortable as a whole, instead of the session tree. */
    public BooleanProperty flatProperty() {
        return flat;
    }

    public ReadOnlyIntegerProperty versionProperty() {
        return version.getReadOnlyProperty();
    }

    /** Dead workers by class, most first: SYNTHETIC by its class, EMPTY, died after the answer by its failure. */
    public ObservableList<DeathClass> deathsByClass() {
        return deathsView;
    }

    /** Whether any criterion holds a transcript back. */
    public boolean filtering() {
        return state.get() != StateChoice.ANY || deathClass.get() != null || kind.get() != KindChoice.ANY
                || harness.get() != HarnessChoice.ANY || withWarns.get() || withUnmatched.get() || where.filtering();
    }

    /** Whether the corpus panel shows something other than the plain session tree. */
    public boolean reshapes() {
        return filtering() || flat.get();
    }

    /** Lets every transcript through again (the flat/tree choice stays). */
    public void clear() {
        state.set(StateChoice.ANY);
        deathClass.set(null);
        kind.set(KindChoice.ANY);
        harness.set(HarnessChoice.ANY);
        withWarns.set(false);
        withUnmatched.set(false);
        where.textProperty().set("");
    }

    /** Filters to the deaths of one bar of the breakdown. */
    public void choose(DeathClass d) {
        deathClass.set(d.cls());
        state.set(d.state());
    }

    /** Whether {@code n}, a transcript, passes every criterion. Notes (dangling links, sidechains) never do. */
    public boolean test(CorpusNode n) {
        if (n.path() == null) {
            return false;
        }
        TerminalClass c = deathClass.get();
        if (c != null && classOf(n) != c) {
            return false;
        }
        return state.get().test(n) && kind.get().test(n) && harness.get().test(n)
                && (!withWarns.get() || n.warnsProperty().get() > 0)
                && (!withUnmatched.get() || n.blocksUnmatchedProperty().get() > 0)
                && (!where.filtering() || where.appliedProperty().get().test(n.values()));
    }

    /**
     * Whether the transcript at {@code path} is shown: every one when nothing filters, else one that passes. Next and
     * previous finding step only among these.
     */
    public boolean shows(java.nio.file.Path path) {
        if (!filtering()) {
            return true;
        }
        CorpusNode n = corpus.node(path);
        return n != null && test(n);
    }

    /** "5 of 152 shown" while a filter holds transcripts back; "152 transcripts" when none does; "" when none is open. */
    public String count() {
        int all = corpus.tallyProperty().get().transcripts();
        if (all == 0) {
            return "";
        }
        return filtering() ? String.format("%,d of %,d shown", matching().size(), all)
                : String.format("%,d %s", all, all == 1 ? "transcript" : "transcripts");
    }

    /** Every transcript in tree order that passes, for the flat list. */
    public List<CorpusNode> matching() {
        if (shownNow == null) {
            shownNow = List.copyOf(walkMatching());
        }
        return shownNow;
    }

    private List<CorpusNode> walkMatching() {
        List<CorpusNode> out = new ArrayList<>();
        walk(corpus.roots(), n -> {
            if (test(n)) {
                out.add(n);
            }
        });
        return out;
    }

    /**
     * The session tree cut down to what passes: a session stays when it passes or any of its sub-agents does; under
     * it, only the sub-agents that pass. Keys in tree order, each with its children.
     */
    public Map<CorpusNode, List<CorpusNode>> tree() {
        if (treeNow == null) {
            treeNow = java.util.Collections.unmodifiableMap(walkTree());
        }
        return treeNow;
    }

    private Map<CorpusNode, List<CorpusNode>> walkTree() {
        Map<CorpusNode, List<CorpusNode>> out = new LinkedHashMap<>();
        java.util.Set<CorpusNode> pass = new java.util.HashSet<>(matching()); // each transcript tested once a change
        for (CorpusNode root : corpus.roots()) {
            List<CorpusNode> kids = root.children().stream().filter(pass::contains).toList();
            if (pass.contains(root) || !kids.isEmpty()) {
                out.put(root, kids);
            }
        }
        return out;
    }

    /** The class a death is filed under: its SYNTHETIC class, or its trailing failure's; NONE for the rest. */
    static TerminalClass classOf(CorpusNode n) {
        if (n.diedAfterAnswer()) {
            return n.trailingProperty().get().cls();
        }
        return n.stateProperty().get() == TerminalState.SYNTHETIC ? n.terminalClassProperty().get() : TerminalClass.NONE;
    }

    private void countDeaths() {
        Map<String, DeathClass> by = new LinkedHashMap<>();
        walk(corpus.roots(), n -> {
            if (!n.judged().died() || !n.agentKindProperty().get().worker()) {
                return; // the chart's headline counts workers; harness agents are apart
            }
            DeathClass d;
            if (n.diedAfterAnswer()) {
                TerminalClass c = classOf(n);
                d = new DeathClass(c.name() + " after answer", 1, StateChoice.DIED_AFTER, c);
            } else if (n.stateProperty().get() == TerminalState.EMPTY) {
                d = new DeathClass("EMPTY", 1, StateChoice.EMPTY, null);
            } else {
                TerminalClass c = classOf(n);
                d = new DeathClass(c == TerminalClass.NONE ? "SYNTHETIC" : c.name(), 1, StateChoice.SYNTHETIC, c);
            }
            by.merge(d.label(), d, (a, b) -> new DeathClass(a.label(), a.count() + 1, a.state(), a.cls()));
        });
        List<DeathClass> sorted = new ArrayList<>(by.values());
        sorted.sort((a, b) -> Integer.compare(b.count(), a.count()));
        deaths.setAll(sorted);
    }

    /** Every transcript node in tree order (hidden harness agents are not in the tree, so not here). */
    private static void walk(List<CorpusNode> roots, java.util.function.Consumer<CorpusNode> visit) {
        for (CorpusNode root : roots) {
            if (root.path() != null) {
                visit.accept(root);
            }
            for (CorpusNode c : root.children()) {
                if (c.path() != null) {
                    visit.accept(c);
                }
            }
        }
    }

    private void changed() {
        shownNow = null;
        treeNow = null;
        if (syncing) {
            heldChange = true; // the bar and the choices agree first: then the panel redraws once
            return;
        }
        version.set(version.get() + 1);
    }
}
