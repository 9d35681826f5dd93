package dev.coroner.app.ui;

import dev.coroner.core.workspace.Workspace.Layout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.scene.control.SplitPane;

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
                split.setDividerPositions(ps.stream().mapToDouble(Double::doubleValue).toArray());
            }
        });
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
