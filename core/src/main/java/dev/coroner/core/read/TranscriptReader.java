package dev.coroner.core.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a transcript from start to end, one record or one problem per non-blank line (docs/VERDICTS.md, "Reading"). Streaming:
 * memory is bounded by {@link ReadLimits#CHUNK_BYTES} plus one line of at most
 * {@link ReadLimits#MAX_IN_MEMORY_LINE} bytes; longer lines are parsed straight from the file.
 */
public final class TranscriptReader {

    /** Receives each line in file order. Return false to stop early. */
    @FunctionalInterface
    public interface Visitor {
        boolean accept(TranscriptLine line);
    }

    /** What one pass saw. {@code bytesRead} is the size of the file as it was read. */
    public record Summary(long records, long problems, long physicalLines, long bytesRead) {
    }

    private TranscriptReader() {
    }

    /** Every line, in memory: for small files and tests. The workbench indexes instead. */
    public static Transcript readAll(Path path) throws UnreadableTranscriptException {
        List<TranscriptLine> lines = new ArrayList<>();
        Summary s = read(path, l -> lines.add(l));
        return new Transcript(path, lines, s.bytesRead());
    }

    public static Summary read(Path path, Visitor visitor) throws UnreadableTranscriptException {
        try (TranscriptSource source = TranscriptFile.open(path)) {
            return new ForwardPass(source, (bytes, lineNumber, lineStart, atFileStart, terminated) -> {
                TranscriptLine line = LineParser.parse(bytes, lineNumber, lineStart, atFileStart, terminated);
                if (line == null) {
                    return ForwardPass.BLANK;
                }
                int kind = line instanceof TranscriptRecord ? ForwardPass.RECORD : ForwardPass.PROBLEM;
                return visitor.accept(line) ? kind : -kind;
            }, done -> { }).run();
        } catch (IOException e) {
            throw TranscriptFile.failed(path, e);
        }
    }
}
