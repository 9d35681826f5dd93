package dev.coroner.core.corpus;

import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.index.TranscriptFollower;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Follows transcripts and the folders that hold them (docs/ARCHITECTURE.md, "Following"): one
 * {@link TranscriptFollower} per transcript file. Each {@link #poll()} lists the folders again, as
 * {@link TranscriptPaths} does ({@code *.jsonl}, byte-wise path order), starts following a file it has not seen (a
 * new sub-agent under {@code <session>/subagents/}, a new session), then polls every follower: a file already followed
 * has only its appended bytes read; a new one is read once from the start. A file that cannot be read (gone, not a
 * regular file) gets an UNREADABLE verdict and is polled again: it may come back.
 *
 * <p>One thread polls. The first poll, and any that finds new files, reads them on the engine's bounded pool.
 */
public final class FolderFollower {

    /**
     * One transcript after a poll.
     *
     * @param path     as given, or as found under a given folder
     * @param explicit whether the path was named rather than found in a folder
     * @param added    whether the file was first found by this poll and not the first (it appeared while followed)
     * @param poll     what its follower found; null when the file could not be read
     * @param verdict  its terminal verdict now: UNREADABLE, with the reason, when it could not be read
     * @param changed  whether the verdict differs from the previous poll's (true the first time)
     */
    public record Followed(Path path, boolean explicit, boolean added, TranscriptFollower.Poll poll,
                           TerminalVerdict verdict, boolean changed) {
        /** Whether lines were added or the file was read again from the start: its analysis is out of date. */
        public boolean grew() {
            return poll != null && (poll.grew() || poll.restarted());
        }
    }

    /**
     * What one poll found.
     *
     * @param files every transcript followed, in the order found (the first poll's in byte-wise path order, as
     *              {@code verdict} prints them; later ones after them, as they appeared)
     * @param notes for a person, each said once: what was skipped while listing the folders
     */
    public record Round(List<Followed> files, List<String> notes) {
        public Round {
            files = List.copyOf(files);
            notes = List.copyOf(notes);
        }

        /** The transcripts whose verdict changed (all of them on the first poll). */
        public List<Followed> changed() {
            return files.stream().filter(Followed::changed).toList();
        }

        /** The transcripts that appeared under a followed folder since the previous poll. */
        public List<Followed> added() {
            return files.stream().filter(Followed::added).toList();
        }
    }

    private static final class Entry {
        final Path path;
        final boolean explicit;
        final TranscriptFollower follower;
        boolean added;
        TerminalVerdict verdict;

        Entry(Path path, boolean explicit) {
            this.path = path;
            this.explicit = explicit;
            this.follower = new TranscriptFollower(path);
        }
    }

    private final List<Path> given;
    private final int threads;
    /** By absolute, normalised path: a file named and also found in a folder is followed once. */
    private final Map<Path, Entry> followed = new LinkedHashMap<>();
    private final Set<String> noted = new HashSet<>();
    private boolean polled;

    /** @param given transcript files and folders, as a person named them */
    public FolderFollower(List<Path> given) {
        this(given, InOrder.defaultThreads());
    }

    /** @param threads how many new files are read at once; 1 reads them on the polling thread */
    public FolderFollower(List<Path> given, int threads) {
        this.given = List.copyOf(given);
        this.threads = threads;
    }

    /** The files and folders followed, as given. */
    public List<Path> given() {
        return given;
    }

    /** Lists the folders again, then reads what was appended to every transcript (new ones in full). */
    public synchronized Round poll() {
        List<String> notes = new ArrayList<>();
        TranscriptPaths.Expansion listing = TranscriptPaths.expand(given);
        for (String n : listing.notes()) {
            if (noted.add(n)) {
                notes.add(n);
            }
        }
        boolean found = false;
        for (TranscriptPaths.Input in : listing.inputs()) {
            Path key = in.path().toAbsolutePath().normalize();
            if (!followed.containsKey(key)) {
                Entry e = new Entry(in.path(), in.explicit());
                e.added = polled;
                followed.put(key, e);
                found = true;
            }
        }
        List<Entry> entries = List.copyOf(followed.values());
        List<Followed> files = new ArrayList<>(entries.size());
        // a new file is read in full: several at once; appended bytes are few, so the rest is polled here
        InOrder.map(entries, found ? threads : 1, FolderFollower::pollOne, (e, f) -> files.add(f), CancelToken.NEVER);
        entries.forEach(e -> e.added = false);
        polled = true;
        return new Round(files, notes);
    }

    private static Followed pollOne(Entry e) {
        TranscriptFollower.Poll p = null;
        TerminalVerdict now;
        try {
            p = e.follower.poll();
            now = p.verdict();
        } catch (UnreadableTranscriptException x) {
            now = TerminalVerdicts.unreadable(e.path, x.reason());
        }
        boolean changed = !now.equals(e.verdict);
        e.verdict = now;
        return new Followed(e.path, e.explicit, e.added, p, now, changed);
    }
}
