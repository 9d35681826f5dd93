package dev.coroner.app.ui.model;

import dev.coroner.core.corpus.CancelToken;
import dev.coroner.core.corpus.InOrder;
import dev.coroner.core.findings.Finding;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.index.LineSearch;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Search across the whole corpus (docs/WORKBENCH.md, "Triage"): first what the window holds in memory for every
 * transcript — its name, its first prompt, its verdict's reason, the title and reason of every finding — at once; then
 * the records of every transcript, read from the files for this search ({@link LineSearch}, the timeline's way of
 * matching a row), their matching lines listed once every file is read, the summary saying it reads meanwhile.
 */
public final class CorpusSearch {
    /** Results listed at most; the count says how many there are in all. */
    static final int LISTED = 500;

    /**
     * A place that holds the text.
     *
     * @param line  the line a click goes to; 0: the terminal record
     * @param where what held it: "name", "first prompt", "verdict", or the finding's title
     */
    public record Hit(Path path, long line, String where, String text) {
    }

    /** What a search reads of a transcript, taken on the FX thread so the search runs over plain values. */
    private record Entry(Path path, String name, String headline, String note, TranscriptAnalysis analysis) {
    }

    private final Tasks tasks;
    private final CorpusViewModel corpus;
    private final Analyses analyses;
    private final Navigator navigator;
    private final StringProperty query = new SimpleStringProperty(this, "query", "");
    private final ObservableList<Hit> hits = FXCollections.observableArrayList();
    private final ObservableList<Hit> hitsView = FXCollections.unmodifiableObservableList(hits);
    private final ReadOnlyStringWrapper info = new ReadOnlyStringWrapper(this, "info", "");
    /** Counts searches on the FX thread: a result of an older one is not shown. */
    private int generation;
    /** Stops the reading of records for the search before this one (read on the readers' threads). */
    private CancelToken reading = new CancelToken();

    public CorpusSearch(Tasks tasks, CorpusViewModel corpus, Analyses analyses, Navigator navigator) {
        this.tasks = tasks;
        this.corpus = corpus;
        this.analyses = analyses;
        this.navigator = navigator;
        query.addListener((o, was, now) -> {
            if (now == null || now.isBlank()) {
                clear();
            }
        });
    }

    public StringProperty queryProperty() {
        return query;
    }

    /** The places found, at most {@value #LISTED}, in tree order. */
    public ObservableList<Hit> hits() {
        return hitsView;
    }

    /** "12 matches in 4 transcripts", "searching…", "no match". */
    public ReadOnlyStringProperty infoProperty() {
        return info.getReadOnlyProperty();
    }

    /** Searches for the query (ignoring case) off the FX thread; a newer search replaces one still running. */
    public void search() {
        String q = query.get() == null ? "" : query.get().strip();
        int gen = ++generation;
        reading.cancel();
        reading = new CancelToken();
        if (q.isEmpty()) {
            clear();
            return;
        }
        List<Entry> entries = new ArrayList<>();
        for (Path p : corpus.transcripts()) {
            CorpusNode n = corpus.node(p);
            if (n != null) {
                entries.add(new Entry(p, n.name(), n.headlineProperty().get(), n.noteProperty().get(), analyses.get(p)));
            }
        }
        info.set("searching…");
        List<Path> files = entries.stream().map(Entry::path).toList();
        tasks.run(() -> find(entries, q.toLowerCase(Locale.ROOT)), found -> {
            if (gen == generation) {
                show(found);
                searchRecords(gen, files, q, found);
            }
        }, e -> info.set("search failed: " + e.getMessage()));
    }

    /** The records of {@code files}, read off the FX thread; their matching lines come after what memory held. */
    private void searchRecords(int gen, List<Path> files, String q, Found inMemory) {
        info.set(summary(inMemory) + String.format(" · reading the records of %,d %s…", files.size(),
                files.size() == 1 ? "transcript" : "transcripts"));
        CancelToken cancel = reading;
        tasks.run(() -> records(files, q, LISTED - inMemory.hits().size(), tasks.parallelism(), cancel), found -> {
            if (gen == generation) {
                hits.addAll(found.hits());
                String records = found.total() == 0 ? "no line of a record"
                        : String.format("%,d %s in %,d %s' records", found.total(), found.total() == 1 ? "line" : "lines",
                        found.transcripts(), found.transcripts() == 1 ? "transcript" : "transcripts");
                info.set((inMemory.total() == 0 && found.total() == 0 ? "no match in names, prompts, verdicts, findings "
                        + "or records" : summary(inMemory) + " · " + records)
                        + (found.unreadable() > 0 ? String.format(" (%,d could not be read)", found.unreadable()) : "")
                        + (hits.size() < inMemory.total() + found.total() ? String.format(" (first %,d listed)", hits.size()) : ""));
            }
        }, e -> {
            if (gen == generation) {
                info.set(summary(inMemory) + " · the records could not be searched: " + e.getMessage());
            }
        });
    }

    /** Goes to where a hit is. */
    public void open(Hit h) {
        navigator.goTo(h.path(), h.line());
    }

    public void clear() {
        generation++;
        reading.cancel();
        hits.clear();
        info.set("");
    }

    record Found(List<Hit> hits, int total, int transcripts, int unreadable) {
        Found(List<Hit> hits, int total, int transcripts) {
            this(hits, total, transcripts, 0);
        }
    }

    /**
     * Each file's lines that hold {@code q}: all counted, the first {@code room} listed, as "record" hits, in the
     * files' order. The files are read {@code threads} at a time ({@link InOrder}).
     */
    static Found records(List<Path> files, String q, int room, int threads, CancelToken cancel) {
        List<Hit> out = new ArrayList<>();
        int[] total = new int[1];
        int[] transcripts = new int[1];
        int[] unreadable = new int[1];
        InOrder.map(files, threads, InOrder::sizeOf, p -> {
            try {
                return LineSearch.linesContaining(p, q, Math.max(0, room), cancel::cancelled);
            } catch (UnreadableTranscriptException e) {
                return null;
            }
        }, (p, r) -> {
            if (r == null) {
                unreadable[0]++;
            } else if (r.lines() > 0) {
                transcripts[0]++;
                total[0] += r.lines();
                for (LineSearch.Match m : r.first()) {
                    if (out.size() < room) {
                        out.add(new Hit(p, m.line(), "record", m.excerpt()));
                    }
                }
            }
        }, cancel);
        return new Found(out, total[0], transcripts[0], unreadable[0]);
    }

    private static Found find(List<Entry> entries, String q) {
        List<Hit> out = new ArrayList<>();
        int total = 0;
        int transcripts = 0;
        for (Entry e : entries) {
            List<Hit> here = new ArrayList<>();
            add(here, e.path(), 0, "name", e.name(), q);
            add(here, e.path(), 0, "first prompt", e.headline(), q);
            add(here, e.path(), 0, "verdict", e.note(), q);
            if (e.analysis() != null) {
                for (Finding f : e.analysis().findings()) {
                    String text = f.title() + " — " + f.reason();
                    add(here, e.path(), Math.max(f.line(), 0), f.kind().count(1).replaceFirst("^1 ", ""), text, q);
                }
            }
            if (!here.isEmpty()) {
                transcripts++;
                total += here.size();
                for (Hit h : here) {
                    if (out.size() < LISTED) {
                        out.add(h);
                    }
                }
            }
        }
        return new Found(out, total, transcripts);
    }

    private static void add(List<Hit> out, Path path, long line, String where, String text, String q) {
        if (text != null && text.toLowerCase(Locale.ROOT).contains(q)) {
            out.add(new Hit(path, line, where, text));
        }
    }

    private void show(Found f) {
        hits.setAll(f.hits());
        info.set(summary(f));
    }

    /** What memory held: "3 matches in 1 transcript", or that it held none. */
    private static String summary(Found f) {
        if (f.total() == 0) {
            return "no match in names, prompts, verdicts or findings";
        }
        return String.format("%,d %s in %,d %s", f.total(), f.total() == 1 ? "match" : "matches",
                f.transcripts(), f.transcripts() == 1 ? "transcript" : "transcripts");
    }
}
