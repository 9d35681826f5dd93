package dev.coroner.app.ui.model;

import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.read.Harness;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.NoRun;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.terminal.TrailingFailure;
import java.nio.file.Path;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** One row of the corpus tree: a session, a sub-agent, or a note about one (a dangling link, inline sidechains). */
public final class CorpusNode {
    /** What the row stands for. */
    public enum Kind {
        /** A session transcript. */
        SESSION,
        /** A sub-agent transcript. */
        SUBAGENT,
        /** Sub-agents whose session file was not opened: a dangling parent. */
        MISSING_SESSION,
        /** A spawn whose sub-agent transcript was not opened: a dangling link. */
        MISSING_SUBAGENT,
        /** 1.0.x sub-agent records inside the session file (docs/ARCHITECTURE.md, "The corpus engine"): kept in the session, noted here. */
        SIDECHAIN
    }

    private final Kind kind;
    private final Path path;
    private final String name;
    private final ReadOnlyStringWrapper headline = new ReadOnlyStringWrapper(this, "headline", "");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final ReadOnlyStringWrapper description = new ReadOnlyStringWrapper(this, "description", "");
    /** What a person tells the transcript by: see {@link #labelProperty()}. */
    private final javafx.beans.binding.StringBinding label = javafx.beans.binding.Bindings.createStringBinding(
            () -> !title.get().isEmpty() ? title.get() : !description.get().isEmpty() ? description.get() : headline.get(),
            title, description, headline);
    private final ReadOnlyObjectWrapper<TerminalState> state = new ReadOnlyObjectWrapper<>(this, "state");
    private final ReadOnlyObjectWrapper<TerminalClass> terminalClass =
            new ReadOnlyObjectWrapper<>(this, "terminalClass", TerminalClass.NONE);
    private final ReadOnlyObjectWrapper<AgentKind> agentKind = new ReadOnlyObjectWrapper<>(this, "agentKind", AgentKind.SESSION);
    private final ReadOnlyObjectWrapper<TrailingFailure> trailing = new ReadOnlyObjectWrapper<>(this, "trailing");
    private final ReadOnlyObjectWrapper<NoRun> noRun = new ReadOnlyObjectWrapper<>(this, "noRun");
    private final ReadOnlyLongWrapper foldsDead = new ReadOnlyLongWrapper(this, "foldsDead", 0);
    private final ReadOnlyLongWrapper warns = new ReadOnlyLongWrapper(this, "warns", -1);
    private final ReadOnlyLongWrapper blocksMatched = new ReadOnlyLongWrapper(this, "blocksMatched", -1);
    private final ReadOnlyLongWrapper blocksUnmatched = new ReadOnlyLongWrapper(this, "blocksUnmatched", -1);
    private final ReadOnlyLongWrapper records = new ReadOnlyLongWrapper(this, "records", -1);
    private final ReadOnlyLongWrapper size = new ReadOnlyLongWrapper(this, "size", -1);
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note", "");
    private final ReadOnlyStringWrapper changed = new ReadOnlyStringWrapper(this, "changed", "");
    private final ReadOnlyObjectWrapper<Harness> harness = new ReadOnlyObjectWrapper<>(this, "harness",
            Harness.CLAUDE_CODE);
    private final ReadOnlyObjectWrapper<Link> spawnedBy = new ReadOnlyObjectWrapper<>(this, "spawnedBy");
    private final ReadOnlyObjectWrapper<Spend> spend = new ReadOnlyObjectWrapper<>(this, "spend");
    private final ObservableList<CorpusNode> children = FXCollections.observableArrayList();
    private boolean reachable = true;
    /** The verdict as judged, or null while it is being judged: the filter bar reads its row from it. */
    private TerminalVerdict verdict;
    /** The row the filter bar tests, made once per verdict and counts (docs/WORKBENCH.md, "Filter bars"). */
    private dev.coroner.core.filter.FieldValues values;

    /** A place in a transcript: where a click on a link goes. Line 0: the terminal record. */
    public record Link(Path path, long line, String label) {
    }

    CorpusNode(Kind kind, Path path, String name) {
        this.kind = kind;
        this.path = path;
        this.name = name;
    }

    public Kind kind() {
        return kind;
    }

    /** The transcript, or null for a note. */
    public Path path() {
        return path;
    }

    public String name() {
        return name;
    }

    /** The first prompt, once read: what the agent was asked to do. */
    public ReadOnlyStringProperty headlineProperty() {
        return headline.getReadOnlyProperty();
    }

    /** A session's title: its first {@code summary} record's text (Claude Code writes one); "" when it has none. */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** A sub-agent's description: what its parent's {@code Task}/{@code Agent} call said it was for; "" until known. */
    public ReadOnlyStringProperty descriptionProperty() {
        return description.getReadOnlyProperty();
    }

    /**
     * What tells this transcript apart from the others, where file names do not (they share their prefix and suffix):
     * the session's title, else the sub-agent's description, else the first prompt; "" until one is read. As the
     * transcript has it: whoever shows it escapes it.
     */
    public javafx.beans.value.ObservableStringValue labelProperty() {
        return label;
    }

    /** The terminal state; null while it is being judged, and for notes. */
    public ReadOnlyObjectProperty<TerminalState> stateProperty() {
        return state.getReadOnlyProperty();
    }

    /** Why a SYNTHETIC transcript died (RATE_LIMIT, AUTH…); NONE for any other state and while it is judged. */
    public ReadOnlyObjectProperty<TerminalClass> terminalClassProperty() {
        return terminalClass.getReadOnlyProperty();
    }

    /** Whom the agent worked for: a worker (session, sub-agent) or the harness itself (docs/VERDICTS.md, "Agent kind"). */
    public ReadOnlyObjectProperty<AgentKind> agentKindProperty() {
        return agentKind.getReadOnlyProperty();
    }

    /** The API failure the run ended in after its terminal record, or null (docs/VERDICTS.md, "Trailing API failure"). */
    public ReadOnlyObjectProperty<TrailingFailure> trailingProperty() {
        return trailing.getReadOnlyProperty();
    }

    /**
     * What a file that holds no run holds (0 bytes; metadata only), or null for a run (docs/VERDICTS.md, "Files that
     * hold no run"): shown grey, counted apart, never landed on.
     */
    public ReadOnlyObjectProperty<NoRun> noRunProperty() {
        return noRun.getReadOnlyProperty();
    }

    /** A HEALTHY transcript whose run ended in a trailing API failure: counted dead. */
    public boolean diedAfterAnswer() {
        return state.get() == TerminalState.HEALTHY && trailing.get() != null;
    }

    /** What the chart counts of this row. */
    StateTally.Judged judged() {
        return new StateTally.Judged(state.get(), diedAfterAnswer(), agentKind.get(), noRun.get());
    }

    /** Results in this transcript that are dead sub-agents' error strings: a HEALTHY parent that folds them is no all-clear. */
    public ReadOnlyLongProperty foldsDeadProperty() {
        return foldsDead.getReadOnlyProperty();
    }

    /** WARN markers; -1 until analysed. */
    public ReadOnlyLongProperty warnsProperty() {
        return warns.getReadOnlyProperty();
    }

    public ReadOnlyLongProperty blocksMatchedProperty() {
        return blocksMatched.getReadOnlyProperty();
    }

    public ReadOnlyLongProperty blocksUnmatchedProperty() {
        return blocksUnmatched.getReadOnlyProperty();
    }

    /** Records; -1 until indexed. */
    public ReadOnlyLongProperty recordsProperty() {
        return records.getReadOnlyProperty();
    }

    /** Bytes; -1 until known. */
    public ReadOnlyLongProperty sizeProperty() {
        return size.getReadOnlyProperty();
    }

    /** A sentence about the row: its verdict's reason, a dangling link, an unreadable file. */
    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    /**
     * Why the verdict may not be the file's: it changed while it was read (docs/VERDICTS.md, "Reading"; the
     * {@code FileStamp} note), or "" when it did not.
     */
    public ReadOnlyStringProperty changedProperty() {
        return changed.getReadOnlyProperty();
    }

    /** The program that wrote the transcript, from its first record (docs/FORMAT.md, "Harnesses"). */
    public ReadOnlyObjectProperty<Harness> harnessProperty() {
        return harness.getReadOnlyProperty();
    }

    void setHarness(Harness h) {
        harness.set(h == null ? Harness.CLAUDE_CODE : h);
    }

    /** For a sub-agent: the call in its parent that spawned it, once the parent is read. */
    public ReadOnlyObjectProperty<Link> spawnedByProperty() {
        return spawnedBy.getReadOnlyProperty();
    }

    /**
     * What the run spent: its tokens and their cost, a session's rolled up with its sub-agents' (docs/WORKBENCH.md,
     * "Cost"); null until the transcript is analysed and the prices are read. Set by {@link CorpusCosts}.
     */
    public ReadOnlyObjectProperty<Spend> spendProperty() {
        return spend.getReadOnlyProperty();
    }

    /** Sets the run's spend; whether it changed (the filter bar's usage fields with it). */
    boolean setSpend(Spend s) {
        if (java.util.Objects.equals(spend.get(), s)) {
            return false;
        }
        spend.set(s);
        values = null;
        return true;
    }

    public ObservableList<CorpusNode> children() {
        return children;
    }

    void setHeadline(String s) {
        headline.set(s == null ? "" : s);
    }

    void setTitle(String s) {
        title.set(s == null ? "" : s);
    }

    void setDescription(String s) {
        description.set(s == null ? "" : s);
    }

    /** The verdict's state, class, kind and trailing failure, and its reason as the note. */
    void setVerdict(TerminalVerdict v) {
        // the details first: a view that redraws when the state changes reads the details that go with it
        terminalClass.set(v.terminalClass());
        agentKind.set(v.kind());
        trailing.set(v.trailing());
        noRun.set(v.noRun());
        note.set(v.reason());
        verdict = v;
        values = null;
        state.set(v.state());
    }

    /** The verdict as judged, or null while it is being judged (and for notes). */
    public TerminalVerdict verdict() {
        return verdict;
    }

    /**
     * This transcript as the corpus filter bar reads it: the fields of its {@code coroner verdict --json} row, made
     * from what the window holds (no file is read), and the counts only the window has.
     */
    public dev.coroner.core.filter.FieldValues values() {
        if (values == null) {
            values = TranscriptValues.of(this);
        }
        return values;
    }

    void setFoldsDead(long n) {
        foldsDead.set(n);
        values = null;
    }

    void setCounts(long warns, long matched, long unmatched, long records) {
        this.warns.set(warns);
        this.blocksMatched.set(matched);
        this.blocksUnmatched.set(unmatched);
        this.records.set(records);
        values = null;
    }

    void setSize(long bytes) {
        size.set(bytes);
    }

    void setNote(String s) {
        note.set(s == null ? "" : s);
    }

    /**
     * Whether the row's file can be opened here: false only for a row of a fleet's runs table whose file is on another
     * file system (docs/FLEET.md, "Opening the runs table"), or a line of it that is no row.
     */
    public boolean reachable() {
        return reachable;
    }

    void setReachable(boolean r) {
        reachable = r;
    }

    void setChanged(String s) {
        changed.set(s == null ? "" : s);
    }

    void setSpawnedBy(Link link) {
        spawnedBy.set(link);
    }

    @Override
    public String toString() {
        return name;
    }
}
