package dev.coroner.app.ui.model;

import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.index.TranscriptFollower;
import java.nio.file.Path;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * File ▸ Follow (docs/ARCHITECTURE.md, "Following"): keeps the transcript open in the timeline growing while another
 * program writes it. A {@link TranscriptFollower} reads only what was appended at each {@link #poll()}; its index is
 * shown in the timeline, and its analysis replaces the transcript's, so the corpus row's state and the findings change
 * the moment a death is written. A torn last line waits as "still being written" in {@link #noteProperty()}.
 *
 * <p>The view calls {@link #poll()} on a clock while {@link #followingProperty()} is on; the read runs in the
 * background, the result is shown on the FX thread. Turning Follow on reads the open transcript once more from the
 * start (the pass that opened it kept no state to continue from); after that nothing is read twice.
 */
public final class FollowViewModel {
    /** How often the view polls while following. */
    public static final long POLL_MILLIS = 500;

    private final Tasks tasks;
    private final TimelineViewModel timeline;
    private final CorpusViewModel corpus;
    private final Analyses analyses;
    private final BooleanProperty following = new SimpleBooleanProperty(this, "following");
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note", "");
    private TranscriptFollower follower;
    private int generation;
    private boolean polling;

    public FollowViewModel(Tasks tasks, TimelineViewModel timeline, CorpusViewModel corpus, Analyses analyses) {
        this.tasks = tasks;
        this.timeline = timeline;
        this.corpus = corpus;
        this.analyses = analyses;
        following.addListener((o, was, now) -> restart());
        timeline.pathProperty().addListener((o, was, now) -> restart());
    }

    /** Whether the open transcript is followed. */
    public BooleanProperty followingProperty() {
        return following;
    }

    /** "following session.jsonl · last line still being written (1,234 bytes)", or "" when not following. */
    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    private void restart() {
        generation++;
        polling = false;
        Path p = timeline.pathProperty().get();
        follower = following.get() && p != null ? new TranscriptFollower(p) : null;
        note.set(follower == null ? "" : "following " + p.getFileName());
    }

    /** One poll: reads what was appended, then shows it (FX thread). A poll still running makes this one a no-op. */
    public void poll() {
        TranscriptFollower f = follower;
        if (f == null || polling) {
            return;
        }
        polling = true;
        int gen = generation;
        AnalysisSettings settings = analyses.settings();
        TranscriptAnalyser analyser = analyses.analyser();
        tasks.run(() -> {
            TranscriptFollower.Poll p = f.poll();
            // judged again only when lines came (or the file was read again): a torn line alone changes nothing
            TranscriptAnalysis a = p.grew() || p.restarted() || p.changed() ? analyser.analyse(p.index(), settings) : null;
            return new Polled(p, a);
        }, r -> {
            if (gen != generation) {
                return;
            }
            polling = false;
            show(f.path(), r);
        }, e -> {
            if (gen != generation) {
                return;
            }
            polling = false;
            note.set("following " + f.path().getFileName() + " · cannot read: "
                    + (e instanceof dev.coroner.core.read.UnreadableTranscriptException u ? u.reason() : e.getMessage()));
        });
    }

    private record Polled(TranscriptFollower.Poll poll, TranscriptAnalysis analysis) {
    }

    private void show(Path path, Polled r) {
        TranscriptFollower.Poll p = r.poll();
        String n = "following " + path.getFileName();
        if (p.restarted()) {
            n += " · changed while followed: read again from the start";
        }
        if (p.stillBeingWritten()) {
            n += String.format(" · last line still being written (%,d bytes)", p.heldBytes());
        }
        note.set(n);
        if (r.analysis() != null) {
            timeline.followed(p.index());
            corpus.followed(path, r.analysis());
        }
    }
}
