package dev.coroner.app.ui.model;

import dev.coroner.core.index.TranscriptIndex;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * One side's record of the Compare view's selected row (docs/WORKBENCH.md, "Compare view"): the call's record re-read
 * by its span off the FX thread and rendered as the detail panel renders it, under a header naming the line, the kind
 * and where the call's result is. A gap on this side shows the sentence saying so.
 */
public final class CompareDetail {
    private final Tasks tasks;
    private final ReadOnlyObjectWrapper<RecordDetail> detail = new ReadOnlyObjectWrapper<>(this, "detail");
    private final ReadOnlyStringWrapper header = new ReadOnlyStringWrapper(this, "header", "");
    private int generation;

    CompareDetail(Tasks tasks) {
        this.tasks = tasks;
    }

    /** The record shown, or null (none selected, a gap, still reading). */
    public ReadOnlyObjectProperty<RecordDetail> detailProperty() {
        return detail.getReadOnlyProperty();
    }

    /** "A · line 4 · assistant · … · result at line 5", "A made no call here", "reading line 4…", or "". */
    public ReadOnlyStringProperty headerProperty() {
        return header.getReadOnlyProperty();
    }

    void clear() {
        generation++;
        detail.set(null);
        header.set("");
    }

    /** Shows the record at {@code line} of {@code index} (0: this side made no call on the row). */
    void show(TranscriptIndex index, long line, String side) {
        int gen = ++generation;
        detail.set(null);
        int row = index == null || line <= 0 ? -1 : index.rowOfLine(line);
        if (row < 0) {
            header.set(line <= 0 ? side + " made no call here" : side + " · line " + line + " is not in the index");
            return;
        }
        TimelineRow r = new TimelineRow(index, row, List.of(), null);
        List<DetailLink> links = DetailViewModel.links(index, r, null);
        String head = side + " · " + DetailViewModel.header(r)
                + (links.isEmpty() ? "" : " · " + links.get(0).label());
        header.set(side + " · reading line " + line + "…");
        var path = index.path();
        var span = index.span(row);
        tasks.run(() -> DetailViewModel.read(path, span, head, BlockBadges.of(index.judgement(), r)), d -> {
            if (gen == generation) {
                header.set(head);
                detail.set(d);
            }
        }, e -> {
            if (gen == generation) {
                header.set(side + " · cannot re-read line " + line + ": " + e.getMessage());
            }
        });
    }
}
