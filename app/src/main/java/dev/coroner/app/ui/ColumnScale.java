package dev.coroner.app.ui;

import java.util.List;
import javafx.scene.control.TableColumnBase;

/**
 * Columns that grow with the type (docs/WORKBENCH.md, "Theme and zoom"): a column's widths at 100 % are kept on it
 * the first time, and each zoom sets them to those times the factor, so "10:00:03" and "SYNTHETIC" stay whole.
 */
final class ColumnScale {
    private static final String BASE_PREF = "coroner.basePrefWidth";
    private static final String BASE_MIN = "coroner.baseMinWidth";

    private ColumnScale() {
    }

    static void scale(List<? extends TableColumnBase<?, ?>> columns, double factor) {
        for (TableColumnBase<?, ?> c : columns) {
            double pref = (double) c.getProperties().computeIfAbsent(BASE_PREF, k -> c.getPrefWidth());
            double min = (double) c.getProperties().computeIfAbsent(BASE_MIN, k -> c.getMinWidth());
            c.setMinWidth(Math.round(min * factor));
            c.setPrefWidth(Math.round(pref * factor));
            scale(c.getColumns(), factor);
        }
    }
}
