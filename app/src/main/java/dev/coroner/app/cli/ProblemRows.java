package dev.coroner.app.cli;

import dev.coroner.core.index.ProblemList;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.text.PathText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lines of a transcript that are not records, listed under its rows (docs/VERDICTS.md, "Command line"): in text,
 * one escaped line per problem with its line, byte offset and kind; in JSON, one row after the file's rows,
 * {@code {"path","problems":[{"line","offset","length","kind","message"}…],"problemCount"}}, listing at most
 * {@link ProblemList#LISTED} and counting all.
 */
final class ProblemRows {
    private ProblemRows() {
    }

    /**
     * A transcript read once by the one pass: what it was judged to be, its problem lines, and, when the file changed
     * while it was read, why its rows may not be the file's (null when it did not).
     */
    record Judged(TranscriptJudgement judgement, ProblemList problems, String changed) {
        /** Read building what {@code scope} names: the judgement holds only that ({@link TranscriptPass.Scope}). */
        static Judged read(Path path, TranscriptPass.Scope scope) throws UnreadableTranscriptException {
            TranscriptIndex index = TranscriptPass.run(path, scope); // the pass stamps the file before and after its read
            return new Judged(index.judgement(), ProblemList.of(index), index.changed()); // the index is let go here
        }
    }

    static Map<String, Object> json(Path path, ProblemList p) {
        List<Map<String, Object>> rows = new ArrayList<>(p.first().size());
        for (ProblemLine line : p.first()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("line", line.span().line() == 0 ? null : line.span().line()); // 0: found from the end, not counted
            m.put("offset", line.span().offset());
            m.put("length", line.span().length());
            m.put("kind", line.kind().name());
            m.put("message", line.message());
            rows.add(m);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", PathText.of(path));
        m.put("problems", rows);
        m.put("problemCount", p.count());
        return m;
    }

    /**
     * {@code verdict}'s problems row: those it read from the end, with {@code "readFrom":"end"} after the count, for
     * it saw only the lines after the terminal record.
     */
    static Map<String, Object> jsonFromTheEnd(Path path, ProblemList p) {
        Map<String, Object> m = json(path, p);
        m.put("readFrom", "end");
        return m;
    }

    /**
     * What follows a transcript's own rows in a command that read it with the one pass: its problem lines, then, when
     * the file changed while it was read, the note that says so; as JSON rows or as text.
     */
    static void after(Path path, ProblemList problems, String changed, boolean json, JsonLines lines, Output output) {
        if (json) {
            if (problems.count() > 0) {
                lines.write(json(path, problems));
            }
            if (changed != null) {
                lines.write(NoteRows.json(path, null, changed));
            }
        } else {
            if (problems.count() > 0) {
                output.text(text(problems));
            }
            if (changed != null) {
                output.text(NoteRows.text(changed));
            }
        }
    }

    /** The text note that ends {@code verdict}'s list. */
    static final String FROM_THE_END = "  (read from the end: only problem lines after the last answer are seen; "
            + "scripts and precursor list them all)";

    /** The text lines, each starting with two spaces; empty when the file has no problem line. */
    static String text(ProblemList p) {
        StringBuilder s = new StringBuilder();
        for (ProblemLine line : p.first()) {
            if (!s.isEmpty()) {
                s.append('\n');
            }
            s.append(line.span().line() == 0 ? "  problem at" : "  problem line " + line.span().line() + ",")
                    .append(" byte ").append(line.span().offset())
                    .append(": ").append(line.kind().name()).append(": ").append(Output.safe(line.message()));
        }
        if (p.unlisted() > 0) {
            s.append("\n  … and ").append(p.unlisted()).append(" more problem ").append(p.unlisted() == 1 ? "line" : "lines");
        }
        return s.toString();
    }
}
