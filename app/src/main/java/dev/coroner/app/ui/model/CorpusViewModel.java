package dev.coroner.app.ui.model;

import dev.coroner.core.corpus.CancelToken;
import dev.coroner.core.corpus.CorpusEngine;
import dev.coroner.core.corpus.CorpusSurvey;
import dev.coroner.core.corpus.CorpusTranscript;
import dev.coroner.core.corpus.FleetRuns;
import dev.coroner.core.corpus.IndexCache;
import dev.coroner.core.corpus.SessionGroup;
import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.corpus.SubagentLinks;
import dev.coroner.core.corpus.TranscriptRole;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.Spawn;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The corpus panel: the files and folders opened, as sessions with their sub-agents; each transcript's verdict and
 * counts; the tally of states for the chart (docs/WORKBENCH.md, "The corpus tree"). Opening surveys the files
 * (cheap: paths, first records, verdicts read from the end), then analyses each in full in the background.
 */
public final class CorpusViewModel {
    private final Tasks tasks;
    private final Analyses analyses;
    private final CorpusEngine engine;
    private final ObservableList<CorpusNode> roots = FXCollections.observableArrayList();
    // one read-only view each: a view made per call would lose its listeners (it listens weakly)
    private final ObservableList<CorpusNode> rootsView = FXCollections.unmodifiableObservableList(roots);
    private final ReadOnlyObjectWrapper<StateTally> tally = new ReadOnlyObjectWrapper<>(this, "tally", StateTally.NONE);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 1);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper activity = new ReadOnlyStringWrapper(this, "activity", "");
    private final ReadOnlyObjectWrapper<CorpusNode> current = new ReadOnlyObjectWrapper<>(this, "current");
    private final ObservableList<String> notes = FXCollections.observableArrayList();
    private final ObservableList<String> notesView = FXCollections.unmodifiableObservableList(notes);
    private final Map<Path, CorpusNode> byPath = new HashMap<>();
    /** The folders opened (absolute): what File ▸ Follow follows, when there are any. */
    private final ObservableList<Path> folders = FXCollections.observableArrayList();
    private final ObservableList<Path> foldersView = FXCollections.unmodifiableObservableList(folders);
    private final Map<String, CorpusNode> byAgentId = new HashMap<>();
    /** Harness agents shown in the tree (docs/VERDICTS.md, "Agent kind"); hidden ones are still counted. */
    private final BooleanProperty showHarness = new SimpleBooleanProperty(this, "showHarness", true);
    /** Each sub-agent's place under its session, to put a hidden harness agent back where it was. */
    private final Map<CorpusNode, Integer> order = new HashMap<>();
    private final Map<CorpusNode, List<CorpusNode>> hiddenHarness = new HashMap<>();
    private CorpusSurvey survey;
    /** A fleet's runs table is open (docs/FLEET.md, "Opening the runs table"): read-only, no pass, no re-judgement. */
    private boolean verdictsOnly;
    /** The runs table open, or null. */
    private RunsCorpus runs;
    private int generation;
    /** The analysis or re-judgement running now; cancelled when another replaces it. */
    private CancelToken running = new CancelToken();
    private final Runnable tallyLater;
    /** How often the transcripts analysed since are taken in while a corpus is read. */
    private static final long RESULTS_EVERY_MS = 100;
    private int analysed;

    public CorpusViewModel(Tasks tasks, Analyses analyses, IndexCache cache) {
        this.tasks = tasks;
        this.analyses = analyses;
        this.engine = new CorpusEngine(analyses.analyser(), cache, tasks.parallelism());
        this.tallyLater = tasks.fx().throttled(this::updateTally, 100);
        analyses.settingsProperty().addListener((o, was, now) -> rejudge());
        showHarness.addListener((o, was, now) -> filterHarness());
    }

    /**
     * Whether harness agents (compaction, prompt suggestions, side questions, warm-ups) are rows of the tree. Hidden or
     * not, the chart counts them apart from the workers.
     */
    public BooleanProperty showHarnessProperty() {
        return showHarness;
    }

    private void filterHarness() {
        for (CorpusNode root : roots) {
            if (!showHarness.get()) {
                List<CorpusNode> harness = root.children().stream()
                        .filter(c -> c.path() != null && c.agentKindProperty().get() == AgentKind.HARNESS).toList();
                if (!harness.isEmpty()) {
                    hiddenHarness.computeIfAbsent(root, r -> new ArrayList<>()).addAll(harness);
                    root.children().removeAll(harness);
                }
            } else {
                List<CorpusNode> back = hiddenHarness.remove(root);
                if (back != null) {
                    List<CorpusNode> all = new ArrayList<>(root.children());
                    all.addAll(back);
                    // notes about inline sidechains first, then the sub-agents in file order, dangling links last
                    all.sort(Comparator.comparingInt(c -> c.kind() == CorpusNode.Kind.SIDECHAIN ? -1
                            : order.getOrDefault(c, Integer.MAX_VALUE)));
                    root.children().setAll(all);
                }
            }
        }
    }

    /** Sessions (and groups of sub-agents whose session was not opened), in the order of the files. */
    public ObservableList<CorpusNode> roots() {
        return rootsView;
    }

    public ReadOnlyObjectProperty<StateTally> tallyProperty() {
        return tally.getReadOnlyProperty();
    }

    /** Fraction of transcripts analysed in full. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** What the background pass is doing, for the status bar. */
    public ReadOnlyStringProperty activityProperty() {
        return activity.getReadOnlyProperty();
    }

    /** The transcript shown in the timeline. */
    public ReadOnlyObjectProperty<CorpusNode> currentProperty() {
        return current.getReadOnlyProperty();
    }

    /** Things skipped while opening (a symlink loop, a folder without transcripts). */
    public ObservableList<String> notes() {
        return notesView;
    }

    /** Opens files and folders, adding their transcripts to those already open. */
    public void open(List<Path> paths) {
        open(paths, () -> { });
    }

    /**
     * Opens files and folders; {@code then} runs on the FX thread once every row has its verdict read from the end.
     * The rows are shown as soon as the files are listed, each still being judged (docs/WORKBENCH.md,
     * "Never clean before it knows"), and take their verdicts as they are read, several files at a time.
     */
    public void open(List<Path> paths, Runnable then) {
        if (paths.size() == 1 && Files.isDirectory(paths.get(0))) {
            openRunsOr(paths.get(0), then);
            return;
        }
        openListed(paths, then);
    }

    /**
     * A fleet's runs table opens as a corpus of verdicts, read-only, in place of whatever was open (docs/FLEET.md,
     * "Opening the runs table"); any other folder as ever. Which it is, is read off the FX thread.
     */
    private void openRunsOr(Path folder, Runnable then) {
        int gen = ++generation;
        busy.set(true);
        progress.set(-1);
        activity.set("reading " + folder.getFileName() + "…");
        boolean harness = showHarness.get();
        tasks.run(() -> RunsOpened.of(folder, harness), o -> {
            if (gen != generation) {
                return;
            }
            if (o == null) {
                openListed(List.of(folder), then);
            } else {
                showRuns(o, then);
            }
        }, e -> fail(gen, "could not open: " + e.getMessage()));
    }

    /** A runs table read, its rows made (off the FX thread); or, for a Parquet one, why it is not opened. */
    private record RunsOpened(RunsCorpus corpus, Rows rows, String describe, String refusal) {
        /** Null when {@code folder} is no runs table. */
        static RunsOpened of(Path folder, boolean showHarness) throws java.io.IOException {
            FleetRuns.Kind kind = FleetRuns.kind(folder);
            if (kind == FleetRuns.Kind.NONE) {
                return null;
            }
            if (kind == FleetRuns.Kind.PARQUET) {
                return new RunsOpened(null, null, null, folder.getFileName() + " is a fleet's runs table in Parquet, "
                        + "which Coroner does not read: run the job with --format json to open it");
            }
            FleetRuns.Table table = FleetRuns.read(folder);
            RunsCorpus c = RunsCorpus.of(table);
            Rows rows = Rows.of(c.survey(), showHarness);
            c.rows().forEach((path, r) -> {
                CorpusNode n = rows.byPath().get(path);
                n.setCounts(r.warns(), -1, r.unmatchedBlocks(), r.records());
                n.setChanged(r.changed());
                if (r.problem() != null) {
                    n.setReachable(false);
                } else if (!r.reachable()) {
                    n.setReachable(false);
                    n.setNote("not on this machine: " + r.uri() + "; copy it here to open it (its row: " + r.place()
                            + "). " + r.verdict().reason());
                }
            });
            return new RunsOpened(c, rows, FleetRuns.describe(table), null);
        }
    }

    private void showRuns(RunsOpened o, Runnable then) {
        if (o.refusal() != null) {
            notes.setAll(List.of(o.refusal()));
            busy.set(false);
            progress.set(1);
            activity.set(o.refusal());
            return;
        }
        clear();
        verdictsOnly = true;
        runs = o.corpus();
        show(o.corpus().survey(), o.rows());
        filterHarness();
        busy.set(false);
        progress.set(1);
        activity.set(o.describe() + ", as the job judged them (read-only)");
        then.run();
    }

    /** Whether the corpus open is a fleet's runs table: its verdicts are the job's, never judged again here. */
    public boolean verdictsOnly() {
        return verdictsOnly;
    }

    /** The fleet's runs table open, by the path each row is shown by; null when none is. */
    RunsCorpus runs() {
        return runs;
    }

    /** Says why a row of a runs table does not open: its file is on another file system, or it is no row. */
    void unreachable(CorpusNode n) {
        activity.set(n.noteProperty().get());
    }

    private void openListed(List<Path> paths, Runnable then) {
        if (verdictsOnly) { // a runs table is not mixed with transcripts: they replace it
            clear();
        }
        int gen = ++generation;
        List<Path> already = survey == null ? List.of() : survey.transcripts();
        busy.set(true);
        progress.set(-1);
        activity.set("reading " + (paths.size() == 1 ? paths.get(0).getFileName() : paths.size() + " paths") + "…");
        boolean harness = showHarness.get(); // read here: the rows are made off the FX thread
        tasks.run(() -> {
            CorpusSurvey listed = CorpusSurvey.listed(already, paths);
            return new Opened(listed, paths.stream().filter(Files::isDirectory)
                    .map(p -> p.toAbsolutePath().normalize()).toList(), Rows.of(listed, harness));
        }, o -> {
            if (gen == generation) {
                show(o.survey(), o.rows());
                judgeEnds(gen, o, then);
            }
        }, e -> fail(gen, "could not open: " + e.getMessage()));
    }

    /** Each listed transcript's verdict read from its end, shown in batches as they come; then the full analysis. */
    private void judgeEnds(int gen, Opened opened, Runnable then) {
        CorpusSurvey listed = opened.survey();
        CancelToken token = replaceRunning();
        int threads = tasks.parallelism();
        Queue<Map.Entry<Path, TerminalVerdict>> read = new ConcurrentLinkedQueue<>();
        Runnable showRead = tasks.fx().coalescing(() -> {
            for (Map.Entry<Path, TerminalVerdict> e; (e = read.poll()) != null; ) {
                CorpusNode n = gen == generation ? byPath.get(e.getKey()) : null;
                if (n != null) {
                    n.setVerdict(e.getValue());
                }
            }
            tallyLater.run();
        });
        activity.set(String.format("reading how %,d transcripts ended…", listed.transcripts().size()));
        tasks.run(() -> listed.judged(threads, (path, verdict) -> {
            read.add(Map.entry(path, verdict));
            showRead.run();
            tasks.yieldToWindow();
        }, token), judged -> {
            if (gen == generation && !token.cancelled()) {
                survey = judged;
                judged.verdicts().forEach((path, verdict) -> byPath.get(path).setVerdict(verdict));
                filterHarness();
                updateTally();
                // followed from here on, once the survey holds every verdict (docs/ARCHITECTURE.md, "Following")
                opened.folders().stream().filter(f -> !folders.contains(f)).forEach(folders::add);
                then.run();
                analyse(gen);
            }
        }, e -> fail(gen, "could not open: " + e.getMessage()));
    }

    private record Opened(CorpusSurvey survey, List<Path> folders, Rows rows) {
    }

    /**
     * A survey's rows, made off the FX thread (made on it, 1,800 of them held the window still for a good part of a
     * second), then handed to it whole by {@link #show}.
     */
    private record Rows(List<CorpusNode> roots, Map<Path, CorpusNode> byPath, Map<String, CorpusNode> byAgentId,
                        Map<CorpusNode, Integer> order, Map<CorpusNode, List<CorpusNode>> hidden) {
        static Rows of(CorpusSurvey s, boolean showHarness) {
            Rows r = new Rows(new ArrayList<>(s.groups().size()), new HashMap<>(), new HashMap<>(), new HashMap<>(),
                    new HashMap<>());
            for (SessionGroup g : s.groups()) {
                CorpusNode root = g.session() != null ? r.add(s, g.session(), CorpusNode.Kind.SESSION) : missingSession(g);
                List<CorpusNode> children = new ArrayList<>(g.subagents().size());
                for (CorpusTranscript t : g.subagents()) {
                    CorpusNode child = r.add(s, t, CorpusNode.Kind.SUBAGENT);
                    r.byAgentId.putIfAbsent(t.agentId(), child);
                    r.order.put(child, r.order.size());
                    if (showHarness || child.agentKindProperty().get() != AgentKind.HARNESS) {
                        children.add(child);
                    } else {
                        r.hidden.computeIfAbsent(root, x -> new ArrayList<>()).add(child);
                    }
                }
                root.children().setAll(children);
                r.roots.add(root);
            }
            return r;
        }

        private CorpusNode add(CorpusSurvey s, CorpusTranscript t, CorpusNode.Kind kind) {
            CorpusNode n = node(s, t, kind);
            byPath.put(t.path(), n);
            return n;
        }
    }

    /** The folders opened, absolute, in the order opened (files opened alone are not here). */
    public ObservableList<Path> folders() {
        return foldersView;
    }

    /** What was opened, as first looked at (an immutable value: safe to hand to another thread); null when nothing is open. */
    public CorpusSurvey survey() {
        return survey;
    }

    /** Closes every transcript. */
    public void clear() {
        generation++;
        running.cancel();
        engine.clear();
        survey = null;
        verdictsOnly = false;
        runs = null;
        roots.clear();
        byPath.clear();
        byAgentId.clear();
        folders.clear();
        analyses.byPath().clear();
        notes.clear();
        current.set(null);
        busy.set(false);
        progress.set(1);
        activity.set("");
        tally.set(StateTally.NONE);
    }

    /** The call stream each analysed transcript kept, in tree order: for judging an edited grammar from memory. */
    public Map<Path, dev.coroner.core.precursor.CallStream> callStreams() {
        Map<Path, dev.coroner.core.precursor.CallStream> all = engine.callStreams();
        Map<Path, dev.coroner.core.precursor.CallStream> ordered = new java.util.LinkedHashMap<>();
        transcripts().forEach(p -> {
            if (all.containsKey(p)) {
                ordered.put(p, all.get(p));
            }
        });
        return ordered;
    }

    /** Every transcript open, in tree order. */
    public List<Path> transcripts() {
        return survey == null ? List.of() : survey.analysisOrder();
    }

    public CorpusNode node(Path path) {
        return byPath.get(path);
    }

    /**
     * Where an investigator starts: the first dead worker in tree order that has something to read, else the first dead
     * worker (an empty one still has its verdict card), else the first dead harness agent likewise. A file that holds
     * no run (0 bytes; metadata only) is never landed on: it is no death (docs/VERDICTS.md, "Files that hold no run").
     */
    public Optional<Path> firstDead() {
        Path best = null;
        int bestRank = Integer.MAX_VALUE;
        for (Path p : transcripts()) {
            CorpusNode n = byPath.get(p);
            if (!n.judged().died()) {
                continue;
            }
            int rank = (n.agentKindProperty().get().worker() ? 0 : 2) + (n.sizeProperty().get() > 0 ? 0 : 1)
                    + (n.reachable() ? 0 : 4); // a fleet's row on another file system opens nothing: last
            if (rank < bestRank) {
                best = p;
                bestRank = rank;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The first transcript in tree order that holds a run: where the window lands when nothing died. */
    public Optional<Path> firstRun() {
        return transcripts().stream().filter(p -> byPath.get(p).noRunProperty().get() == null).findFirst();
    }

    /** Marks {@code path} as the transcript shown (the tree follows). */
    public void reveal(Path path) {
        current.set(path == null ? null : byPath.get(path));
    }

    /**
     * Judges every transcript again under the current settings (the grammar changed): from what the one pass kept, no
     * file is read. Only the latest re-judgement is applied; one still running is cancelled.
     */
    public void rejudge() {
        if (verdictsOnly) {
            return; // the rows' verdicts are the job's: nothing here was read to judge again
        }
        if (survey == null || survey.verdicts().size() < survey.transcripts().size()) {
            return; // still reading how each ended: the analysis that follows takes the settings as they are then
        }
        if (busy.get() || !engine.holds(survey.analysisOrder())) {
            analyse(++generation); // not every transcript was read yet: read them (the settings apply as they are)
            return;
        }
        int gen = ++generation;
        CancelToken token = replaceRunning();
        var settings = analyses.settings();
        tasks.run(() -> engine.rejudge(settings, token), judged -> {
            if (gen == generation) {
                judged.forEach(this::showVerdicts);
                updateTally();
                activity.set(String.format("%,d transcripts judged again from memory", judged.size()));
            }
        }, e -> fail(gen, "judging stopped: " + e.getMessage()));
    }

    private CancelToken replaceRunning() {
        running.cancel();
        running = new CancelToken();
        return running;
    }

    private void show(CorpusSurvey s, Rows rows) {
        survey = s;
        notes.setAll(s.notes());
        byPath.clear();
        byPath.putAll(rows.byPath());
        byAgentId.clear();
        byAgentId.putAll(rows.byAgentId());
        order.clear();
        order.putAll(rows.order());
        hiddenHarness.clear();
        hiddenHarness.putAll(rows.hidden());
        roots.setAll(rows.roots()); // one change: the tree mirrors it once, not once per session
        updateTally();
    }

    /** The row of sub-agents whose session file was not opened. */
    private static CorpusNode missingSession(SessionGroup g) {
        CorpusNode root = new CorpusNode(CorpusNode.Kind.MISSING_SESSION, null, missingSessionName(g));
        root.setNote("the session file of these sub-agents was not opened: their parent link dangles");
        return root;
    }

    private static String missingSessionName(SessionGroup g) {
        return g.sessionId() == null ? "(no session id)" : "session " + g.sessionId();
    }

    private static CorpusNode node(CorpusSurvey s, CorpusTranscript t, CorpusNode.Kind kind) {
        CorpusNode n = new CorpusNode(kind, t.path(), t.name());
        n.setHarness(t.harness()); // the survey read it from the file's first record
        TerminalVerdict v = s.verdicts().get(t.path());
        if (v != null) { // null: still being judged
            n.setVerdict(v);
        }
        n.setSize(s.sizes().getOrDefault(t.path(), -1L));
        return n;
    }

    private void analyse(int gen) {
        CorpusSurvey s = survey;
        CancelToken token = replaceRunning();
        var settings = analyses.settings();
        analysed = 0;
        busy.set(true);
        progress.set(0);
        AtomicReference<String> indexing = new AtomicReference<>("");
        Runnable showIndexing = tasks.fx().coalescing(() -> {
            if (gen == generation) {
                activity.set(indexing.get());
            }
        });
        // results are taken in by the batch, ten times a second: one hand-over per file made the FX thread lay out and
        // draw the window once per file, and the readers wait for it (Tasks.yieldToWindow)
        Queue<Analysed> results = new ConcurrentLinkedQueue<>();
        Map<Path, Named> names = new java.util.concurrent.ConcurrentHashMap<>();
        Runnable takeIn = () -> {
            for (Analysed r; (r = results.poll()) != null; ) {
                if (gen == generation) {
                    accept(r.path(), r.analysis(), r.prompt());
                    name(r.path(), r.named());
                }
            }
        };
        Runnable takeInLater = tasks.fx().throttled(takeIn, RESULTS_EVERY_MS);
        tasks.run(() -> {
            engine.run(s, settings, new CorpusEngine.Listener() {
                @Override
                public void indexing(Path path, long done, long total) {
                    indexing.set("indexing " + path.getFileName() + (total > 0 ? " " + (100 * done / total) + "%" : ""));
                    showIndexing.run();
                    tasks.yieldToWindow(); // before each file and each read of one
                }

                @Override
                public void named(Path path, String title, Map<String, String> descriptions) {
                    names.put(path, new Named(title, descriptions));
                }

                @Override
                public void analysed(Path path, TranscriptAnalysis analysis, String prompt) {
                    results.add(new Analysed(path, analysis, prompt, names.remove(path)));
                    takeInLater.run();
                }
            }, token);
            return null;
        }, done -> {
            takeIn.run(); // what is still waiting, before the counts say they are final
            if (gen == generation) {
                busy.set(false);
                progress.set(1);
                activity.set(String.format("%,d transcripts analysed", analysed));
            }
        }, e -> {
            takeIn.run();
            fail(gen, "analysis stopped: " + e.getMessage());
        });
    }

    private record Analysed(Path path, TranscriptAnalysis analysis, String prompt, Named named) {
    }

    /** A transcript's title and, by sub-agent id, the descriptions of the calls that spawned its sub-agents. */
    private record Named(String title, Map<String, String> descriptions) {
    }

    /** The session's title on its row, and each sub-agent's description on the sub-agent's row. */
    private void name(Path path, Named named) {
        CorpusNode n = byPath.get(path);
        if (n == null || named == null) {
            return;
        }
        n.setTitle(named.title());
        named.descriptions().forEach((agentId, d) -> {
            CorpusNode agent = byAgentId.get(agentId);
            if (agent == null) { // not opened: its dangling link under the parent
                agent = n.children().stream().filter(c -> c.kind() == CorpusNode.Kind.MISSING_SUBAGENT
                        && c.name().equals("agent-" + agentId + ".jsonl")).findFirst().orElse(null);
            }
            if (agent != null) {
                agent.setDescription(d);
            }
        });
    }

    /** A followed transcript judged again as it grew (docs/ARCHITECTURE.md, "Following"): its row and the panels change. */
    public void followed(Path path, TranscriptAnalysis a) {
        CorpusNode n = showVerdicts(path, a);
        if (n != null) {
            linkSpawns(n, path, a);
            tallyLater.run();
        }
    }

    /**
     * Analyses a followed transcript's index as the corpus analysis does, its spawns linked to {@code agents}; kept for
     * a changed grammar's re-judgement (docs/ARCHITECTURE.md, "Following"). On any thread: reads no property.
     */
    public TranscriptAnalysis judgeFollowed(TranscriptIndex index, Map<String, SubagentLinks.Subagent> agents,
                                            AnalysisSettings settings) {
        return engine.followed(index, agents, settings);
    }

    /**
     * A transcript that appeared under a followed folder (docs/ARCHITECTURE.md, "Following"): a sub-agent goes under its
     * session (in the place of the dangling link to it, if the session named it already), a session at the end.
     */
    public void added(CorpusTranscript t, TranscriptAnalysis a) {
        if (survey == null || byPath.containsKey(t.path())) {
            followed(t.path(), a);
            return;
        }
        survey = survey.with(t, a.verdict(), a.summary().bytes());
        boolean session = t.role() == TranscriptRole.SESSION;
        CorpusNode n = node(survey, t, session ? CorpusNode.Kind.SESSION : CorpusNode.Kind.SUBAGENT);
        byPath.put(t.path(), n);
        if (session) {
            if (!adoptOrphans(n, t)) {
                roots.add(n);
            }
        } else {
            SessionGroup g = survey.groups().stream().filter(x -> x.subagents().contains(t)).findFirst().orElseThrow();
            CorpusNode parent = g.session() != null ? byPath.get(g.session().path()) : roots.stream()
                    .filter(r -> r.kind() == CorpusNode.Kind.MISSING_SESSION && r.name().equals(missingSessionName(g)))
                    .findFirst().orElse(null);
            if (parent == null) {
                parent = missingSession(g);
                roots.add(parent);
            }
            byAgentId.putIfAbsent(t.agentId(), n);
            order.put(n, order.size());
            parent.children().removeIf(c -> c.kind() == CorpusNode.Kind.MISSING_SUBAGENT && c.name().equals(t.name()));
            if (showHarness.get() || a.verdict().kind() != AgentKind.HARNESS) {
                List<CorpusNode> children = parent.children();
                int at = children.size();
                while (at > 0 && children.get(at - 1).kind() == CorpusNode.Kind.MISSING_SUBAGENT) {
                    at--; // dangling links stay last
                }
                children.add(at, n);
            } else {
                hiddenHarness.computeIfAbsent(parent, r -> new ArrayList<>()).add(n);
            }
        }
        followed(t.path(), a);
        updateTally();
    }

    /**
     * A session that appeared after its sub-agents: they leave their "session not opened" row for the session's, which
     * takes that row's place (their harness agents, hidden or shown, with them).
     *
     * @return whether the session's row was placed: false when no such row waited
     */
    private boolean adoptOrphans(CorpusNode sessionNode, CorpusTranscript session) {
        SessionGroup g = survey.groups().stream().filter(x -> session.equals(x.session())).findFirst().orElse(null);
        if (g == null) {
            return false;
        }
        CorpusNode orphans = roots.stream().filter(r -> r.kind() == CorpusNode.Kind.MISSING_SESSION
                && r.name().equals(missingSessionName(g))).findFirst().orElse(null);
        if (orphans == null) {
            return false;
        }
        List<CorpusNode> moved = new ArrayList<>(orphans.children());
        orphans.children().clear();
        sessionNode.children().addAll(moved);
        List<CorpusNode> hidden = hiddenHarness.remove(orphans);
        if (hidden != null) {
            hiddenHarness.computeIfAbsent(sessionNode, r -> new ArrayList<>()).addAll(hidden);
        }
        roots.set(roots.indexOf(orphans), sessionNode);
        return true;
    }

    /** A transcript's verdicts and counts on its node, and its analysis for the other panels. */
    private CorpusNode showVerdicts(Path path, TranscriptAnalysis a) {
        CorpusNode n = byPath.get(path);
        if (n == null) {
            return null;
        }
        n.setFoldsDead(a.count(MarkerKind.DEAD_SUBAGENT));
        n.setChanged(a.summary().changed());
        n.setVerdict(a.verdict());
        n.setCounts(count(a, MarkerKind.WARN), count(a, MarkerKind.BLOCK_MATCHED), count(a, MarkerKind.BLOCK_UNMATCHED),
                a.summary().records());
        if (a.summary().bytes() > 0) {
            n.setSize(a.summary().bytes());
        }
        analyses.byPath().put(path, a);
        return n;
    }

    private void accept(Path path, TranscriptAnalysis a, String prompt) {
        CorpusNode n = showVerdicts(path, a);
        if (n == null) {
            return;
        }
        n.setHeadline(prompt);
        if (n.kind() == CorpusNode.Kind.SESSION && a.summary().sidechainRecords() > 0 && n.children().stream().noneMatch(c -> c.kind() == CorpusNode.Kind.SIDECHAIN)) {
            CorpusNode side = new CorpusNode(CorpusNode.Kind.SIDECHAIN, null,
                    String.format("sidechain · %,d records inline", a.summary().sidechainRecords()));
            side.setNote("1.0.x sub-agent records (isSidechain: true) inside the session file; they are shown in its timeline");
            n.children().add(0, side);
        }
        linkSpawns(n, path, a);
        analysed++;
        progress.set(survey.transcripts().isEmpty() ? 1 : (double) analysed / survey.transcripts().size());
        tallyLater.run(); // counting every node per transcript analysed would be quadratic in the corpus
    }

    /** A count, or -1 when no source judges that kind (unknown is not zero). */
    private long count(TranscriptAnalysis a, MarkerKind kind) {
        return analyses.judges(kind) ? a.count(kind) : -1;
    }

    private void linkSpawns(CorpusNode parent, Path path, TranscriptAnalysis a) {
        List<CorpusNode> dangling = new ArrayList<>();
        for (Spawn s : a.spawns()) {
            CorpusNode agent = byAgentId.get(s.agentId());
            if (agent != null) {
                long line = s.callLine() > 0 ? s.callLine() : s.resultLine();
                agent.setSpawnedBy(new CorpusNode.Link(path, line,
                        "spawned at line " + line + " of " + path.getFileName()));
            } else if (parent.children().stream().noneMatch(c -> c.name().equals("agent-" + s.agentId() + ".jsonl"))) {
                CorpusNode missing = new CorpusNode(CorpusNode.Kind.MISSING_SUBAGENT, null, "agent-" + s.agentId() + ".jsonl");
                missing.setNote("spawned at line " + s.resultLine() + " of " + path.getFileName()
                        + ", but its transcript was not opened: the link dangles");
                missing.setSpawnedBy(new CorpusNode.Link(path, s.resultLine(), "result at line " + s.resultLine()));
                dangling.add(missing);
            }
        }
        parent.children().addAll(dangling);
    }

    private void updateTally() {
        tally.set(StateTally.of(byPath.values().stream().map(CorpusNode::judged).toList()));
    }

    private void fail(int gen, String message) {
        if (gen == generation) {
            busy.set(false);
            progress.set(1);
            activity.set(message);
        }
    }
}
