package dev.coroner.app.ui.model;

import dev.coroner.core.durable.Sha256;
import dev.coroner.core.workspace.Annotation;
import dev.coroner.core.workspace.BundledNames;
import dev.coroner.core.workspace.TranscriptStatus;
import dev.coroner.core.workspace.Workspace;
import dev.coroner.core.workspace.Workspace.GrammarRef;
import dev.coroner.core.workspace.Workspace.Layout;
import dev.coroner.core.workspace.Workspace.Selection;
import dev.coroner.core.workspace.Workspace.TranscriptRef;
import dev.coroner.core.workspace.WorkspaceFiles;
import dev.coroner.core.workspace.WorkspaceRefusedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * Saving and opening workspaces (docs/ARCHITECTURE.md, "Workspaces"): what is open, the grammar, the annotations, the
 * selection and the layout go to a {@code *.coroner.json} file and come back from one. Hashing transcripts and reading
 * the file run on the background executor; the window's state is read and set on the FX thread.
 */
public final class WorkspaceViewModel {
    private final Tasks tasks;
    private final CorpusViewModel corpus;
    private final TimelineViewModel timeline;
    private final Analyses analyses;
    private final Navigator navigator;
    private final AnnotationsViewModel annotations;
    private final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>(this, "file");
    private final ReadOnlyStringWrapper warning = new ReadOnlyStringWrapper(this, "warning", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    /** The comparison open in the Compare view (docs/COMPARE.md, "Workspaces"): saved, and set again on open. */
    private final ObjectProperty<Workspace.Comparison> comparison = new SimpleObjectProperty<>(this, "comparison");
    /** A comparison the workspace opened last recorded whose files a person chose not to read: saved as recorded. */
    private Workspace.Comparison skippedComparison;
    private List<String> rejected = List.of();
    /** The grammar panel's rejected proposals: asked for on save, told on open (see {@link #keepRejectedProposals}). */
    private java.util.function.Supplier<java.util.Collection<String>> rejectedNow = List::of;
    private Consumer<java.util.Collection<String>> restoreRejected = ids -> { };
    /** The grammar panel's text when it has no file (an untitled grammar): saved inline; an inline one goes back. */
    private java.util.function.Supplier<String> untitledGrammar = () -> "";
    private Consumer<String> restoreInline = text -> { };
    /** The filter bars' texts, saved filters and colouring rules: asked for on save, told on open. */
    private java.util.function.Supplier<Workspace.Filters> filtersNow = () -> Workspace.Filters.NONE;
    private Consumer<Workspace.Filters> restoreFilters = f -> { };
    /** The transcripts the workspace opened last recorded: a missing one is saved again as it was recorded. */
    private Map<String, TranscriptRef> recorded = Map.of();
    /** The folder the bundled files (demo corpus, bundled grammar) are in: a workspace names them {@code bundled:…}. */
    private final java.util.function.Supplier<Path> bundled;
    /** The workspace's transcripts not found where it recorded them, until located. */
    private final Map<Path, TranscriptRef> missing = new LinkedHashMap<>();
    private final ReadOnlyIntegerWrapper missingCount = new ReadOnlyIntegerWrapper(this, "missingCount");
    /** What the banner says besides the missing transcripts: read untagged, transcripts changed. */
    private List<String> otherWarnings = List.of();
    /** The selection the workspace opened last recorded, shown once its transcript is located if it was missing. */
    private Selection recordedSelection;
    /** The files outside the workspace's folder a person chose not to read: saved again as recorded, never hashed. */
    private Set<String> skipped = Set.of();

    /**
     * @param bundled the folder the bundled files are in ({@code Fixtures::root} in the window): paths under it are
     *                saved as {@code bundled:…} names and opened from it, wherever it is on this run
     */
    public WorkspaceViewModel(Tasks tasks, CorpusViewModel corpus, TimelineViewModel timeline, Analyses analyses,
                              Navigator navigator, AnnotationsViewModel annotations,
                              java.util.function.Supplier<Path> bundled) {
        this.bundled = bundled;
        this.tasks = tasks;
        this.corpus = corpus;
        this.timeline = timeline;
        this.analyses = analyses;
        this.navigator = navigator;
        this.annotations = annotations;
    }

    /**
     * Where the ids of rejected grammar proposals live while the window runs (the grammar panel): a saved workspace
     * keeps them, with those it was opened with, and an opened one hands them back.
     */
    public void keepRejectedProposals(java.util.function.Supplier<java.util.Collection<String>> current,
                                      Consumer<java.util.Collection<String>> restore) {
        this.rejectedNow = current;
        this.restoreRejected = restore;
    }

    /**
     * Where an untitled grammar lives while the window runs (the grammar panel): a workspace saved while the window
     * judges by one keeps its text inline, and a workspace with an inline grammar puts it back in the panel.
     */
    public void keepInlineGrammar(java.util.function.Supplier<String> current, Consumer<String> restore) {
        this.untitledGrammar = current;
        this.restoreInline = restore;
    }

    /** Where the filter bars keep what a workspace saves (docs/WORKBENCH.md, "Filter bars"), and how it goes back. */
    public void keepFilters(java.util.function.Supplier<Workspace.Filters> current, Consumer<Workspace.Filters> restore) {
        this.filtersNow = current;
        this.restoreFilters = restore;
    }

    /** The workspace file last saved or opened, or null. */
    public ReadOnlyObjectProperty<Path> fileProperty() {
        return file.getReadOnlyProperty();
    }

    /** What a person must know about the workspace open: read untagged, transcripts missing or changed; "" when none. */
    public ReadOnlyStringProperty warningProperty() {
        return warning.getReadOnlyProperty();
    }

    /**
     * How many of the open workspace's transcripts are not where it recorded them (and not located since): while any
     * is, nothing may read as clean.
     */
    public ReadOnlyIntegerProperty missingCountProperty() {
        return missingCount.getReadOnlyProperty();
    }

    /**
     * The two runs (or folders) compared in the Compare view, or null when none is open: the view sets it, a saved
     * workspace keeps it, and opening a workspace that holds one sets it (the view then compares them again). Paths
     * are saved absolute.
     */
    public ObjectProperty<Workspace.Comparison> comparisonProperty() {
        return comparison;
    }

    /** What the last save or open did ("saved demo.coroner.json"). */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /**
     * Saves the window's state to {@code target}. {@code refused} gets a sentence when the file may not be written
     * (a newer workspace, another family's file) or the write failed; the file is then as it was.
     */
    public void save(Path target, Layout layout, Consumer<String> refused) {
        List<Path> open = corpus.transcripts().stream().map(p -> p.toAbsolutePath().normalize()).toList();
        List<Annotation> notes = annotations.all();
        Path grammar = analyses.grammarProperty().get();
        String inline = grammar == null ? untitledGrammar.get() : "";
        Path shown = timeline.pathProperty().get();
        TimelineRow row = timeline.selectedRowProperty().get();
        Selection selection = shown == null ? null
                : new Selection(AnnotationsViewModel.key(shown), row == null ? 0 : row.line());
        java.util.TreeSet<String> allRejected = new java.util.TreeSet<>(rejected);
        allRejected.addAll(this.rejectedNow.get());
        List<String> rejectedNow = List.copyOf(allRejected);
        Workspace.Filters filters = filtersNow.get();
        Map<String, TranscriptRef> recordedNow = recorded;
        Set<String> skippedNow = skipped;
        Workspace.Comparison compared = comparison.get() != null ? absolute(comparison.get()) : skippedComparison;
        tasks.run(() -> {
            Map<String, TranscriptRef> refs = new LinkedHashMap<>();
            open.forEach(p -> refs.put(p.toString(), WorkspaceFiles.describe(p)));
            List<Annotation> hashed = new ArrayList<>();
            for (Annotation a : notes) {
                TranscriptRef ref = refs.computeIfAbsent(a.transcript(), t -> recordedNow.containsKey(t)
                        && (skippedNow.contains(t) || !Files.isRegularFile(Path.of(t))) ? recordedNow.get(t)
                        : WorkspaceFiles.describe(Path.of(t)));
                // a note made before a transcript changed keeps the hash it was made on
                hashed.add(a.sha256() != null ? a : new Annotation(a.transcript(), ref.sha256(), a.line(), a.note(),
                        a.override()));
            }
            Workspace w = new Workspace(List.copyOf(refs.values()), grammarRef(grammar, inline), hashed, rejectedNow,
                    selection, layout, compared, filters);
            try {
                WorkspaceFiles.atomic().save(target, new BundledNames(bundled.get()).named(w));
            } catch (WorkspaceRefusedException e) {
                return new Saved(null, e.getMessage()); // an answer, not a failure: no stack trace for it
            }
            return new Saved(hashed, null);
        }, saved -> {
            if (saved.refusal() != null) {
                refused.accept(saved.refusal());
                return;
            }
            annotations.replaceAll(saved.annotations(), Map.copyOf(annotations.statuses()));
            file.set(target);
            message.set("saved " + target.getFileName());
        }, e -> refused.accept("Could not save " + target.getFileName() + ": " + e.getMessage()));
    }

    /**
     * Asks a person whether to read the files a workspace names outside its own folder (docs/VERDICTS.md, "Files
     * Coroner reads and writes"); {@code answer} gets true to read them, false to open the workspace without them.
     */
    @FunctionalInterface
    public interface OutsideQuestion {
        void ask(Path workspace, List<Path> outside, Consumer<Boolean> answer);
    }

    /**
     * Opens the workspace at {@code source}: closes what is open, opens its transcripts that are still there, restores
     * the grammar, annotations (all of them, whatever became of their transcripts), selection and layout. Files it
     * names outside its folder are read only when {@code question} is answered yes; otherwise they are named as not
     * read, and nothing is read from them, not even to hash them.
     */
    public void open(Path source, List<Path> extra, Consumer<Layout> layout, Consumer<String> refused,
                     OutsideQuestion question) {
        tasks.run(() -> {
            try {
                WorkspaceFiles.Opened opened = WorkspaceFiles.open(source);
                // bundled:… names: the demo corpus and the bundled grammar wherever this Coroner keeps them
                opened = new WorkspaceFiles.Opened(new BundledNames(bundled.get()).resolved(opened.workspace()),
                        opened.verdict(), opened.outside());
                return new Loaded(opened, Map.of(), null, Set.of());
            } catch (WorkspaceRefusedException e) {
                return new Loaded(null, Map.of(), e.getMessage(), Set.of());
            }
        }, read -> {
            if (read.refusal() != null) {
                refused.accept(read.refusal());
                return;
            }
            List<Path> outside = read.opened().outside();
            if (outside.isEmpty()) {
                check(source, read.opened(), Set.of(), extra, layout, refused);
            } else {
                question.ask(source, outside, yes -> check(source, read.opened(), yes ? Set.of() : Set.copyOf(outside),
                        extra, layout, refused));
            }
        }, e -> refused.accept("Could not open " + source.getFileName() + ": " + e.getMessage()));
    }

    /** Checks each transcript not {@code skipped} against what the workspace recorded, then applies the workspace. */
    private void check(Path source, WorkspaceFiles.Opened opened, Set<Path> skipped, List<Path> extra,
                       Consumer<Layout> layout, Consumer<String> refused) {
        tasks.run(() -> {
            Map<Path, TranscriptStatus> status = new LinkedHashMap<>();
            for (TranscriptRef t : opened.workspace().transcripts()) {
                Path p = Path.of(t.path()).toAbsolutePath().normalize(); // a bundled: name resolved, or read against the folder
                if (!skipped.contains(p)) {
                    status.put(p, WorkspaceFiles.check(t));
                }
            }
            return new Loaded(opened, status, null, skipped);
        }, loaded -> apply(source, loaded, extra, layout),
                e -> refused.accept("Could not open " + source.getFileName() + ": " + e.getMessage()));
    }

    private static Workspace.Comparison absolute(Workspace.Comparison c) {
        return new Workspace.Comparison(Path.of(c.a()).toAbsolutePath().normalize().toString(),
                Path.of(c.b()).toAbsolutePath().normalize().toString());
    }

    /** @param skipped files outside the workspace's folder a person chose not to read */
    private record Loaded(WorkspaceFiles.Opened opened, Map<Path, TranscriptStatus> status, String refusal,
                          Set<Path> skipped) {
    }

    private record Saved(List<Annotation> annotations, String refusal) {
    }

    private void apply(Path source, Loaded loaded, List<Path> extra, Consumer<Layout> layout) {
        Workspace w = loaded.opened().workspace();
        corpus.clear();
        timeline.close();
        annotations.replaceAll(w.annotations(), loaded.status());
        rejected = w.rejectedProposals();
        restoreRejected.accept(rejected);
        restoreFilters.accept(w.filters());
        Map<String, TranscriptRef> refs = new LinkedHashMap<>();
        w.transcripts().forEach(t -> refs.put(t.path(), t));
        recorded = refs;
        skipped = loaded.skipped().stream().map(Path::toString).collect(Collectors.toUnmodifiableSet());
        if (w.grammar() != null && w.grammar().path() != null && !loaded.skipped().contains(Path.of(w.grammar().path()))
                && Files.isRegularFile(Path.of(w.grammar().path()))) {
            analyses.grammarProperty().set(Path.of(w.grammar().path()));
        } else if (w.grammar() != null && w.grammar().inline() != null) {
            restoreInline.accept(w.grammar().inline());
        }
        Map<Path, TranscriptRef> byPath = new LinkedHashMap<>();
        w.transcripts().forEach(t -> byPath.put(Path.of(t.path()).toAbsolutePath().normalize(), t));
        List<Path> present = new ArrayList<>();
        missing.clear();
        List<String> changed = new ArrayList<>();
        loaded.status().forEach((p, s) -> {
            switch (s) {
                case MISSING -> missing.put(p, byPath.get(p));
                case CHANGED -> {
                    changed.add(String.valueOf(p.getFileName()));
                    present.add(p);
                }
                case SAME -> present.add(p);
            }
        });
        extra.forEach(p -> present.add(p.toAbsolutePath().normalize()));
        List<String> warnings = new ArrayList<>();
        if (loaded.opened().warning() != null) {
            warnings.add(loaded.opened().warning());
        }
        if (!changed.isEmpty()) {
            warnings.add(changed.size() + " transcript(s) changed since annotated: " + String.join(", ", changed));
        }
        if (!loaded.skipped().isEmpty()) {
            warnings.add(loaded.skipped().size() + " file(s) outside the workspace's folder not read: " + String.join(", ",
                    loaded.skipped().stream().map(String::valueOf).sorted().toList()));
        }
        otherWarnings = List.copyOf(warnings);
        showMissing();
        file.set(source);
        message.set("opened " + source.getFileName());
        layout.accept(w.layout());
        Workspace.Comparison c = w.comparison();
        boolean notRead = c != null && (loaded.skipped().contains(Path.of(c.a())) || loaded.skipped().contains(Path.of(c.b())));
        skippedComparison = notRead ? c : null;
        comparison.set(notRead ? null : c);
        Selection sel = w.selection();
        recordedSelection = sel;
        corpus.open(present, () -> {
            if (sel != null && Files.isRegularFile(Path.of(sel.transcript()))) {
                navigator.goTo(Path.of(sel.transcript()), sel.line());
            } else {
                corpus.firstDead().or(() -> corpus.transcripts().stream().findFirst())
                        .ifPresent(p -> navigator.goTo(p, 0));
            }
        });
    }

    /** The banner's sentence and the count, from what is missing now. */
    private void showMissing() {
        List<String> warnings = new ArrayList<>(otherWarnings);
        if (!missing.isEmpty()) {
            warnings.add(missing.size() + " transcript(s) missing, their annotations kept: " + String.join(", ",
                    missing.keySet().stream().map(p -> String.valueOf(p.getFileName())).toList())
                    + ". Locate… finds them by their SHA-256.");
        }
        warning.set(String.join(" ", warnings));
        missingCount.set(missing.size());
    }

    /**
     * Locate…: looks for the missing transcripts among {@code candidates} (files, and every file under a folder) by
     * the SHA-256 the workspace recorded; each one found takes the missing one's place: it is opened, its annotations
     * and the selection move to it, and the next save records it where it is now. {@code told} gets what was found.
     */
    public void locate(List<Path> candidates, Consumer<String> told) {
        Map<Path, TranscriptRef> wanted = Map.copyOf(missing);
        tasks.run(() -> Relinks.find(candidates, wanted), found -> {
            Map<String, String> moved = new LinkedHashMap<>();
            found.forEach((was, now) -> {
                TranscriptRef ref = missing.remove(was);
                if (ref != null) {
                    moved.put(AnnotationsViewModel.key(was), AnnotationsViewModel.key(now));
                }
            });
            if (moved.isEmpty()) {
                told.accept("None of the " + wanted.size() + " missing transcript(s) is there: no file has the "
                        + "SHA-256 the workspace recorded.");
                return;
            }
            Map<String, TranscriptRef> refs = new LinkedHashMap<>();
            recorded.forEach((k, r) -> refs.put(moved.getOrDefault(k, k), moved.containsKey(k)
                    ? new TranscriptRef(moved.get(k), r.sha256(), r.size()) : r));
            recorded = refs;
            List<Annotation> notes = annotations.all().stream().map(a -> moved.containsKey(a.transcript())
                    ? new Annotation(moved.get(a.transcript()), a.sha256(), a.line(), a.note(), a.override()) : a)
                    .toList();
            Map<Path, TranscriptStatus> statuses = new LinkedHashMap<>(annotations.statuses());
            moved.forEach((was, now) -> {
                statuses.remove(Path.of(was));
                statuses.put(Path.of(now), TranscriptStatus.SAME);
            });
            annotations.replaceAll(notes, statuses);
            showMissing();
            message.set("located " + moved.size() + " of " + wanted.size() + " missing transcript(s)");
            told.accept(message.get() + (missing.isEmpty() ? "." : "; still missing: " + String.join(", ",
                    missing.keySet().stream().map(p -> String.valueOf(p.getFileName())).toList()) + "."));
            Selection sel = recordedSelection;
            String selected = sel == null ? null : moved.get(sel.transcript());
            corpus.open(moved.values().stream().map(Path::of).toList(), () -> {
                if (selected != null) {
                    navigator.goTo(Path.of(selected), sel.line());
                }
            });
        }, e -> told.accept("Could not look for the missing transcripts: " + e.getMessage()));
    }

    private static GrammarRef grammarRef(Path grammar, String inline) throws IOException {
        if (grammar == null) {
            return inline.isBlank() ? null : new GrammarRef(null,
                    Sha256.of(inline.getBytes(java.nio.charset.StandardCharsets.UTF_8)), inline);
        }
        Path g = grammar.toAbsolutePath().normalize();
        return new GrammarRef(g.toString(), Files.isRegularFile(g) ? Sha256.of(g).hex() : null, null);
    }
}
