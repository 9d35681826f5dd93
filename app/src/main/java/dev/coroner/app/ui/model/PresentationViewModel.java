package dev.coroner.app.ui.model;

import dev.coroner.core.workspace.Annotation;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.value.ObservableValue;

/**
 * Presentation mode (docs/WORKBENCH.md, "Presentation mode"): the findings list, one finding at a time. Stepping
 * selects the finding in the findings list, so the window behind follows and the detail panel reads its record; a
 * slide is made from what the findings, detail and annotations models hold.
 */
public final class PresentationViewModel {
    /** How much of the evidence record's text a slide shows. */
    static final int EVIDENCE_CHARS = 900;

    private final FindingsViewModel findings;
    private final DetailViewModel detail;
    private final TimelineViewModel timeline;
    private final AnnotationsViewModel annotations;
    private final ObjectBinding<Slide> slide;

    public PresentationViewModel(FindingsViewModel findings, DetailViewModel detail, TimelineViewModel timeline,
                                 AnnotationsViewModel annotations) {
        this.findings = findings;
        this.detail = detail;
        this.timeline = timeline;
        this.annotations = annotations;
        slide = Bindings.createObjectBinding(this::make, findings.selectedProperty(), detail.detailProperty(),
                detail.links(), timeline.parentLinkProperty(), annotations.revisionProperty(), timeline.pathProperty(),
                timeline.changedProperty());
    }

    /**
     * One finding as a slide.
     *
     * @param position "3 of 12"
     * @param title    the finding's headline ("SYNTHETIC · RATE_LIMIT")
     * @param where    "agent-a7b2….jsonl · line 6"
     * @param evidence the evidence record's text, cut
     * @param links    the linked records: call ↔ result, block → call, sub-agent → parent
     * @param notes    the annotation as speaker notes, "" when none
     * @param human    the override, "human: …", "" when none
     * @param readNote why the records shown may not be the file's (it changed while it was read), "" when not
     */
    public record Slide(String position, String severity, String title, String reason, String where, String evidence,
                        List<String> links, String notes, String human, String readNote) {
        static final Slide NONE = new Slide("0 of 0", "", "No findings", "Nothing to present: the findings list is empty.",
                "", "", List.of(), "", "", "");
    }

    /** The slide of the selected finding; it changes as the detail panel reads the record. */
    public ObservableValue<Slide> slideProperty() {
        return slide;
    }

    /** Starts at the finding selected, or the first. */
    public void start() {
        if (findings.selectedProperty().get() == null) {
            findings.next();
        }
    }

    public void next() {
        findings.next();
    }

    public void previous() {
        findings.previous();
    }

    private Slide make() {
        FindingItem item = findings.selectedProperty().get();
        if (item == null) {
            return Slide.NONE;
        }
        int at = findings.items().indexOf(item);
        RecordDetail d = detail.detailProperty().get();
        boolean same = d != null && d.path().equals(item.path());
        String evidence = same ? cut(d.message().text()) : "";
        List<String> links = new ArrayList<>();
        detail.links().forEach(l -> links.add(l.label()));
        CorpusNode.Link parent = timeline.parentLinkProperty().get();
        if (parent != null) {
            links.add(parent.label());
        }
        long line = item.finding().line();
        Annotation a = annotations.at(item.path(), line == 0 && same ? d.span().line() : line);
        return new Slide((at + 1) + " of " + findings.items().size(), item.finding().severity().name(),
                item.finding().title(), item.finding().reason(),
                item.transcript() + (line > 0 ? " · line " + line : ""), evidence, links,
                a == null ? "" : a.note(), a == null || a.override() == null ? "" : a.override().label(),
                item.path().equals(timeline.pathProperty().get()) ? timeline.changedProperty().get() : "");
    }

    private static String cut(String s) {
        String t = s.strip();
        return t.length() <= EVIDENCE_CHARS ? t : t.substring(0, EVIDENCE_CHARS) + " … (cut; "
                + String.format(java.util.Locale.ROOT, "%,d", t.length()) + " characters in all)";
    }
}
