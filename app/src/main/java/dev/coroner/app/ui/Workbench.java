package dev.coroner.app.ui;

import atlantafx.base.theme.PrimerLight;
import dev.coroner.app.ui.model.Analyses;
import dev.coroner.app.ui.model.AnnotationsViewModel;
import dev.coroner.app.ui.model.PresentationViewModel;
import dev.coroner.app.ui.model.ReportExportViewModel;
import dev.coroner.app.ui.model.WorkspaceViewModel;
import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.CorpusSearch;
import dev.coroner.app.ui.model.CorpusTriage;
import dev.coroner.app.ui.model.CorpusViewModel;
import dev.coroner.app.ui.model.DetailViewModel;
import dev.coroner.app.ui.model.FindingsViewModel;
import dev.coroner.app.ui.model.FollowViewModel;
import dev.coroner.app.ui.model.GrammarPanelModel;
import dev.coroner.core.corpus.IndexCache;
import dev.coroner.app.ui.model.Navigator;
import dev.coroner.app.ui.model.StatusViewModel;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.app.ui.model.TimelineViewModel;
import dev.coroner.app.ui.model.ViewSettings;
import dev.coroner.app.report.ReportInputs;
import dev.coroner.core.findings.FindingSource;
import dev.coroner.core.read.Harness;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.Scene;

/**
 * The composition root (STYLE.md, habit 4): builds the view models over the core, the views over them, and wires
 * them together. The window, the headless snapshot and the UI tests all build the workbench here.
 */
public final class Workbench {
    /** The window's stylesheet, layered on the AtlantaFX Primer Light theme. */
    public static final String STYLESHEET = Objects.requireNonNull(
            Workbench.class.getResource("coroner.css")).toExternalForm();

    private final Tasks tasks;
    private final Analyses analyses;
    private final CorpusViewModel corpus;
    private final TimelineViewModel timeline;
    private final DetailViewModel detail;
    private final FindingsViewModel findings;
    private final GrammarPanelModel grammar;
    private final Navigator navigator = new Navigator();
    private final AnnotationsViewModel annotations;
    private final WorkspaceViewModel workspace;
    /** How the view models follow each other: made here, removed by {@link #close()}. */
    private final Subscriptions wiring = new Subscriptions();
    /** Whether the grammar in force is a bundled one set by {@link #setGrammar}, which follows the harness opened. */
    private boolean followsHarness;
    /** Set while {@link #setGrammar} sets the grammar: any other change is the person's choice. */
    private boolean setting;
    /** Where the layout is remembered between runs, once {@link #rememberLayout} is called. */
    private java.util.prefs.Preferences layoutStore;
    private final MainView view;
    private final Triage triage;
    private final FollowViewModel follow;
    private final FollowControl followControl;
    /** File ▸ Compare… and the corpus's "Compare with…" (docs/WORKBENCH.md, "Compare view"). */
    private final CompareActions compare;
    private final dev.coroner.app.ui.model.CorpusCosts costs;
    private final LedgerView ledgerView;
    /** Theme and type size: remembered once the application calls {@code settings().remember(node)}. */
    private final ViewSettings settings = new ViewSettings();

    /**
     * @param tasks   where heavy work runs ({@link Tasks#forWindow()}, or {@link Tasks#sameThread()} in tests)
     * @param sources verdict engines beyond the terminal verdict: the precursor gate and the code-block matcher
     */
    public Workbench(Tasks tasks, List<FindingSource> sources) {
        this(tasks, sources, dev.coroner.fixtures.Fixtures::root);
    }

    /**
     * @param bundled the folder holding the bundled files (demo corpus, bundled grammar) that workspaces name
     *                {@code bundled:…}: {@code Fixtures::root}, or a folder of a test's own
     */
    public Workbench(Tasks tasks, List<FindingSource> sources, java.util.function.Supplier<Path> bundled) {
        this.tasks = tasks;
        dev.coroner.app.ui.model.Drawable.warmUp(); // before the window shows and anything is read
        this.analyses = new Analyses(sources);
        IndexCache cache = new IndexCache();
        corpus = new CorpusViewModel(tasks, analyses, cache);
        timeline = new TimelineViewModel(tasks, cache, analyses);
        detail = new DetailViewModel(tasks, analyses);
        findings = new FindingsViewModel(analyses, navigator, tasks);
        navigator.wire(corpus, timeline);
        grammar = new GrammarPanelModel(tasks, analyses, corpus, bundledGrammar());
        annotations = new AnnotationsViewModel(analyses);
        workspace = new WorkspaceViewModel(tasks, corpus, timeline, analyses, navigator, annotations, bundled);
        StatusViewModel status = new StatusViewModel(corpus, timeline, findings, workspace.missingCountProperty());
        wiring.onChange(analyses.grammarProperty(), g -> followsHarness &= setting);
        wiring.onChange(timeline.selectedRowProperty(), row -> {
            if (row == null) {
                detail.showTranscript(timeline.analysisProperty().get());
            } else {
                detail.show(timeline.indexProperty().get(), row, timeline.analysisProperty().get());
            }
        });
        wiring.onChange(timeline.analysisProperty(), a -> {
            if (timeline.selectedRowProperty().get() == null) {
                detail.showTranscript(a);
            }
        });
        wiring.bind(timeline.parentLinkProperty(), corpus.currentProperty().flatMap(CorpusNode::spawnedByProperty));
        wiring.onChange(corpus.roots(), () -> {
            if (corpus.roots().isEmpty()) {
                timeline.close(); // "Close all": nothing may stay on screen from a closed transcript
            }
        });
        workspace.keepRejectedProposals(grammar::rejectedIds, grammar::rejectAll);
        workspace.keepInlineGrammar(grammar::text, grammar::openInline);
        ReviewModels reviewing = new ReviewModels(annotations, workspace,
                new PresentationViewModel(findings, detail, timeline, annotations, analyses, navigator),
                new ReportExportViewModel(tasks, corpus, analyses, annotations, dev.coroner.app.cli.CoronerVersion.get()));
        reviewing.export().keepInlineGrammar(grammar::text);
        triage = new Triage(new CorpusTriage(corpus), new CorpusSearch(tasks, corpus, analyses, navigator),
                new dev.coroner.app.ui.model.FilterBook(dev.coroner.core.filter.FieldSchemas.RECORD));
        // the filter bars' texts, saved filters and colouring rules go into a workspace and come back from one
        workspace.keepFilters(() -> triage.book().toWorkspace(triage.corpus().where().textProperty().get(),
                timeline.filters().where().textProperty().get()), f -> {
            triage.book().restore(f);
            triage.corpus().where().textProperty().set(f.corpus());
            timeline.filters().where().textProperty().set(f.timeline());
        });
        findings.followFilter(triage.corpus()::shows); // F8 never leaves the transcripts the filter shows
        reviewing.export().followFilter(triage.corpus()::shows); // nor does File > Export report
        view = new MainView(corpus, timeline, detail, findings, status, analyses, navigator, grammar, reviewing, triage);
        follow = new FollowViewModel(tasks, timeline, corpus, analyses);
        status.unsettledProperty().bind(follow.writingProperty()); // a torn line followed: not clean yet
        followControl = FollowControl.install(view.fileMenu, view.statusBar, follow);
        compare = new CompareActions(() -> new dev.coroner.app.ui.model.CompareViewModel(tasks, cache, this::judgingGrammar,
                analyses.grammarProperty()::get, new dev.coroner.app.ui.model.CompareExport(tasks,
                dev.coroner.app.cli.CoronerVersion.get())), corpus, view.actions, workspace.comparisonProperty(),
                () -> view.getScene() == null ? null : view.getScene().getWindow());
        view.fileMenu.getItems().add(2, compare.fileItem()); // after Open folder…
        view.corpusView.menus().add(compare::corpusItems);
        // what the runs cost (docs/WORKBENCH.md, "Cost"): the bundled prices overridden by the person's prices file
        // read once, for the columns and for File > Export's "Include tokens and cost" alike
        Path userPrices = dev.coroner.core.usage.PriceTable.userFile();
        costs = new dev.coroner.app.ui.model.CorpusCosts(tasks, corpus, analyses,
                reviewing.export().pricesLoader(userPrices), userPrices);
        view.corpusView.showCosts(costs);
        triage.corpus().refilterOn(costs.spendChangesProperty()); // the corpus bar's usage fields are the rows' spend
        ledgerView = new LedgerView(new dev.coroner.app.ui.model.TokenLedger(timeline, costs), navigator);
        view.detailView.addTab(new javafx.scene.control.Tab("Tokens", ledgerView));
        view.viewMenu.getItems().add(new javafx.scene.control.SeparatorMenuItem());
        view.viewMenu.getItems().addAll(Appearance.menuItems(settings));
        view.viewMenu.getItems().add(ColouringRulesDialog.menuItem(triage.book(),
                () -> view.getScene() == null ? null : view.getScene().getWindow()));
        view.actions.remember(settings);
        wiring.show(settings.zoomProperty(), z -> {
            double f = Math.max(1, z.doubleValue() / 100); // smaller type keeps the columns' widths
            view.timelineView.scaleRows(f);
            view.corpusView.scaleRows(f);
            view.findingsView.scaleRows(f);
            ColumnScale.scale(view.timelineView.table().getColumns(), f);
            view.corpusView.scaleColumns(f);
        });
    }

    /**
     * Detaches the views from the view models and undoes the wiring between them: the window is closing. The views
     * then show what they showed last and follow nothing.
     */
    /**
     * Shows the panels and puts the dividers where {@code node} remembers them from the last run, and remembers them
     * there again when the window closes (docs/WORKBENCH.md, "Layout").
     */
    public void rememberLayout(java.util.prefs.Preferences node) {
        view.windowLayout().restore(node);
        layoutStore = node;
    }

    public void close() {
        if (layoutStore != null) {
            view.windowLayout().save(layoutStore);
            try {
                layoutStore.flush();
            } catch (java.util.prefs.BackingStoreException e) {
                // not remembered this time: the next run opens with the default layout
            }
        }
        follow.followingProperty().set(false);
        followControl.detach();
        ledgerView.detach();
        view.detach();
        wiring.unsubscribeAll();
    }

    /** Sets the theme every window of the application uses. Call on the FX thread, before building scenes. */
    public static void useTheme() {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
    }

    public Parent root() {
        return view;
    }

    /** A scene holding the workbench, styled. */
    public Scene scene(double width, double height) {
        Scene scene = new Scene(view, width, height);
        scene.getStylesheets().add(STYLESHEET);
        Appearance.apply(settings, scene);
        view.makeRowsAhead();
        return scene;
    }

    /**
     * Opens transcripts and folders; once they are listed, shows the first dead transcript at its terminal record. A
     * workspace ({@code *.coroner.json}) among them is opened as one, the other paths beside its transcripts.
     */
    public void open(List<Path> paths) {
        List<Path> workspaces = paths.stream()
                .filter(p -> String.valueOf(p.getFileName()).endsWith(ReviewActions.WORKSPACE_SUFFIX)).toList();
        if (!workspaces.isEmpty()) {
            view.review.open(workspaces.get(0),
                    paths.stream().filter(p -> !workspaces.contains(p)).toList());
            return;
        }
        corpus.open(paths, () -> {
            followHarness(corpus.transcripts());
            if (timeline.pathProperty().get() == null) {
                // never a file with no run while a run is open (docs/VERDICTS.md, "Files that hold no run")
                corpus.firstDead().or(corpus::firstRun).or(() -> corpus.transcripts().stream().findFirst())
                        .ifPresent(p -> navigator.goTo(p, 0));
                view.focusTimeline();
            }
        });
    }

    /**
     * Reads the files a workspace names outside its own folder without asking: the command line has asked already
     * ({@code coroner snapshot --allow-outside}, docs/VERDICTS.md, "Files Coroner reads and writes").
     */
    public void readOutsideWithoutAsking() {
        view.review.readOutsideWithoutAsking();
    }

    /**
     * The precursor grammar the window starts with: the bundled Claude Code grammar ({@code Edit}, {@code Write},
     * {@code MultiEdit}, {@code NotebookEdit} require a {@code Read}), since Claude Code transcripts are what it opens.
     */
    public static Path bundledGrammar() {
        return dev.coroner.fixtures.Fixtures.path("precursor/claude-code.toml");
    }

    /** The bundled grammar for {@code harness}'s transcripts: Claude Code's, or Codex CLI's ({@code apply_patch}). */
    public static Path bundledGrammar(Harness harness) {
        return ReportInputs.bundledGrammar(harness);
    }

    /**
     * The precursor grammar for the WARN verdicts (docs/VERDICTS.md, "Precursor gate"); null for none. A bundled
     * grammar set here follows the harness of what is opened next; any other stays.
     */
    public void setGrammar(Path grammar) {
        setting = true;
        try {
            analyses.grammarProperty().set(grammar);
        } finally {
            setting = false;
        }
        followsHarness = ReportInputs.bundledFor(grammar) != null;
    }

    /**
     * While the grammar is the bundled one the window started with, it follows the harness of the transcripts open:
     * when every one of them is a Codex rollout they are judged by the bundled Codex grammar, when every one is a
     * Claude Code transcript by Claude Code's, and a mix keeps the grammar in force. A grammar the person chose (the
     * toolbar's menu, a file, the grammar panel, a workspace) is never replaced.
     */
    private void followHarness(List<Path> transcripts) {
        Path inForce = analyses.grammarProperty().get();
        if (!followsHarness || transcripts.isEmpty() || ReportInputs.bundledFor(inForce) == null) {
            return;
        }
        List<Path> files = List.copyOf(transcripts);
        tasks.run(() -> {
            Harness one = null;
            for (Path p : files) {
                Harness h = Harness.ofHead(p);
                if (one != null && h != one) {
                    return null;
                }
                one = h;
            }
            return one;
        }, harness -> {
            if (harness != null && followsHarness && Objects.equals(analyses.grammarProperty().get(), inForce)) {
                setGrammar(bundledGrammar(harness));
            }
        }, e -> { });
    }

    /** The grammar the window judges by, when it loads (null: none): a comparison counts each side's WARNs by it. */
    private dev.coroner.core.precursor.PrecursorGrammar judgingGrammar() {
        var loaded = analyses.settings().loaded();
        return loaded != null && loaded.ok() ? loaded.grammar() : null;
    }

    /** Opens the Compare window on two transcripts or two folders (File ▸ Compare…, "Compare with…"). */
    public javafx.stage.Stage compare(Path a, Path b) {
        return compare.open(a, b);
    }

    /** Whether no background work is queued or running. */
    public boolean idle() {
        return tasks.idle();
    }

    /** Every transcript's analysis and the settings they were judged under. */
    public Analyses analyses() {
        return analyses;
    }

    public CorpusViewModel corpus() {
        return corpus;
    }

    /** File ▸ Follow: the open transcript kept growing as it is written. */
    public FollowViewModel follow() {
        return follow;
    }

    public TimelineViewModel timeline() {
        return timeline;
    }

    public DetailViewModel detail() {
        return detail;
    }

    public FindingsViewModel findings() {
        return findings;
    }

    /** The grammar panel's model: the grammar file as text being edited. */
    public GrammarPanelModel grammar() {
        return grammar;
    }

    /** Whether the window may close: no unsaved grammar edits, or the person saved or dropped them. */
    public boolean mayClose() {
        return view.grammarPanel.mayDiscard("close the window");
    }

    public AnnotationsViewModel annotations() {
        return annotations;
    }

    public WorkspaceViewModel workspace() {
        return workspace;
    }

    /** What the corpus spent, at the prices in force. */
    public dev.coroner.app.ui.model.CorpusCosts costs() {
        return costs;
    }

    /** The corpus filters, the flat list and the corpus-wide search. */
    public Triage triage() {
        return triage;
    }

    /** The window's theme and type size. */
    public ViewSettings settings() {
        return settings;
    }

    public Navigator navigator() {
        return navigator;
    }
}
