package dev.coroner.core.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * Reads a transcript from its END, line by line, and stops at the first line that satisfies a test. Line
 * splitting and parsing are the forward reader's ({@link LineParser}), so for any test the answer equals the
 * last match of a full forward read — at a cost that depends on how far from the end the match is, not on
 * the file's size. Line numbers are not counted (they are 0 in the spans it returns).
 */
public final class TailReader {
    private static final int BLOCK = 64 * 1024;
    /** Python's white space among the ASCII bytes, looked up once per byte of a blank tail. */
    private static final boolean[] ASCII_SPACE = new boolean[0x80];

    static {
        for (int c = 0; c < ASCII_SPACE.length; c++) {
            ASCII_SPACE[c] = PyWhitespace.isSpace(c);
        }
    }

    private TailReader() {
    }

    /** The last record satisfying {@code test}, or null when none does. */
    public static TranscriptRecord lastRecord(Path path, Predicate<TranscriptRecord> test)
            throws UnreadableTranscriptException {
        try (TranscriptSource source = TranscriptFile.open(path)) {
            return scan(source, test);
        } catch (IOException e) {
            throw TranscriptFile.failed(path, e);
        }
    }

    /**
     * Hands each line from the end, record or problem (blank lines are skipped), to {@code visit} until it returns
     * false. Spans carry line 0: see {@link #lineAt}.
     *
     * @return the file's size when the scan began
     */
    public static long linesBack(Path path, Predicate<TranscriptLine> visit) throws UnreadableTranscriptException {
        try (TranscriptSource source = TranscriptFile.open(path)) {
            long size = source.size();
            scan(source, size, visit);
            return size;
        } catch (IOException e) {
            throw TranscriptFile.failed(path, e);
        }
    }

    /** The 1-based physical line that starts at byte {@code offset}: one more than the {@code \n} bytes before it. */
    public static long lineAt(Path path, long offset) throws UnreadableTranscriptException {
        try (TranscriptSource source = TranscriptFile.open(path)) {
            ByteBuffer buf = ByteBuffer.allocate(BLOCK);
            long line = 1;
            long pos = 0;
            while (pos < offset) {
                buf.clear();
                buf.limit((int) Math.min(BLOCK, offset - pos));
                int n = TranscriptFile.readAt(source, buf, pos);
                if (n == 0) {
                    break;
                }
                line += ByteWords.count(buf.array(), 0, n, (byte) '\n');
                pos += n;
            }
            return line;
        } catch (IOException e) {
            throw TranscriptFile.failed(path, e);
        }
    }

    private static TranscriptRecord scan(TranscriptSource source, Predicate<TranscriptRecord> test) throws IOException {
        TranscriptRecord[] found = {null};
        scan(source, source.size(), line -> {
            if (line instanceof TranscriptRecord r && test.test(r)) {
                found[0] = r;
                return false;
            }
            return true;
        });
        return found[0];
    }

    private static void scan(TranscriptSource source, long size, Predicate<TranscriptLine> visit) throws IOException {
        Window window = new Window(source);
        long lineEnd = size;
        while (lineEnd >= 0) {
            // blank lines give no row: skip them in the window, never one copy and one parse per line (issue 13)
            lineEnd = window.endOfLastLineNotBlank(lineEnd);
            if (lineEnd < 0) {
                return;
            }
            long nl = window.lastNewlineBefore(lineEnd);
            long start = nl + 1;
            long length = lineEnd - start;
            if (length > 0) {
                // a line too long to hold is read with its long strings cut (LongLine): never a 300 MB string
                TranscriptLine line = length <= ReadLimits.MAX_IN_MEMORY_LINE
                        ? LineParser.parse(LineBytes.of(LineBytes.copy(source, start, lineEnd), 0, (int) length), 0, start,
                                start == 0, lineEnd < size)
                        : LongLine.parse(LineBytes.of(source, start, lineEnd), 0, start, start == 0, lineEnd < size);
                if (line != null && !visit.test(line)) {
                    return;
                }
            }
            if (nl < 0) {
                break;
            }
            lineEnd = nl;
        }
    }

    /** A block of the file, re-read as the scan walks backwards. */
    private static final class Window {
        private final TranscriptSource source;
        private final ByteBuffer buf = ByteBuffer.allocate(BLOCK);
        private long start = -1;
        private int len;

        Window(TranscriptSource source) {
            this.source = source;
        }

        /**
         * Where the line ends that holds the last byte before {@code end} that is not white space, walking back over
         * lines that hold only white space (docs/VERDICTS.md, "Reading": Python's white space, on its UTF-8 bytes);
         * -1 when everything before {@code end} is white space. A white-space character cut by the window's edge, or
         * a BOM, stops the walk early: the parser then judges that line as it judges every line, so the answer is the
         * same, only that line is slower.
         */
        long endOfLastLineNotBlank(long end) throws IOException {
            long lineEnd = end;
            long p = end - 1;
            while (p >= 0) {
                if (start < 0 || p < start || p >= start + len) {
                    load(p);
                }
                byte[] a = buf.array();
                for (int i = (int) (p - start); i >= 0; i--) {
                    byte c = a[i];
                    if (c == '\n') {
                        lineEnd = start + i;
                    } else if (c >= 0) {
                        if (!ASCII_SPACE[c]) {
                            return lineEnd;
                        }
                    } else {
                        int w = PyWhitespace.spaceEndingAt(a, i);
                        if (w == 0) {
                            return lineEnd;
                        }
                        i -= w - 1;
                    }
                }
                p = start - 1;
            }
            return -1;
        }

        /** Position of the last '\n' before {@code end}, or -1. */
        long lastNewlineBefore(long end) throws IOException {
            long p = end - 1;
            while (p >= 0) {
                if (start < 0 || p < start || p >= start + len) {
                    load(p);
                }
                byte[] a = buf.array();
                for (int i = (int) (p - start); i >= 0; i--) {
                    if (a[i] == '\n') {
                        return start + i;
                    }
                }
                p = start - 1;
            }
            return -1;
        }

        private void load(long last) throws IOException {
            start = Math.max(0, last - BLOCK + 1);
            buf.clear();
            buf.limit((int) (last + 1 - start));
            len = TranscriptFile.readAt(source, buf, start);
        }
    }
}
