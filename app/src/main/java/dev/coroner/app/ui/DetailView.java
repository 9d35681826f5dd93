package dev.coroner.app.ui;

import dev.coroner.app.ui.model.DetailLink;
import dev.coroner.app.ui.model.DetailViewModel;
import dev.coroner.app.ui.model.Navigator;
import dev.coroner.app.ui.model.RecordDetail;
import dev.coroner.app.ui.model.TimelineViewModel;
import dev.coroner.app.ui.model.WhyUnmatched;
import dev.coroner.core.findings.Marker;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.icons.Icon;
import java.io.ByteArrayInputStream;
import java.io.File;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * The detail panel: the selected record's verdicts with their reasons, why its unmatched blocks are unmatched, its links, then the record rendered and as
 * raw JSON in read-only rich text areas.
 */
final class DetailView extends VBox {
    /** A diff shows this many lines before it scrolls, so the record below keeps its room. */
    private static final int DIFF_ROWS = 8;
    private static final double DIFF_ROW_PX = 17;
    /** The record's text keeps at least this share of the panel's height; the cards above it scroll in the rest. */
    private static final double TEXT_SHARE = 0.35;
    /** And never less than this. */
    private static final double TEXT_MIN_PX = 160;
    /** The record shown before, while the one selected is read. */
    static final double READING_OPACITY = 0.35;
    private final DetailViewModel model;
    private final TimelineViewModel timeline;
    private final Navigator navigator;
    /** The header while no record is shown. */
    private static final String NO_RECORD = "Select a row in the timeline.";
    private final Label header = new Label(NO_RECORD);
    private final VBox cards = new VBox(6);
    private final VBox verdicts = new VBox(6);
    /** How the transcript and the record were read, when not as the file is: it changed, a text was read in part. */
    private final VBox readNotes = new VBox(6);
    private final VBox why = new VBox(6);
    private final VBox explanations = new VBox(6);
    private final FlowPane links = new FlowPane(10, 2);
    private final HBox images = new HBox(6);
    private final StyledArea message = new StyledArea("message-text");
    private final StyledArea raw = new StyledArea("raw-text");
    private final Label note = new Label();
    /** The record's Message and Raw JSON, and what other features add (the transcript's Tokens). */
    private final TabPane tabs;
    /** The panel's bindings and listeners: made when it is built, removed by {@link #detach()}. */
    private final Subscriptions attached = new Subscriptions();

    DetailView(DetailViewModel model, TimelineViewModel timeline, Navigator navigator) {
        this.model = model;
        this.timeline = timeline;
        this.navigator = navigator;
        getStyleClass().addAll("panel", "detail-panel");
        Label title = new Label("DETAIL");
        title.getStyleClass().add("panel-title");
        header.getStyleClass().add("detail-header");
        header.setWrapText(true);
        HBox top = new HBox(8, title);
        top.getStyleClass().add("panel-header");
        top.setAlignment(Pos.CENTER_LEFT);
        verdicts.getStyleClass().add("verdicts");
        why.getStyleClass().add("why-unmatched-list");
        links.getStyleClass().add("detail-links");
        images.getStyleClass().add("detail-images");
        tabs = new TabPane(new Tab("Message", message.node()), new Tab("Raw JSON", raw.node()));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.getStyleClass().add("detail-tabs");
        VBox.setVgrow(tabs, Priority.ALWAYS);
        explanations.getStyleClass().add("explanations");
        readNotes.getStyleClass().add("read-notes");
        // the cards scroll on their own once the record's text is down to its share of the panel: the text keeps its
        // room, also at 1280×720 where a record with two blocks has five cards
        cards.getStyleClass().add("detail-cards");
        cards.getChildren().addAll(readNotes, verdicts, explanations, why, links, images);
        ScrollPane scroll = new ScrollPane(cards) {
            @Override
            protected double computePrefHeight(double width) {
                // the cards' wrapped height at the panel's width: a ScrollPane asks its content at no width, where a
                // card's reason is one long line
                double w = DetailView.this.getWidth() - DetailView.this.snappedLeftInset()
                        - DetailView.this.snappedRightInset() - snappedLeftInset() - snappedRightInset();
                return cards.prefHeight(w > 0 ? w : -1) + snappedTopInset() + snappedBottomInset();
            }
        };
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.getStyleClass().add("detail-cards-scroll");
        Region footer = (Region) createFooter();
        tabs.setMinHeight(TEXT_MIN_PX);
        tabs.setPrefHeight(TEXT_MIN_PX); // the text grows into all the cards leave (its vgrow)
        scroll.maxHeightProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(() -> Math.max(0, getHeight()
                        - top.getHeight() - header.getHeight() - footer.getHeight() - snappedTopInset() - snappedBottomInset()
                        - Math.max(TEXT_MIN_PX, getHeight() * TEXT_SHARE)),
                heightProperty(), top.heightProperty(), header.heightProperty(), footer.heightProperty()));
        getChildren().addAll(top, header, scroll, tabs, footer);
        attached.show(timeline.changedProperty(), c -> showReadNotes());
        attached.show(model.readInPart(), this::showReadNotes);
        attached.show(model.explanations(), this::showExplanations);
        attached.show(model.verdicts(), this::showVerdicts);
        attached.show(model.whyUnmatched(), this::showWhyUnmatched);
        attached.show(model.links(), this::showLinks);
        attached.onChange(model.detailProperty(), this::show);
        attached.onChange(model.readingProperty(), this::showReading);
        attached.onChange(model.transcriptProperty(), this::showTranscript);
        attached.onChange(model.messageProperty(), m -> note.setText(Safe.text(m)));
        // the applied search is highlighted in the record too, as in the timeline's rows
        attached.onChange(timeline.filters().appliedProperty(), t -> show(model.detailProperty().get()));
    }

    /** What Save record… suggests: the transcript's name and the line, {@code <transcript>-line-10.json}. */
    String suggestedFileName() {
        RecordDetail d = model.detailProperty().get();
        return d == null ? "record.json" : dev.coroner.app.ui.model.CopyTexts.recordFileName(d.path(), d.span().line());
    }

    /** Puts the keyboard in the record's text (Ctrl+3). */
    void focusText() {
        message.area().requestFocus();
    }

    /** The raw JSON area: for the test that a search is highlighted in it. */
    StyledArea rawArea() {
        return raw;
    }

    /** Adds a tab after the record's Message and Raw JSON. */
    void addTab(Tab tab) {
        tabs.getTabs().add(tab);
    }

    /** Places {@code node} under the verdicts (the annotations' box: docs/ARCHITECTURE.md, "Annotations and overrides"). */
    void addBelowVerdicts(Node node) {
        cards.getChildren().add(cards.getChildren().indexOf(verdicts) + 1, node);
    }

    /** Stops following the model: the window is closing. */
    void detach() {
        attached.unsubscribeAll();
    }

    private Node createFooter() {
        note.getStyleClass().add("detail-note");
        note.setWrapText(true);
        note.setMinHeight(Region.USE_PREF_SIZE);
        Button save = new Button("Save record…");
        save.getStyleClass().add("small");
        attached.bind(save.disableProperty(), model.detailProperty().isNull().or(model.loadingProperty()));
        save.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setInitialFileName(suggestedFileName());
            File f = chooser.showSaveDialog(getScene().getWindow());
            if (f != null) {
                model.saveRecord(f.toPath());
            }
        });
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox footer = new HBox(8, note, grow, save);
        footer.getStyleClass().add("detail-footer");
        footer.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(note, Priority.SOMETIMES);
        return footer;
    }

    private void show(RecordDetail d) {
        images.getChildren().clear();
        showHeader(d);
        if (d == null) {
            message.clear();
            raw.clear();
            note.setText(Safe.text(model.messageProperty().get()));
            return;
        }
        message.show(d.message());
        raw.show(d.raw());
        String found = timeline.filters().appliedProperty().get();
        message.highlight(found);
        raw.highlight(found);
        note.setText(Safe.text(d.rawNote()));
        for (byte[] bytes : d.images()) {
            ImageView view = new ImageView(new Image(new ByteArrayInputStream(bytes)));
            view.setPreserveRatio(true);
            view.setFitHeight(120);
            images.getChildren().add(view);
        }
    }

    /**
     * While a record is read (a tool output of 40 MB takes a second or more): the header names it, "reading…", and the
     * record shown before stays under it dimmed until the new one comes, never passed off as the one selected.
     */
    private void showReading(String pending) {
        double opacity = pending == null ? 1 : READING_OPACITY;
        message.node().setOpacity(opacity);
        raw.node().setOpacity(opacity);
        images.setOpacity(opacity);
        if (pending != null) {
            header.setText(Safe.text(pending + " · reading…"));
        } else {
            // the read ended: the record shown heads the panel again (a new one replaces it right after, in the same
            // pulse; a read that failed leaves none, and the note says why)
            showHeader(model.detailProperty().get());
        }
    }

    private void showHeader(RecordDetail d) {
        header.setText(d == null ? NO_RECORD : Safe.text(d.header()));
    }

    /** No record to show: the transcript's own verdict, with its reason (an EMPTY file has no row to select). */
    private void showTranscript(TranscriptAnalysis a) {
        if (a == null) {
            show(model.detailProperty().get());
            showVerdicts(); // the record's own verdicts, or none
            return;
        }
        TerminalVerdict v = a.verdict();
        header.setText(Safe.text(a.path().getFileName() + (a.summary().records() == 0 ? " · no records" : "")
                + " — no record selected: how the transcript ended"));
        HBox card = card(Glyphs.icon(v.diedAfterAnswer() ? Icon.SYNTHETIC : Glyphs.of(v.state()), 14),
                TranscriptAnalyser.stateLabel(v), v.reason());
        card.getStyleClass().addAll("verdict-state", "transcript-verdict",
                "verdict-state-" + Glyphs.css(v.diedAfterAnswer() ? TerminalState.SYNTHETIC : v.state()));
        verdicts.getChildren().setAll(card);
        verdicts.setVisible(true);
        verdicts.setManaged(true);
    }

    private void showVerdicts() {
        verdicts.getChildren().clear();
        for (Marker m : model.verdicts()) {
            if (m.kind() == MarkerKind.LINK) {
                continue; // links are listed below
            }
            var row = timeline.selectedRowProperty().get();
            Region icon = Glyphs.icon(Glyphs.of(m.kind(), row == null ? null : row.terminal()), 14);
            HBox card = card(icon, m.label(), m.reason());
            card.getStyleClass().add("verdict-" + Glyphs.css(m.kind()));
            if (m.kind() == MarkerKind.STATE && row != null && row.terminal() != null) {
                // a healthy answer after which the run died of API failures is drawn as the death it is counted as
                var analysis = timeline.analysisProperty().get();
                boolean diedAfter = analysis != null && analysis.verdict().diedAfterAnswer();
                card.getStyleClass().add("verdict-state-" + Glyphs.css(diedAfter ? TerminalState.SYNTHETIC : row.terminal()));
            }
            verdicts.getChildren().add(card);
        }
        verdicts.setVisible(!verdicts.getChildren().isEmpty());
        verdicts.setManaged(verdicts.isVisible());
    }

    /**
     * The file changed while it was read (the open transcript's note, with or without a record selected), and each
     * answer text of the record read only in part: cards above the verdicts, in the notes' one wording.
     */
    private void showReadNotes() {
        readNotes.getChildren().clear();
        String changed = timeline.changedProperty().get();
        if (changed != null && !changed.isEmpty()) {
            HBox card = card(Glyphs.icon(Icon.PROBLEM, 14), "changed while read", changed);
            card.getStyleClass().addAll("read-note", "changed-while-read");
            readNotes.getChildren().add(card);
        }
        for (String cut : model.readInPart()) {
            HBox card = card(Glyphs.icon(Icon.PROBLEM, 14), "read in part", cut);
            card.getStyleClass().addAll("read-note", "read-in-part");
            readNotes.getChildren().add(card);
        }
        readNotes.setVisible(!readNotes.getChildren().isEmpty());
        readNotes.setManaged(readNotes.isVisible());
    }

    /** Why the gate said what it said about each call of the record, with links to the evidence it names. */
    private void showExplanations() {
        explanations.getChildren().clear();
        for (var e : model.explanations()) {
            String stance = e.stance() == null ? "not gated" : e.stance().name();
            Label label = new Label(Safe.text("precursor · " + e.tool() + " · " + stance));
            label.getStyleClass().add("verdict-label");
            Label sentence = new Label(Safe.text(e.sentence()));
            sentence.getStyleClass().addAll("verdict-reason", "explanation-sentence");
            sentence.setWrapText(true);
            sentence.setMinHeight(Region.USE_PREF_SIZE);
            VBox card = new VBox(2, label, sentence);
            card.getStyleClass().addAll("explanation", "explanation-" + stance.toLowerCase(java.util.Locale.ROOT).replace(' ', '-'));
            for (DetailLink l : e.links()) {
                Hyperlink h = new Hyperlink(Safe.text(l.label()), Glyphs.icon(dev.coroner.icons.Icon.LINK, 11));
                h.getStyleClass().addAll("detail-link", "explanation-link");
                h.setOnAction(a -> navigator.goTo(l.path(), l.line()));
                card.getChildren().add(h);
            }
            explanations.getChildren().add(card);
        }
        explanations.setVisible(!explanations.getChildren().isEmpty());
        explanations.setManaged(explanations.isVisible());
    }

    /** A verdict card: its icon, its label, and the reason under it, both made safe to draw. */
    private static HBox card(Region icon, String label, String reason) {
        Label l = new Label(Safe.text(label));
        l.getStyleClass().add("verdict-label");
        l.setWrapText(true);
        Label r = new Label(Safe.text(reason));
        r.getStyleClass().add("verdict-reason");
        r.setWrapText(true);
        r.setMinHeight(Region.USE_PREF_SIZE);
        VBox text = new VBox(2, l, r);
        HBox.setHgrow(text, Priority.ALWAYS);
        HBox card = new HBox(8, icon, text);
        card.getStyleClass().add("verdict");
        return card;
    }

    /** Each missed block: what came closest, a link to that call, and the block-against-program diff. */
    private void showWhyUnmatched() {
        why.getChildren().clear();
        for (WhyUnmatched w : model.whyUnmatched()) {
            Label title = new Label(w.title());
            title.getStyleClass().add("why-title");
            Label sentence = new Label(w.sentence());
            sentence.getStyleClass().add("why-sentence");
            sentence.setWrapText(true);
            sentence.setMinHeight(Region.USE_PREF_SIZE);
            VBox card = new VBox(3, title, sentence);
            card.getStyleClass().add("why-unmatched");
            if (w.callLine() > 0) {
                Hyperlink call = new Hyperlink("the call at line " + w.callLine(), Glyphs.icon(dev.coroner.icons.Icon.LINK, 11));
                call.getStyleClass().addAll("detail-link", "why-call");
                call.setOnAction(e -> navigator.goTo(null, w.callLine()));
                card.getChildren().add(call);
            }
            if (!w.diff().text().isEmpty()) {
                StyledArea diff = new StyledArea("why-diff");
                diff.show(w.diff());
                long lines = w.diff().text().chars().filter(c -> c == '\n').count() + 1;
                diff.node().setPrefHeight(Math.min(lines, DIFF_ROWS) * DIFF_ROW_PX + 18);
                diff.node().setMinHeight(Region.USE_PREF_SIZE);
                card.getChildren().add(diff.node());
            }
            if (!w.diffNote().isEmpty()) {
                Label note = new Label(w.diffNote());
                note.getStyleClass().add("why-sentence");
                card.getChildren().add(note);
            }
            why.getChildren().add(card);
        }
        why.setVisible(!why.getChildren().isEmpty());
        why.setManaged(why.isVisible());
    }

    private void showLinks() {
        links.getChildren().clear();
        for (DetailLink l : model.links()) {
            if (l.line() < 0) {
                Label none = new Label(Safe.text(l.label()));
                none.getStyleClass().add("detail-no-link");
                links.getChildren().add(none);
                continue;
            }
            Hyperlink h = new Hyperlink(Safe.text(l.label()), Glyphs.icon(dev.coroner.icons.Icon.LINK, 11));
            h.getStyleClass().add("detail-link");
            h.setOnAction(e -> navigator.goTo(l.path(), l.line()));
            links.getChildren().add(h);
        }
        links.setVisible(!links.getChildren().isEmpty());
        links.setManaged(links.isVisible());
    }
}
