package dev.coroner.app.ui.model;

import dev.coroner.core.corpus.CancelToken;
import dev.coroner.core.durable.AtomicWrite;
import dev.coroner.core.durable.RegularFiles;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.precursor.GrammarChange;
import dev.coroner.core.precursor.GrammarEdit;
import dev.coroner.core.precursor.GrammarEdits;
import dev.coroner.core.precursor.GrammarError;
import dev.coroner.core.precursor.GrammarLoader;
import dev.coroner.core.precursor.GrammarResult;
import dev.coroner.core.precursor.GrammarTableText;
import dev.coroner.core.precursor.ObservedTranscript;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.core.precursor.Proposal;
import dev.coroner.core.precursor.Proposer;
import dev.coroner.core.precursor.Coverage;
import dev.coroner.core.precursor.UngatedTool;
import dev.coroner.core.findings.TranscriptAnalysis;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The grammar panel (docs/WORKBENCH.md, "The grammar panel"): the grammar file the window judges by, as text a
 * person edits. Every edit is parsed off the FX thread (throttled); valid text re-judges the open corpus from memory
 * through {@link Analyses#judgeBy}, and the panel says what it changes against the saved grammar. While the text does
 * not load, its errors are listed and the verdicts of the last valid text stay. Only the latest evaluation is applied.
 * The view owns the editor; it tells this model each new text ({@link #edited}) and applies the {@link TextChange}s
 * this model asks for (a file loaded, an edit made from the evidence), so every change is in the text a person sees.
 */
public final class GrammarPanelModel {
    /** How long typing may go on before the text is judged again. */
    static final long EVALUATE_AFTER_MS = 300;

    /** A change the view makes to its editor's text: the whole text replaced on load, or one edit, undoable. */
    public record TextChange(GrammarEdit edit, boolean load, long serial) {
    }

    private final Tasks tasks;
    private final Analyses analyses;
    private final CorpusViewModel corpus;
    private final Path readOnly;
    private final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>(this, "file");
    private final ReadOnlyBooleanWrapper dirty = new ReadOnlyBooleanWrapper(this, "dirty");
    private final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper(this, "valid", true);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyObjectWrapper<GrammarChange> change = new ReadOnlyObjectWrapper<>(this, "change", GrammarChange.NONE);
    private final ReadOnlyObjectWrapper<TextChange> textChange = new ReadOnlyObjectWrapper<>(this, "textChange");
    private final ReadOnlyObjectWrapper<Path> conflict = new ReadOnlyObjectWrapper<>(this, "conflict");
    private final ReadOnlyBooleanWrapper changedOnDisk = new ReadOnlyBooleanWrapper(this, "changedOnDisk");
    private final BooleanProperty shown = new SimpleBooleanProperty(this, "shown");
    private final ObservableList<GrammarError> errors = FXCollections.observableArrayList();
    private final Runnable evaluateLater;
    private final ObservableList<Proposal> proposals = FXCollections.observableArrayList();
    private final ObservableList<UngatedTool> ungated = FXCollections.observableArrayList();
    /** Ids of the proposals the person rejected: never shown again (docs/VERDICTS.md, "Coverage and proposals"). */
    private final Set<String> rejected = new HashSet<>();
    private CancelToken proposing = new CancelToken();
    /** The grammar the proposals were last worked out under; they are worked out again as the corpus grows. */
    private PrecursorGrammar proposedBy = PrecursorGrammar.EMPTY;
    private String text = "";
    private String savedText = "";
    private PrecursorGrammar savedGrammar;
    /** The saved grammar's stances, kept between keystrokes; replaced when the saved grammar changes. */
    private GrammarChange.Baseline baseline = new GrammarChange.Baseline(null);
    private String appliedText;
    private FileTime savedTime;
    private long serial;
    private CancelToken evaluating = new CancelToken();
    private boolean following = true;

    /**
     * @param readOnly a grammar that Save never overwrites (the bundled one: Save asks for a new file), or null
     */
    public GrammarPanelModel(Tasks tasks, Analyses analyses, CorpusViewModel corpus, Path readOnly) {
        this.tasks = tasks;
        this.analyses = analyses;
        this.corpus = corpus;
        this.readOnly = readOnly;
        this.evaluateLater = tasks.fx().throttled(this::evaluate, EVALUATE_AFTER_MS);
        analyses.grammarProperty().addListener((o, was, now) -> grammarChosen(now));
        Runnable reproposeLater = tasks.fx().throttled(() -> {
            if (shown.get()) {
                refreshProposals(proposedBy);
            }
        }, 1_000);
        analyses.byPath().addListener((javafx.collections.MapChangeListener<Path, TranscriptAnalysis>) c -> reproposeLater.run());
        shown.addListener((o, was, now) -> reproposeLater.run());
    }

    // ---- state ----

    /** The grammar file edited, or null (an untitled grammar). */
    public ReadOnlyObjectProperty<Path> fileProperty() { return file.getReadOnlyProperty(); }
    /** Whether the text differs from the file's. */
    public ReadOnlyBooleanProperty dirtyProperty() { return dirty.getReadOnlyProperty(); }
    /** Whether the text loads as a grammar; while it does not, the verdicts are those of the last text that did. */
    public ReadOnlyBooleanProperty validProperty() { return valid.getReadOnlyProperty(); }
    /** A note for the person: saved, refused, reloaded. */
    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }
    /** What the text changes against the saved grammar over the open corpus. */
    public ReadOnlyObjectProperty<GrammarChange> changeProperty() { return change.getReadOnlyProperty(); }
    /** The latest change the view must make to its editor. */
    public ReadOnlyObjectProperty<TextChange> textChangeProperty() { return textChange.getReadOnlyProperty(); }
    /** Another grammar was chosen while this text has unsaved edits: the view asks which to keep. */
    public ReadOnlyObjectProperty<Path> conflictProperty() { return conflict.getReadOnlyProperty(); }
    /** The file changed on disk while this text has unsaved edits: the view asks whether to reload. */
    public ReadOnlyBooleanProperty changedOnDiskProperty() { return changedOnDisk.getReadOnlyProperty(); }
    /** Whether the panel is on screen (the View menu and the edits from the evidence open it). */
    public BooleanProperty shownProperty() { return shown; }
    /** Every error of the text, in file order. */
    public ObservableList<GrammarError> errors() { return errors; }

    /** What the open corpus proposes under the editor's grammar, rejected ones left out (refreshed with each valid text). */
    public ObservableList<Proposal> proposals() { return proposals; }

    /** The tools of the open corpus that look mutating and that the editor's grammar does not gate. */
    public ObservableList<UngatedTool> ungated() { return ungated; }
    /** The text as the editor holds it. */
    public String text() { return text; }

    /** Whether Save needs a new file (none yet, or the bundled grammar, which is never overwritten). */
    public boolean needsTarget() {
        return file.get() == null || file.get().equals(readOnly);
    }

    // ---- commands ----

    /** Opens {@code grammar} for editing and judges by it (any unsaved edits are dropped: the view asked first). */
    public void open(Path grammar) {
        conflict.set(null);
        changedOnDisk.set(false);
        following = false;
        try {
            analyses.grammarProperty().set(grammar);
        } finally {
            following = true;
        }
        load(grammar);
    }

    /**
     * Edits {@code inline} as an untitled grammar and judges by it: a workspace's grammar kept as text, with no file to
     * open (docs/ARCHITECTURE.md, "Workspaces"). Any unsaved edits are dropped; Save asks where to write it.
     */
    public void openInline(String inline) {
        conflict.set(null);
        changedOnDisk.set(false);
        following = false;
        try {
            analyses.grammarProperty().set(null);
        } finally {
            following = true;
        }
        load(null);
        replaceAll(Objects.requireNonNull(inline), true);
    }

    /** The text in the editor is now {@code now}: it is judged again shortly (at once on a same-thread executor). */
    public void edited(String now) {
        text = Objects.requireNonNull(now);
        dirty.set(!text.equals(savedText));
        evaluateLater.run();
    }

    /** Saves into the file (only the grammar's tables: every other byte stays as on disk). False: it needs a target. */
    public boolean save() {
        if (needsTarget()) {
            return false;
        }
        Path target = file.get();
        String saving = text;
        tasks.run(() -> GrammarTableText.saveGrammar(target, saving), r -> {
            if (!r.ok()) {
                message.set("not saved: " + r.problem());
                return;
            }
            String disk = new String(r.bytes(), StandardCharsets.UTF_8);
            saved(target, disk);
            if (!disk.equals(saving)) {
                message.set("saved the grammar's tables; the file's other tables are as on disk (edits to them were not saved)");
                replaceAll(disk, false);
            } else {
                message.set("saved " + target.getFileName());
            }
        }, e -> message.set("not saved: " + e.getMessage()));
        return true;
    }

    /** Writes the whole text to {@code target} (atomically) and edits that file from now on. */
    public void saveAs(Path target) {
        String saving = text;
        tasks.run(() -> {
            AtomicWrite.replace(target, saving.getBytes(StandardCharsets.UTF_8));
            return saving;
        }, s -> {
            following = false;
            try {
                analyses.grammarProperty().set(target);
            } finally {
                following = true;
            }
            saved(target, s);
            appliedText = null;
            evaluateLater.run();
            message.set("saved as " + target.getFileName());
        }, e -> message.set("not saved: " + e.getMessage()));
    }

    /** Looks whether the file changed on disk: reloads it when the text has no unsaved edits, else asks. */
    public void checkDisk() {
        Path f = file.get();
        FileTime known = savedTime;
        if (f == null || known == null) {
            return;
        }
        tasks.run(() -> !Files.exists(f) ? GONE : Files.getLastModifiedTime(f).equals(known) ? null : read(f), disk -> {
            if (disk == GONE) { // deleted or moved away: said once per look, never a stack trace every two seconds
                if (f.equals(file.get())) {
                    message.set(f.getFileName() + " is no longer on disk: Save writes it again");
                }
                return;
            }
            if (disk == null || !f.equals(file.get()) || disk.text().equals(savedText)) {
                if (disk != null && f.equals(file.get())) {
                    savedTime = disk.time();
                }
                return;
            }
            if (dirty.get()) {
                changedOnDisk.set(true);
            } else {
                reloaded(f, disk);
            }
        }, e -> message.set("cannot read " + f.getFileName() + ": " + e.getMessage()));
    }

    /** Takes the file as it is on disk now, dropping unsaved edits (the person said so). */
    public void reload() {
        changedOnDisk.set(false);
        Path f = file.get();
        if (f != null) {
            tasks.run(() -> read(f), disk -> reloaded(f, disk),
                    e -> message.set("cannot read " + f.getFileName() + ": " + e.getMessage()));
        }
    }

    /** Keeps the unsaved edits over a change on disk; a later save overwrites the grammar's tables. */
    public void keepEdits() {
        changedOnDisk.set(false);
        Path f = file.get();
        if (f != null) {
            tasks.run(() -> Files.getLastModifiedTime(f), t -> savedTime = t, e -> { });
        }
    }

    /** Keeps editing this file after another grammar was chosen: the window judges by this text again. */
    public void keepEditing() {
        conflict.set(null);
        following = false;
        try {
            analyses.grammarProperty().set(file.get());
        } finally {
            following = true;
        }
        appliedText = null;
        evaluateLater.run();
    }

    /** Makes {@code result}'s edit in the editor (undoable) and shows the panel, or says why there is none. */
    public void propose(GrammarEdits.Result result) {
        shown.set(true);
        if (!result.ok()) {
            message.set(result.problem());
            return;
        }
        textChange.set(new TextChange(result.edit(), false, ++serial));
        message.set(result.edit().summary());
    }

    /** Makes an accepted proposal's rule in the editor's text, as an undoable edit (the one text edit: GrammarEdits). */
    public void accept(Proposal p) {
        propose(GrammarEdits.requireLookup(text, p.tool(), p.precursor()));
    }

    /** Never shows {@code p} again in this window. */
    public void reject(Proposal p) {
        rejected.add(p.id());
        proposals.remove(p);
    }

    /** The ids rejected so far (a workspace keeps them). */
    public Set<String> rejectedIds() {
        return Set.copyOf(rejected);
    }

    /** Ids rejected before (from a workspace): those proposals stay hidden. */
    public void rejectAll(java.util.Collection<String> ids) {
        rejected.addAll(ids);
        proposals.removeIf(p -> rejected.contains(p.id()));
    }

    /**
     * A rule for an ungated tool, from the evidence: its best-supported proposal's lookup; when no lookup ever returned
     * before its calls in a HEALTHY run there is nothing to propose, and the panel says so.
     */
    public void addRule(UngatedTool tool) {
        for (Proposal p : proposals) {
            if (p.tool().equals(tool.tool())) {
                accept(p);
                return;
            }
        }
        shown.set(true);
        message.set("no lookup returned before " + tool.tool() + " in a HEALTHY run: write its rule by hand");
    }

    /**
     * Works out the proposals and the coverage of the open corpus under {@code grammar}, off the FX thread, from what
     * the corpus pass kept (no file is read); only the latest is applied.
     */
    private void refreshProposals(PrecursorGrammar grammar) {
        proposedBy = grammar;
        proposing.cancel();
        CancelToken token = new CancelToken();
        proposing = token;
        Map<Path, CallStream> streams = corpus.callStreams();
        List<ObservedTranscript> observed = new ArrayList<>();
        streams.forEach((path, calls) -> {
            TranscriptAnalysis a = analyses.get(path);
            if (a != null) {
                observed.add(new ObservedTranscript(path.toString(), a.verdict().state(), calls));
            }
        });
        tasks.run(() -> new Proposed(Proposer.propose(observed, grammar, Proposer.DEFAULT_MIN_SUPPORT),
                Coverage.ungated(observed, grammar)), done -> {
            if (token.cancelled()) {
                return;
            }
            proposals.setAll(done.proposals().stream().filter(p -> !rejected.contains(p.id())).toList());
            ungated.setAll(done.ungated());
        }, e -> message.set("cannot propose: " + e.getMessage()));
    }

    private record Proposed(List<Proposal> proposals, List<UngatedTool> ungated) {
    }

    /** The did-you-mean of {@code error} made in the editor. */
    public void fix(GrammarError error) {
        GrammarEdits.fix(text, error).ifPresent(e -> textChange.set(new TextChange(e, false, ++serial)));
    }

    // ---- internals ----

    private record Disk(String text, FileTime time) {
    }

    /** What {@link #checkDisk} finds when the file is gone. */
    private static final Disk GONE = new Disk("", null);

    private static Disk read(Path f) throws IOException {
        FileTime t = Files.getLastModifiedTime(f);
        byte[] bytes = RegularFiles.readAll(f, GrammarLoader.MAX_GRAMMAR_BYTES); // a pipe or device: refused
        return new Disk(new String(bytes, StandardCharsets.UTF_8), t);
    }

    private void grammarChosen(Path now) {
        if (!following || Objects.equals(now, file.get())) {
            return;
        }
        if (dirty.get()) {
            conflict.set(now);
        } else {
            load(now);
        }
    }

    private void load(Path grammar) {
        if (grammar == null) {
            file.set(null);
            savedText = "";
            savedGrammar = null;
            baseline = new GrammarChange.Baseline(null);
            savedTime = null;
            appliedText = "";
            replaceAll("", true);
            return;
        }
        tasks.run(() -> read(grammar), disk -> {
            if (Objects.equals(grammar, analyses.grammarProperty().get())) {
                reloadedAs(grammar, disk, true);
            }
        }, e -> message.set("cannot read " + grammar.getFileName() + ": " + e.getMessage()));
    }

    private void reloaded(Path f, Disk disk) {
        reloadedAs(f, disk, false);
        message.set("reloaded " + f.getFileName() + ": it changed on disk");
    }

    /** {@code chosen}: the file was chosen as the window's grammar, which judges by it already. */
    private void reloadedAs(Path f, Disk disk, boolean chosen) {
        file.set(f);
        savedText = disk.text();
        savedTime = disk.time();
        GrammarResult saved = GrammarLoader.parse(disk.text());
        savedGrammar = saved.ok() ? saved.grammar() : null;
        baseline = new GrammarChange.Baseline(savedGrammar);
        appliedText = chosen ? disk.text() : null;
        boolean freshHistory = chosen;
        replaceAll(disk.text(), freshHistory);
    }

    private void saved(Path target, String disk) {
        file.set(target);
        savedText = disk;
        GrammarResult r = GrammarLoader.parse(disk);
        savedGrammar = r.ok() ? r.grammar() : savedGrammar;
        baseline = new GrammarChange.Baseline(savedGrammar);
        dirty.set(!text.equals(savedText));
        change.set(GrammarChange.NONE);
        try {
            savedTime = Files.getLastModifiedTime(target);
        } catch (IOException e) {
            savedTime = null;
        }
    }

    private void replaceAll(String now, boolean load) {
        textChange.set(new TextChange(new GrammarEdit(0, text.length(), now, "loaded"), load, ++serial));
        edited(now); // a view that applies the change tells us too; without one the model still follows
    }

    /** Parses the text and judges the corpus by it, off the FX thread; only the latest evaluation is applied. */
    private void evaluate() {
        String now = text;
        evaluating.cancel();
        if (file.get() == null && now.isBlank()) {
            errors.clear(); // no grammar chosen and none typed: nothing is gated, and nothing is wrong
            valid.set(true);
            change.set(GrammarChange.NONE);
            refreshProposals(PrecursorGrammar.EMPTY);
            return;
        }
        CancelToken token = new CancelToken();
        evaluating = token;
        GrammarChange.Baseline saved = baseline;
        Map<Path, CallStream> streams = corpus.callStreams();
        tasks.run(() -> {
            GrammarResult r = GrammarLoader.parse(now);
            GrammarChange c = r.ok() ? GrammarChange.against(saved, r.grammar(), streams, token::cancelled) : null;
            return new Evaluation(r, c);
        }, ev -> {
            if (token.cancelled() || !now.equals(text)) {
                return; // a newer text is judged, or will be
            }
            errors.setAll(ev.loaded().errors());
            valid.set(ev.loaded().ok());
            if (ev.loaded().ok()) {
                change.set(ev.change());
                refreshProposals(ev.loaded().grammar());
                if (now.equals(appliedText)) {
                    return; // the window judges by this text already (the file was chosen)
                }
                appliedText = now;
                Path source = file.get() != null ? file.get() : Path.of("untitled grammar");
                analyses.judgeBy(new AnalysisSettings(source, ev.loaded()));
            }
        }, e -> message.set("cannot judge the grammar: " + e.getMessage()));
    }

    private record Evaluation(GrammarResult loaded, GrammarChange change) {
    }

    /** The errors' count for a person: "2 errors: the verdicts shown are the last valid grammar's". */
    public static String invalidNote(List<GrammarError> errors) {
        int n = errors.size();
        return n + (n == 1 ? " error" : " errors") + ": the verdicts shown are still those of the last text that loaded";
    }
}
