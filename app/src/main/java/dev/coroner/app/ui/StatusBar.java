package dev.coroner.app.ui;

import dev.coroner.app.ui.model.StatusViewModel;
import dev.coroner.core.findings.Severity;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Separator;
import javafx.geometry.Orientation;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The status bar: the worst severity found, what is open — and that its file changed while it was read — and a
 * progress bar while anything long runs.
 */
final class StatusBar extends HBox {
    private final Label worst = new Label();
    private javafx.beans.value.ObservableIntegerValue missing;
    /** The bar's bindings and listeners: made when it is built, removed by {@link #detach()}. */
    private final Subscriptions attached = new Subscriptions();

    StatusBar(StatusViewModel model) {
        super(10);
        getStyleClass().add("status-bar");
        setAlignment(Pos.CENTER_LEFT);
        worst.getStyleClass().add("worst");
        this.missing = model.missingProperty();
        attached.show(model.worstProperty(), s -> showWorst(s, model.judgingProperty().get()));
        attached.onChange(model.judgingProperty(), j -> showWorst(model.worstProperty().get(), j));
        attached.onChange(model.missingProperty(), m -> showWorst(model.worstProperty().get(), model.judgingProperty().get()));
        Label text = new Label();
        text.getStyleClass().add("status-text");
        attached.bind(text.textProperty(), model.textProperty());
        Label activity = new Label();
        activity.getStyleClass().add("activity");
        attached.bind(activity.textProperty(), model.activityProperty());
        ProgressBar progress = new ProgressBar();
        progress.getStyleClass().add("status-progress");
        attached.bind(progress.progressProperty(), model.progressProperty());
        attached.bind(progress.visibleProperty(), model.progressProperty().lessThan(1));
        // the open transcript's file changed while it was read: said here too, never only in a panel one may hide
        Label changed = new Label(null, Glyphs.icon(dev.coroner.icons.Icon.PROBLEM, 12));
        changed.getStyleClass().add("changed-while-read");
        changed.setMinWidth(0);
        changed.managedProperty().bind(changed.visibleProperty());
        attached.show(model.changedProperty(), c -> {
            changed.setText(Safe.text(c));
            changed.setVisible(!c.isEmpty());
            changed.setTooltip(c.isEmpty() ? null : Tips.of(Safe.text(c)));
        });
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox.setHgrow(changed, Priority.SOMETIMES);
        getChildren().addAll(worst, new Separator(Orientation.VERTICAL), text, changed, grow, activity, progress);
    }

    /** Stops following the model: the window is closing. */
    void detach() {
        attached.unsubscribeAll();
    }

    /** Never clean before it knows: while anything is read or judged, "judging…" or "worst so far", never "no findings". */
    private void showWorst(Severity s, boolean judging) {
        worst.getStyleClass().removeIf(c -> c.startsWith("worst-"));
        if (s == null && judging) {
            worst.setText("judging… no findings yet");
            worst.setGraphic(null);
            worst.getStyleClass().add("worst-judging");
        } else if (judging) {
            worst.setText("worst so far: " + s.name());
            worst.setGraphic(Glyphs.icon(Glyphs.of(s), 13));
            worst.getStyleClass().add("worst-" + Glyphs.css(s));
        } else if (s == null && missing.get() > 0) {
            // transcripts not judged because they are not there: not an all-clear
            worst.setText("not judged: " + missing.get() + " transcript(s) missing");
            worst.setGraphic(Glyphs.icon(dev.coroner.icons.Icon.PROBLEM, 13));
            worst.getStyleClass().add("worst-missing");
        } else if (s == null) {
            worst.setText("no findings");
            worst.setGraphic(Glyphs.icon(dev.coroner.icons.Icon.HEALTHY, 13));
            worst.getStyleClass().add("worst-none");
        } else {
            worst.setText("worst: " + s.name());
            worst.setGraphic(Glyphs.icon(Glyphs.of(s), 13));
            worst.getStyleClass().add("worst-" + Glyphs.css(s));
        }
    }
}
