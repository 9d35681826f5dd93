package dev.coroner.app.ui;

import dev.coroner.app.ui.model.CorpusSearch;
import dev.coroner.app.ui.model.CorpusTriage;
import dev.coroner.core.terminal.TerminalClass;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * Over the corpus tree: the filters (state, class of death, kind, harness, with WARNs, with unmatched blocks), the switch to a
 * flat list across sessions, and the corpus-wide search with its result list (a click goes to the place).
 */
final class CorpusTriageBar extends VBox {
    private final Subscriptions attached = new Subscriptions();
    private final TextField query = new TextField();
    private final ListView<CorpusSearch.Hit> results = new ListView<>();
    /** The search field and the filters' button: the corpus panel puts them in its header line. */
    private final HBox searchLine;

    CorpusTriageBar(CorpusTriage triage, CorpusSearch search) {
        super(4);
        getStyleClass().add("corpus-triage");
        ChoiceBox<CorpusTriage.StateChoice> state = new ChoiceBox<>();
        state.getItems().setAll(CorpusTriage.StateChoice.values());
        state.getStyleClass().add("triage-state");
        attached.bindBidirectional(state.valueProperty(), triage.stateProperty());
        Tips.lazy(state, () -> "Show only transcripts in this state");

        ChoiceBox<TerminalClass> cls = new ChoiceBox<>();
        List<TerminalClass> classes = new ArrayList<>();
        classes.add(null);
        for (TerminalClass c : TerminalClass.values()) {
            if (c != TerminalClass.NONE) {
                classes.add(c);
            }
        }
        cls.getItems().setAll(classes);
        cls.setConverter(new StringConverter<>() {
            @Override
            public String toString(TerminalClass c) {
                return c == null ? "any class" : c.name();
            }

            @Override
            public TerminalClass fromString(String s) {
                throw new UnsupportedOperationException("a choice box is not edited");
            }
        });
        cls.getStyleClass().add("triage-class");
        attached.bindBidirectional(cls.valueProperty(), triage.deathClassProperty());
        Tips.lazy(cls, () -> "Show only deaths of this class (a SYNTHETIC death's, or the API failure a run ended in)");

        ChoiceBox<CorpusTriage.KindChoice> kind = new ChoiceBox<>();
        kind.getItems().setAll(CorpusTriage.KindChoice.values());
        kind.getStyleClass().add("triage-kind");
        attached.bindBidirectional(kind.valueProperty(), triage.kindProperty());

        ChoiceBox<CorpusTriage.HarnessChoice> harness = new ChoiceBox<>();
        harness.getItems().setAll(CorpusTriage.HarnessChoice.values());
        harness.getStyleClass().add("triage-harness");
        attached.bindBidirectional(harness.valueProperty(), triage.harnessProperty());
        Tips.lazy(harness, () -> "Show only transcripts written by this harness (Claude Code, Codex CLI)");

        ToggleButton warns = toggle("WARN", "Only transcripts with WARN markers", "triage-warns");
        attached.bindBidirectional(warns.selectedProperty(), triage.withWarnsProperty());
        ToggleButton unmatched = toggle("unmatched", "Only transcripts with unmatched code blocks", "triage-unmatched");
        attached.bindBidirectional(unmatched.selectedProperty(), triage.withUnmatchedProperty());
        ToggleButton flat = toggle("flat", "One list across sessions, sorted as a whole (off: the session tree)",
                "triage-flat");
        attached.bindBidirectional(flat.selectedProperty(), triage.flatProperty());
        Button clear = new Button("×");
        clear.getStyleClass().addAll("small", "triage-clear");
        clear.setOnAction(e -> triage.clear());
        Tips.lazy(clear, () -> "Show every transcript");

        FlowPane filters = new FlowPane(4, 4, state, cls, kind, harness, warns, unmatched, flat, clear);
        filters.getStyleClass().add("triage-filters");
        // the filters fold under one button, to leave the tree its rows; they stay open while one of them holds
        ToggleButton open = toggle("filters", "Filter the corpus: state, class, kind, harness, WARN, unmatched; flat list", "triage-toggle");
        Runnable showFilters = () -> {
            boolean shown = open.isSelected() || triage.reshapes();
            filters.setVisible(shown);
            filters.setManaged(shown);
            open.setText(triage.reshapes() ? "filters •" : "filters");
        };
        open.selectedProperty().addListener((o, was, now) -> showFilters.run());
        attached.onChange(triage.versionProperty(), v -> showFilters.run());
        showFilters.run();

        query.setPromptText("search corpus ⏎");
        Tips.lazy(query, () -> "Search every transcript's name, first prompt, verdict and findings, then its records (Enter)");
        query.getStyleClass().add("corpus-search");
        attached.bindBidirectional(query.textProperty(), search.queryProperty());
        query.setOnAction(e -> search.search());
        Label info = new Label();
        info.getStyleClass().addAll("panel-info", "corpus-search-info");
        // the summary wraps in the panel's width: never cut ("3 of 15 …"), never widening the panel it sits in
        info.setWrapText(true);
        info.setMinHeight(Label.USE_PREF_SIZE);
        attached.bind(info.textProperty(), search.infoProperty());
        searchLine = new HBox(4, query, open);
        searchLine.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(query, Priority.ALWAYS);
        HBox.setHgrow(searchLine, Priority.ALWAYS);
        query.setMinWidth(80);
        attached.show(info.textProperty(), t -> {
            info.setVisible(!t.isEmpty());
            info.setManaged(!t.isEmpty());
        });

        results.getStyleClass().add("corpus-search-results");
        results.setItems(search.hits());
        results.setPrefHeight(140);
        results.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // the tree gives up its rows, not the results
        results.setCellFactory(l -> new ListCell<>() {
            // two lines: what was found, then where, its end kept (the id and the line) when the name is long
            private final Label found = new Label();
            private final Label where = new Label();
            private final VBox lines = new VBox(0, found, where);

            {
                found.getStyleClass().add("search-hit-text");
                where.getStyleClass().add("search-hit-where");
                where.setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS);
                found.setMinWidth(0);
                where.setMinWidth(0);
                setPrefWidth(0); // the list's width, never a sideways scroll
            }

            @Override
            protected void updateItem(CorpusSearch.Hit h, boolean empty) {
                super.updateItem(h, empty);
                setText(null);
                if (empty || h == null) {
                    setGraphic(null);
                    return;
                }
                String text = Safe.text(h.text());
                found.setText(text);
                Node marked = CellHighlight.pieces(text, search.queryProperty().get()); // the match marked, as in a row
                if (marked != null) {
                    marked.getStyleClass().add("search-hit-text");
                }
                lines.getChildren().set(0, marked != null ? marked : found);
                where.setText(Safe.text(h.where() + " · " + h.path().getFileName() + (h.line() > 0 ? ":" + h.line() : "")));
                setGraphic(lines);
            }
        });
        attached.onChange(results.getSelectionModel().selectedItemProperty(), h -> {
            if (h != null) {
                search.open(h);
            }
        });
        attached.show(search.hits(), () -> {
            results.setVisible(!search.hits().isEmpty());
            results.setManaged(!search.hits().isEmpty());
        });
        getChildren().addAll(info, filters, results);
        setVisible(false);
        setManaged(false);
        Runnable showSelf = () -> {
            boolean any = info.isManaged() || filters.isManaged() || results.isManaged();
            setVisible(any);
            setManaged(any);
        };
        info.managedProperty().addListener((o, a, b) -> showSelf.run());
        filters.managedProperty().addListener((o, a, b) -> showSelf.run());
        results.managedProperty().addListener((o, a, b) -> showSelf.run());
        showSelf.run();
    }

    HBox searchLine() {
        return searchLine;
    }

    TextField query() {
        return query;
    }

    ListView<CorpusSearch.Hit> results() {
        return results;
    }

    void detach() {
        attached.unsubscribeAll();
    }

    private static ToggleButton toggle(String text, String tip, String css) {
        ToggleButton t = new ToggleButton(text);
        t.getStyleClass().addAll("small", css);
        Tips.lazy(t, () -> tip);
        return t;
    }
}
