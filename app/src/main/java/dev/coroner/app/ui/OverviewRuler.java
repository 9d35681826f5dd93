package dev.coroner.app.ui;

import dev.coroner.app.ui.model.RulerMark;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.layout.Region;
import java.util.function.IntConsumer;

/**
 * The thin column beside the timeline's scroll bar: one mark per death, WARN, error and problem, at its place among
 * the rows shown; a click on a mark selects its row (docs/WORKBENCH.md, "Overview ruler").
 */
final class OverviewRuler extends Region {
    private static final double MARK_HEIGHT = 4;
    /** Facts worth a look but not verdicts (failed calls, harness records) are drawn small, so verdicts stand out. */
    private static final java.util.Set<dev.coroner.core.findings.MarkerKind> MINOR = java.util.EnumSet.of(
            dev.coroner.core.findings.MarkerKind.TOOL_ERROR, dev.coroner.core.findings.MarkerKind.HARNESS);
    private final IntConsumer select;
    private final java.util.function.IntSupplier rows;
    private final java.util.function.DoubleSupplier rowHeight;

    /**
     * @param rows      how many rows the table shows
     * @param rowHeight the table's fixed row height: when every row fits, a mark sits beside its row
     */
    OverviewRuler(IntConsumer select, java.util.function.IntSupplier rows, java.util.function.DoubleSupplier rowHeight) {
        this.select = select;
        this.rows = rows;
        this.rowHeight = rowHeight;
        getStyleClass().add("overview-ruler");
        setMinWidth(USE_PREF_SIZE); // the table beside it grows; the ruler never shrinks away
    }

    /** Draws {@code marks} in place of those drawn before; the timeline panel calls it when they change. */
    void show(List<RulerMark> marks) {
        getChildren().clear();
        // heat first, minor marks before verdicts, so a death drawn at the same place lies on top
        List<RulerMark> ordered = new ArrayList<>(marks);
        ordered.sort(java.util.Comparator.comparing((RulerMark m) -> !m.isHeat())
                .thenComparing(m -> !MINOR.contains(m.kind())));
        for (RulerMark m : ordered) {
            Region r = new Region();
            r.getStyleClass().addAll("ruler-mark", "ruler-" + Glyphs.css(m.kind()));
            if (m.isHeat()) {
                r.getStyleClass().addAll("ruler-heat", "ruler-heat-" + m.heat());
            }
            if (m.state() != null) {
                r.getStyleClass().add("ruler-state-" + Glyphs.css(m.state()));
            }
            r.setUserData(m);
            r.setOnMouseClicked(e -> select.accept(m.position()));
            Tips.lazy(r, () -> Safe.text(m.tip()));
            getChildren().add(r);
        }
        requestLayout();
    }

    @Override
    protected void layoutChildren() {
        double top = snappedTopInset();
        double h = getHeight() - top - snappedBottomInset() - MARK_HEIGHT;
        double w = getWidth() - snappedLeftInset() - snappedRightInset();
        double rowHeight = this.rowHeight.getAsDouble();
        for (var node : getChildren()) {
            RulerMark m = (RulerMark) node.getUserData();
            Region r = (Region) node;
            int n = rows.getAsInt();
            boolean fits = n * rowHeight <= h;
            double y = Math.round(fits ? top + m.position() * rowHeight + (rowHeight - MARK_HEIGHT) / 2
                    : top + m.at() * Math.max(h, 0));
            if (m.isHeat() && !fits) {
                // one bin of merged findings: its own height less a pixel, on the right half, so bins never join
                // into a solid bar and the deaths on the full width stay readable over them
                double pitch = (h + MARK_HEIGHT) / RulerMark.BUCKETS;
                double bin = Math.max(1, Math.floor(pitch) - 1);
                r.resizeRelocate(snappedLeftInset() + w / 2, y, w / 2, Math.min(MARK_HEIGHT, bin));
            } else if (MINOR.contains(m.kind())) {
                r.resizeRelocate(snappedLeftInset() + w / 2, y + 1, w / 2, 2);
            } else {
                r.resizeRelocate(snappedLeftInset(), y, w, MARK_HEIGHT);
            }
        }
        separateHeat();
    }

    /**
     * On a ruler shorter than two pixels a bin, neighbouring bins would touch and read as a solid bar: of two bins that
     * touch, the hotter is drawn (the first of equals), the other hidden, so the strip keeps its gaps and its darkest.
     */
    private void separateHeat() {
        List<Region> heat = new ArrayList<>();
        for (var node : getChildren()) {
            if (((RulerMark) node.getUserData()).isHeat()) {
                node.setVisible(true);
                heat.add((Region) node);
            }
        }
        heat.sort(java.util.Comparator.comparingDouble(Region::getLayoutY));
        Region drawn = null;
        for (Region r : heat) {
            if (drawn != null && r.getLayoutY() <= drawn.getLayoutY() + drawn.getHeight()) {
                if (((RulerMark) r.getUserData()).heat() > ((RulerMark) drawn.getUserData()).heat()) {
                    drawn.setVisible(false);
                    drawn = r;
                } else {
                    r.setVisible(false);
                }
                continue;
            }
            drawn = r;
        }
    }

    @Override
    protected double computePrefWidth(double height) {
        return 14;
    }
}
