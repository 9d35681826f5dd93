package dev.coroner.app.ui;

import dev.coroner.app.ui.model.FollowViewModel;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.util.Duration;

/**
 * File ▸ Follow and its note in the status bar (docs/ARCHITECTURE.md, "Following"): a checkable item bound to
 * {@link FollowViewModel#followingProperty()} that says whether it follows the open folder or the open transcript, the
 * clock that polls while it is on, and a label saying what is followed, what appeared and whether a last line is still
 * being written.
 */
final class FollowControl {
    private final Subscriptions attached = new Subscriptions();
    private final Timeline clock;
    private final CheckMenuItem item = new CheckMenuItem();
    private final Label note = new Label();

    private FollowControl(FollowViewModel model) {
        clock = new Timeline(new KeyFrame(Duration.millis(FollowViewModel.POLL_MILLIS), e -> model.poll()));
        clock.setCycleCount(Animation.INDEFINITE);
        attached.bindBidirectional(item.selectedProperty(), model.followingProperty());
        attached.bind(item.textProperty(), model.followsFoldersProperty()
                .map(folders -> folders ? "Follow the open folder" : "Follow the open transcript"));
        attached.show(model.followingProperty(), on -> {
            if (on) {
                model.poll();
                clock.play();
            } else {
                clock.stop();
            }
        });
        note.getStyleClass().add("follow-note");
        attached.bind(note.textProperty(), model.noteProperty().map(Safe::text));
        attached.show(model.noteProperty(), t -> note.setVisible(!t.isEmpty()));
        note.managedProperty().bind(note.visibleProperty()); // takes no room while nothing is followed
    }

    /** Adds the item after File ▸ Open folder… and the note at the status bar's start; returns the control to detach. */
    static FollowControl install(Menu file, StatusBar statusBar, FollowViewModel model) {
        FollowControl c = new FollowControl(model);
        int at = file.getItems().size();
        for (int i = 0; i < file.getItems().size(); i++) {
            MenuItem m = file.getItems().get(i);
            if ("Open folder…".equals(m.getText())) {
                at = i + 1;
            }
        }
        file.getItems().add(at, c.item);
        statusBar.getChildren().add(Math.min(2, statusBar.getChildren().size()), c.note);
        return c;
    }

    /** Stops the clock and the bindings: the window is closing. */
    void detach() {
        clock.stop();
        attached.unsubscribeAll();
    }
}
