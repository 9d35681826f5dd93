package dev.coroner.core.report;

import dev.coroner.core.corpus.CancelToken;
import dev.coroner.core.corpus.CorpusSurvey;
import dev.coroner.core.corpus.CorpusTranscript;
import dev.coroner.core.corpus.InOrder;
import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.corpus.SubagentLinks;
import dev.coroner.core.corpus.TranscriptRole;
import dev.coroner.core.cost.CostRow;
import dev.coroner.core.durable.Sha256;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.precursor.PrecursorGate;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.core.precursor.PrecursorVerdict;
import dev.coroner.core.read.Harness;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.redact.Redaction;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.report.Report.BlockLink;
import dev.coroner.core.report.Report.Blocks;
import dev.coroner.core.report.Report.CorpusSummary;
import dev.coroner.core.report.Report.GrammarRef;
import dev.coroner.core.report.Report.RedactionSummary;
import dev.coroner.core.report.Report.TranscriptEntry;
import dev.coroner.core.report.Report.Verdict;
import dev.coroner.core.report.Report.Warn;
import dev.coroner.core.scripts.BlockVerdict;
import dev.coroner.core.scripts.UnmatchedReason;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.terminal.TrailingFailure;
import dev.coroner.core.text.PathText;
import dev.coroner.core.usage.TranscriptUsage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Judges transcripts for a report with the engine every frontend uses (docs/ARCHITECTURE.md, "Reports"): each file read
 * once by the one pass, analysed by the standard finding sources, its spawns linked to its sub-agents' verdicts, on the
 * engine's bounded pool; then every transcript string redacted, in the report's order, so the counts are the same
 * whatever the pool did. Each file is also hashed (a second, plain read): the report names it by its SHA-256.
 */
public final class ReportBuilder {
    /** Byte-wise UTF-8 order of the names a report gives paths, as the command line orders them: never a locale. */
    private static final Comparator<String> BYTEWISE = (a, b) -> Arrays.compareUnsigned(
            a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));

    private ReportBuilder() {
    }

    /**
     * The report on {@code transcripts} (files, not folders; duplicates count once), in byte-wise order of their paths.
     *
     * @param settings the grammar WARNs are judged with ({@link AnalysisSettings#NONE}: none, no WARN judged)
     * @param grammar  how the report names that grammar, or null when none
     * @param version  the Coroner version written into the report
     * @param threads  how many files are judged at once
     */
    public static Report build(List<Path> transcripts, AnalysisSettings settings, GrammarRef grammar, String version,
                               Redactor redactor, int threads) {
        return build(transcripts, settings, grammar, version, redactor, threads, List.of());
    }

    /**
     * As {@link #build(List, AnalysisSettings, GrammarRef, String, Redactor, int)}, with a workspace's annotations and
     * overrides beside the verdicts of the transcripts they are on (matched by path, else by SHA-256), redacted too.
     */
    public static Report build(List<Path> transcripts, AnalysisSettings settings, GrammarRef grammar, String version,
                               Redactor redactor, int threads, List<dev.coroner.core.workspace.Annotation> annotations) {
        return build(transcripts, settings, grammar, version, redactor, threads, annotations, null, null);
    }

    /**
     * @param paths  how the report names the transcripts; null: as given
     * @param prices what each transcript's and the corpus's cost is worked out with; null: no cost in the report
     */
    private static Report build(List<Path> transcripts, AnalysisSettings settings, GrammarRef grammar, String version,
                                Redactor redactor, int threads, List<dev.coroner.core.workspace.Annotation> annotations,
                                ReportPaths paths, ReportPrices prices) {
        List<Path> ordered = order(transcripts);
        // who spawned whom, and each file's harness: each file's head and end, cheap; the sub-agents' verdicts turn
        // their results into findings
        CorpusSurvey survey = CorpusSurvey.of(List.of(), ordered);
        Map<String, SubagentLinks.Subagent> agents = survey.subagentsById();
        Map<Path, CorpusTranscript> classified = survey.classified();
        TranscriptAnalyser analyser = new TranscriptAnalyser(FindingSources.standard());
        List<TranscriptEntry> judged = new ArrayList<>();
        List<CostRow> costs = new ArrayList<>(); // with prices: each transcript's, in report order
        InOrder.map(ordered, threads, InOrder::sizeOf,
                p -> judge(p, classified.get(p.toAbsolutePath().normalize()), analyser, agents, settings, prices),
                (p, j) -> {
                    judged.add(j.entry());
                    if (j.cost() != null) {
                        costs.add(j.cost());
                    }
                }, CancelToken.NEVER);
        Redaction redaction = redactor.start();
        List<TranscriptEntry> entries = new ArrayList<>();
        for (int i = 0; i < judged.size(); i++) {
            TranscriptEntry e = judged.get(i);
            if (paths != null) {
                e = named(e, paths.name(ordered.get(i)));
            }
            entries.add(redact(e.annotations().isEmpty() && !annotations.isEmpty()
                    ? withAnnotations(e, ordered.get(i), annotations) : e, redaction));
        }
        // the root is a path like any other: a secret in a folder name is redacted there too, and counted
        String root = paths == null || paths.root() == null ? null : redaction.apply(paths.root());
        Report.CorpusCost cost = prices == null ? null
                : ReportCosts.corpus(costs, prices.ref(paths == null ? ReportPaths.absolute() : paths), redaction);
        return new Report(version, grammar,
                new RedactionSummary(redaction.on(), redactor.userPatterns(), redaction.counts(), redaction.total()),
                summary(entries), entries, root, cost);
    }

    /**
     * The report a request asks for, as {@code coroner report} and File ▸ Export both build it: the transcripts named
     * relative to their common root (or absolute), the grammar named by where it came from.
     */
    public static Report build(ReportRequest request, String version, int threads) {
        List<Path> ordered = order(request.transcripts());
        ReportPaths paths = request.absolutePaths() ? ReportPaths.absolute() : ReportPaths.relative(ordered);
        return build(ordered, request.grammar().settings(), request.grammar().ref(paths), version, request.redactor(),
                threads, request.annotations(), paths, request.prices());
    }

    /**
     * {@code transcripts} in the order a report lists them: byte-wise by {@link #name}, each name once. The report's
     * {@code transcripts().get(i)} is {@code order(transcripts).get(i)}, whatever redaction later did to its path.
     */
    public static List<Path> order(List<Path> transcripts) {
        Map<String, Path> byName = new TreeMap<>(BYTEWISE);
        for (Path p : transcripts) {
            byName.putIfAbsent(name(p), p);
        }
        return List.copyOf(byName.values());
    }

    /** The path as a report names it: as given, normalised, with {@code /} between folders on every system, its bytes named ({@link PathText}). */
    public static String name(Path p) {
        String s = PathText.of(p.normalize());
        return File.separatorChar == '/' ? s : s.replace(File.separatorChar, '/');
    }

    /** A transcript judged, and with prices its cost row (docs/COST.md, "Reports"), else null. */
    record Judged(TranscriptEntry entry, CostRow cost) {
    }

    /**
     * @param place  what the survey read from the file's head; null when it has no row (cannot happen: all were listed)
     * @param prices null: no cost
     */
    private static Judged judge(Path path, CorpusTranscript place, TranscriptAnalyser analyser,
                                Map<String, SubagentLinks.Subagent> agents, AnalysisSettings settings,
                                ReportPrices prices) {
        Harness harness = place == null ? Harness.CLAUDE_CODE : place.harness();
        String parent = place != null && place.role() == TranscriptRole.SUBAGENT_THREAD ? place.sessionId() : null;
        TranscriptIndex index;
        try {
            index = TranscriptPass.run(path);
        } catch (UnreadableTranscriptException e) {
            TranscriptAnalysis unreadable = TranscriptAnalyser.unreadable(path, e.reason());
            return ReportCosts.priced(entry(path, null, unreadable, List.of(), null, null, harness, parent), path,
                    unreadable.verdict(), null, TranscriptUsage.EMPTY, prices);
        }
        Sha256.Digest digest;
        try {
            digest = Sha256.of(path);
        } catch (IOException e) {
            digest = null; // read a moment ago; gone or locked now: the report says it has no hash
        }
        TranscriptJudgement judgement = index.judgement();
        TranscriptAnalysis base = analyser.base(index);
        if (!base.spawns().isEmpty()) {
            base = base.with(SubagentLinks.of(base, agents, harness));
        }
        TranscriptAnalysis analysis = analyser.judge(base, judgement, settings);
        List<Warn> warns = new ArrayList<>();
        if (settings.grammar() != null && settings.loaded().ok()) {
            PrecursorGrammar grammar = settings.loaded().grammar();
            for (PrecursorVerdict v : PrecursorGate.evaluate(grammar, judgement.calls())) {
                if (v.warns()) {
                    warns.add(new Warn(v.call().line(), v.call().id(), v.call().tool(),
                            grammar.rule(v.call().tool()).spelled(), v.reason()));
                }
            }
        }
        // the usage the one pass counted: no file read for it (docs/COST.md, "Reports")
        return ReportCosts.priced(entry(path, digest, analysis, warns, judgement,
                readNote(index.changed(), index.bytesIndexed(), digest), harness, parent), path, analysis.verdict(),
                index.sessionId(), index.usage(), prices);
    }

    /**
     * What the report says when the bytes judged may not be the bytes hashed: the pass's own note when the file changed
     * while it was read, else a note when the hash read another length than the pass did (the file changed between the
     * two reads); null when neither. A change of the same length after the pass is not seen: the hash is then of
     * bytes the verdict was not made from, and only a second hash would tell.
     */
    static String readNote(String changedWhileRead, long bytesJudged, Sha256.Digest digest) {
        if (changedWhileRead != null) {
            return changedWhileRead;
        }
        if (digest != null && digest.size() != bytesJudged) {
            return String.format(Locale.ROOT, "the file changed after it was read: %,d bytes were judged, %,d were hashed;"
                    + " the hash is not of the bytes the verdict was made from", bytesJudged, digest.size());
        }
        return null;
    }

    private static TranscriptEntry entry(Path path, Sha256.Digest digest, TranscriptAnalysis analysis, List<Warn> warns,
                                         TranscriptJudgement judgement, String readNote, Harness harness, String parent) {
        TerminalVerdict v = analysis.verdict();
        long line = analysis.summary().terminalLine();
        Verdict verdict = new Verdict(v.state(), v.dead(), v.died(), v.terminalClass(), v.apiStatus(), v.error(), v.reason(),
                v.kind(), v.trailing(), line == 0 ? null : line, v.evidence().text(), v.noRun(),
                analysis.count(MarkerKind.DEAD_SUBAGENT));
        List<BlockLink> matched = new ArrayList<>();
        Map<String, Long> unmatched = new LinkedHashMap<>();
        long unmatchedCount = 0;
        if (judgement != null) {
            for (BlockVerdict b : judgement.scripts().blocks()) {
                if (b.matched()) {
                    matched.add(new BlockLink(b.line(), b.block().number(), b.label(), b.call().line(), b.call().tool(),
                            b.call().toolUseId(), b.exitCode()));
                } else {
                    unmatchedCount++;
                    unmatched.merge(b.reason().label(), 1L, Long::sum);
                }
            }
        }
        Map<String, Long> reasons = new LinkedHashMap<>();
        for (UnmatchedReason reason : UnmatchedReason.values()) { // the enum's order, not the file's
            if (unmatched.containsKey(reason.label())) {
                reasons.put(reason.label(), unmatched.get(reason.label()));
            }
        }
        Map<String, Long> findings = new LinkedHashMap<>();
        for (FindingKind k : FindingKind.values()) {
            long n = analysis.count(k);
            if (n > 0) {
                findings.put(k.name(), n);
            }
        }
        return new TranscriptEntry(name(path), digest == null ? null : digest.hex(), digest == null ? null : digest.size(),
                verdict, warns, new Blocks(matched, unmatchedCount, reasons), analysis.summary().records(),
                analysis.summary().problems(), findings, List.of(), readNote, harness, parent);
    }

    /** {@code e} named {@code path}. */
    private static TranscriptEntry named(TranscriptEntry e, String path) {
        return new TranscriptEntry(path, e.sha256(), e.size(), e.verdict(), e.warns(), e.blocks(), e.records(),
                e.problemLines(), e.findings(), e.annotations(), e.readNote(), e.harness(), e.parent(), e.usage());
    }

    /** {@code e} with the annotations made on its transcript (same path, or same bytes), by line. */
    private static TranscriptEntry withAnnotations(TranscriptEntry e, Path path,
                                                   List<dev.coroner.core.workspace.Annotation> all) {
        String absolute = path.toAbsolutePath().normalize().toString();
        List<Report.Annotation> mine = new ArrayList<>();
        for (dev.coroner.core.workspace.Annotation a : all) {
            boolean samePath = a.transcript().equals(absolute);
            boolean sameBytes = a.sha256() != null && a.sha256().equals(e.sha256());
            if (samePath || sameBytes) {
                var o = a.override();
                mine.add(new Report.Annotation(a.line(), a.note(), a.sha256() != null && !a.sha256().equals(e.sha256()),
                        o == null ? null : new Report.HumanVerdict(o.subject(), o.machine(), o.human(), o.reason())));
            }
        }
        mine.sort(Comparator.comparingLong(Report.Annotation::line)
                .thenComparing(Report.Annotation::note, BYTEWISE)
                .thenComparing(a -> a.override() == null ? "" : a.override().human() + "\n" + a.override().reason(),
                        BYTEWISE));
        return new TranscriptEntry(e.path(), e.sha256(), e.size(), e.verdict(), e.warns(), e.blocks(), e.records(),
                e.problemLines(), e.findings(), mine, e.readNote(), e.harness(), e.parent(), e.usage());
    }

    /** {@code e} with every string that came from the transcript, or names it, passed through the redaction. */
    static TranscriptEntry redact(TranscriptEntry e, Redaction r) {
        Verdict v = e.verdict();
        TrailingFailure t = v.trailing();
        if (t != null) {
            t = new TrailingFailure(t.line(), t.attempt(), t.max(), t.status(), r.apply(t.cause()), t.cls());
        }
        Verdict verdict = new Verdict(v.state(), v.dead(), v.died(), v.terminalClass(), v.apiStatus(), r.apply(v.error()),
                r.apply(v.reason()), v.kind(), t, v.evidenceLine(), r.apply(v.evidenceText()), v.noRun(), v.foldsDead());
        List<Warn> warns = e.warns().stream().map(w -> new Warn(w.line(), r.apply(w.toolUseId()), r.apply(w.tool()),
                w.required().stream().map(r::apply).toList(), r.apply(w.reason()))).toList();
        List<BlockLink> links = e.blocks().matched().stream().map(b -> new BlockLink(b.line(), b.block(), b.label(),
                b.callLine(), r.apply(b.tool()), r.apply(b.toolUseId()), b.exitCode())).toList();
        // a note may quote the transcript: it is redacted like the transcript's own text
        List<Report.Annotation> notes = e.annotations().stream().map(a -> new Report.Annotation(a.line(),
                r.apply(a.note()), a.stale(), a.override() == null ? null : new Report.HumanVerdict(a.override().subject(),
                r.apply(a.override().machine()), r.apply(a.override().human()), r.apply(a.override().reason()))))
                .toList();
        return new TranscriptEntry(r.apply(e.path()), e.sha256(), e.size(), verdict, warns,
                new Blocks(links, e.blocks().unmatched(), e.blocks().unmatchedReasons()), e.records(), e.problemLines(),
                e.findings(), notes, e.readNote(), // the note is Coroner's words and numbers, never the transcript's
                e.harness(), r.apply(e.parent()), // the parent's id is the transcript's, like any string in it
                ReportCosts.redact(e.usage(), r)); // model names too
    }

    private static CorpusSummary summary(List<TranscriptEntry> entries) {
        return summary(entries, e -> e.warns().size());
    }

    /** @param warns how many WARNs an entry counts (a fleet's row counts them without listing them) */
    static CorpusSummary summary(List<TranscriptEntry> entries, java.util.function.ToLongFunction<TranscriptEntry> warns) {
        List<StateTally.Judged> judged = new ArrayList<>();
        Map<TerminalState, Integer> states = new LinkedHashMap<>();
        for (TerminalState s : TerminalState.values()) {
            states.put(s, 0);
        }
        StateTally.DeathTally deaths = new StateTally.DeathTally();
        long warnCount = 0;
        long unmatched = 0;
        long problems = 0;
        for (TranscriptEntry e : entries) {
            Verdict v = e.verdict();
            boolean diedAfterAnswer = v.state() == TerminalState.HEALTHY && v.trailing() != null;
            judged.add(new StateTally.Judged(v.state(), diedAfterAnswer, v.kind(), v.noRun()));
            states.merge(v.state(), 1, Integer::sum);
            if (v.died() && v.noRun() == null) { // a file with no run is counted apart, never a death
                deaths.died(v.state(), v.terminalClass(), v.trailing(), v.kind().worker());
            }
            warnCount += warns.applyAsLong(e);
            unmatched += e.blocks().unmatched();
            problems += e.problemLines();
        }
        StateTally tally = StateTally.of(judged);
        return new CorpusSummary(tally, tally.headline(Locale.ROOT), states, deaths.byClass(), warnCount, unmatched,
                problems);
    }
}
