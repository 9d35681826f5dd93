package dev.coroner.core.report;

import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.cost.CostLedger;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.read.Harness;
import dev.coroner.core.report.Report.BlockLink;
import dev.coroner.core.report.Report.TranscriptEntry;
import dev.coroner.core.report.Report.Verdict;
import dev.coroner.core.report.Report.Warn;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.text.ControlChars;
import dev.coroner.core.usage.Cost;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * A report as one self-contained HTML page (docs/ARCHITECTURE.md, "Reports"): no script, nothing fetched (no link,
 * image or font; a content security policy forbids them too), the style inline, the chart inline SVG, every string
 * from a transcript escaped, and laid out to print. Numbers are written the same in every locale; lines end in
 * {@code \n}. The schema tag is in a {@code meta} element, so a reader can tell a report of ours from any other page.
 */
public final class ReportHtml {
    /** The {@code meta} name that carries the schema tag. */
    public static final String SCHEMA_META = "coroner-schema";

    private static final String STYLE = """
            :root { --healthy: #2e7d32; --after: #ef6c00; --synthetic: #c62828; --empty: #6a1b9a;
              --unreadable: #616161; --harness: #90a4ae; --norun: #9e9e9e; }
            body { font: 14px/1.45 system-ui, sans-serif; color: #1b1b1b; margin: 2rem auto; max-width: 72rem;
              padding: 0 1rem; }
            h1 { font-size: 1.6rem; margin-bottom: .2rem; }
            h2 { font-size: 1.25rem; border-bottom: 1px solid #ccc; margin-top: 2rem; }
            h3 { font-size: 1.05rem; margin: 0 0 .4rem; word-break: break-all; }
            h4 { font-size: .95rem; margin: .8rem 0 .3rem; }
            .headline { font-size: 1.15rem; font-weight: 600; }
            .meta, .note { color: #555; }
            table { border-collapse: collapse; margin: .3rem 0; }
            th, td { text-align: left; vertical-align: top; padding: .15rem .6rem .15rem 0; }
            table.rows th, table.rows td { border-bottom: 1px solid #e3e3e3; padding-right: 1rem; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            code, pre { font: 12px/1.4 ui-monospace, monospace; }
            pre { background: #f6f6f6; border: 1px solid #ddd; padding: .5rem; white-space: pre-wrap;
              word-break: break-word; margin: .2rem 0; }
            article { border: 1px solid #ccc; border-left: 6px solid var(--healthy); padding: .8rem 1rem;
              margin: 1rem 0; break-inside: avoid-page; }
            article.died { border-left-color: var(--synthetic); }
            article.unreadable { border-left-color: var(--unreadable); }
            article.norun { border-left-color: var(--norun); color: #444; }
            article.folds { border-left-color: var(--after); }
            .folds .state-note { color: var(--after); font-weight: 700; }
            .state { font-weight: 700; }
            .harness { font-size: .8rem; font-weight: 600; border: 1px solid #999; border-radius: 3px;
              padding: 0 .3rem; margin-right: .5rem; white-space: nowrap; color: #333; }
            .died .state { color: var(--synthetic); }
            .redacted { color: #555; font-style: italic; }
            .human-mark { background: #fff3c4; border: 1px solid #e0c060; padding: 0 .25rem; font-weight: 600; }
            svg text { font: 12px system-ui, sans-serif; }
            @media print { body { margin: 0; max-width: none; font-size: 11px; }
              * { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
            """;

    /** The chart's bars: a label, a colour (the same as the style's variables) and the count. */
    private record Bar(String label, String colour, int count) {
    }

    private final StringBuilder h = new StringBuilder(64 * 1024);

    private ReportHtml() {
    }

    public static byte[] bytes(Report report) {
        ReportHtml w = new ReportHtml();
        w.page(report);
        return w.h.toString().getBytes(StandardCharsets.UTF_8);
    }

    private void page(Report r) {
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        // defence in depth: even a string that escaped escaping could not run or fetch anything
        h.append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n");
        h.append("<meta name=\"").append(SCHEMA_META).append("\" content=\"")
                .append(esc("{\"family\":\"" + Report.FAMILY + "\",\"version\":" + Report.VERSION + "}")).append("\">\n");
        h.append("<meta name=\"generator\" content=\"Coroner ").append(esc(r.coronerVersion())).append("\">\n");
        h.append("<title>Coroner report: ").append(esc(r.summary().headline())).append("</title>\n");
        h.append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
        h.append("<h1>Coroner report</h1>\n");
        h.append("<p class=\"headline\">").append(esc(r.summary().headline())).append("</p>\n");
        about(r);
        summary(r.summary());
        if (r.cost() != null) { // only when asked (--usage): a report without cost is as it was
            cost(r.cost());
        }
        h.append("<h2>Transcripts</h2>\n");
        if (r.transcripts().isEmpty()) {
            h.append("<p class=\"note\">No transcripts.</p>\n");
        }
        for (TranscriptEntry e : r.transcripts()) {
            transcript(e);
        }
        h.append("</body>\n</html>\n");
    }

    private void about(Report r) {
        h.append("<table class=\"meta\">\n");
        row("Judged by", "Coroner " + r.coronerVersion());
        if (r.root() != null) {
            row("Transcripts under", r.root() + "/ (each transcript's path below is relative to this folder)");
        }
        if (r.grammar() == null) {
            row("Precursor grammar", "none: WARNs were not judged");
        } else {
            String name = switch (r.grammar().origin()) {
                case "bundled" -> r.grammar().path() + " (bundled with Coroner)";
                case "inline" -> "inline, kept in the workspace";
                default -> r.grammar().path();
            };
            h.append("<tr><th>Precursor grammar</th><td>").append(esc(name));
            if (r.grammar().sha256() != null) { // a fleet's runs table names no grammar's bytes
                h.append("<br><code>SHA-256 ").append(esc(r.grammar().sha256())).append("</code>");
            }
            h.append("</td></tr>\n");
        }
        h.append("<tr><th>Redaction</th><td>").append(redaction(r.redaction())).append("</td></tr>\n");
        if (r.cost() != null) {
            Report.Prices p = r.cost().prices();
            h.append("<tr><th>Prices</th><td>").append(esc(p.source()));
            if (p.sha256() != null) {
                h.append("<br><code>SHA-256 ").append(esc(p.sha256())).append("</code>");
            }
            h.append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    /**
     * What the corpus cost, as {@code coroner cost} adds it up (docs/COST.md, "Reports"): "runs cost $1,060.00; dead
     * runs $212.00: RATE_LIMIT $140.00, AUTH $52.00", the classes by what they cost, and the models with no price.
     */
    private void cost(Report.CorpusCost c) {
        CostLedger.Total t = c.total();
        h.append("<h4>Cost</h4>\n<p class=\"cost\">").append(esc(c.line())).append("</p>\n");
        h.append("<table class=\"rows\">\n");
        row("Tokens", num(t.transcripts()) + (t.transcripts() == 1 ? " transcript: " : " transcripts: ")
                + t.tokens().text());
        if (!t.cost().complete()) {
            row("Not counted", t.cost().note() + ": their tokens are in the counts, not in the dollars");
        }
        h.append("</table>\n");
    }

    /** The redaction row of a report's header: on or off, what it hid, by kind (also the comparison report's). */
    static String redaction(Report.RedactionSummary red) {
        if (!red.on()) {
            return "<strong>off</strong>: transcript text is shown as it is, secrets included";
        }
        StringBuilder s = new StringBuilder("on: ");
        s.append(red.total() == 0 ? "nothing was redacted" : num(red.total()) + (red.total() == 1 ? " redaction" : " redactions"));
        if (!red.byKind().isEmpty()) {
            s.append(" (");
            red.byKind().forEach((kind, n) -> s.append(esc(kind)).append(" ×").append(num(n)).append(", "));
            s.setLength(s.length() - 2);
            s.append(')');
        }
        s.append(", each shown as <code>[REDACTED:kind]</code>; well-known secret shapes");
        if (red.userPatterns() > 0) {
            s.append(" and ").append(red.userPatterns()).append(red.userPatterns() == 1 ? " user pattern" : " user patterns");
        }
        return s.toString();
    }

    private void summary(Report.CorpusSummary s) {
        StateTally t = s.tally();
        h.append("<h2>Summary</h2>\n");
        chart(List.of(new Bar("HEALTHY", "#2e7d32", t.healthy()),
                new Bar("HEALTHY, died after its last answer", "#ef6c00", t.diedAfterAnswer()),
                new Bar("SYNTHETIC", "#c62828", t.synthetic()), new Bar("EMPTY", "#6a1b9a", t.empty()),
                new Bar("UNREADABLE", "#616161", t.unreadable()),
                new Bar("harness agents (" + num(t.harnessDead()) + " dead)", "#90a4ae", t.harness()),
                new Bar("files with no run (not counted dead)", "#9e9e9e", t.noRun())));
        h.append("<table class=\"rows\">\n");
        row("Transcripts", num(t.transcripts()));
        row("Workers (sessions and sub-agents)", num(t.total()) + ", " + num(t.dead()) + " dead");
        row("Harness agents", num(t.harness()) + ", " + num(t.harnessDead()) + " dead");
        if (t.noRun() > 0) {
            row("Files with no run", t.noRunLine(Locale.ROOT).substring(2)
                    + ": Claude Code writes them routinely; not runs, so never counted dead");
        }
        StringBuilder states = new StringBuilder();
        s.states().forEach((state, n) -> states.append(state.name()).append(' ').append(num(n)).append(" · "));
        row("Terminal states (all)", states.substring(0, states.length() - 3));
        row("WARNs", num(s.warns()));
        row("Unmatched code blocks", num(s.unmatchedBlocks()));
        row("Problem lines", num(s.problemLines()));
        h.append("</table>\n");
        if (!s.deathsByClass().isEmpty()) {
            h.append("<h4>Deaths by class</h4>\n<table class=\"rows\">\n<tr><th>class</th><th>workers</th><th>harness agents</th></tr>\n");
            s.deathsByClass().forEach((cls, d) -> h.append("<tr><td>").append(esc(cls)).append("</td><td class=\"n\">")
                    .append(num(d.workers())).append("</td><td class=\"n\">").append(num(d.harness())).append("</td></tr>\n"));
            h.append("</table>\n");
        }
    }

    /** Horizontal bars, one per state, with the count written beside each: colour is never the only cue. */
    private void chart(List<Bar> bars) {
        int max = Math.max(1, bars.stream().mapToInt(Bar::count).max().orElse(1));
        int labelWidth = 260;
        int barWidth = 360;
        int rowHeight = 24;
        int height = bars.size() * rowHeight + 8;
        h.append("<svg role=\"img\" aria-label=\"transcripts by terminal state\" width=\"").append(labelWidth + barWidth + 60)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(labelWidth + barWidth + 60)
                .append(' ').append(height).append("\">\n");
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            int y = 4 + i * rowHeight;
            int w = (int) Math.round((double) barWidth * b.count() / max);
            h.append("<text x=\"0\" y=\"").append(y + 15).append("\">").append(esc(b.label())).append("</text>");
            h.append("<rect x=\"").append(labelWidth).append("\" y=\"").append(y + 2).append("\" width=\"").append(w)
                    .append("\" height=\"16\" fill=\"").append(b.colour()).append("\"></rect>");
            h.append("<text x=\"").append(labelWidth + w + 6).append("\" y=\"").append(y + 15).append("\">")
                    .append(num(b.count())).append("</text>\n");
        }
        h.append("</svg>\n");
    }

    private void transcript(TranscriptEntry e) {
        Verdict v = e.verdict();
        String cls = v.state() == TerminalState.UNREADABLE ? "unreadable" : v.noRun() != null ? "norun"
                : v.died() ? "died" : v.foldsDead() > 0 ? "folds" : "lived";
        h.append("<article class=\"").append(cls).append("\">\n<h3><span class=\"harness\">").append(harness(e.harness()))
                .append("</span>").append(esc(e.path())).append("</h3>\n");
        h.append("<table>\n");
        StringBuilder state = new StringBuilder("<span class=\"state\">").append(v.state().name()).append("</span>");
        if (v.state() == TerminalState.SYNTHETIC) {
            state.append(" · ").append(v.terminalClass().name());
        }
        if (v.noRun() != null) { // the reference's dead, counted apart: the window's grey "no run: 0 bytes"
            state.append(" · ").append(v.noRun().describe()).append(" (dead by the reference's rule, not a run: not counted)");
        } else if (v.dead()) {
            state.append(" · dead");
        } else if (v.died()) {
            state.append(" · died after its last answer");
        } else if (v.foldsDead() > 0) { // the window's "folds 2 dead": a healthy parent of dead sub-agents is no all-clear
            state.append(" · <span class=\"state-note\">folds ").append(num(v.foldsDead())).append(" dead</span>");
        }
        if (v.noRun() == null) {
            state.append(" · ").append(kind(v.kind()));
        }
        h.append("<tr><th>Verdict</th><td>").append(state).append("</td></tr>\n");
        if (e.parent() != null) {
            row("Parent", "thread " + e.parent() + " (the rollout whose first session_meta has this id)");
        }
        row("Reason", v.reason());
        if (v.apiStatus() != null) {
            row("API status", v.apiStatus().toString());
        }
        if (v.error() != null) {
            row("Error", v.error());
        }
        if (v.trailing() != null) {
            row("Trailing failure", "line " + num(v.trailing().line()) + ": " + v.trailing().describe());
        }
        h.append("<tr><th>Evidence</th><td>");
        if (v.evidenceLine() == null) {
            h.append("no terminal record");
        } else {
            h.append("terminal record, line ").append(num(v.evidenceLine()));
            if (!v.evidenceText().isEmpty()) {
                h.append(", its leading text (at most 400 characters):");
            }
            if (!v.evidenceText().isEmpty()) {
                h.append("<pre>").append(escKeepingLines(v.evidenceText())).append("</pre>");
            }
        }
        h.append("</td></tr>\n");
        if (e.readNote() != null) {
            h.append("<tr class=\"read-note\"><th>Read</th><td>").append(esc(e.readNote())).append("</td></tr>\n");
        }
        if (e.sha256() != null) {
            h.append("<tr><th>SHA-256</th><td><code>").append(esc(e.sha256())).append("</code></td></tr>\n");
            row("Size", num(e.size()) + " bytes, " + num(e.records()) + " records, " + num(e.problemLines())
                    + " problem lines");
        }
        if (!e.findings().isEmpty()) {
            StringBuilder f = new StringBuilder();
            e.findings().forEach((k, n) -> f.append(FindingKind.valueOf(k).count(n, Locale.ROOT)).append(" · "));
            row("Findings", f.substring(0, f.length() - 3));
        }
        if (e.usage() != null) { // a file not read shows no dollars: none of its usage could be counted
            row("Cost", e.sha256() == null ? "not read: nothing of the file is counted" : cost(e.usage()));
        }
        h.append("</table>\n");
        warns(e.warns());
        blocks(e.blocks());
        annotations(e.annotations());
        h.append("</article>\n");
    }

    private void warns(List<Warn> warns) {
        if (warns.isEmpty()) {
            return;
        }
        h.append("<h4>").append(esc(FindingKind.WARN.count(warns.size(), Locale.ROOT)))
                .append(": gated calls made before a mandated lookup had returned a result</h4>\n");
        h.append("<table class=\"rows\">\n<tr><th>line</th><th>tool</th><th>call</th><th>required</th><th>reason</th></tr>\n");
        for (Warn w : warns) {
            h.append("<tr><td class=\"n\">").append(num(w.line())).append("</td><td>").append(esc(w.tool()))
                    .append("</td><td><code>").append(esc(w.toolUseId())).append("</code></td><td>")
                    .append(esc(String.join(" or ", w.required()))).append("</td><td>").append(esc(w.reason()))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private void blocks(Report.Blocks b) {
        if (b.matched().isEmpty() && b.unmatched() == 0) {
            return;
        }
        h.append("<h4>Code blocks: ").append(num(b.matched().size())).append(" linked to the call that ran them, ")
                .append(num(b.unmatched())).append(" unmatched");
        if (!b.unmatchedReasons().isEmpty()) {
            h.append(" (");
            StringBuilder reasons = new StringBuilder();
            b.unmatchedReasons().forEach((reason, n) -> reasons.append(esc(reason)).append(" ×").append(num(n)).append(", "));
            h.append(reasons, 0, reasons.length() - 2).append(')');
        }
        h.append("</h4>\n");
        if (b.matched().isEmpty()) {
            return;
        }
        h.append("<table class=\"rows\">\n<tr><th>line</th><th>block</th><th>outcome</th><th>call line</th><th>tool</th>"
                + "<th>call</th></tr>\n");
        for (BlockLink l : b.matched()) {
            h.append("<tr><td class=\"n\">").append(num(l.line())).append("</td><td class=\"n\">").append(l.block())
                    .append("</td><td>").append(esc(l.label()))
                    .append(l.exitCode() == null ? "" : ", exit code " + l.exitCode()).append("</td><td class=\"n\">")
                    .append(num(l.callLine())).append("</td><td>").append(esc(l.tool())).append("</td><td><code>")
                    .append(esc(l.toolUseId())).append("</code></td></tr>\n");
        }
        h.append("</table>\n");
    }

    /** Notes and overrides, each marked a human judgement and shown beside the machine verdict it stands by. */
    private void annotations(List<Report.Annotation> notes) {
        if (notes.isEmpty()) {
            return;
        }
        h.append("<h4>Human annotations</h4>\n");
        h.append("<table class=\"rows human\">\n<tr><th>line</th><th>machine verdict</th><th>human judgement</th>"
                + "<th>note</th></tr>\n");
        for (Report.Annotation a : notes) {
            h.append("<tr><td class=\"n\">").append(a.line() == 0 ? "whole file" : num(a.line())).append("</td><td>");
            if (a.override() != null) {
                h.append(esc(a.override().machine().isEmpty() ? "no verdict" : a.override().machine()));
            }
            h.append("</td><td>");
            if (a.override() != null) {
                h.append("<span class=\"human-mark\">human:</span> <b>").append(esc(a.override().human()))
                        .append("</b> — ").append(esc(a.override().reason()));
            }
            h.append("</td><td>");
            if (!a.note().isEmpty()) {
                h.append("<span class=\"human-mark\">human note:</span> ").append(esc(a.note()));
            }
            if (a.stale()) {
                h.append(" <span class=\"note\">(the transcript changed since this was written)</span>");
            }
            h.append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private void row(String header, String text) {
        h.append("<tr><th>").append(esc(header)).append("</th><td>").append(esc(text)).append("</td></tr>\n");
    }

    /**
     * "$1.2345 · claude-opus-4-7 · in 2,000 · out 500 · cache write 10,000 · cache read 0", or "no price for
     * claude-x · …": never a guess (docs/COST.md, "No price, no cost").
     */
    private static String cost(Report.Usage u) {
        StringBuilder s = new StringBuilder(u.cost().usd() == null ? u.cost().note() : Cost.money(u.cost().rounded()));
        List<String> models = u.usage().models();
        if (!models.isEmpty()) {
            s.append(" · ").append(String.join(", ", models));
        }
        return s.append(" · ").append(u.usage().total().text()).toString();
    }

    /** How a person names the harness; the JSON names it by its constant. */
    private static String harness(Harness harness) {
        return switch (harness) {
            case CLAUDE_CODE -> "Claude Code";
            case CODEX -> "Codex CLI";
        };
    }

    private static String kind(AgentKind k) {
        return switch (k) {
            case SESSION -> "session";
            case SUBAGENT -> "sub-agent";
            case HARNESS -> "harness agent";
        };
    }

    /** "1,234" in every locale. */
    private static String num(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** Text made inert for HTML: controls and bidi characters as visible escapes, then the five markup characters. */
    static String esc(String s) {
        return markup(ControlChars.escape(s));
    }

    /** As {@link #esc}, but line ends and tabs stay, for a {@code pre}. */
    static String escKeepingLines(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            out.append(cp == '\n' || cp == '\t' ? Character.toString(cp) : ControlChars.escape(Character.toString(cp)));
        }
        return markup(out.toString());
    }

    private static String markup(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
