package dev.coroner.core.read;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;

/**
 * Turns the bytes of one physical line into a record, a problem, or nothing (a blank line), by the rules of
 * docs/VERDICTS.md, "Reading". Shared by the forward reader and the from-the-end reader so the two cannot disagree.
 */
final class LineParser {
    private static final int MAX_MESSAGE_CHARS = 200;
    /** The UTF-8 byte order mark's length; a file may start with one, and it is dropped (docs/VERDICTS.md, "Reading"). */
    static final int BOM_LENGTH = 3;

    private LineParser() {
    }

    /**
     * @param lineNumber 1-based, or 0 when unknown
     * @param offset     absolute offset of {@code bytes}' first byte
     * @param atFileStart whether the line starts at byte 0 (a BOM there is dropped)
     * @param terminated whether a {@code \n} follows the line
     * @return the line, or null when it is blank
     */
    static TranscriptLine parse(LineBytes bytes, long lineNumber, long offset, boolean atFileStart, boolean terminated)
            throws IOException {
        return (TranscriptLine) run(bytes, lineNumber, offset, atFileStart, terminated, null, null);
    }

    /**
     * The same rules as {@link #parse}, but a line that holds a JSON object is read by {@code fields} from a
     * streaming parser instead of being built into a tree.
     *
     * @return null for a blank line, a {@link ProblemLine}, or a {@link TranscriptScan.Scanned} with the fields
     */
    static Object scan(LineBytes bytes, long lineNumber, long offset, boolean atFileStart, boolean terminated,
                       TranscriptScan.FieldReader<?> fields) throws IOException {
        return scan(bytes, lineNumber, offset, atFileStart, terminated, fields, null);
    }

    /**
     * The same, trying {@code skimmer} first: a line it reads is read in one walk; a line it gives up on is read
     * exactly as {@link #scan(LineBytes, long, long, boolean, boolean, TranscriptScan.FieldReader)} reads it.
     */
    static Object scan(LineBytes bytes, long lineNumber, long offset, boolean atFileStart, boolean terminated,
                       TranscriptScan.FieldReader<?> fields, RecordSkimmer skimmer) throws IOException {
        return run(bytes, lineNumber, offset, atFileStart, terminated, fields, skimmer);
    }

    private static Object run(LineBytes bytes, long lineNumber, long offset, boolean atFileStart, boolean terminated,
                              TranscriptScan.FieldReader<?> fields, RecordSkimmer skimmer) throws IOException {
        long from = 0;
        long to = bytes.length();
        if (atFileStart && startsWithBom(bytes)) {
            from = BOM_LENGTH;
        }
        SourceSpan span = new SourceSpan(lineNumber, offset + from, to - from);
        FileSignature other = atFileStart ? FileSignature.of(bytes, from) : null;
        if (other != null) {
            return new ProblemLine(span, ProblemKind.NOT_A_TRANSCRIPT, other.message);
        }
        long[] trimmed = PyWhitespace.trim(bytes, from, to);
        long a = trimmed[0];
        long b = trimmed[1];
        if (a >= b) {
            return null;
        }
        if (b - a >= BOM_LENGTH && bytes.at(a) == 0xEF && bytes.at(a + 1) == 0xBB && bytes.at(a + 2) == 0xBF) {
            // only the file may start with a BOM; on a line it is a character before the JSON, which Python's json
            // refuses (docs/VERDICTS.md, "Reading"): the parser would drop it, as if the line were the file's start
            String msg = "not JSON: a byte order mark (U+FEFF) at byte " + (a - from + 1)
                    + " of the line; only the file's first bytes may be one";
            return terminated ? new ProblemLine(span, ProblemKind.MALFORMED_JSON, msg) : incomplete(span, msg);
        }
        if (skimmer != null && fields != null && bytes instanceof LineBytes.InMemory m) {
            Object skimmed = skim(skimmer, m, a, b, span, fields);
            if (skimmed != null) {
                return skimmed; // well-formed JSON, strict UTF-8, an object: what the checks below would have found
            }
        }
        long badByte = firstUtf8Error(bytes, a, b);
        if (badByte >= 0) {
            String msg = "invalid UTF-8 at byte " + (badByte - from + 1) + " of the line";
            return terminated
                    ? new ProblemLine(span, ProblemKind.INVALID_UTF8, msg)
                    : incomplete(span, msg);
        }
        if (fields != null) {
            Object scanned = scanFields(bytes, a, b, span, fields);
            if (scanned != null) {
                return scanned;
            }
            // not an object, or not valid JSON: the tree path below words the problem exactly as the reader does
        }
        if (!(bytes instanceof LineBytes.InMemory)) {
            Object streamed = classifyStreaming(bytes, a, b, from, span, terminated);
            if (streamed != null) {
                return streamed; // a line too long to hold that is not an object, or not JSON: no tree built
            }
        }
        JsonNode node;
        try {
            if (bytes instanceof LineBytes.InMemory m) {
                node = TranscriptJson.readTree(m.bytes, m.from + (int) a, (int) (b - a));
            } else {
                try (InputStream in = bytes.stream(a, b)) {
                    node = TranscriptJson.readTree(in);
                }
            }
        } catch (JsonProcessingException | java.io.CharConversionException e) {
            return parserProblem(e, span, a - from, terminated);
        } catch (StackOverflowError e) {
            // a safety net only: the nesting limit above stops deep input long before the stack runs out
            return new ProblemLine(span, ProblemKind.TOO_DEEP, "JSON nests too deeply to read");
        }
        if (node instanceof ObjectNode object) {
            if (fields != null) {
                // the streaming read gave up where the tree read did not: read the fields from the tree
                try (JsonParser p = object.traverse()) {
                    p.nextToken();
                    return new TranscriptScan.Scanned<>(span, fields.read(p, new Slice(bytes, a, b)));
                }
            }
            return new TranscriptRecord(span, object);
        }
        return new ProblemLine(span, ProblemKind.NOT_AN_OBJECT,
                "a JSON " + describe(node) + ", not a record object");
    }

    /**
     * A line too long to hold in memory, classified by a streaming walk that skips every value undecoded, so a
     * malformed or non-object line of any size costs a few KB (docs/ARCHITECTURE.md, "Bounded work on hostile
     * input"): the same problem, in the same words, as the tree path gives. Null when the line is a well-formed
     * object (the tree path then reads it, as before).
     */
    private static Object classifyStreaming(LineBytes bytes, long a, long b, long from, SourceSpan span,
                                            boolean terminated) throws IOException {
        try (JsonParser p = TranscriptJson.parser(bytes.stream(a, b))) {
            JsonToken first = p.nextToken();
            if (first == null) {
                return null;
            }
            p.skipChildren();
            JsonToken after = p.nextToken();
            if (after != null) { // the words and place the tree reader's trailing-token check gives
                String msg = "not JSON: " + shorten(TranscriptJson.trailing(after))
                        + column(p.currentTokenLocation(), a - from);
                return terminated ? new ProblemLine(span, ProblemKind.MALFORMED_JSON, msg) : incomplete(span, msg);
            }
            if (first == JsonToken.START_OBJECT) {
                return null;
            }
            return new ProblemLine(span, ProblemKind.NOT_AN_OBJECT, "a JSON " + describe(first) + ", not a record object");
        } catch (JsonProcessingException | java.io.CharConversionException e) {
            return parserProblem(e, span, a - from, terminated);
        }
    }

    private static String describe(JsonToken t) {
        return switch (t) {
            case START_ARRAY -> "array";
            case VALUE_STRING -> "string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
            case VALUE_TRUE, VALUE_FALSE -> "boolean";
            case VALUE_NULL -> "null";
            default -> "value";
        };
    }

    /**
     * Streams one object line through {@code fields}; null when the line is not a well-formed object (the caller
     * then takes the tree path, so problems are classified and worded in one place).
     */
    private static Object scanFields(LineBytes bytes, long a, long b, SourceSpan span,
                                     TranscriptScan.FieldReader<?> fields) throws IOException {
        try (JsonParser p = bytes instanceof LineBytes.InMemory m
                ? TranscriptJson.parser(m.bytes, m.from + (int) a, (int) (b - a))
                : TranscriptJson.parser(bytes.stream(a, b))) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            Object value = fields.read(p, new Slice(bytes, a, b));
            if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
                return null;
            }
            return new TranscriptScan.Scanned<>(span, value);
        } catch (JsonProcessingException | java.io.CharConversionException | StackOverflowError e) {
            return null;
        }
    }

    /** Reads one object line with the skimmer; null when it gave up (the line then goes the general way). */
    private static Object skim(RecordSkimmer skimmer, LineBytes.InMemory m, long a, long b, SourceSpan span,
                               TranscriptScan.FieldReader<?> fields) throws IOException {
        try {
            skimmer.reset(m.bytes, m.from + (int) a, m.from + (int) b);
            if (skimmer.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            Object value = fields.read(skimmer, new Slice(m, a, b));
            if (skimmer.currentToken() != JsonToken.END_OBJECT || skimmer.nextToken() != null) {
                return null;
            }
            return new TranscriptScan.Scanned<>(span, value);
        } catch (RecordSkimmer.Bail e) {
            return null;
        }
    }

    /** The trimmed JSON of one line, for a field reader to come back to (see {@link JsonLine}). */
    private record Slice(LineBytes bytes, long a, long b) implements JsonLine {
        @Override
        public long length() {
            return b - a;
        }

        @Override
        public JsonParser valueAt(long byteOffset) throws IOException {
            if (byteOffset < 0 || byteOffset >= b - a) {
                return null; // a tree-backed parser reports no byte offsets
            }
            JsonParser p = bytes instanceof LineBytes.InMemory m
                    ? TranscriptJson.parser(m.bytes, m.from + (int) (a + byteOffset),
                            (int) (b - a - byteOffset))
                    : TranscriptJson.parser(bytes.stream(a + byteOffset, b));
            p.nextToken();
            return p;
        }

        @Override
        public StringPrefix stringPrefix(long byteOffset, int maxChars) throws IOException {
            if (byteOffset < 0 || byteOffset >= b - a || bytes.at(a + byteOffset) != '"') {
                return null;
            }
            // a character takes at most 12 bytes (two escaped UTF-16 units): read that many, decode them
            long from = a + byteOffset;
            long to = Math.min(b, from + 1 + 12L * maxChars);
            return JsonStrings.prefix(bytes.copy(from, to), maxChars);
        }

        @Override
        public byte[] bytes(int max) throws IOException {
            if (b - a > max) {
                return null;
            }
            return bytes.copy(a, b);
        }
    }

    /** Whether {@code bytes} start with the UTF-8 byte order mark EF BB BF: the one BOM rule. */
    static boolean startsWithBom(LineBytes bytes) throws IOException {
        return bytes.length() >= BOM_LENGTH && bytes.at(0) == 0xEF && bytes.at(1) == 0xBB && bytes.at(2) == 0xBF;
    }

    /**
     * The problem a parser's refusal makes, worded once for the tree path and the streaming walk of a long line: a
     * limit (too deep, too large), or malformed JSON with where; leading NULs the parser takes for UTF-32 are malformed
     * too (found by fuzzing).
     */
    private static ProblemLine parserProblem(Exception e, SourceSpan span, long trimmedStart, boolean terminated) {
        if (e instanceof StreamConstraintsException c) {
            String m = c.getOriginalMessage();
            boolean depth = m != null && m.contains("nesting depth");
            return new ProblemLine(span, depth ? ProblemKind.TOO_DEEP : ProblemKind.TOO_LARGE,
                    depth ? "JSON nests deeper than " + ReadLimits.MAX_NESTING_DEPTH + " levels"
                          : "value beyond the reader's limits: " + shorten(m));
        }
        String msg = e instanceof JsonProcessingException j
                ? "not JSON: " + shorten(j.getOriginalMessage()) + column(j.getLocation(), trimmedStart)
                : "not JSON: " + shorten(e.getMessage());
        return terminated ? new ProblemLine(span, ProblemKind.MALFORMED_JSON, msg) : incomplete(span, msg);
    }

    private static ProblemLine incomplete(SourceSpan span, String cause) {
        return new ProblemLine(span, ProblemKind.INCOMPLETE,
                "last line has no newline and does not parse — torn, or still being written (" + cause + ")");
    }

    private static long firstUtf8Error(LineBytes bytes, long a, long b) throws IOException {
        if (bytes instanceof LineBytes.InMemory m) {
            long e = Utf8.firstError(m.bytes, m.from + (int) a, m.from + (int) b);
            return e < 0 ? -1 : a + e;
        }
        Utf8 v = new Utf8();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = bytes.stream(a, b)) {
            int n;
            while ((n = in.read(buf)) > 0) {
                if (!v.feed(buf, 0, n)) {
                    break;
                }
            }
        }
        v.finish();
        return v.errorAt() < 0 ? -1 : a + v.errorAt();
    }

    private static String column(JsonLocation loc, long trimmedStart) {
        if (loc == null) {
            return "";
        }
        long off = loc.getByteOffset() >= 0 ? loc.getByteOffset() : loc.getCharOffset();
        return off < 0 ? "" : " (at byte " + (trimmedStart + off + 1) + " of the line)";
    }

    private static String describe(JsonNode node) {
        return switch (node.getNodeType()) {
            case ARRAY -> "array";
            case STRING -> "string";
            case NUMBER -> "number";
            case BOOLEAN -> "boolean";
            case NULL -> "null";
            default -> "value";
        };
    }

    static String shorten(String s) {
        if (s == null) {
            return "unknown error";
        }
        String one = s.replace('\n', ' ').replace('\r', ' ');
        return one.length() <= MAX_MESSAGE_CHARS ? one : one.substring(0, MAX_MESSAGE_CHARS) + "…";
    }
}
