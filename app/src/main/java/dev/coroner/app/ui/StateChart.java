package dev.coroner.app.ui;

import dev.coroner.app.ui.model.StateTally;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The chart of states across the corpus: one bar split by state, its headline, a legend with counts. It listens to
 * nothing: the corpus panel shows each new tally on it.
 */
final class StateChart extends VBox {
    private final Label headline = new Label();
    private final HBox bar = new HBox();
    private final HBox legend = new HBox(12);

    StateChart() {
        getStyleClass().add("state-chart");
        headline.getStyleClass().add("chart-headline");
        bar.getStyleClass().add("chart-bar");
        legend.getStyleClass().add("chart-legend");
        legend.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(headline, bar, legend);
    }

    void show(StateTally t) {
        headline.setText(t.headline());
        bar.getChildren().clear();
        legend.getChildren().clear();
        if (t.total() == 0) {
            return;
        }
        segment("synthetic", "SYNTHETIC", t.synthetic(), t.total());
        segment("empty", "EMPTY", t.empty(), t.total());
        segment("unreadable", "UNREADABLE", t.unreadable(), t.total());
        segment("healthy", "HEALTHY", t.healthy(), t.total());
        segment("pending", "being judged", t.pending(), t.total());
    }

    private void segment(String css, String name, int n, int total) {
        if (n == 0) {
            return;
        }
        Region seg = new Region();
        seg.getStyleClass().addAll("chart-segment", "chart-" + css);
        seg.prefWidthProperty().bind(bar.widthProperty().multiply((double) n / total));
        seg.setMinWidth(3);
        HBox.setHgrow(seg, Priority.NEVER);
        Tips.lazy(seg, () -> String.format("%,d %s", n, name));
        bar.getChildren().add(seg);
        Region swatch = new Region();
        swatch.getStyleClass().addAll("chart-swatch", "chart-" + css);
        Label l = new Label(String.format("%,d %s", n, name.toLowerCase(java.util.Locale.ROOT)), swatch);
        l.getStyleClass().add("chart-legend-item");
        legend.getChildren().add(l);
    }
}
