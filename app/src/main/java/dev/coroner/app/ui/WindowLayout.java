package dev.coroner.app.ui;

import dev.coroner.core.workspace.Workspace.Layout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.Region;

/**
 * The window's layout as a workspace keeps it (docs/ARCHITECTURE.md, "Workspaces"): which panels are shown, by panel
 * name, and divider positions by split name.
 */
final class WindowLayout {
    private final Map<String, SplitPane> splits = new LinkedHashMap<>();
    private final Map<String, BooleanProperty> panels = new LinkedHashMap<>();

    /** Names a split the workspace saves and restores. */
    WindowLayout add(String name, SplitPane split) {
        splits.put(name, split);
        return this;
    }

    /** Names a panel whose being shown the workspace saves and restores (its View menu item's property). */
    WindowLayout panel(String name, BooleanProperty shown) {
        panels.put(name, shown);
        return this;
    }

    Layout capture() {
        Map<String, List<Double>> dividers = new LinkedHashMap<>();
        splits.forEach((name, split) -> {
            List<Double> ps = new ArrayList<>();
            for (double p : split.getDividerPositions()) {
                ps.add(Math.round(p * 10_000) / 10_000.0); // four places: the same layout saves the same bytes
            }
            dividers.put(name, ps);
        });
        Map<String, Boolean> shown = new LinkedHashMap<>();
        panels.forEach((name, p) -> shown.put(name, p.get()));
        return new Layout(dividers, shown);
    }

    /**
     * Shows and folds the panels a workspace names, then sets its dividers (their count depends on the panels shown);
     * a split it does not name, or names with the wrong count, stays.
     */
    void apply(Layout layout) {
        layout.panels().forEach((name, shown) -> {
            BooleanProperty p = panels.get(name);
            if (p != null) {
                p.set(shown);
            }
        });
        layout.dividers().forEach((name, ps) -> {
            SplitPane split = splits.get(name);
            if (split != null && ps.size() == split.getDividers().size()) {
                double[] at = ps.stream().mapToDouble(Double::doubleValue).toArray();
                split.setDividerPositions(at);
                whenSized(split, () -> split.setDividerPositions(withinMinimums(at, sizes(split), minimums(split))));
            }
        });
    }

    /**
     * Runs {@code r} now if the split has its size, or once when it first gets one: a layout restored before the window
     * is shown is fitted to the size the window opens at.
     */
    private static void whenSized(SplitPane split, Runnable r) {
        if (sizes(split) > 0) {
            r.run();
            return;
        }
        javafx.beans.value.ChangeListener<Number> once = new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends Number> o, Number was, Number now) {
                if (now.doubleValue() > 0) {
                    o.removeListener(this);
                    r.run();
                }
            }
        };
        (split.getOrientation() == Orientation.HORIZONTAL ? split.widthProperty() : split.heightProperty())
                .addListener(once);
    }

    private static double sizes(SplitPane split) {
        return split.getOrientation() == Orientation.HORIZONTAL ? split.getWidth() : split.getHeight();
    }

    private static double[] minimums(SplitPane split) {
        double[] min = new double[split.getItems().size()];
        for (int i = 0; i < min.length; i++) {
            if (split.getItems().get(i) instanceof Region r) {
                double m = split.getOrientation() == Orientation.HORIZONTAL ? r.getMinWidth() : r.getMinHeight();
                min[i] = m > 0 ? m : 0; // USE_COMPUTED_SIZE and USE_PREF_SIZE are no minimum of ours
            }
        }
        return min;
    }

    /**
     * Divider positions (proportions of {@code size}) moved as little as needed so that no panel is narrower than its
     * minimum: a panel below it takes the pixels from the panel with the most to spare (the first of equals). When the
     * minimums do not all fit, the positions are returned as they were.
     */
    static double[] withinMinimums(double[] at, double size, double[] min) {
        int n = at.length + 1;
        if (min.length != n || size <= 0 || java.util.Arrays.stream(min).sum() > size) {
            return at;
        }
        double[] w = new double[n];
        double prev = 0;
        for (int i = 0; i < n; i++) {
            double edge = i < at.length ? Math.max(prev, Math.min(1, at[i])) : 1;
            w[i] = (edge - prev) * size;
            prev = edge;
        }
        for (int i = 0; i < n; i++) {
            while (w[i] < min[i] - 0.5) {
                int donor = -1;
                for (int j = 0; j < n; j++) {
                    if (j != i && w[j] - min[j] > 0.5 && (donor < 0 || w[j] - min[j] > w[donor] - min[donor])) {
                        donor = j;
                    }
                }
                if (donor < 0) {
                    return at;
                }
                double moved = Math.min(min[i] - w[i], w[donor] - min[donor]);
                w[i] += moved;
                w[donor] -= moved;
            }
        }
        double[] out = new double[at.length];
        double sum = 0;
        for (int i = 0; i < at.length; i++) {
            sum += w[i];
            out[i] = sum / size;
        }
        return out;
    }

    /** Remembers the layout in {@code node}, for the next run: each split's dividers, each panel shown or not. */
    void save(java.util.prefs.Preferences node) {
        Layout l = capture();
        l.dividers().forEach((name, ps) -> node.put("split." + name, String.join(",", ps.stream()
                .map(String::valueOf).toList())));
        l.panels().forEach((name, shown) -> node.putBoolean("panel." + name, shown));
    }

    /** Applies what {@link #save} remembered in {@code node}; a value that does not read as one is left out. */
    void restore(java.util.prefs.Preferences node) {
        Map<String, List<Double>> dividers = new LinkedHashMap<>();
        Map<String, Boolean> shown = new LinkedHashMap<>();
        panels.keySet().forEach(name -> {
            String v = node.get("panel." + name, null);
            if (v != null) {
                shown.put(name, Boolean.parseBoolean(v));
            }
        });
        splits.keySet().forEach(name -> {
            String v = node.get("split." + name, null);
            if (v == null || v.isEmpty()) {
                return;
            }
            try {
                List<Double> ps = new ArrayList<>();
                for (String p : v.split(",")) {
                    double d = Double.parseDouble(p);
                    if (!(d > 0 && d < 1)) {
                        return; // a divider outside the split: not ours
                    }
                    ps.add(d);
                }
                dividers.put(name, ps);
            } catch (NumberFormatException e) {
                // edited by hand: that split keeps its default
            }
        });
        apply(new Layout(dividers, shown));
    }
}
