package dev.coroner.app.ui.model;

import dev.coroner.core.findings.Finding;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.Severity;
import dev.coroner.core.findings.TranscriptAnalysis;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.MapChangeListener;
import javafx.collections.ObservableList;

/**
 * The findings panel: every verdict of the corpus in one list, grouped by kind, worst first (deaths, WARNs,
 * unmatched blocks, problems, then what is only worth a look); a click goes to the line (docs/WORKBENCH.md, "The panels").
 */
public final class FindingsViewModel {
    /**
     * The list's order is severity, kind, path (byte-wise), line. It is made by a stable sort on severity and kind of
     * the findings taken path by path in byte-wise order, line by line: each path's bytes are made once per rebuild,
     * not twice per comparison of thousands of findings (rebuilt up to four times a second while a corpus loads).
     */
    private static final Comparator<FindingItem> BY_KIND = Comparator
            .comparing((FindingItem i) -> i.finding().severity())
            .thenComparing(i -> i.finding().kind());

    private final Analyses analyses;
    private final Navigator navigator;
    private final ObservableList<FindingGroup> groups = FXCollections.observableArrayList();
    // one read-only view: a view made per call would lose its listeners (it listens weakly)
    private final ObservableList<FindingGroup> groupsView = FXCollections.unmodifiableObservableList(groups);
    private final ReadOnlyObjectWrapper<Severity> worst = new ReadOnlyObjectWrapper<>(this, "worst");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "no findings");
    private final ReadOnlyObjectWrapper<FindingItem> selected = new ReadOnlyObjectWrapper<>(this, "selected");
    private List<FindingItem> flat = List.of();
    /** The one kind the list shows (a chip was clicked), or null for every kind. */
    private final javafx.beans.property.ObjectProperty<FindingKind> only =
            new javafx.beans.property.SimpleObjectProperty<>(this, "only");
    /** The transcripts the corpus panel's triage lets through: next and previous never leave them. */
    private java.util.function.Predicate<Path> inFilter = p -> true;

    public FindingsViewModel(Analyses analyses, Navigator navigator, Tasks tasks) {
        this.analyses = analyses;
        this.navigator = navigator;
        // rebuilt from every analysis: at most four times a second while a large corpus comes in, and less often
        // once a rebuild costs more than 50 ms (thousands of findings), so the FX thread stays free to answer
        Runnable rebuild = tasks.fx().throttledByCost(this::rebuild, 250, 5);
        analyses.byPath().addListener((MapChangeListener<Path, TranscriptAnalysis>) c -> rebuild.run());
    }

    /** Every kind found, with its findings: the chips, whatever the list shows. */
    public ObservableList<FindingGroup> groups() {
        return groupsView;
    }

    /** Show only the findings of this kind (null: every kind); next and previous step among them. */
    public javafx.beans.property.ObjectProperty<FindingKind> onlyProperty() {
        return only;
    }

    /** A chip clicked: shows only its kind and goes to its first finding; clicked again, shows every kind. */
    public void toggleOnly(FindingKind kind) {
        if (kind.equals(only.get())) {
            only.set(null);
            return;
        }
        only.set(kind);
        groups.stream().filter(g -> g.kind() == kind && !g.items().isEmpty()).findFirst()
                .ifPresent(g -> select(g.items().get(0)));
    }

    /** Whether the list shows this group. */
    public boolean shows(FindingGroup g) {
        return only.get() == null || only.get() == g.kind();
    }

    /** The worst severity found in the corpus, or null when nothing was found. */
    public ReadOnlyObjectProperty<Severity> worstProperty() {
        return worst.getReadOnlyProperty();
    }

    /** "2 deaths · 2 results from dead sub-agents · 1 failed tool call". */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<FindingItem> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    /** Every finding in list order. */
    public List<FindingItem> items() {
        return flat;
    }

    /** Selects a finding and goes to its line. */
    public void select(FindingItem item) {
        selected.set(item);
        if (item != null) {
            navigator.goTo(item.path(), Math.max(item.finding().line(), 0));
        }
    }

    /**
     * Next and previous step only among the findings of transcripts {@code shown} lets through: the corpus panel's
     * triage filter (docs/WORKBENCH.md, "Triage"), so F8 from a WARN in the WARN-filtered list stays in that list.
     */
    public void followFilter(java.util.function.Predicate<Path> shown) {
        this.inFilter = java.util.Objects.requireNonNull(shown);
    }

    /** The next finding after the selected one (the first when none is). */
    public void next() {
        step(1);
    }

    public void previous() {
        step(-1);
    }

    private void step(int by) {
        List<FindingItem> shown = flat.stream()
                .filter(i -> (only.get() == null || i.finding().kind() == only.get()) && inFilter.test(i.path()))
                .toList();
        if (shown.isEmpty()) {
            return;
        }
        int at = selected.get() == null ? -1 : shown.indexOf(selected.get());
        int next = at < 0 ? (by > 0 ? 0 : shown.size() - 1) : Math.floorMod(at + by, shown.size());
        select(shown.get(next));
    }

    private void rebuild() {
        List<Map.Entry<byte[], Path>> paths = new ArrayList<>();
        analyses.byPath().keySet().forEach(p -> paths.add(Map.entry(p.toString().getBytes(StandardCharsets.UTF_8), p)));
        paths.sort((a, b) -> Arrays.compareUnsigned(a.getKey(), b.getKey())); // TranscriptPaths.BYTEWISE, keys made once
        List<FindingItem> all = new ArrayList<>();
        List<Finding> inFile = new ArrayList<>();
        for (Map.Entry<byte[], Path> e : paths) {
            inFile.clear();
            inFile.addAll(analyses.byPath().get(e.getValue()).findings());
            inFile.sort(Comparator.comparingLong(Finding::line));
            inFile.forEach(f -> all.add(new FindingItem(e.getValue(), f)));
        }
        all.sort(BY_KIND);
        Map<FindingKind, List<FindingItem>> byKind = new EnumMap<>(FindingKind.class);
        for (FindingItem i : all) {
            byKind.computeIfAbsent(i.finding().kind(), k -> new ArrayList<>()).add(i);
        }
        List<FindingGroup> out = new ArrayList<>();
        byKind.forEach((k, items) -> out.add(new FindingGroup(k, items)));
        out.sort(Comparator.comparing((FindingGroup g) -> g.kind().severity()).thenComparing(FindingGroup::kind));
        flat = List.copyOf(all);
        groups.setAll(out);
        worst.set(all.isEmpty() ? null : all.get(0).finding().severity());
        summary.set(out.isEmpty() ? "no findings" : String.join(" · ", out.stream().map(FindingGroup::title).toList()));
        FindingItem sel = selected.get();
        if (sel != null && !flat.contains(sel)) {
            selected.set(null);
        }
    }
}
