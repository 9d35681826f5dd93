package dev.coroner.app.ui;

import dev.coroner.app.ui.model.RulerMark;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.layout.Region;
import java.util.function.IntConsumer;

/**
 * The thin column beside the timeline's scroll bar: one mark per death, WARN, error and problem, at its place among
 * the rows shown; a click on a mark selects its row (DESIGN §7).
 */
final class OverviewRuler extends Region {
    private static final double MARK_HEIGHT = 4;
    private final ObservableList<RulerMark> marks;
    private final IntConsumer select;

    OverviewRuler(ObservableList<RulerMark> marks, IntConsumer select) {
        this.marks = marks;
        this.select = select;
        getStyleClass().add("overview-ruler");
        marks.addListener((ListChangeListener<RulerMark>) c -> rebuild());
        rebuild();
    }

    private void rebuild() {
        getChildren().clear();
        for (RulerMark m : marks) {
            Region r = new Region();
            r.getStyleClass().addAll("ruler-mark", "ruler-" + Glyphs.css(m.kind()));
            if (m.state() != null) {
                r.getStyleClass().add("ruler-state-" + Glyphs.css(m.state()));
            }
            r.setUserData(m);
            r.setOnMouseClicked(e -> select.accept(m.position()));
            Tips.lazy(r, m::tip);
            getChildren().add(r);
        }
        requestLayout();
    }

    @Override
    protected void layoutChildren() {
        double top = snappedTopInset();
        double h = getHeight() - top - snappedBottomInset() - MARK_HEIGHT;
        double w = getWidth() - snappedLeftInset() - snappedRightInset();
        for (var node : getChildren()) {
            RulerMark m = (RulerMark) node.getUserData();
            Region r = (Region) node;
            r.resizeRelocate(snappedLeftInset(), Math.round(top + m.at() * Math.max(h, 0)), w, MARK_HEIGHT);
        }
    }

    @Override
    protected double computePrefWidth(double height) {
        return 14;
    }
}
