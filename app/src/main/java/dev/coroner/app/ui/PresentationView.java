package dev.coroner.app.ui;

import dev.coroner.app.ui.model.PresentationViewModel;
import dev.coroner.app.ui.model.PresentationViewModel.Slide;
import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Presentation mode (View ▸ Present, F5; docs/WORKBENCH.md, "Presentation mode"): a full-screen stage in large type
 * showing one finding at a time: the verdict in words, what the record itself says below it, the reason, the evidence
 * record (cut), and the linked records, which are links. The annotation is the presenter's speaker notes: hidden, since
 * this is the audience's screen, until N shows them at the bottom (N again hides them). Right, Space and Page Down step
 * on; Left and Page Up step back; Esc leaves.
 */
final class PresentationView {
    private final PresentationViewModel model;
    private final Subscriptions attached = new Subscriptions();
    private final Stage stage = new Stage();
    /** Whether the speaker notes are on the screen: off until the presenter presses N. */
    private final javafx.beans.property.BooleanProperty notesShown = new javafx.beans.property.SimpleBooleanProperty(false);

    private PresentationView(PresentationViewModel model) {
        this.model = model;
    }

    /** Opens presentation mode over {@code owner}; it closes itself on Esc. */
    static Stage show(Window owner, PresentationViewModel model) {
        PresentationView v = new PresentationView(model);
        return v.open(owner);
    }

    private Stage open(Window owner) {
        Label position = label("presentation-position");
        Label severity = label("presentation-severity");
        Label title = label("presentation-title");
        Label raw = label("presentation-raw");
        Label where = label("presentation-where");
        Label reason = label("presentation-reason");
        Label evidenceHead = new Label("Evidence");
        evidenceHead.getStyleClass().add("presentation-heading");
        Label evidence = label("presentation-evidence");
        Label linksHead = new Label("Linked records");
        linksHead.getStyleClass().add("presentation-heading");
        VBox links = new VBox(6);
        links.getStyleClass().add("presentation-links");
        Label human = label("presentation-human");
        Label readNote = label("presentation-read-note");
        Label notes = label("presentation-notes");
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox top = new HBox(16, severity, where, grow, position);
        VBox body = new VBox(14, top, title, raw, readNote, human, reason, evidenceHead, evidence, linksHead, links);
        body.setPadding(new Insets(40, 60, 20, 60));
        BorderPane root = new BorderPane(body);
        VBox bottom = new VBox(4, notes, label("presentation-keys"));
        ((Label) bottom.getChildren().get(1)).setText("→ / Space next   ← previous   N speaker notes   Esc leave");
        notes.visibleProperty().bind(notesShown.and(notes.textProperty().isNotEmpty()));
        notes.managedProperty().bind(notes.visibleProperty());
        bottom.setPadding(new Insets(10, 60, 24, 60));
        bottom.getStyleClass().add("presentation-notes-bar");
        root.setBottom(bottom);
        root.getStyleClass().add("presentation");
        attached.show(model.slideProperty(), (Slide s) -> {
            position.setText(s.position());
            severity.setText(s.severity());
            title.setText(Safe.text(s.title()));
            raw.setText(s.raw().isEmpty() ? "" : "the record says: " + Safe.text(s.raw()));
            raw.setVisible(!s.raw().isEmpty());
            raw.setManaged(raw.isVisible());
            where.setText(Safe.text(s.where()));
            reason.setText(Safe.text(s.reason()));
            // the record's own line breaks stay; everything else hostile in it is made visible, line by line
            evidence.setText(Safe.lines(s.evidence().split("\n", -1)));
            boolean hasEvidence = !s.evidence().isEmpty();
            evidence.setVisible(hasEvidence);
            evidenceHead.setVisible(hasEvidence);
            links.getChildren().setAll(s.links().stream().map(this::link).toList());
            linksHead.setVisible(!s.links().isEmpty());
            human.setText(Safe.text(s.human()));
            human.setVisible(!s.human().isEmpty());
            human.setManaged(human.isVisible());
            // shown to a reviewer as in the window: the records may not be the file's
            readNote.setText(Safe.text(s.readNote()));
            readNote.setVisible(!s.readNote().isEmpty());
            readNote.setManaged(readNote.isVisible());
            notes.setText(s.notes().isEmpty() ? "" : "Speaker notes: " + Safe.text(s.notes()));
        });
        Scene scene = new Scene(root, 1280, 800);
        // the window's sheets: its theme (dark or light) and zoom hold in presentation mode too
        scene.getStylesheets().addAll(owner == null || owner.getScene() == null ? List.of(Workbench.STYLESHEET)
                : owner.getScene().getStylesheets());
        // a filter, ahead of the focused node: arrows and Space step the slides, never move focus or press a link
        scene.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            KeyCode k = e.getCode();
            if (k == KeyCode.RIGHT || k == KeyCode.SPACE || k == KeyCode.PAGE_DOWN || k == KeyCode.DOWN) {
                model.next();
            } else if (k == KeyCode.LEFT || k == KeyCode.PAGE_UP || k == KeyCode.UP || k == KeyCode.BACK_SPACE) {
                model.previous();
            } else if (k == KeyCode.N) {
                notesShown.set(!notesShown.get());
            } else if (k == KeyCode.ESCAPE) {
                stage.close();
            } else {
                return;
            }
            e.consume();
        });
        stage.setTitle("Coroner — presenting");
        if (owner != null) {
            stage.initOwner(owner);
        }
        stage.setScene(scene);
        // Esc is ours (it leaves the mode), not only full screen's
        stage.setFullScreenExitKeyCombination(KeyCombination.NO_MATCH);
        stage.setFullScreenExitHint("");
        stage.setOnHidden(e -> attached.unsubscribeAll());
        model.start();
        stage.setFullScreen(true);
        stage.show();
        if (!stage.isFullScreen()) {
            stage.setMaximized(true); // full screen refused (some window managers): the next best
        }
        return stage;
    }

    /** A linked record as a link: to its finding's slide when it has one, else to the record in the window. */
    private javafx.scene.Node link(dev.coroner.app.ui.model.DetailLink l) {
        javafx.scene.control.Hyperlink h = new javafx.scene.control.Hyperlink(Safe.text(l.label()));
        h.getStyleClass().add("presentation-link");
        h.setWrapText(true);
        h.setFocusTraversable(false); // clicked, not focused: no focus ring on the audience's screen
        h.setOnAction(e -> {
            if (!model.follow(l)) {
                stage.close(); // no slide for it: the window behind shows the record
            }
        });
        return h;
    }

    private static Label label(String css) {
        Label l = new Label();
        l.getStyleClass().add(css);
        l.setWrapText(true);
        return l;
    }
}
