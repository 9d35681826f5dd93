package dev.coroner.app.ui.model;

import dev.coroner.core.findings.Finding;
import dev.coroner.core.redact.Redaction;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.text.ControlChars;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * What the Copy items of the context menus put on the clipboard (docs/WORKBENCH.md, "Keyboard and copy"): plain
 * text for a row, a path or a {@code file:line}, and a finding as Markdown with the transcript's text escaped, so a
 * pasted finding never turns a transcript's {@code *}, {@code _}, {@code [link](…)} or {@code <tag>} into markup. A
 * finding is copied to be shared (a review, an issue): its texts are redacted as a report's are (docs/VERDICTS.md,
 * "Redaction"). A row, a record's JSON, a path and a {@code file:line} are copied for the person's own tools and stay
 * exact.
 */
public final class CopyTexts {
    private static final Redactor REDACTOR = Redactor.standard(List.of());

    /** Characters with a meaning in CommonMark or GitHub Markdown: written with a backslash before them. */
    private static final String MARKDOWN_PUNCTUATION = "\\`*_{}[]()#+-.!|<>~=\"'";

    private CopyTexts() {
    }

    /** {@code /path/to/file.jsonl:10}: what an editor or a terminal opens at the line. */
    public static String fileLine(Path path, long line) {
        return line > 0 ? path + ":" + line : path.toString();
    }

    /** A timeline row as one tab-separated line: line, time (UTC), kind, model, summary. */
    public static String row(TimelineRow r) {
        String time = r.time() == TimelineRow.NO_TIME ? "" : Instant.ofEpochMilli(r.time()).toString();
        // the summary is held as the transcript has it (CellTokens draws its tabs apart): escaped here, a tab in it
        // would start a column
        return String.join("\t", String.valueOf(r.line()), time, r.kind(), r.model(),
                ControlChars.escape(r.summaryProperty().get()));
    }

    /** A finding as a row of the findings list: kind, title, transcript, line, reason; secrets redacted. */
    public static String finding(FindingItem i) {
        Finding f = i.finding();
        Redaction r = REDACTOR.start();
        return String.join("\t", f.kind().name(), r.apply(f.title()), r.apply(i.transcript()),
                f.line() > 0 ? String.valueOf(f.line()) : "", r.apply(f.reason()));
    }

    /**
     * A finding as Markdown for a review: its title in bold, then where it is and why; secrets redacted, every text
     * escaped.
     */
    public static String findingMarkdown(FindingItem i) {
        Finding f = i.finding();
        Redaction r = REDACTOR.start();
        StringBuilder b = new StringBuilder();
        b.append("**").append(markdown(f.severity() + ": " + r.apply(f.title()))).append("**\n\n");
        b.append("- transcript: ").append(markdown(r.apply(i.path().toString()))).append('\n');
        if (f.line() > 0) {
            b.append("- line: ").append(f.line()).append('\n');
        }
        b.append("- reason: ").append(markdown(r.apply(f.reason()))).append('\n');
        return b.toString();
    }

    /**
     * {@code s} as literal Markdown text: punctuation backslash-escaped, {@code &} as an entity, line breaks and other
     * control characters as spaces (a line break in a list item would end it, or start a heading).
     */
    public static String markdown(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c == '&') {
                b.append("&amp;");
            } else if (MARKDOWN_PUNCTUATION.indexOf(c) >= 0) {
                b.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029') {
                b.append(' ');
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** The file name the Save dialog suggests for a record: {@code <transcript>-line-10.json}. */
    public static String recordFileName(Path transcript, long line) {
        String name = transcript == null || transcript.getFileName() == null ? "record" : transcript.getFileName().toString();
        String stem = name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
        return stem + "-line-" + line + ".json";
    }
}
