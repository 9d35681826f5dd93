package dev.coroner.app.ui;

import dev.coroner.core.workspace.Workspace.Layout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.control.SplitPane;

/** The window's splits as a workspace keeps them: divider positions by split name (docs/ARCHITECTURE.md, "Workspaces"). */
final class WindowLayout {
    private final Map<String, SplitPane> splits = new LinkedHashMap<>();

    /** Names a split the workspace saves and restores. */
    WindowLayout add(String name, SplitPane split) {
        splits.put(name, split);
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
        return new Layout(dividers, Map.of());
    }

    /** Sets the dividers a workspace gives; a split it does not name, or names with the wrong count, stays. */
    void apply(Layout layout) {
        layout.dividers().forEach((name, ps) -> {
            SplitPane split = splits.get(name);
            if (split != null && ps.size() == split.getDividers().size()) {
                split.setDividerPositions(ps.stream().mapToDouble(Double::doubleValue).toArray());
            }
        });
    }
}
