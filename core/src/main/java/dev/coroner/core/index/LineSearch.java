package dev.coroner.core.index;

import dev.coroner.core.read.ByteWords;
import dev.coroner.core.read.TranscriptFile;
import dev.coroner.core.read.TranscriptSource;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Text search over a transcript file's lines without its index, for a search across a corpus (docs/WORKBENCH.md,
 * "Triage"): a line matches as a timeline row does in {@link IndexSearch}, when its raw bytes hold the text, ignoring
 * ASCII case, as typed or as written inside a JSON string. The file is read once, a megabyte at a time.
 */
public final class LineSearch {
    private static final int CHUNK = 1 << 20;
    /** Bytes of the line shown before and after a match, at most. */
    private static final int BEFORE = 24;
    private static final int AFTER = 160;

    /**
     * A matching line.
     *
     * @param line    its 1-based physical line
     * @param excerpt the raw bytes around its first match, decoded as UTF-8 (a cut character is left out)
     */
    public record Match(long line, String excerpt) {
    }

    /**
     * What a search found in one file.
     *
     * @param lines every line that matched, counted
     * @param first the first {@code keep} of them
     */
    public record Result(int lines, List<Match> first) {
    }

    private LineSearch() {
    }

    /** The lines of {@code path} that hold {@code text}: all counted, the first {@code keep} kept. */
    public static Result linesContaining(Path path, String text, int keep, BooleanSupplier cancelled)
            throws UnreadableTranscriptException {
        List<Match> first = new ArrayList<>();
        if (text.isEmpty()) {
            return new Result(0, first);
        }
        List<byte[]> needles = IndexSearch.needles(text);
        int longest = needles.stream().mapToInt(n -> n.length).max().orElse(1);
        int lines = 0;
        try (TranscriptSource source = TranscriptFile.open(path)) {
            long size = source.size();
            // a small file (most of a corpus) gets a buffer of its size, not a megabyte zeroed for nothing
            byte[] buf = new byte[(int) Math.min(CHUNK, size) + longest];
            long pos = 0;
            long line = 1; // the line buf[0] is on
            long lastMatched = 0;
            boolean startsLine = true; // whether buf[0] begins a line
            while (pos < size && !cancelled.getAsBoolean()) {
                ByteBuffer bb = ByteBuffer.wrap(buf, 0, (int) Math.min(buf.length, size - pos));
                int n = TranscriptFile.readAt(source, bb, pos);
                if (n == 0) {
                    break;
                }
                // a match starting at or past `advance` is found again, whole, in the next window
                int advance = pos + n >= size ? n : Math.max(1, n - longest + 1);
                BitSet at = new BitSet(advance); // each needle's first match on each line of the window
                for (byte[] needle : needles) {
                    find(buf, n, advance, needle, at);
                }
                int counted = 0;
                long here = line;
                for (int i = at.nextSetBit(0); i >= 0; i = at.nextSetBit(i + 1)) {
                    here += newlines(buf, counted, i);
                    counted = i;
                    if (here != lastMatched) {
                        lastMatched = here;
                        lines++;
                        if (first.size() < keep) {
                            first.add(new Match(here, excerpt(buf, n, i, longest, startsLine)));
                        }
                    }
                }
                line = here + newlines(buf, counted, advance);
                startsLine = buf[advance - 1] == '\n';
                pos += advance;
            }
        } catch (IOException e) {
            throw new UnreadableTranscriptException(path, "read failed: " + e.getMessage(), e);
        }
        return new Result(lines, first);
    }

    /**
     * Marks where {@code needle} first starts on each line of the window ({@link IndexSearch#nextMatch}); the rest of a
     * line that has it is skipped.
     */
    private static void find(byte[] buf, int n, int advance, byte[] needle, BitSet at) {
        int last = Math.min(advance, n - needle.length + 1); // past the last place a match may start
        int anchor = IndexSearch.anchor(needle);
        int i = 0;
        while ((i = IndexSearch.nextMatch(buf, i, last, needle, anchor)) >= 0) {
            at.set(i);
            i = ByteWords.indexOf(buf, i + 1, advance, (byte) '\n'); // the line counts once: on to its end
            if (i < 0) {
                return;
            }
        }
    }

    private static int newlines(byte[] buf, int from, int to) {
        return ByteWords.count(buf, from, to, (byte) '\n');
    }

    /** The bytes of the match's line around it, within the window, as text. */
    private static String excerpt(byte[] buf, int n, int i, int length, boolean startsLine) {
        int from = i;
        while (from > 0 && i - from < BEFORE && buf[from - 1] != '\n') {
            from--;
        }
        int to = Math.min(n, i + length);
        while (to < n && to - i - length < AFTER && buf[to] != '\n' && buf[to] != '\r') {
            to++;
        }
        while (from < i && (buf[from] & 0xC0) == 0x80) {
            from++; // not inside a character
        }
        while (to > i + length && to < n && (buf[to] & 0xC0) == 0x80) {
            to--;
        }
        String s = new String(buf, from, to - from, StandardCharsets.UTF_8);
        boolean cut = from > 0 ? buf[from - 1] != '\n' : !startsLine;
        return (cut ? "…" : "") + s + (to < n && buf[to] != '\n' ? "…" : "");
    }
}
