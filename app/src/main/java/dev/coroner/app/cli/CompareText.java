package dev.coroner.app.cli;

import dev.coroner.core.compare.Alignment;
import dev.coroner.core.compare.CallKey;
import dev.coroner.core.compare.CorpusComparison;
import dev.coroner.core.compare.Op;
import dev.coroner.core.compare.PairChange;
import dev.coroner.core.compare.Side;
import dev.coroner.core.compare.TranscriptComparison;
import dev.coroner.core.text.PathText;
import java.util.Locale;

/**
 * The text of {@code coroner compare} (docs/COMPARE.md, "Output"): for two transcripts a unified diff of their calls,
 * each row with the line of the call's record on each side, in hunks with {@code context} same calls around each
 * difference, then both verdicts side by side; for two folders a row per pair. Transcript text is escaped.
 */
final class CompareText {
    private static final String PATCH_START = "*** Begin Patch\n";

    private CompareText() {
    }

    static String transcripts(TranscriptComparison c, int context) {
        Alignment al = c.alignment();
        StringBuilder s = new StringBuilder();
        s.append("--- A ").append(Output.safe(PathText.of(c.a().path()))).append('\n');
        s.append("+++ B ").append(Output.safe(PathText.of(c.b().path()))).append('\n');
        int first = c.firstDivergence();
        if (first < 0) {
            s.append("no difference: the ").append(number(al.size())).append(al.size() == 1 ? " call is" : " calls are")
                    .append(" the same on both sides\n");
        } else {
            s.append("first divergence: A ").append(line(c.aKey(first) == null ? 0 : c.aLine(first)))
                    .append(", B ").append(line(c.bKey(first) == null ? 0 : c.bLine(first))).append('\n');
        }
        int width = 1;
        for (int r = 0; r < al.size(); r++) {
            width = Math.max(width, Math.max(Long.toString(c.aLine(r)).length(), Long.toString(c.bLine(r)).length()));
        }
        int r = 0;
        int ctx = Math.max(0, context);
        while (r < al.size()) {
            int start = nextDifference(al, r);
            if (start < 0) {
                break;
            }
            int to = start; // the hunk's last difference: one hunk while differences are within 2 * context
            while (true) {
                while (to + 1 < al.size() && al.op(to + 1) != Op.SAME) {
                    to++;
                }
                int after = nextDifference(al, to + 1);
                if (after < 0 || after - to - 1 > 2 * ctx) {
                    break;
                }
                to = after;
            }
            int from = Math.max(r, start - ctx);
            int hunkEnd = Math.min(al.size() - 1, to + ctx);
            s.append(header(c, from, hunkEnd)).append('\n');
            for (int h = from; h <= hunkEnd; h++) {
                row(c, h, width, s);
            }
            r = hunkEnd + 1;
        }
        sides(c, s);
        return s.toString();
    }

    /** The verdicts side by side, the counts of calls, and a new death. */
    private static void sides(TranscriptComparison c, StringBuilder s) {
        Alignment al = c.alignment();
        s.append('\n');
        side(s, "", "A", "B");
        side(s, "verdict", CompareCommand.label(c.a().verdict()), CompareCommand.label(c.b().verdict()));
        side(s, "calls", number(c.a().calls()), number(c.b().calls()));
        side(s, "WARN", warnings(c.a()), warnings(c.b()));
        side(s, "unmatched blocks", number(c.a().unmatched()), number(c.b().unmatched()));
        s.append("calls: ").append(number(al.count(Op.SAME))).append(" same · ")
                .append(number(al.count(Op.CHANGED))).append(" changed · ")
                .append(number(al.count(Op.ONLY_A))).append(" only in A · ")
                .append(number(al.count(Op.ONLY_B))).append(" only in B");
        if (c.newDeath()) {
            s.append("\nnew death: B died (").append(CompareCommand.label(c.b().verdict())).append("), A did not");
        }
    }

    /**
     * Two transcripts with only the calls {@code --where} kept ({@code shown[r]}): the header, each kept row as the
     * diff writes it (no hunks: the rows kept need not be near each other), then the verdicts side by side.
     */
    static String transcripts(TranscriptComparison c, boolean[] shown) {
        Alignment al = c.alignment();
        StringBuilder s = new StringBuilder();
        s.append("--- A ").append(Output.safe(PathText.of(c.a().path()))).append('\n');
        s.append("+++ B ").append(Output.safe(PathText.of(c.b().path()))).append('\n');
        int width = 1;
        for (int r = 0; r < al.size(); r++) {
            width = Math.max(width, Math.max(Long.toString(c.aLine(r)).length(), Long.toString(c.bLine(r)).length()));
        }
        for (int r = 0; r < al.size(); r++) {
            if (shown[r]) {
                row(c, r, width, s);
            }
        }
        sides(c, s);
        return s.toString();
    }

    private static int nextDifference(Alignment al, int from) {
        for (int r = from; r < al.size(); r++) {
            if (al.op(r) != Op.SAME) {
                return r;
            }
        }
        return -1;
    }

    /** "@@ A lines 12–40 · B lines 12–44 @@": the first and last line of each side's calls in the hunk. */
    private static String header(TranscriptComparison c, int from, int to) {
        return "@@ A " + span(c, from, to, true) + " · B " + span(c, from, to, false) + " @@";
    }

    private static String span(TranscriptComparison c, int from, int to, boolean a) {
        long lo = 0;
        long hi = 0;
        for (int r = from; r <= to; r++) {
            long l = a ? (c.aKey(r) == null ? 0 : c.aLine(r)) : (c.bKey(r) == null ? 0 : c.bLine(r));
            if (l > 0) {
                lo = lo == 0 ? l : lo;
                hi = l;
            }
        }
        return lo == 0 ? "no calls" : lo == hi ? "line " + lo : "lines " + lo + "–" + hi;
    }

    private static void row(TranscriptComparison c, int r, int width, StringBuilder s) {
        Op op = c.alignment().op(r);
        CallKey ka = c.aKey(r);
        CallKey kb = c.bKey(r);
        String la = ka == null ? "" : Long.toString(c.aLine(r));
        String lb = kb == null ? "" : Long.toString(c.bLine(r));
        String mark = switch (op) {
            case SAME -> " ";
            case CHANGED -> "!";
            case ONLY_A -> "-";
            case ONLY_B -> "+";
        };
        String cols = String.format(Locale.ROOT, "%s %" + width + "s %" + width + "s  ", mark, la, lb);
        s.append(cols).append(Output.safe(c.tool(r))).append("  ").append(key(ka != null ? ka : kb)).append('\n');
        if (op == Op.CHANGED) {
            int keyColumn = cols.length() + Output.safe(c.tool(r)).length() + 2;
            s.append('!').append(" ".repeat(keyColumn - 4)).append("→  ")
                    .append(key(kb)).append('\n');
        }
    }

    /** A key on one line: its first line, cut to {@link CompareCommand#KEY_CHARS}, escaped; "…" says it goes on. */
    static String key(CallKey k) {
        String t = k.text();
        if (t.startsWith(PATCH_START)) { // a patch says what it touches on its second line
            t = t.substring(PATCH_START.length());
        }
        int nl = t.indexOf('\n');
        boolean more = nl >= 0;
        String first = more ? t.substring(0, nl) : t;
        if (first.codePointCount(0, first.length()) > CompareCommand.KEY_CHARS) {
            first = first.substring(0, first.offsetByCodePoints(0, CompareCommand.KEY_CHARS));
            more = true;
        }
        return Output.safe(first) + (more ? " …" : "");
    }

    private static void side(StringBuilder s, String what, String a, String b) {
        s.append(String.format(Locale.ROOT, "%-17s %-40s %s", what, a, b).stripTrailing()).append('\n');
    }

    private static String warnings(Side side) {
        return side.warnings() == null ? "— (no --grammar)" : number(side.warnings());
    }

    /** One pair of two folders: "new_death  sub/x.jsonl  HEALTHY → SYNTHETIC · RATE_LIMIT". */
    static String pair(CorpusComparison.Pair p) {
        String path = Output.safe(p.path());
        if (p.pathB() != null && !p.pathB().equals(p.path())) {
            path += " → " + Output.safe(p.pathB()) + " (same session)";
        }
        String change = p.change().json();
        String verdicts = p.change() == PairChange.ONLY_A ? CompareCommand.label(p.va())
                : p.change() == PairChange.ONLY_B ? CompareCommand.label(p.vb())
                : CompareCommand.label(p.va()) + " → " + CompareCommand.label(p.vb());
        return String.format(Locale.ROOT, "%-9s  %s  %s", change, path, verdicts);
    }

    private static String line(long l) {
        return l == 0 ? "—" : "line " + l;
    }

    private static String number(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
