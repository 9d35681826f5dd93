package dev.coroner.app.ui.model;

import dev.coroner.core.corpus.CorpusSurvey;
import dev.coroner.core.corpus.FolderFollower;
import dev.coroner.core.corpus.SubagentLinks;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.index.TranscriptFollower;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * File ▸ Follow (docs/ARCHITECTURE.md, "Following"). When a folder is open, follows the folders opened with a
 * {@link FolderFollower}: records appended to any transcript change its row and findings, a transcript that appears (a
 * new sub-agent, a new session) is added to the corpus tree, under its session, and judged. Otherwise follows the
 * transcript open in the timeline with a {@link TranscriptFollower}. Either way each {@link #poll()} reads only what was
 * appended, the timeline's transcript grows in the timeline, and a torn last line waits as "still being written" in
 * {@link #noteProperty()}.
 *
 * <p>The view calls {@link #poll()} on a clock while {@link #followingProperty()} is on; the read runs in the
 * background, the result is shown on the FX thread. Turning Follow on reads what is followed once more from the start
 * (the pass that opened it kept no state to continue from); after that nothing is read twice.
 */
public final class FollowViewModel {
    /** How often the view polls while following. */
    public static final long POLL_MILLIS = 500;

    private final Tasks tasks;
    private final TimelineViewModel timeline;
    private final CorpusViewModel corpus;
    private final Analyses analyses;
    private final BooleanProperty following = new SimpleBooleanProperty(this, "following");
    private final ReadOnlyBooleanWrapper folders = new ReadOnlyBooleanWrapper(this, "folders");
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note", "");
    private final ReadOnlyBooleanWrapper writing = new ReadOnlyBooleanWrapper(this, "writing");
    /** The followed transcripts whose last line is still being written. */
    private final java.util.Set<Path> held = new java.util.HashSet<>();
    private TranscriptFollower follower;
    private FolderFollower folderFollower;
    private boolean firstRound;
    /** The transcripts that appeared last, for the note until others do. */
    private String lastAdded;
    private int generation;
    private boolean polling;

    public FollowViewModel(Tasks tasks, TimelineViewModel timeline, CorpusViewModel corpus, Analyses analyses) {
        this.tasks = tasks;
        this.timeline = timeline;
        this.corpus = corpus;
        this.analyses = analyses;
        folders.bind(Bindings.isNotEmpty(corpus.folders()));
        following.addListener((o, was, now) -> restart());
        corpus.folders().addListener((javafx.collections.ListChangeListener<Path>) c -> restart());
        timeline.pathProperty().addListener((o, was, now) -> {
            if (!folders.get()) {
                restart(); // a followed folder keeps following every transcript in it
            }
        });
    }

    /** Whether the open folders (or, with none, the open transcript) are followed. */
    public BooleanProperty followingProperty() {
        return following;
    }

    /** Whether Follow follows folders: a folder is open. */
    public ReadOnlyBooleanProperty followsFoldersProperty() {
        return folders.getReadOnlyProperty();
    }

    /** "following session.jsonl · last line still being written (1,234 bytes)", or "" when not following. */
    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    /**
     * A followed transcript's last line is still being written: its verdict is not known yet, so nothing may look clean
     * (docs/WORKBENCH.md, "Never clean before it knows").
     */
    public ReadOnlyBooleanProperty writingProperty() {
        return writing.getReadOnlyProperty();
    }

    private void held(Path path, boolean stillBeingWritten) {
        if (stillBeingWritten) {
            held.add(path);
        } else {
            held.remove(path);
        }
        writing.set(!held.isEmpty());
    }

    /**
     * The open transcript died in what was just read (or died otherwise than it had): the timeline goes to the death, as
     * an investigator following a run wants to see it the moment it is written.
     */
    private void showDeath(Path path, TranscriptAnalysis before, TranscriptAnalysis after) {
        if (after == null || !after.verdict().died() || !path.equals(timeline.pathProperty().get())) {
            return;
        }
        if (before == null || !before.verdict().died() || !before.verdict().equals(after.verdict())) {
            timeline.goToTerminal();
        }
    }

    private void restart() {
        generation++;
        held.clear();
        writing.set(false);
        polling = false;
        follower = null;
        folderFollower = null;
        if (!following.get()) {
            note.set("");
        } else if (folders.get()) {
            // the folders for new files; the files opened alone beside them as they are
            List<Path> given = new ArrayList<>(corpus.folders());
            given.addAll(corpus.transcripts());
            folderFollower = new FolderFollower(given, tasks.parallelism());
            firstRound = true;
            lastAdded = null;
            note.set("following " + foldersText());
        } else if (timeline.pathProperty().get() != null) {
            follower = new TranscriptFollower(timeline.pathProperty().get());
            note.set("following " + follower.path().getFileName());
        } else {
            note.set("");
        }
    }

    /** One poll: reads what was appended, then shows it (FX thread). A poll still running makes this one a no-op. */
    public void poll() {
        if (polling || follower == null && folderFollower == null) {
            return;
        }
        polling = true;
        if (folderFollower != null) {
            pollFolders(folderFollower);
        } else {
            pollTranscript(follower);
        }
    }

    private void pollTranscript(TranscriptFollower f) {
        int gen = generation;
        AnalysisSettings settings = analyses.settings();
        CorpusSurvey survey = corpus.survey();
        tasks.run(() -> {
            TranscriptFollower.Poll p = f.poll();
            // judged again only when lines came (or the file was read again): a torn line alone changes nothing
            TranscriptAnalysis a = !(p.grew() || p.restarted() || p.changed()) ? null : survey == null
                    ? analyses.analyser().analyse(p.index(), settings)
                    : corpus.judgeFollowed(p.index(), judged(survey.subagentsById()), settings);
            return new Polled(p, a);
        }, r -> {
            if (gen == generation) {
                polling = false;
                show(f.path(), r);
            }
        }, e -> failed(gen, f.path().getFileName().toString(), e));
    }

    /** The sub-agents whose verdict is known: one still being judged links as not opened, for now. */
    private static Map<String, SubagentLinks.Subagent> judged(Map<String, SubagentLinks.Subagent> agents) {
        Map<String, SubagentLinks.Subagent> out = new HashMap<>(agents);
        out.values().removeIf(a -> a.verdict() == null);
        return out;
    }

    private void pollFolders(FolderFollower f) {
        int gen = generation;
        boolean first = firstRound;
        AnalysisSettings settings = analyses.settings();
        CorpusSurvey survey = corpus.survey();
        Map<Path, Long> analysedBytes = new HashMap<>();
        analyses.byPath().forEach((p, a) -> analysedBytes.put(p, a.summary().bytes()));
        tasks.run(() -> FolderRound.poll(f, survey, analysedBytes, first, corpus, settings), r -> {
            if (gen == generation) {
                polling = false;
                firstRound = false;
                show(r, first);
            }
        }, e -> failed(gen, foldersText(), e));
    }

    private void failed(int gen, String what, Throwable e) {
        if (gen == generation) {
            polling = false;
            note.set("following " + what + " · cannot read: "
                    + (e instanceof UnreadableTranscriptException u ? u.reason() : e.getMessage()));
        }
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
        held(path, p.stillBeingWritten());
        if (r.analysis() != null) {
            TranscriptAnalysis before = analyses.get(path);
            timeline.followed(p.index());
            corpus.followed(path, r.analysis());
            showDeath(path, before, r.analysis());
        }
    }

    private void show(FolderRound r, boolean first) {
        Path open = timeline.pathProperty().get();
        StringBuilder n = new StringBuilder("following ").append(foldersText())
                .append(String.format(" · %,d transcripts", r.round().files().size()));
        List<String> added = new ArrayList<>();
        for (FolderRound.Update u : r.updates()) {
            FolderFollower.Followed f = u.file();
            TranscriptAnalysis before = analyses.get(f.path());
            if (f.poll() != null) {
                held(f.path(), f.poll().stillBeingWritten());
            }
            if (u.added() != null) {
                corpus.added(u.added(), u.analysis());
                added.add(f.path().getFileName().toString());
            } else if (u.analysis() != null) {
                corpus.followed(f.path(), u.analysis());
            }
            if (f.poll() != null && f.path().equals(open)) {
                if (first || f.grew()) {
                    timeline.followed(f.poll().index());
                }
                if (f.poll().stillBeingWritten()) {
                    n.append(String.format(" · %s: last line still being written (%,d bytes)", f.path().getFileName(),
                            f.poll().heldBytes()));
                }
            }
            showDeath(f.path(), before, u.analysis());
            if (f.poll() != null && f.poll().restarted()) {
                n.append(" · ").append(f.path().getFileName()).append(" changed while followed: read again from the start");
            }
        }
        if (!added.isEmpty()) {
            lastAdded = added.get(0) + (added.size() > 1 ? " and " + (added.size() - 1) + " more" : "");
        }
        if (lastAdded != null) {
            n.append(" · new: ").append(lastAdded);
        }
        note.set(n.toString());
    }

    private String foldersText() {
        List<Path> f = corpus.folders();
        return f.isEmpty() ? "" : f.get(0).getFileName() + (f.size() > 1 ? " and " + (f.size() - 1) + " more folders" : "");
    }
}
