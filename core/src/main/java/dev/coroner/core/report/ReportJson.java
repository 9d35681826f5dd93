package dev.coroner.core.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.coroner.core.cost.CostLedger;
import dev.coroner.core.cost.CostRow;
import dev.coroner.core.durable.DurableSchema;
import dev.coroner.core.report.Report.BlockLink;
import dev.coroner.core.report.Report.TranscriptEntry;
import dev.coroner.core.report.Report.Verdict;
import dev.coroner.core.report.Report.Warn;
import dev.coroner.core.text.SafeJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A report as JSON (docs/ARCHITECTURE.md, "Reports"): the schema tag first, keys in the fixed order written here, two
 * spaces of indent, {@code \n} line ends and a final one, UTF-8; money as exact decimals ({@code 1.234567}), never a
 * floating-point number. Characters unsafe on a terminal (controls, bidi overrides) are written as {@code \}{@code
 * uXXXX}, so the file is inert when a reviewer prints it with {@code cat}.
 */
public final class ReportJson {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private ReportJson() {
    }

    public static byte[] bytes(Report report) {
        return bytes(tree(report));
    }

    /** Any report tree (ordered maps, lists, strings, whole numbers, booleans, null) in the report's JSON form. */
    static byte[] bytes(Map<String, Object> tree) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DefaultIndenter indent = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter pretty = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                        .withObjectEmptySeparator("")
                        .withArrayEmptySeparator(""));
        pretty.indentObjectsWith(indent);
        pretty.indentArraysWith(indent);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.setPrettyPrinter(pretty);
            g.setCharacterEscapes(SafeJson.ESCAPES);
            write(g, tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // to memory: does not fail
        }
        out.write('\n');
        return out.toByteArray();
    }

    /** The report as ordered maps and lists: the one place its key order is fixed. */
    static Map<String, Object> tree(Report r) {
        Map<String, Object> m = new LinkedHashMap<>(DurableSchema.tag(Report.FAMILY, Report.VERSION));
        m.put("coroner", Map.of("version", r.coronerVersion()));
        m.put("root", r.root()); // transcripts' paths are relative to it; null: as given or absolute
        if (r.grammar() == null) {
            m.put("grammar", null);
        } else {
            Map<String, Object> g = new LinkedHashMap<>();
            g.put("origin", r.grammar().origin());
            g.put("path", r.grammar().path());
            g.put("sha256", r.grammar().sha256());
            m.put("grammar", g);
        }
        Map<String, Object> red = new LinkedHashMap<>();
        red.put("on", r.redaction().on());
        red.put("user_patterns", r.redaction().userPatterns());
        red.put("total", r.redaction().total());
        red.put("by_kind", r.redaction().byKind());
        m.put("redaction", red);
        Map<String, Object> summary = summary(r.summary());
        if (r.cost() != null) { // only when asked (--usage): a report without cost is as it was
            summary.put("cost", cost(r.cost()));
        }
        m.put("summary", summary);
        m.put("transcripts", r.transcripts().stream().map(ReportJson::transcript).toList());
        return m;
    }

    private static Map<String, Object> summary(Report.CorpusSummary s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("headline", s.headline());
        m.put("transcripts", s.tally().transcripts());
        m.put("workers", s.tally().total());
        m.put("workers_dead", s.tally().dead());
        m.put("harness", s.tally().harness());
        m.put("harness_dead", s.tally().harnessDead());
        Map<String, Object> noRun = new LinkedHashMap<>();
        noRun.put("files", s.tally().noRun());
        noRun.put("zero_bytes", s.tally().noRunZeroBytes());
        noRun.put("metadata_only", s.tally().noRunMetadata());
        m.put("no_run", noRun);
        Map<String, Object> states = new LinkedHashMap<>();
        s.states().forEach((state, n) -> states.put(state.name(), n));
        m.put("states", states);
        Map<String, Object> deaths = new LinkedHashMap<>();
        s.deathsByClass().forEach((cls, d) -> {
            Map<String, Object> split = new LinkedHashMap<>();
            split.put("workers", d.workers());
            split.put("harness", d.harness());
            deaths.put(cls, split);
        });
        m.put("deaths_by_class", deaths);
        m.put("warns", s.warns());
        m.put("unmatched_blocks", s.unmatchedBlocks());
        m.put("problem_lines", s.problemLines());
        return m;
    }

    private static Map<String, Object> transcript(TranscriptEntry e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", e.path());
        m.put("harness", e.harness().name());
        if (e.parent() != null) { // a Codex sub-agent's parent thread: Claude Code's rows are as they were
            m.put("parent", e.parent());
        }
        m.put("sha256", e.sha256());
        m.put("size", e.size());
        m.put("verdict", verdict(e.verdict()));
        m.put("warns", e.warns().stream().map(ReportJson::warn).toList());
        Map<String, Object> blocks = new LinkedHashMap<>();
        blocks.put("matched", e.blocks().matched().stream().map(ReportJson::block).toList());
        blocks.put("unmatched", e.blocks().unmatched());
        blocks.put("unmatched_reasons", e.blocks().unmatchedReasons());
        m.put("blocks", blocks);
        m.put("records", e.records());
        m.put("problem_lines", e.problemLines());
        m.put("findings", e.findings());
        m.put("annotations", e.annotations().stream().map(ReportJson::annotation).toList());
        if (e.readNote() != null) { // only when there is one: the report of a file left alone is as it was
            m.put("read_note", e.readNote());
        }
        if (e.usage() != null) { // only when asked (--usage): coroner cost's fields of the row, its keys and order
            m.put("usage", CostRow.usageFields(e.usage().usage(), e.usage().cost()));
        }
        return m;
    }

    /**
     * The corpus's cost (docs/COST.md, "Reports"): {@code coroner cost}'s total row's fields, its {@code --by class}
     * rows, and the prices they were worked out with.
     */
    private static Map<String, Object> cost(Report.CorpusCost c) {
        @SuppressWarnings("unchecked") // Total.toMap(): {"total": {…}}
        Map<String, Object> total = (Map<String, Object>) c.total().toMap().get("total");
        Map<String, Object> m = new LinkedHashMap<>(total);
        m.put("by_class", c.byClass().stream().map(CostLedger.Group::toMap).toList());
        Map<String, Object> prices = new LinkedHashMap<>();
        prices.put("source", c.prices().source());
        prices.put("file", c.prices().file());
        prices.put("sha256", c.prices().sha256());
        m.put("prices", prices);
        return m;
    }

    /** A person's note and override: {@code "by": "human"} on both, so no reader takes them for the machine's. */
    private static Map<String, Object> annotation(Report.Annotation a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("by", "human");
        m.put("line", a.line());
        m.put("note", a.note());
        m.put("transcript_changed_since", a.stale());
        if (a.override() == null) {
            m.put("override", null);
        } else {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("by", "human");
            o.put("subject", a.override().subject());
            o.put("machine_verdict", a.override().machine());
            o.put("human_verdict", a.override().human());
            o.put("reason", a.override().reason());
            m.put("override", o);
        }
        return m;
    }

    private static Map<String, Object> verdict(Verdict v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("state", v.state().name());
        m.put("dead", v.dead());
        m.put("died", v.died());
        m.put("class", v.terminalClass().name());
        m.put("api_status", v.apiStatus());
        m.put("error", v.error());
        m.put("reason", v.reason());
        m.put("kind", v.kind().name());
        m.put("trailing", v.trailing() == null ? null : v.trailing().toMap());
        m.put("no_run", v.noRun() == null ? null : v.noRun().name());
        m.put("folds_dead", v.foldsDead());
        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("line", v.evidenceLine());
        evidence.put("text", v.evidenceText());
        m.put("evidence", evidence);
        return m;
    }

    private static Map<String, Object> warn(Warn w) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("line", w.line());
        m.put("tool_use_id", w.toolUseId());
        m.put("tool", w.tool());
        m.put("required", w.required());
        m.put("reason", w.reason());
        return m;
    }

    private static Map<String, Object> block(BlockLink b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("line", b.line());
        m.put("block", b.block());
        m.put("label", b.label());
        m.put("call_line", b.callLine());
        m.put("tool", b.tool());
        m.put("tool_use_id", b.toolUseId());
        m.put("exit_code", b.exitCode());
        return m;
    }

    private static void write(JsonGenerator g, Object v) throws IOException {
        SafeJson.write(g, v, (gen, other) -> {
            if (other instanceof java.math.BigDecimal d) { // money: exact, as coroner cost writes it
                gen.writeNumber(d.toPlainString());
                return;
            }
            // never a double: no locale, no rounding
            throw new IllegalArgumentException("not a report value: " + other.getClass());
        });
    }
}
