package dev.coroner.app.ui.model;

import dev.coroner.core.findings.Finding;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.workspace.Annotation;
import dev.coroner.core.workspace.TranscriptStatus;
import dev.coroner.core.workspace.VerdictOverride;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;

/**
 * A person's notes and verdict overrides on records (docs/ARCHITECTURE.md, "Annotations and overrides"): the timeline,
 * the detail panel, the findings list and presentation mode read them here; a workspace saves and restores them. An
 * override sits beside the machine verdict, which this model never changes.
 */
public final class AnnotationsViewModel {
    private static final Comparator<Annotation.Place> ORDER = Comparator.comparing(Annotation.Place::transcript)
            .thenComparingLong(Annotation.Place::line);

    private final Analyses analyses;
    private final Map<Annotation.Place, Annotation> byPlace = new TreeMap<>(ORDER);
    private final ObservableMap<Path, TranscriptStatus> statuses = FXCollections.observableHashMap();
    private final ReadOnlyIntegerWrapper revision = new ReadOnlyIntegerWrapper(this, "revision");

    public AnnotationsViewModel(Analyses analyses) {
        this.analyses = analyses;
    }

    /** Moves on every change: a view that draws annotations redraws when it does. */
    public ReadOnlyIntegerProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    /** The key a transcript's annotations are kept under: its absolute, normalised path. */
    public static String key(Path transcript) {
        return transcript.toAbsolutePath().normalize().toString();
    }

    /** The annotation at {@code line} of {@code transcript}, or null. */
    public Annotation at(Path transcript, long line) {
        return transcript == null ? null : byPlace.get(new Annotation.Place(key(transcript), line));
    }

    /** The annotations of {@code transcript}, by line. */
    public List<Annotation> of(Path transcript) {
        String k = transcript == null ? null : key(transcript);
        return byPlace.values().stream().filter(a -> a.transcript().equals(k)).toList();
    }

    /** Every annotation, by transcript then line. */
    public List<Annotation> all() {
        return List.copyOf(byPlace.values());
    }

    /**
     * Sets the note and override at {@code line} of {@code transcript}; both empty removes what was there.
     *
     */
    public void annotate(Path transcript, long line, String note, VerdictOverride override) {
        Annotation.Place place = new Annotation.Place(key(transcript), line);
        String text = note == null ? "" : note.strip();
        if (text.isEmpty() && override == null) {
            byPlace.remove(place);
        } else {
            Annotation was = byPlace.get(place);
            byPlace.put(place, new Annotation(place.transcript(), was == null ? null : was.sha256(), line, text,
                    override));
        }
        revision.set(revision.get() + 1);
    }

    /** Replaces every annotation (a workspace was opened), with each transcript's status against the workspace. */
    public void replaceAll(List<Annotation> annotations, Map<Path, TranscriptStatus> status) {
        byPlace.clear();
        annotations.forEach(a -> byPlace.put(a.place(), a));
        statuses.clear();
        statuses.putAll(status);
        revision.set(revision.get() + 1);
    }

    /** Whether a workspace found {@code transcript} missing or changed since it was saved; SAME when not known. */
    public TranscriptStatus status(Path transcript) {
        return transcript == null ? TranscriptStatus.SAME
                : statuses.getOrDefault(transcript.toAbsolutePath().normalize(), TranscriptStatus.SAME);
    }

    /** The transcripts a workspace found missing or changed. */
    public ObservableMap<Path, TranscriptStatus> statuses() {
        return statuses;
    }

    /**
     * What an override at {@code line} would stand beside: the subject and the machine verdict as shown, from the
     * transcript's analysis ("terminal", "SYNTHETIC · RATE_LIMIT"), or {@code record} and "" where no verdict is.
     */
    public Machine machineVerdict(Path transcript, long line) {
        TranscriptAnalysis a = transcript == null ? null : analyses.get(transcript);
        if (a == null) {
            return new Machine("record", "");
        }
        if (a.summary().terminalLine() == line) {
            return new Machine(VerdictOverride.TERMINAL, a.verdict().state().name()
                    + (a.verdict().dead() ? " · " + a.verdict().terminalClass().name() : ""));
        }
        List<String> titles = new ArrayList<>();
        String subject = "record";
        for (Finding f : a.findings()) {
            if (f.line() == line) {
                if (titles.isEmpty()) {
                    subject = f.kind().name();
                }
                titles.add(f.title());
            }
        }
        return new Machine(subject, String.join(" · ", titles));
    }

    /** What the machine says at a place: the subject an override would name and the verdict as shown. */
    public record Machine(String subject, String verdict) {
    }

    /** The verdicts a person is offered for a subject; they may type any other. */
    public static List<String> choices(String subject) {
        return switch (subject) {
            case VerdictOverride.TERMINAL -> List.of("HEALTHY", "SYNTHETIC", "EMPTY", "not a death");
            case "WARN" -> List.of("CONFIRMED (a Read came first)", "EXEMPT", "WARN stands");
            case "UNMATCHED_BLOCK" -> List.of("matched (ran elsewhere)", "not meant to run");
            case "DEAD_SUBAGENT_RESULT", "DEATH" -> List.of("not a death", "death confirmed");
            default -> List.of("not a finding", "finding confirmed");
        };
    }
}
