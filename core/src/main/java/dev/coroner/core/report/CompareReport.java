package dev.coroner.core.report;

import dev.coroner.core.compare.CompareRows;
import dev.coroner.core.compare.CorpusComparison;
import dev.coroner.core.compare.TranscriptComparison;
import dev.coroner.core.durable.AtomicWrite;
import dev.coroner.core.durable.DurableSchema;
import dev.coroner.core.durable.ReadabilityVerdict;
import dev.coroner.core.durable.SchemaTag;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.redact.Redaction;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.terminal.TerminalVerdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A comparison a reviewer can keep (docs/COMPARE.md, "Reports"): two transcripts' aligned calls and both verdicts, or
 * two folders' pairs and summary, as JSON or as one self-contained HTML page. The rows are those of
 * {@code coroner compare --json} ({@link CompareRows}); every string from a transcript (a call's key and tool, a
 * verdict's reason, error and trailing cause, a path) goes through the export's redaction; files are named relative
 * to the folder that holds both sides, as every report names them ({@link ReportPaths}). The same comparison gives the
 * same bytes on any machine. {@code coroner report --compare} and the window's Compare view both write it here.
 */
public final class CompareReport {
    /** The schema family a comparison report declares: not a {@link Report}, whose readers expect transcripts. */
    public static final String FAMILY = "coroner-comparison";
    /** The version written; readers know versions 1 to this one. */
    public static final int VERSION = 1;
    public static final SchemaTag SCHEMA = new SchemaTag(FAMILY, VERSION);

    /** Keys whose values are Coroner's own names (an op, a state, a class), never a transcript's text: not redacted. */
    private static final Set<String> OWN_NAMES = Set.of("op", "change", "state", "class", "kind", "harness");

    /**
     * What a comparison report is written with.
     *
     * @param redactor       the export's redaction ({@link Redactor#OFF}: none)
     * @param grammar        the grammar the sides' WARNs were judged with, named in the header ({@link ReportGrammar#NONE}:
     *                       none)
     * @param absolutePaths  name files by their absolute paths instead of relative to the folder holding both sides
     * @param coronerVersion written into the report
     */
    public record Options(Redactor redactor, ReportGrammar grammar, boolean absolutePaths, String coronerVersion) {
        public Options {
            Objects.requireNonNull(redactor);
            Objects.requireNonNull(grammar);
            Objects.requireNonNull(coronerVersion);
        }

        /** Redacted as {@code redactor} says, no grammar named, paths relative. */
        public static Options of(Redactor redactor, String coronerVersion) {
            return new Options(redactor, ReportGrammar.NONE, false, coronerVersion);
        }
    }

    /**
     * A comparison made into a report, redacted: write it in either format.
     *
     * @param tree      the JSON document, ordered: the one place its keys are fixed
     * @param redaction what was redacted, by kind
     * @param labels    for the page: each side's verdict in words (two transcripts: A's then B's; two folders: per pair,
     *                  A's then B's, "" for a missing side)
     * @param renamedB  for the page, two folders: per pair, B's path relative to its folder (redacted) when the pair
     *                  was paired by session (B's file has another name), else ""
     */
    public record Document(Map<String, Object> tree, Report.RedactionSummary redaction, List<String> labels,
                           List<String> renamedB) {
        public Document {
            tree = java.util.Collections.unmodifiableMap(tree); // its order kept
            labels = List.copyOf(labels);
            renamedB = List.copyOf(renamedB);
        }

        /** Whether this is the comparison of two folders (else of two transcripts). */
        public boolean folders() {
            return "folders".equals(tree.get("compare"));
        }

        public byte[] bytes(ReportFiles.Format format) {
            return format == ReportFiles.Format.JSON ? ReportJson.bytes(tree) : CompareReportHtml.bytes(this);
        }

        /** Writes it to {@code target} atomically. Check {@link CompareReport#refusalToReplace} first. */
        public void write(ReportFiles.Format format, Path target) throws IOException {
            AtomicWrite.replace(target, bytes(format));
        }
    }

    private CompareReport() {
    }

    /** Two transcripts compared, as a report. */
    public static Document of(TranscriptComparison c, Options o) {
        ReportPaths paths = paths(o, c.a().path(), c.b().path());
        Redaction r = o.redactor().start();
        List<Object> rows = new ArrayList<>(c.alignment().size());
        for (int i = 0; i < c.alignment().size(); i++) {
            rows.add(redacted(CompareRows.row(c, i), r));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> summary = (Map<String, Object>) redacted(CompareRows.summary(c, paths::name), r);
        Map<String, Object> m = head(o, paths, r);
        m.put("compare", "transcripts");
        m.put("new_death", c.newDeath());
        m.put("rows", rows);
        m.putAll(summary); // summary, first_divergence, a, b: the summary row of compare --json
        m.put("redaction", redaction(r, o.redactor()));
        return new Document(m, summary(r, o.redactor()),
                List.of(label(c.a().verdict()), label(c.b().verdict())), List.of());
    }

    /** Two folders compared, as a report. */
    public static Document of(CorpusComparison c, Options o) {
        ReportPaths paths = paths(o, c.a(), c.b());
        Redaction r = o.redactor().start();
        Map<String, Object> folders = new LinkedHashMap<>();
        folders.put("a", r.apply(paths.name(c.a())));
        folders.put("b", r.apply(paths.name(c.b())));
        List<Object> pairs = new ArrayList<>(c.pairs().size());
        List<String> labels = new ArrayList<>();
        List<String> renamedB = new ArrayList<>();
        for (CorpusComparison.Pair p : c.pairs()) {
            pairs.add(redacted(CompareRows.pair(p, paths::name), r));
            labels.add(p.va() == null ? "" : label(p.va()));
            labels.add(p.vb() == null ? "" : label(p.vb()));
            renamedB.add(p.pathB() != null && !p.pathB().equals(p.path()) ? r.apply(p.pathB()) : "");
        }
        Map<String, Object> m = head(o, paths, r);
        m.put("compare", "folders");
        m.put("new_death", c.newDeaths());
        m.put("folders", folders);
        m.put("pairs", pairs);
        m.putAll(CompareRows.summary(c)); // summary, new_deaths: the summary row of compare --json
        m.put("summary_line", c.summary());
        m.put("redaction", redaction(r, o.redactor()));
        return new Document(m, summary(r, o.redactor()), labels, renamedB);
    }

    /** Writes two transcripts' comparison to {@code target} atomically. */
    public static void write(TranscriptComparison c, ReportFiles.Format format, Path target, Options o)
            throws IOException {
        of(c, o).write(format, target);
    }

    /** Writes two folders' comparison to {@code target} atomically. */
    public static void write(CorpusComparison c, ReportFiles.Format format, Path target, Options o) throws IOException {
        of(c, o).write(format, target);
    }

    /**
     * Why {@code target} must not be replaced, or null when it may: nothing there, an empty file, or a report of
     * Coroner's this version reads (a comparison or a report). Anything else is kept.
     */
    public static ReadabilityVerdict refusalToReplace(Path target, ReportFiles.Format format) throws IOException {
        return ReportFiles.refusalToReplace(target, format, SCHEMA);
    }

    /**
     * The head of the document, the redaction's place kept: the schema tag, the version, the root, the grammar. The
     * redaction is filled last, when every string has been through it.
     */
    private static Map<String, Object> head(Options o, ReportPaths paths, Redaction r) {
        Map<String, Object> m = new LinkedHashMap<>(DurableSchema.tag(FAMILY, VERSION));
        m.put("coroner", Map.of("version", o.coronerVersion()));
        m.put("root", r.apply(paths.root())); // a path like any other: a secret in a folder name is redacted
        Report.GrammarRef g = o.grammar().ref(paths);
        if (g == null) {
            m.put("grammar", null);
        } else {
            Map<String, Object> gm = new LinkedHashMap<>();
            gm.put("origin", g.origin());
            gm.put("path", g.path());
            gm.put("sha256", g.sha256());
            m.put("grammar", gm);
        }
        m.put("redaction", null);
        return m;
    }

    private static ReportPaths paths(Options o, Path a, Path b) {
        return o.absolutePaths() ? ReportPaths.absolute() : ReportPaths.relative(List.of(a, b));
    }

    private static Map<String, Object> redaction(Redaction r, Redactor redactor) {
        Map<String, Object> red = new LinkedHashMap<>();
        red.put("on", r.on());
        red.put("user_patterns", redactor.userPatterns());
        red.put("total", r.total());
        red.put("by_kind", r.counts());
        return red;
    }

    private static Report.RedactionSummary summary(Redaction r, Redactor redactor) {
        return new Report.RedactionSummary(r.on(), redactor.userPatterns(), r.counts(), r.total());
    }

    /**
     * {@code v} with every string in it redacted, maps and lists walked in their order (so the counts are the same
     * every time), but for the values of {@link #OWN_NAMES}.
     */
    private static Object redacted(Object v, Redaction r) {
        if (v instanceof String s) {
            return r.apply(s);
        }
        if (v instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, x) -> out.put((String) k, OWN_NAMES.contains(k) && x instanceof String ? x : redacted(x, r)));
            return out;
        }
        if (v instanceof List<?> list) {
            return list.stream().map(x -> redacted(x, r)).toList();
        }
        return v;
    }

    /** "HEALTHY", "SYNTHETIC · RATE_LIMIT", "HEALTHY · died after its last answer (CUT_OFF)": Coroner's words only. */
    private static String label(TerminalVerdict v) {
        return TranscriptAnalyser.stateLabel(v);
    }
}
