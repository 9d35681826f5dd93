package dev.coroner.app.ui;

import dev.coroner.app.ui.model.Analyses;
import dev.coroner.app.ui.model.CorpusViewModel;
import dev.coroner.app.ui.model.DetailViewModel;
import dev.coroner.app.ui.model.FindingsViewModel;
import dev.coroner.app.ui.model.GrammarPanelModel;
import dev.coroner.app.ui.model.Navigator;
import dev.coroner.app.ui.model.StatusViewModel;
import dev.coroner.app.ui.model.TimelineViewModel;
import java.io.File;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

/**
 * The workbench window's content (docs/WORKBENCH.md, "The panels"): menu and tool bar; corpus, timeline with its ruler, detail; findings;
 * status bar. Files and folders dropped anywhere on it are opened.
 */
final class MainView extends BorderPane {
    final CorpusView corpusView;
    final TimelineView timelineView;
    final DetailView detailView;
    final FindingsView findingsView;
    final ToolbarView toolbar;
    final StatusBar statusBar;
    final GrammarPanel grammarPanel;
    /** Annotations in the timeline, detail and findings (new class: kept out of the panels). */
    final Judgements judgements;
    final ReviewActions review;
    /** Corpus, timeline and detail, left to right; a side panel folds away (View ▸ Corpus panel, Detail panel). */
    final SplitPane panels;
    /** File ▸ Open and the tool bar's buttons: the composition root gives them the settings that remember folders. */
    final Actions actions;
    /** What a workspace saves of the layout: the menu adds the folding panels to it. */
    private final WindowLayout layout;
    /** Where the grammar panel's left edge starts when it opens, as a share of the panels' width. */
    private static final double GRAMMAR_STARTS_AT = 0.6;
    /** The corpus panel's minimum width: its title, count and search field, and its tree's columns, readable. */
    static final double CORPUS_MIN_WIDTH = 300;
    /** Whether the detail panel is meant to be shown (View ▸ Show detail panel): it returns when the grammar closes. */
    private javafx.beans.property.BooleanProperty detailShown;
    /** The View menu: the composition root appends the theme and zoom items. */
    Menu viewMenu;
    /** The File menu: the composition root adds File ▸ Follow (FollowControl). */
    Menu fileMenu;
    /** The menu's bindings: made when it is built, removed by {@link #detach()}. */
    private final Subscriptions attached = new Subscriptions();

    MainView(CorpusViewModel corpus, TimelineViewModel timeline, DetailViewModel detail, FindingsViewModel findings,
             StatusViewModel status, Analyses analyses, Navigator navigator, GrammarPanelModel grammar,
             ReviewModels reviewing, Triage triage) {
        getStyleClass().add("workbench");
        actions = new Actions(corpus, analyses, () -> getScene() == null ? null : getScene().getWindow());
        corpusView = new CorpusView(corpus, navigator, triage.corpus(), triage.search(), triage.book());
        timelineView = new TimelineView(timeline, navigator, triage.book());
        detailView = new DetailView(detail, timeline, navigator);
        findingsView = new FindingsView(findings, status.judgingProperty());
        toolbar = new ToolbarView(actions, timeline, findings, analyses);
        CopyMenus.install(this, timeline, detail); // the first section of each right-click menu; features add theirs after

        panels = new SplitPane(corpusView, timelineView, detailView);
        panels.setDividerPositions(0.3, 0.75);
        panels.getStyleClass().add("panels");
        SplitPane.setResizableWithParent(corpusView, false);
        SplitPane.setResizableWithParent(detailView, false);
        grammarPanel = new GrammarPanel(grammar, navigator);
        SplitPane.setResizableWithParent(grammarPanel, false);
        // no panel is squeezed below what it needs to be read (docs/WORKBENCH.md, "Layout")
        corpusView.setMinWidth(CORPUS_MIN_WIDTH);
        timelineView.setMinWidth(260);
        detailView.setMinWidth(220);
        grammarPanel.setMinWidth(360);
        EvidenceMenu.attach(timelineView.menus(), timeline, grammar, analyses);
        attached.show(grammar.shownProperty(), shown -> showGrammarPanel(panels, shown));
        SplitPane main = new SplitPane(panels, findingsView);
        main.setOrientation(Orientation.VERTICAL);
        main.setDividerPositions(0.76);
        SplitPane.setResizableWithParent(findingsView, false);

        judgements = new Judgements(reviewing.annotations(), timeline, () -> getScene() == null ? null : getScene().getWindow());
        judgements.install(timelineView.table(), timelineView.menus());
        judgements.install(findingsView.tree());
        judgements.installCorpus(corpusView.tree());
        detailView.addBelowVerdicts(judgements.detailBox());
        layout = new WindowLayout().panel("grammar", grammar.shownProperty()).add("panels", panels).add("main", main);
        review = new ReviewActions(reviewing, layout,
                () -> getScene() == null ? null : getScene().getWindow());
        setTop(new VBox(createMenu(actions, corpus, timeline, findings, grammar), toolbar,
                new WorkspaceBanner(reviewing.workspace())));
        setCenter(main);
        statusBar = new StatusBar(status);
        setBottom(statusBar);
        acceptDrops(corpus);
    }

    /**
     * Lays the window out once with the corpus and the timeline on blank rows, so that they make their rows now, before
     * the window is shown, and not all at once when the first transcript comes (docs/WORKBENCH.md, "Rows made
     * ahead"). Call it once the view is a scene's root, at the scene's size.
     */
    void makeRowsAhead() {
        applyCss(); // the split panes make their skins here: only then are the panels in the scene
        corpusView.showBlankRows(true);
        timelineView.showBlankRows(true);
        layout();
        corpusView.showBlankRows(false);
        timelineView.showBlankRows(false);
    }

    /** Which panels are shown and where the dividers are: what a workspace and the next run remember. */
    WindowLayout windowLayout() {
        return layout;
    }

    /** Detaches every panel from its view model: the window is closing. */
    void detach() {
        attached.unsubscribeAll();
        corpusView.detach();
        timelineView.detach();
        detailView.detach();
        toolbar.detach();
        statusBar.detach();
        findingsView.detach();
        grammarPanel.detach();
        judgements.detach();
    }

    /**
     * The grammar panel in the detail panel's place while it is open (View ▸ Grammar panel), so the window keeps three
     * columns and each keeps its minimum at 1280×720 (docs/WORKBENCH.md, "Layout"); the detail comes back when it
     * closes, unless the detail panel was folded meanwhile.
     */
    private void showGrammarPanel(SplitPane panels, boolean shown) {
        List<Node> items = panels.getItems();
        if (shown && !items.contains(grammarPanel)) {
            double[] at = panels.getDividerPositions();
            int detail = items.indexOf(detailView);
            if (detail >= 0) {
                items.set(detail, grammarPanel);
            } else {
                items.add(grammarPanel);
            }
            // the corpus keeps its share (at most 30%); the grammar has the right 40%
            panels.setDividerPositions(items.size() == 3 ? new double[] {Math.min(at.length > 0 ? at[0] : 0.3, 0.3),
                    GRAMMAR_STARTS_AT} : new double[] {GRAMMAR_STARTS_AT});
        } else if (!shown && items.contains(grammarPanel)) {
            int at = items.indexOf(grammarPanel);
            if (detailShown == null || detailShown.get()) {
                items.set(at, detailView);
                panels.setDividerPositions(items.size() == 3 ? new double[] {0.3, 0.75} : new double[] {0.75});
            } else {
                items.remove(at);
            }
        }
    }

    /** Puts the keyboard in the timeline: where Home, End and the arrows mean something. */
    void focusTimeline() {
        timelineView.table().requestFocus();
    }

    private MenuBar createMenu(Actions actions, CorpusViewModel corpus, TimelineViewModel timeline,
                               FindingsViewModel findings, GrammarPanelModel grammar) {
        Menu file = new Menu("File");
        fileMenu = file;
        file.getItems().addAll(
                item("Open transcripts…", "Shortcut+O", actions::openFiles),
                item("Open folder…", "Shortcut+Shift+O", actions::openFolder),
                item("Choose grammar…", null, actions::chooseGrammar));
        file.getItems().addAll(review.fileItems());
        file.getItems().addAll(
                new SeparatorMenuItem(),
                item("Close all", null, corpus::clear),
                item("Quit", "Shortcut+Q", () -> {
                    if (grammarPanel.mayDiscard("quit")) {
                        getScene().getWindow().hide();
                    }
                }));
        CheckMenuItem onlyFindings = new CheckMenuItem("Findings only");
        attached.bindBidirectional(onlyFindings.selectedProperty(), timeline.filters().findingsOnlyProperty());
        CheckMenuItem onlyMatches = new CheckMenuItem("Only rows that match the search");
        attached.bindBidirectional(onlyMatches.selectedProperty(), timeline.filters().matchesOnlyProperty());
        CheckMenuItem tokenCounts = new CheckMenuItem("Token counts (Codex)");
        attached.bindBidirectional(tokenCounts.selectedProperty(), timeline.filters().tokenCountsProperty());
        Menu view = new Menu("View");
        CheckMenuItem grammarPanelItem = new CheckMenuItem("Grammar panel");
        grammarPanelItem.setAccelerator(KeyCombination.keyCombination("Shortcut+G"));
        attached.bindBidirectional(grammarPanelItem.selectedProperty(), grammar.shownProperty());
        viewMenu = view;
        view.getItems().addAll(onlyFindings, onlyMatches, tokenCounts, item("Show every row", null, timeline::clearFilters),
                grammarPanelItem, new SeparatorMenuItem());
        view.getItems().addAll(review.viewItems());
        view.getItems().add(new SeparatorMenuItem());
        view.getItems().addAll(HelpMenu.panelFocus(this));
        view.getItems().add(new SeparatorMenuItem());
        List<MenuItem> toggles = PanelToggles.items(panels, corpusView, timelineView, detailView, grammarPanel);
        view.getItems().addAll(toggles);
        detailShown = ((CheckMenuItem) toggles.get(1)).selectedProperty();
        layout.panel("corpus", ((CheckMenuItem) toggles.get(0)).selectedProperty())
                .panel("detail", ((CheckMenuItem) toggles.get(1)).selectedProperty());
        Menu go = new Menu("Go");
        go.getItems().addAll(
                item("Find…", "Shortcut+F", () -> focus(toolbar.searchField())),
                item("Next match", "F3", timeline::nextMatch),
                item("Previous match", "Shift+F3", timeline::previousMatch),
                item("Next finding", "F8", findings::next),
                item("Previous finding", "Shift+F8", findings::previous),
                item("Terminal record", "Shortcut+T", timeline::goToTerminal),
                item("Line…", "Shortcut+L", () -> focus(toolbar.lineField())),
                // the filter bars (docs/WORKBENCH.md, "Filter bars"): Ctrl+/ as Wireshark's display filter
                item("Filter the corpus…", "Shortcut+Shift+F", () -> focus(corpusView.filterBar().field())),
                item("Filter the timeline…", "Shortcut+Slash", () -> focus(timelineView.filterBar().field())));
        Menu help = new Menu("Help");
        help.getItems().add(item("Keyboard shortcuts", null, this::showKeys));
        help.getItems().addAll(HelpMenu.items(this));
        MenuBar bar = new MenuBar(file, view, go, help);
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    /** A menu item with its shortcut (null: none): every menu of the window makes its items here. */
    static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem i = new MenuItem(text);
        if (accelerator != null) {
            i.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        i.setOnAction(e -> action.run());
        return i;
    }

    private static void focus(javafx.scene.control.TextField f) {
        f.requestFocus();
        f.selectAll();
    }

    private void showKeys() {
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.setHeaderText("Keyboard shortcuts");
        a.setContentText(KeyboardShortcuts.text());
        a.initOwner(getScene().getWindow());
        a.show();
    }

    private void acceptDrops(CorpusViewModel corpus) {
        setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles();
            if (ok) {
                corpus.open(e.getDragboard().getFiles().stream().map(File::toPath).toList());
            }
            e.setDropCompleted(ok);
            e.consume();
        });
    }
}
