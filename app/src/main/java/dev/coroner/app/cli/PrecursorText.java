package dev.coroner.app.cli;

import dev.coroner.core.precursor.PrecursorSummary;
import dev.coroner.core.precursor.PrecursorVerdict;
import dev.coroner.core.text.PathText;
import java.nio.file.Path;
import java.util.List;

/**
 * The text form of {@code coroner precursor}: the transcript's path, one aligned line per gated call with WARN
 * marked, then the summary. Everything taken from the transcript is escaped before it reaches the terminal.
 */
final class PrecursorText {
    private static final String WARN = "WARN";

    private PrecursorText() {
    }

    static String transcript(Path path, List<PrecursorVerdict> verdicts, PrecursorSummary summary) {
        StringBuilder s = new StringBuilder(Output.safe(PathText.of(path))).append('\n');
        int lineWidth = 1;
        int toolWidth = 1;
        for (PrecursorVerdict v : verdicts) {
            lineWidth = Math.max(lineWidth, Long.toString(v.call().line()).length());
            toolWidth = Math.max(toolWidth, width(Output.safe(v.call().tool())));
        }
        for (PrecursorVerdict v : verdicts) {
            String tool = Output.safe(v.call().tool());
            s.append("  line ").append(pad(Long.toString(v.call().line()), lineWidth, true))
                    .append("  ").append(tool).append(" ".repeat(toolWidth - width(tool)))
                    .append("  ").append(pad(v.stance().name(), "NO_SIGNAL".length(), false))
                    .append("  ").append(v.warns() ? WARN : " ".repeat(WARN.length()))
                    .append("  ").append(Output.safe(v.reason())).append('\n');
        }
        return s.append("  ").append(Output.safe(summary.describe())).toString();
    }

    /** Columns a string takes, counting code points (good enough for tool names; no East Asian widths). */
    private static int width(String s) {
        return s.codePointCount(0, s.length());
    }

    private static String pad(String s, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - width(s)));
        return right ? fill + s : s + fill;
    }
}
