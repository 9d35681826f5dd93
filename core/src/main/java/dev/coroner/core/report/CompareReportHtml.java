package dev.coroner.core.report;

import static dev.coroner.core.report.ReportHtml.esc;
import static dev.coroner.core.report.ReportHtml.escKeepingLines;

import dev.coroner.core.compare.ChangedPart;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A comparison report as one self-contained HTML page (docs/COMPARE.md, "Reports"), made as {@link ReportHtml} makes
 * a report: no script, nothing fetched (a content security policy forbids it too), the style inline, every string from
 * a transcript escaped, numbers the same in every locale, {@code \n} line ends, the schema tag in a {@code meta}.
 * Two transcripts read as a side-by-side diff: one row per aligned call, A's call on the left and B's on the right, a
 * gap where one side made none, the part of a changed call that differs marked; then both verdicts side by side.
 * Two folders: the summary line, then the pairs, new deaths first.
 */
final class CompareReportHtml {
    private static final String STYLE = """
            body { font: 14px/1.45 system-ui, sans-serif; color: #1b1b1b; margin: 2rem auto; max-width: 90rem;
              padding: 0 1rem; }
            h1 { font-size: 1.6rem; margin-bottom: .2rem; }
            h2 { font-size: 1.25rem; border-bottom: 1px solid #ccc; margin-top: 2rem; }
            .headline { font-size: 1.15rem; font-weight: 600; }
            .meta, .note, .reason { color: #555; }
            .reason { font-size: .85rem; }
            table { border-collapse: collapse; margin: .3rem 0; }
            th, td { text-align: left; vertical-align: top; padding: .15rem .6rem .15rem 0; }
            table.rows th, table.rows td { border-bottom: 1px solid #e3e3e3; padding-right: 1rem; }
            table.diff { width: 100%; table-layout: fixed; }
            table.diff col.mark { width: 1.6rem; } table.diff col.line { width: 4.5rem; }
            table.diff td { border-bottom: 1px solid #eee; padding: .1rem .4rem; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; color: #555; }
            code, pre { font: 12px/1.4 ui-monospace, monospace; }
            .key { white-space: pre-wrap; word-break: break-word; }
            .tool { font-weight: 600; margin-right: .4rem; }
            tr.same td { color: #555; }
            tr.changed td.a, tr.changed td.b { background: #fff8e1; }
            tr.only_a td.a { background: #ffebee; } tr.only_b td.b { background: #e8f5e9; }
            tr.first td { border-top: 2px solid #c62828; }
            td.gap { background: repeating-linear-gradient(135deg, #fafafa 0 6px, #f0f0f0 6px 12px); }
            mark { background: #ffcc80; }
            .died { color: #c62828; font-weight: 700; }
            .change { font-weight: 700; white-space: nowrap; }
            .new_death .change { color: #c62828; } .fixed .change { color: #2e7d32; }
            @media print { body { margin: 0; max-width: none; font-size: 11px; }
              * { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
            """;


    /** The pairs' order on the page: what a reviewer looks for first. */
    private static final List<String> CHANGE_ORDER = List.of("new_death", "fixed", "changed", "only_b", "only_a", "same");

    private final StringBuilder h = new StringBuilder(64 * 1024);

    private CompareReportHtml() {
    }

    static byte[] bytes(CompareReport.Document d) {
        CompareReportHtml w = new CompareReportHtml();
        w.page(d);
        return w.h.toString().getBytes(StandardCharsets.UTF_8);
    }

    private void page(CompareReport.Document d) {
        Map<String, Object> t = d.tree();
        String headline = d.folders() ? str(t.get("summary_line")) : transcriptsHeadline(d);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        h.append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n");
        h.append("<meta name=\"").append(ReportHtml.SCHEMA_META).append("\" content=\"")
                .append(esc("{\"family\":\"" + CompareReport.FAMILY + "\",\"version\":" + CompareReport.VERSION + "}"))
                .append("\">\n");
        h.append("<meta name=\"generator\" content=\"Coroner ").append(esc(version(t))).append("\">\n");
        h.append("<title>Coroner comparison: ").append(esc(headline)).append("</title>\n");
        h.append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
        h.append("<h1>Coroner comparison").append(d.folders() ? " of two folders" : " of two runs").append("</h1>\n");
        h.append("<p class=\"headline\">").append(esc(headline));
        if (!d.folders() && t.get("first_divergence") != null) {
            h.append(" <a href=\"#first-divergence\">(go to it)</a>"); // a place on this page: nothing is fetched
        }
        h.append("</p>\n");
        about(d);
        if (d.folders()) {
            folders(d);
        } else {
            transcripts(d);
        }
        h.append("</body>\n</html>\n");
    }

    private static String transcriptsHeadline(CompareReport.Document d) {
        Map<String, Object> t = d.tree();
        Map<String, Object> first = map(t.get("first_divergence"));
        String s;
        if (first == null) {
            s = "No difference: the same calls on both sides";
        } else {
            Object a = first.get("a_line");
            Object b = first.get("b_line");
            s = "B left A's path at " + (a == null ? "B line " + num(b) + ", a call A did not make"
                    : b == null ? "A line " + num(a) + ", a call B did not make"
                    : "A line " + num(a) + ", B line " + num(b));
        }
        if (Boolean.TRUE.equals(t.get("new_death"))) {
            s += " · new death: B died (" + d.labels().get(1) + "), A did not";
        }
        return s;
    }

    private void about(CompareReport.Document d) {
        Map<String, Object> t = d.tree();
        h.append("<table class=\"meta\">\n");
        row("Compared by", "Coroner " + version(t));
        if (t.get("root") != null) {
            row("Files under", t.get("root") + "/ (each path below is relative to this folder)");
        }
        if (d.folders()) {
            Map<String, Object> f = map(t.get("folders"));
            row("A (compared against)", str(f.get("a")));
            row("B (compared with it)", str(f.get("b")));
        } else {
            row("A (compared against)", str(map(t.get("a")).get("path")));
            row("B (compared with it)", str(map(t.get("b")).get("path")));
        }
        Map<String, Object> g = map(t.get("grammar"));
        if (g == null) {
            row("Precursor grammar", "none: WARNs were not judged");
        } else {
            String name = switch (str(g.get("origin"))) {
                case "bundled" -> g.get("path") + " (bundled with Coroner)";
                case "inline" -> "inline, kept in the workspace";
                default -> str(g.get("path"));
            };
            h.append("<tr><th>Precursor grammar</th><td>").append(esc(name)).append("<br><code>SHA-256 ")
                    .append(esc(str(g.get("sha256")))).append("</code></td></tr>\n");
        }
        h.append("<tr><th>Redaction</th><td>").append(ReportHtml.redaction(d.redaction())).append("</td></tr>\n");
        h.append("</table>\n");
    }


    private void transcripts(CompareReport.Document d) {
        Map<String, Object> t = d.tree();
        Map<String, Object> a = map(t.get("a"));
        Map<String, Object> b = map(t.get("b"));
        h.append("<h2>Both verdicts</h2>\n<table class=\"rows verdicts\">\n<tr><th></th><th>A</th><th>B</th></tr>\n");
        h.append("<tr><th>Verdict</th>").append(verdictCell(a, d.labels().get(0)))
                .append(verdictCell(b, d.labels().get(1))).append("</tr>\n");
        pairRow("Reason", str(a.get("reason")), str(b.get("reason")));
        if (a.get("error") != null || b.get("error") != null) {
            pairRow("Error", str(a.get("error")), str(b.get("error")));
        }
        if (a.get("trailing") != null || b.get("trailing") != null) {
            pairRow("Trailing failure", trailing(map(a.get("trailing"))), trailing(map(b.get("trailing"))));
        }
        pairRow("Harness", str(a.get("harness")), str(b.get("harness")));
        pairRow("Calls", num(a.get("calls")), num(b.get("calls")));
        pairRow("WARNs", a.get("warnings") == null ? "— (no grammar)" : num(a.get("warnings")),
                b.get("warnings") == null ? "— (no grammar)" : num(b.get("warnings")));
        pairRow("Unmatched code blocks", num(a.get("unmatched_blocks")), num(b.get("unmatched_blocks")));
        h.append("</table>\n");
        Map<String, Object> counts = map(t.get("summary"));
        h.append("<h2>Calls</h2>\n<p>").append(num(counts.get("same"))).append(" same · ")
                .append(num(counts.get("changed"))).append(" changed · ").append(num(counts.get("only_a")))
                .append(" only in A · ").append(num(counts.get("only_b"))).append(" only in B. ")
                .append("Each row is one call: its record's line and its key (the tool and its input, "
                        + "docs/COMPARE.md); a striped cell is a call the other side did not make; in a changed "
                        + "call the part that differs is marked.</p>\n");
        List<?> rows = (List<?>) t.get("rows");
        if (rows.isEmpty()) {
            h.append("<p class=\"note\">Neither run made a call.</p>\n");
            return;
        }
        h.append("<table class=\"diff\">\n<colgroup><col class=\"mark\"><col class=\"line\"><col><col class=\"line\">"
                + "<col></colgroup>\n<tr><th></th><th>A line</th><th>A call</th><th>B line</th><th>B call</th></tr>\n");
        boolean firstSeen = false;
        for (Object o : rows) {
            Map<String, Object> r = map(o);
            String op = str(r.get("op"));
            boolean first = !firstSeen && !"same".equals(op);
            firstSeen |= first;
            String aKey = (String) r.get("a_key");
            String bKey = (String) r.get("b_key");
            // "Bash|exec_command" only on a changed row whose two shell commands have other names (CompareRows);
            // elsewhere the name is one, whatever it holds
            String[] tools = "changed".equals(op) ? str(r.get("tool")).split("\\|", 2) : new String[] {str(r.get("tool"))};
            String aTool = tools[0];
            String bTool = tools.length == 2 ? tools[1] : tools[0];
            h.append("<tr class=\"").append(op).append(first ? " first\" id=\"first-divergence" : "").append("\">");
            h.append("<td title=\"").append(op).append("\">").append(mark(op)).append("</td>");
            h.append("<td class=\"n\">").append(r.get("a_line") == null ? "" : num(r.get("a_line"))).append("</td>");
            if ("changed".equals(op)) {
                String[] parts = difference(aKey, bKey);
                call("a", aTool, parts[0]);
                h.append("<td class=\"n\">").append(num(r.get("b_line"))).append("</td>");
                call("b", bTool, parts[1]);
            } else {
                call(aKey == null ? "a gap" : "a", aTool, aKey == null ? null : escKeepingLines(aKey));
                h.append("<td class=\"n\">").append(r.get("b_line") == null ? "" : num(r.get("b_line"))).append("</td>");
                call(bKey == null ? "b gap" : "b", bTool, bKey == null ? null : escKeepingLines(bKey));
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");
    }

    private void call(String cls, String tool, String keyHtml) {
        h.append("<td class=\"").append(cls).append("\">");
        if (keyHtml != null) {
            h.append("<span class=\"tool\">").append(esc(tool)).append("</span><code class=\"key\">").append(keyHtml)
                    .append("</code>");
        }
        h.append("</td>");
    }

    private static String mark(String op) {
        return switch (op) {
            case "changed" -> "!";
            case "only_a" -> "−";
            case "only_b" -> "+";
            default -> "";
        };
    }

    /**
     * The two keys escaped, their differing part ({@link ChangedPart}) marked.
     */
    static String[] difference(String a, String b) {
        ChangedPart d = ChangedPart.of(a, b);
        return new String[] {marked(a, d.head(), d.end(a)), marked(b, d.head(), d.end(b))};
    }

    private static String marked(String s, int from, int to) {
        String middle = s.substring(from, to);
        return escKeepingLines(s.substring(0, from)) + (middle.isEmpty() ? "" : "<mark>" + escKeepingLines(middle)
                + "</mark>") + escKeepingLines(s.substring(to));
    }

    private String verdictCell(Map<String, Object> v, String label) {
        boolean died = label.contains("died") || Boolean.TRUE.equals(v.get("dead"));
        return "<td" + (died ? " class=\"died\"" : "") + ">" + esc(label) + "</td>";
    }

    private static String trailing(Map<String, Object> t) {
        if (t == null) {
            return "—";
        }
        String why = t.get("cause") != null ? str(t.get("cause")) : t.get("reason") != null ? str(t.get("reason")) : "";
        return "line " + num(t.get("line")) + " · " + t.get("class") + (why.isEmpty() ? "" : ": " + why);
    }

    private void folders(CompareReport.Document d) {
        Map<String, Object> t = d.tree();
        Map<String, Object> counts = map(t.get("summary"));
        h.append("<table class=\"rows\">\n");
        for (String change : CHANGE_ORDER) {
            row(changeWords(change), num(counts.get(change)));
        }
        h.append("</table>\n");
        Map<String, Object> byClass = map(t.get("new_deaths"));
        if (!byClass.isEmpty()) {
            h.append("<h2>New deaths by class</h2>\n<table class=\"rows\">\n<tr><th>class</th><th>pairs</th></tr>\n");
            byClass.forEach((cls, n) -> h.append("<tr><td>").append(esc(cls)).append("</td><td class=\"n\">")
                    .append(num(n)).append("</td></tr>\n"));
            h.append("</table>\n");
        }
        List<?> pairs = (List<?>) t.get("pairs");
        h.append("<h2>Pairs</h2>\n");
        if (pairs.isEmpty()) {
            h.append("<p class=\"note\">Neither folder holds a transcript.</p>\n");
            return;
        }
        h.append("<p class=\"note\">New deaths first, then fixed, changed, only in B, only in A, same; by path within "
                + "each. A pair paired by session (the file was renamed) names B's file too.</p>\n");
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingInt(i -> CHANGE_ORDER.indexOf(str(map(pairs.get(i)).get("change")))));
        h.append("<table class=\"rows pairs\">\n<tr><th>change</th><th>path</th><th>A</th><th>B</th></tr>\n");
        for (int i : order) {
            Map<String, Object> p = map(pairs.get(i));
            Map<String, Object> a = map(p.get("a"));
            Map<String, Object> b = map(p.get("b"));
            String change = str(p.get("change"));
            h.append("<tr class=\"").append(change).append("\"><td class=\"change\">").append(changeWords(change))
                    .append("</td><td><code>").append(esc(str(p.get("path")))).append("</code>");
            if (!d.renamedB().get(i).isEmpty()) {
                h.append("<br><span class=\"note\">in B: <code>").append(esc(d.renamedB().get(i)))
                        .append("</code> (the same session, renamed)</span>");
            }
            h.append("</td>").append(pairVerdict(a, d.labels().get(2 * i))).append(pairVerdict(b, d.labels().get(2 * i + 1)))
                    .append("</tr>\n");
        }
        h.append("</table>\n");
    }

    private static String changeWords(String change) {
        return switch (change) {
            case "new_death" -> "new death";
            case "only_a" -> "only in A";
            case "only_b" -> "only in B";
            default -> change;
        };
    }

    private String pairVerdict(Map<String, Object> v, String label) {
        if (v == null) {
            return "<td class=\"note\">—</td>";
        }
        boolean died = label.contains("died") || Boolean.TRUE.equals(v.get("dead"));
        return "<td><span" + (died ? " class=\"died\"" : "") + ">" + esc(label) + "</span><br><span class=\"reason\">"
                + esc(str(v.get("reason"))) + "</span></td>";
    }

    private void row(String header, String text) {
        h.append("<tr><th>").append(esc(header)).append("</th><td>").append(esc(text)).append("</td></tr>\n");
    }

    private void pairRow(String header, String a, String b) {
        h.append("<tr><th>").append(esc(header)).append("</th><td>").append(esc(a)).append("</td><td>").append(esc(b))
                .append("</td></tr>\n");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    private static String str(Object o) {
        return o == null ? "—" : o.toString();
    }

    private static String version(Map<String, Object> t) {
        return str(map(t.get("coroner")).get("version"));
    }

    private static String num(Object n) {
        return num(((Number) n).longValue());
    }

    private static String num(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
