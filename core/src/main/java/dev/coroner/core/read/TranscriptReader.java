package dev.coroner.core.read;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a transcript from start to end, one record or one problem per non-blank line (DESIGN §2). Streaming:
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
        try (FileChannel channel = TranscriptFile.open(path)) {
            return new Pass(channel, visitor).run();
        } catch (IOException e) {
            throw TranscriptFile.failed(path, e);
        }
    }

    private static final class Pass {
        private final FileChannel channel;
        private final Visitor visitor;
        private final ByteArrayOutputStream carry = new ByteArrayOutputStream();
        private boolean carryTooBig;
        private long lineStart;
        private long lineNumber = 1;
        private long records;
        private long problems;
        private boolean stopped;

        Pass(FileChannel channel, Visitor visitor) {
            this.channel = channel;
            this.visitor = visitor;
        }

        Summary run() throws IOException {
            ByteBuffer buf = ByteBuffer.allocate(ReadLimits.CHUNK_BYTES);
            byte[] chunk = buf.array();
            long filePos = 0;
            while (!stopped) {
                buf.clear();
                int n = channel.read(buf, filePos);
                if (n <= 0) {
                    break;
                }
                int segStart = 0;
                while (!stopped) {
                    int nl = indexOf(chunk, segStart, n);
                    if (nl < 0) {
                        keep(chunk, segStart, n);
                        break;
                    }
                    long lineEnd = filePos + nl;
                    if (carry.size() == 0 && !carryTooBig) {
                        emit(LineBytes.of(chunk, segStart, nl), lineEnd, true);
                    } else {
                        keep(chunk, segStart, nl);
                        emitCarried(lineEnd, true);
                    }
                    lineStart = lineEnd + 1;
                    lineNumber++;
                    segStart = nl + 1;
                }
                filePos += n;
            }
            if (!stopped && filePos > lineStart) {
                emitCarried(filePos, false);
                lineNumber++;
            }
            return new Summary(records, problems, lineNumber - 1, filePos);
        }

        private void keep(byte[] chunk, int from, int to) {
            if (carryTooBig) {
                return;
            }
            if (carry.size() + (long) (to - from) > ReadLimits.MAX_IN_MEMORY_LINE) {
                carryTooBig = true;
                carry.reset();
                return;
            }
            carry.write(chunk, from, to - from);
        }

        private void emitCarried(long lineEnd, boolean terminated) throws IOException {
            if (carryTooBig) {
                emit(LineBytes.of(channel, lineStart, lineEnd), lineEnd, terminated);
            } else {
                byte[] bytes = carry.toByteArray();
                emit(LineBytes.of(bytes, 0, bytes.length), lineEnd, terminated);
            }
            carry.reset();
            carryTooBig = false;
        }

        private void emit(LineBytes bytes, long lineEnd, boolean terminated) throws IOException {
            TranscriptLine line = LineParser.parse(bytes, lineNumber, lineStart, lineStart == 0, terminated);
            if (line == null) {
                return;
            }
            if (line instanceof TranscriptRecord) {
                records++;
            } else {
                problems++;
            }
            if (!visitor.accept(line)) {
                stopped = true;
            }
        }

        private static int indexOf(byte[] b, int from, int to) {
            for (int i = from; i < to; i++) {
                if (b[i] == '\n') {
                    return i;
                }
            }
            return -1;
        }
    }
}
