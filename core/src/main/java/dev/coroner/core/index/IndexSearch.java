package dev.coroner.core.index;

import dev.coroner.core.read.ByteWords;
import dev.coroner.core.read.TranscriptFile;
import dev.coroner.core.read.TranscriptSource;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Text search over a transcript's rows, reading the file's bytes once: a row matches when its raw line holds the
 * text, ignoring ASCII case. The text is looked for as typed and as it is written inside a JSON string (quotes,
 * backslashes and line breaks escaped), since that is how it sits in the file.
 */
public final class IndexSearch {
    private static final int CHUNK = 1 << 20;

    private IndexSearch() {
    }

    /** The rows (below {@code index.size()} at the start) whose line holds {@code text}. */
    public static BitSet rowsContaining(TranscriptIndex index, String text, BooleanSupplier cancelled)
            throws UnreadableTranscriptException {
        BitSet hits = new BitSet();
        int rows = index.size();
        if (text.isEmpty() || rows == 0) {
            return hits;
        }
        List<byte[]> needles = needles(text);
        int longest = needles.stream().mapToInt(n -> n.length).max().orElse(1);
        long end = index.offset(rows - 1) + index.length(rows - 1);
        try (TranscriptSource source = TranscriptFile.open(index.path())) {
            byte[] buf = new byte[CHUNK + longest];
            long pos = index.offset(0);
            while (pos < end && !cancelled.getAsBoolean()) {
                int want = (int) Math.min(buf.length, end - pos);
                ByteBuffer bb = ByteBuffer.wrap(buf, 0, want);
                int n = TranscriptFile.readAt(source, bb, pos);
                if (n == 0) {
                    break;
                }
                for (byte[] needle : needles) {
                    find(buf, n, needle, pos, index, hits);
                }
                if (pos + n >= end) {
                    break;
                }
                pos += Math.max(1, n - longest + 1);
            }
        } catch (IOException e) {
            throw new UnreadableTranscriptException(index.path(), "read failed: " + e.getMessage(), e);
        }
        return hits;
    }

    private static void find(byte[] buf, int n, byte[] needle, long base, TranscriptIndex index, BitSet hits) {
        int last = n - needle.length + 1; // past the last place a match may start
        int anchor = anchor(needle);
        int i = 0;
        while ((i = nextMatch(buf, i, last, needle, anchor)) >= 0) {
            long at = base + i;
            int row = index.rowAt(at);
            long rowEnd = row < 0 ? -1 : index.offset(row) + index.length(row);
            if (row >= 0 && at + needle.length <= rowEnd) {
                hits.set(row);
                i = (int) Math.min(n, rowEnd - base); // the row counts once: on past its end
            } else {
                i++;
            }
        }
    }

    /** Bytes common in transcripts, the most common first: a search looks first for a byte of its text not among them. */
    private static final String COMMON = " etaoinsrhldcu\"mfpgwybv,:.k0123456789-_/\\{}[]";

    /** Which of the needle's bytes to look for first: the least common, the first of equals. */
    static int anchor(byte[] needle) {
        int best = 0;
        int bestRank = -1;
        for (int k = 0; k < needle.length; k++) {
            int r = COMMON.indexOf(needle[k]);
            int rank = r < 0 ? Integer.MAX_VALUE : r;
            if (rank > bestRank) {
                best = k;
                bestRank = rank;
            }
        }
        return best;
    }

    /**
     * The first place in {@code [from, last)} where {@code needle} starts, ignoring ASCII case, or -1. The places its
     * byte at {@code anchor} ({@link #anchor}) could be are found eight bytes at a time ({@link ByteWords}), and each
     * is checked against the whole needle; {@code buf} holds the needle's length past {@code last - 1}.
     */
    static int nextMatch(byte[] buf, int from, int last, byte[] needle, int anchor) {
        int i = from;
        while (i < last) {
            int found = ByteWords.indexOfIgnoringAsciiCase(buf, i + anchor, last + anchor, needle[anchor]);
            if (found < 0) {
                return -1;
            }
            i = found - anchor;
            if (matchesAt(buf, i, needle)) {
                return i;
            }
            i++;
        }
        return -1;
    }

    /** {@code text} lower-cased as typed and as written inside a JSON string, as UTF-8 with ASCII lower-cased. */
    static List<byte[]> needles(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        Set<String> forms = new LinkedHashSet<>();
        forms.add(lower);
        forms.add(lower.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t")
                .replace("\r", "\\r"));
        List<byte[]> out = new ArrayList<>();
        for (String f : forms) {
            byte[] b = f.getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < b.length; i++) {
                b[i] = lower(b[i]);
            }
            out.add(b);
        }
        return out;
    }

    /** Whether {@code needle} (from {@link #needles}) starts at {@code buf[i]}, ignoring ASCII case; it fits there. */
    static boolean matchesAt(byte[] buf, int i, byte[] needle) {
        for (int j = 0; j < needle.length; j++) {
            if (lower(buf[i + j]) != needle[j]) {
                return false;
            }
        }
        return true;
    }

    private static byte lower(byte b) {
        return b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
    }
}
