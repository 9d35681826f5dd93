package dev.coroner.app.ui.model;

import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.workspace.Annotation;
import java.nio.file.Path;
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
    private final Analyses analyses;
    private final Navigator navigator;
    private final ObjectBinding<Slide> slide;

    public PresentationViewModel(FindingsViewModel findings, DetailViewModel detail, TimelineViewModel timeline,
                                 AnnotationsViewModel annotations, Analyses analyses, Navigator navigator) {
        this.analyses = analyses;
        this.navigator = navigator;
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
     * @param title    the finding's headline in words: a death's state · class · what happened, in one sentence
     *                 ("SYNTHETIC · RATE_LIMIT · The agent died: …"), another finding's title ("Edit without Read")
     * @param raw      what the record itself says, shown below the headline (a death's error string), "" when the
     *                 headline says it all
     * @param where    "agent-a7b2….jsonl · line 6"
     * @param evidence the evidence record's text, cut
     * @param links    the linked records: call ↔ result, block → call, sub-agent → parent
     * @param notes    the annotation as speaker notes, "" when none: for the presenter, not the audience
     * @param human    the override, "human: …", "" when none
     * @param readNote why the records shown may not be the file's (it changed while it was read), "" when not
     */
    public record Slide(String position, String severity, String title, String raw, String reason, String where,
                        String evidence, List<DetailLink> links, String notes, String human, String readNote) {
        static final Slide NONE = new Slide("0 of 0", "", "No findings", "",
                "Nothing to present: the findings list is empty.", "", "", List.of(), "", "", "");
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

    /**
     * Follows a linked record of the slide: when a finding sits there (a dead sub-agent's terminal record, say), the
     * presentation steps to it and this gives true; otherwise the window behind goes to the record and this gives
     * false (the presentation is left, for the record to be seen there).
     */
    public boolean follow(DetailLink link) {
        FindingItem shown = findings.selectedProperty().get();
        Path path = link.path() != null ? link.path() : shown == null ? null : shown.path();
        if (path == null) {
            return false;
        }
        TranscriptAnalysis a = analyses.get(path);
        long terminal = a == null ? -1 : a.summary().terminalLine();
        for (FindingItem i : findings.items()) {
            long line = i.finding().line();
            if (i.path().equals(path) && (line == link.line() || link.line() == 0 && line == terminal
                    && i.finding().kind() == FindingKind.DEATH)) {
                findings.select(i);
                return true;
            }
        }
        navigator.goTo(path, link.line());
        return false;
    }

    /**
     * A death's headline in words: its state, its class, and what happened in one sentence; null when the finding is
     * not a terminal record's death (its title is then the headline).
     */
    static String deathInWords(FindingItem item, TranscriptAnalysis a) {
        if (item.finding().kind() != FindingKind.DEATH || a == null || !a.verdict().dead()
                || item.finding().line() != a.summary().terminalLine()) {
            return null;
        }
        TerminalVerdict v = a.verdict();
        if (v.state() == TerminalState.EMPTY) {
            return "EMPTY · The agent died: its last assistant record holds nothing, no answer and no call.";
        }
        return v.state() + " · " + v.terminalClass() + " · The agent died: " + what(v.terminalClass())
                + ", and the harness wrote its last record.";
    }

    private static String what(TerminalClass c) {
        return switch (c) {
            case RATE_LIMIT -> "the API refused it for a rate limit";
            case USAGE_LIMIT -> "the account's usage limit was reached";
            case AUTH -> "the API refused its credentials";
            case SERVER -> "the API failed with a server error";
            case CONTEXT_LIMIT -> "its conversation outgrew the model's context";
            case NETWORK -> "the connection to the API failed";
            case INVALID_REQUEST -> "the API rejected its request as invalid";
            case OTHER, NONE -> "the run ended in an error the harness did not classify";
            case INTERRUPTED -> "its last turn was interrupted";
            case CUT_OFF -> "its last turn was still open when the file ended";
        };
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
        List<DetailLink> links = new ArrayList<>();
        if (same) {
            links.addAll(detail.links());
        }
        CorpusNode.Link parent = timeline.parentLinkProperty().get();
        if (parent != null) {
            links.add(new DetailLink(parent.label(), parent.path(), parent.line()));
        }
        TranscriptAnalysis analysis = analyses.get(item.path());
        String words = deathInWords(item, analysis);
        String raw = words == null ? "" : analysis.verdict().evidence().text().strip();
        long line = item.finding().line();
        Annotation a = annotations.at(item.path(), line == 0 && same ? d.span().line() : line);
        return new Slide((at + 1) + " of " + findings.items().size(), item.finding().severity().name(),
                words == null ? item.finding().title() : words, cut(raw), item.finding().reason(),
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
