package dev.coroner.app.ui.model;

import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.findings.Severity;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The status bar: the worst severity found, what is open, and progress on anything long (docs/WORKBENCH.md, "The panels").
 */
public final class StatusViewModel {
    private final FindingsViewModel findings;
    private final javafx.beans.value.ObservableIntegerValue missing;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "text", "");
    private final ReadOnlyStringWrapper activity = new ReadOnlyStringWrapper(this, "activity", "");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 1);
    private final ReadOnlyBooleanWrapper judging = new ReadOnlyBooleanWrapper(this, "judging");
    private final ReadOnlyStringWrapper changed = new ReadOnlyStringWrapper(this, "changed", "");
    private final javafx.beans.property.BooleanProperty unsettled =
            new javafx.beans.property.SimpleBooleanProperty(this, "unsettled");

    /**
     * @param missing how many of the open workspace's transcripts are missing: while any is, nothing reads as clean
     */
    public StatusViewModel(CorpusViewModel corpus, TimelineViewModel timeline, FindingsViewModel findings,
                           javafx.beans.value.ObservableIntegerValue missing) {
        this.findings = findings;
        this.missing = missing;
        judging.bind(corpus.busyProperty().or(timeline.indexingProperty()).or(unsettled));
        text.bind(Bindings.createStringBinding(() -> {
            StateTally t = corpus.tallyProperty().get();
            if (t.transcripts() == 0) {
                return judging.get() ? "opening…" : "no transcripts open";
            }
            String counts = t.harness() == 0 && t.noRun() == 0
                    ? String.format("%,d %s · %,d dead", t.total(), t.total() == 1 ? "transcript" : "transcripts", t.dead())
                    : String.format("%,d workers · %,d dead", t.total(), t.dead())
                            + (t.harness() == 0 ? "" : " · " + t.harnessLine())
                            + (t.noRun() == 0 ? "" : " · " + t.noRunLine());
            return judging.get() ? counts + " · so far" : counts;
        }, corpus.tallyProperty(), judging));
        // the timeline's indexing shows first: it is what the person is waiting for
        progress.bind(Bindings.createDoubleBinding(() -> timeline.indexingProperty().get()
                ? timeline.progressProperty().get() : corpus.progressProperty().get(),
                timeline.indexingProperty(), timeline.progressProperty(), corpus.progressProperty()));
        activity.bind(Bindings.createStringBinding(() -> timeline.indexingProperty().get()
                && timeline.pathProperty().get() != null
                ? "indexing " + timeline.pathProperty().get().getFileName() + " · " + timeline.statusProperty().get()
                : corpus.activityProperty().get(),
                timeline.indexingProperty(), timeline.statusProperty(), corpus.activityProperty()));
        changed.bind(Bindings.createStringBinding(() -> timeline.changedProperty().get().isEmpty()
                || timeline.pathProperty().get() == null ? ""
                : timeline.pathProperty().get().getFileName() + ": " + timeline.changedProperty().get(),
                timeline.changedProperty(), timeline.pathProperty()));
    }

    /**
     * The open transcript's file changed while it was read (docs/VERDICTS.md, "Reading"): its name and the
     * {@code FileStamp} note; "" when it did not, or nothing is open.
     */
    public ReadOnlyStringProperty changedProperty() {
        return changed.getReadOnlyProperty();
    }

    /**
     * Something else is not known yet though nothing is being read: a followed transcript's last line is still being
     * written (File ▸ Follow). Bound by the window; while true the bar says "judging", never "no findings".
     */
    public javafx.beans.property.BooleanProperty unsettledProperty() {
        return unsettled;
    }

    /**
     * Something is still being read or judged (docs/WORKBENCH.md, "Never clean before it knows"): counts are
     * partial, and nothing may look clean before it is known.
     */
    public ReadOnlyBooleanProperty judgingProperty() {
        return judging.getReadOnlyProperty();
    }

    /** How many of the open workspace's transcripts are missing (not judged, so never "no findings"); 0 when none. */
    public javafx.beans.value.ObservableIntegerValue missingProperty() {
        return missing;
    }

    public ReadOnlyObjectProperty<Severity> worstProperty() {
        return findings.worstProperty();
    }

    /** "6 transcripts · 2 dead". */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /** What is running: "indexing agent-….jsonl 42%". */
    public ReadOnlyStringProperty activityProperty() {
        return activity.getReadOnlyProperty();
    }

    /** 0..1, or -1 when the length is unknown; 1 when idle. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }
}
