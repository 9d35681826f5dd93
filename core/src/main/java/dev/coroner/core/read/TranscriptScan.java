package dev.coroner.core.read;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A forward pass that reads only the fields a caller asks for. Lines are split and judged by exactly the
 * reader's rules (blank lines, BOM, white space, UTF-8, problems: {@link TranscriptReader}); only the JSON of a
 * record is streamed through a {@link FieldReader} instead of being built into a tree, which is what lets an
 * index of a multi-GB transcript be built fast and in a small heap.
 */
public final class TranscriptScan {

    /** Reads what it needs from one record. */
    @FunctionalInterface
    public interface FieldReader<T> {
        /**
         * @param parser positioned on the record's {@code START_OBJECT}; must be left on the matching
         *               {@code END_OBJECT} (skip what is not needed with {@link JsonParser#skipChildren()})
         * @param line   the line's JSON, to come back to a skipped value or keep the bytes
         */
        T read(JsonParser parser, JsonLine line) throws IOException;
    }

    /** Receives the lines in file order. */
    public interface Sink<T> {
        /** A record and the fields read from it. Return false to stop. */
        boolean record(SourceSpan span, T fields);

        /** A problem line, worded as the reader words it. Return false to stop. */
        boolean problem(ProblemLine problem);

        /** Called after each chunk read: bytes done of the file's size when the pass began. */
        default void progress(long bytesDone, long bytesTotal) {
        }
    }

    /** A record line read by a {@link FieldReader}. */
    record Scanned<T>(SourceSpan span, T fields) {
    }

    private TranscriptScan() {
    }

    public static <T> TranscriptReader.Summary scan(Path path, FieldReader<T> fields, Sink<T> sink)
            throws UnreadableTranscriptException {
        return scan(path, fields, sink, ReadLimits.CHUNK_BYTES);
    }

    /**
     * The same scan, reading {@code chunkBytes} at a time: a caller that stops after the first few records (the head of
     * a file) reads little more than those.
     */
    public static <T> TranscriptReader.Summary scan(Path path, FieldReader<T> fields, Sink<T> sink, int chunkBytes)
            throws UnreadableTranscriptException {
        try (TranscriptSource source = TranscriptFile.open(path)) {
            long total = source.size();
            RecordSkimmer skimmer = new RecordSkimmer();
            return new ForwardPass(source, handler(fields, sink, skimmer),
                    done -> sink.progress(done, Math.max(total, done)), chunkBytes).run();
        } catch (IOException e) {
            throw TranscriptFile.failed(path, e);
        }
    }

    /** Judges each line by the reader's rules and hands records and problems to {@code sink}; shared with {@link FollowScan}. */
    static <T> ForwardPass.LineHandler handler(FieldReader<T> fields, Sink<T> sink, RecordSkimmer skimmer) {
        return (bytes, lineNumber, lineStart, atFileStart, terminated) -> {
            Object line = LineParser.scan(bytes, lineNumber, lineStart, atFileStart, terminated, fields, skimmer);
            if (line == null) {
                return ForwardPass.BLANK;
            }
            if (line instanceof ProblemLine p) {
                return sink.problem(p) ? ForwardPass.PROBLEM : -ForwardPass.PROBLEM;
            }
            @SuppressWarnings("unchecked")
            Scanned<T> s = (Scanned<T>) line;
            return sink.record(s.span(), s.fields()) ? ForwardPass.RECORD : -ForwardPass.RECORD;
        };
    }
}
