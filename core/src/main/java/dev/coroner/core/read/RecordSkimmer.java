package dev.coroner.core.read;

import com.fasterxml.jackson.core.Base64Variant;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.core.base.ParserMinimalBase;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * The one pass's own reader of a record line (docs/ARCHITECTURE.md, "The pass"): a streaming JSON parser over the
 * bytes of one line that does in a single walk what the general reader does in three — JSON syntax, strict UTF-8 and
 * skipping what a verdict never reads (tool outputs, mostly) — eight bytes at a time inside strings. Strings are
 * decoded only when asked for; names are shared across lines.
 *
 * <p>It is a subset reader, never a second rule: it accepts only what {@link TranscriptJson}'s parser accepts, and
 * gives the same tokens, names, texts, numbers and byte offsets (RecordSkimmerTest compares the two on every fixture
 * line and on thousands of damaged ones). Whatever it does not handle itself — invalid UTF-8, {@code NaN}, a
 * number or a name beyond its small bounds, nesting beyond {@link #MAX_DEPTH}, any syntax error — it
 * {@linkplain Bail gives up on}, and the line goes the general way, which classifies and words every problem.
 */
final class RecordSkimmer extends ParserMinimalBase {

    /** Thrown when the line is not one this reader vouches for; the caller reads the line the general way. */
    static final class Bail extends RuntimeException {
        private static final Bail INSTANCE = new Bail();

        private Bail() {
            super("not a line the skimmer reads", null, false, false);
        }
    }

    /** Deeper lines are read the general way (whose limit is {@link ReadLimits#MAX_NESTING_DEPTH}). */
    static final int MAX_DEPTH = 256;
    /** Longer numbers are read the general way, which applies {@link ReadLimits#MAX_NUMBER_CHARS}. */
    private static final int MAX_NUMBER_BYTES = 1_000;
    /** Longer names are read the general way, which applies {@link ReadLimits#MAX_NAME_CHARS}. */
    private static final int MAX_NAME_BYTES = 64 * 1024;
    /** Names of at most this many bytes, plain ASCII, are shared through {@link #names}. */
    private static final int SHARED_NAME_BYTES = 32;

    private static final long QUOTES = 0x2222222222222222L;
    private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;
    private static final long SPACES = 0x2020202020202020L;

    private byte[] b;
    private int start;
    private int end;
    private int pos;
    private int tokenStart;

    private final boolean[] inObject = new boolean[MAX_DEPTH + 1];
    private int depth;
    /** The root object has been closed: only white space may follow. */
    private boolean rootClosed;

    private String name;
    // the current string (a value, or the name being read): its bytes between the quotes, and what they hold
    private int strFrom;
    private int strTo;
    private boolean strEscaped;
    private boolean strAscii;
    private String text;
    // the current number: its bytes, whether it has a fraction or an exponent, its count of integer digits
    private int numFrom;
    private int numTo;
    private boolean numFloat;
    private int intDigits;

    private char[] chars = new char[256];
    private final String[] names = new String[512];
    private final byte[][] nameBytes = new byte[512][];

    /** Sets the reader on {@code bytes[from, to)}, the trimmed JSON of one line; names read before are kept. */
    RecordSkimmer reset(byte[] bytes, int from, int to) {
        b = bytes;
        start = from;
        end = to;
        pos = from;
        depth = 0;
        rootClosed = false;
        name = null;
        text = null;
        _currToken = null;
        return this;
    }

    // ---- tokens

    @Override
    public JsonToken nextToken() {
        text = null;
        JsonToken t = _currToken;
        if (t == JsonToken.FIELD_NAME) {
            return _currToken = value(skipSpace());
        }
        if (depth == 0) {
            if (t == null && !rootClosed) {
                if (skipSpace() != '{') {
                    throw Bail.INSTANCE;
                }
                return _currToken = value('{');
            }
            if (pos < end && skipSpace() >= 0) {
                throw Bail.INSTANCE; // something after the record
            }
            return _currToken = null;
        }
        int c = skipSpace();
        boolean object = inObject[depth];
        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
            if (c == (object ? '}' : ']')) {
                return _currToken = closeContainer();
            }
        } else if (c == ',') {
            pos++;
            c = skipSpace();
        } else if (c == (object ? '}' : ']')) {
            return _currToken = closeContainer();
        } else {
            throw Bail.INSTANCE;
        }
        if (!object) {
            return _currToken = value(c);
        }
        if (c != '"') {
            throw Bail.INSTANCE;
        }
        tokenStart = pos;
        pos++;
        scanString();
        name = nameOf();
        if (skipSpace() != ':') {
            throw Bail.INSTANCE;
        }
        pos++;
        return _currToken = JsonToken.FIELD_NAME;
    }

    /**
     * {@link KnownNames#next} under this reader: {@link #nextToken} for a member of an object, its name matched by its
     * bytes against {@code known} (an escaped or non-ASCII name is made and compared); an unknown name is not made.
     */
    int nextKnown(KnownNames known) {
        JsonToken t = _currToken;
        if (depth == 0 || !inObject[depth] || t == JsonToken.FIELD_NAME) {
            return nextToken() == JsonToken.FIELD_NAME ? known.indexOf(name) : KnownNames.END;
        }
        text = null;
        int c = skipSpace();
        if (t == JsonToken.START_OBJECT) {
            if (c == '}') {
                _currToken = closeContainer();
                return KnownNames.END;
            }
        } else if (c == ',') {
            pos++;
            c = skipSpace();
        } else if (c == '}') {
            _currToken = closeContainer();
            return KnownNames.END;
        } else {
            throw Bail.INSTANCE;
        }
        if (c != '"') {
            throw Bail.INSTANCE;
        }
        tokenStart = pos;
        pos++;
        scanString();
        int found;
        if (strEscaped || !strAscii) {
            name = nameOf();
            found = known.indexOf(name);
        } else {
            if (strTo - strFrom > MAX_NAME_BYTES) {
                throw Bail.INSTANCE;
            }
            found = known.indexOf(b, strFrom, strTo);
            name = found >= 0 ? known.name(found) : null;
        }
        if (skipSpace() != ':') {
            throw Bail.INSTANCE;
        }
        pos++;
        _currToken = JsonToken.FIELD_NAME;
        return found;
    }

    private JsonToken closeContainer() {
        boolean object = inObject[depth];
        tokenStart = pos;
        pos++;
        depth--;
        if (depth == 0) {
            rootClosed = true;
        }
        return object ? JsonToken.END_OBJECT : JsonToken.END_ARRAY;
    }

    /** The value starting with {@code c} at {@link #pos}. */
    private JsonToken value(int c) {
        tokenStart = pos;
        switch (c) {
            case '{':
            case '[':
                if (depth == MAX_DEPTH) {
                    throw Bail.INSTANCE;
                }
                pos++;
                inObject[++depth] = c == '{';
                return c == '{' ? JsonToken.START_OBJECT : JsonToken.START_ARRAY;
            case '"':
                pos++;
                scanString();
                return JsonToken.VALUE_STRING;
            case 't':
                literal("true");
                return JsonToken.VALUE_TRUE;
            case 'f':
                literal("false");
                return JsonToken.VALUE_FALSE;
            case 'n':
                literal("null");
                return JsonToken.VALUE_NULL;
            default:
                return number(c);
        }
    }

    private void literal(String word) {
        int n = word.length();
        if (end - pos < n) {
            throw Bail.INSTANCE;
        }
        for (int i = 1; i < n; i++) {
            if (b[pos + i] != word.charAt(i)) {
                throw Bail.INSTANCE;
            }
        }
        pos += n;
        delimiter();
    }

    /** RFC 8259 numbers only; NaN, Infinity and their kin go the general way. */
    private JsonToken number(int c) {
        int p = pos;
        if (c == '-') {
            p++;
        }
        int digits = p;
        if (p >= end) {
            throw Bail.INSTANCE;
        }
        if (b[p] == '0') {
            p++;
        } else if (b[p] >= '1' && b[p] <= '9') {
            do {
                p++;
            } while (p < end && b[p] >= '0' && b[p] <= '9');
        } else {
            throw Bail.INSTANCE;
        }
        intDigits = p - digits;
        numFloat = false;
        if (p < end && b[p] == '.') {
            numFloat = true;
            p = digitsAfter(p + 1);
        }
        if (p < end && (b[p] == 'e' || b[p] == 'E')) {
            numFloat = true;
            p++;
            if (p < end && (b[p] == '+' || b[p] == '-')) {
                p++;
            }
            p = digitsAfter(p);
        }
        if (p - pos > MAX_NUMBER_BYTES) {
            throw Bail.INSTANCE;
        }
        numFrom = pos;
        numTo = p;
        pos = p;
        delimiter();
        return numFloat ? JsonToken.VALUE_NUMBER_FLOAT : JsonToken.VALUE_NUMBER_INT;
    }

    private int digitsAfter(int p) {
        int from = p;
        while (p < end && b[p] >= '0' && b[p] <= '9') {
            p++;
        }
        if (p == from) {
            throw Bail.INSTANCE;
        }
        return p;
    }

    /** What may follow a number or a literal: white space, a comma, a closing bracket or the line's end. */
    private void delimiter() {
        if (pos < end) {
            int c = b[pos];
            if (c != ',' && c != '}' && c != ']' && c != ' ' && c != '\t' && c != '\r' && c != '\n') {
                throw Bail.INSTANCE;
            }
        }
    }

    /** The next byte that is not JSON white space, or -1 at the line's end; {@link #pos} is left on it. */
    private int skipSpace() {
        int p = pos;
        while (p < end) {
            int c = b[p] & 0xFF;
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
                pos = p;
                return c;
            }
            p++;
        }
        pos = p;
        if (depth > 0 || _currToken == JsonToken.FIELD_NAME || (_currToken == null && !rootClosed)) {
            throw Bail.INSTANCE; // the line ends inside the record
        }
        return -1;
    }

    /**
     * Scans the string whose first byte is at {@link #pos} (just after its opening quote) to its closing quote,
     * validating escapes and UTF-8 on the way; eight bytes at a time while none of them is a quote, a backslash, a
     * control character or a byte of a multi-byte character (the hottest loop of the pass).
     */
    private void scanString() {
        byte[] bytes = b;
        int p = pos;
        int to = end;
        boolean escaped = false;
        boolean ascii = true;
        strFrom = p;
        while (true) {
            while (p + 8 <= to) {
                long special = specialFlags((long) ByteWords.LONGS.get(bytes, p));
                if (special != 0) {
                    p += ByteWords.firstFlagged(special);
                    break;
                }
                p += 8;
            }
            if (p >= to) {
                throw Bail.INSTANCE; // not closed on this line
            }
            int c = bytes[p] & 0xFF;
            if (c == '"') {
                strTo = p;
                pos = p + 1;
                strEscaped = escaped;
                strAscii = ascii;
                return;
            }
            if (c == '\\') {
                escaped = true;
                // the common escapes (\n, \", \\) stepped over here: a call for each would cost more than the scan
                p = p + 1 < to && SIMPLE_ESCAPE[bytes[p + 1] & 0xFF] ? p + 2 : escape(p);
            } else if (c < 0x20) {
                throw Bail.INSTANCE;
            } else if (c >= 0x80) {
                ascii = false;
                if (c >= 0xC2 && c <= 0xDF && p + 1 < to && (bytes[p + 1] & 0xC0) == 0x80) {
                    p += 2; // the common two-byte character (é, —), checked here without the table
                } else {
                    p = Utf8.sequenceEnd(bytes, p, to); // the validator's own check of one character
                    if (p < 0) {
                        throw Bail.INSTANCE;
                    }
                }
            } else {
                p++;
            }
        }
    }

    /**
     * High bits flagging the bytes of a little-endian word that stop a string scan: a quote, a backslash, a control
     * character, or any byte of 0x80 or more. Only the lowest flag is exact, and only it is used. The subtractions
     * borrow across bytes, so bytes above a special one may be flagged too; but every chain of borrows starts at a
     * special byte, flagged itself (a quote or a backslash turns into 0xFF, a control character into 0xE0 or more),
     * so the lowest flagged byte took no borrow. Then, for a byte below 0x80, {@code (x ^ '"') - 1} sets its high bit
     * only for a quote, {@code (x ^ '\\') - 1} only for a backslash, {@code x - 0x20} only for a control character. A
     * byte of 0x80 or more keeps its high bit through either XOR, and loses it in the subtraction only when the XOR
     * made exactly 0x80: for 0xA2 in the first, for 0xDC in the second, never both. Without the {@code & ~q} per term
     * that a search for one byte needs, nor a fourth term for high bytes: seven operations fewer on the pass's
     * hottest word (RecordSkimmerTest checks it against a byte-by-byte scan).
     */
    static long specialFlags(long x) {
        return (((x ^ QUOTES) - ByteWords.ONES) | ((x ^ BACKSLASHES) - ByteWords.ONES) | (x - SPACES)) & ByteWords.HIGHS;
    }

    /** The bytes that may follow a backslash on their own: {@code " \\ / b f n r t}. */
    private static final boolean[] SIMPLE_ESCAPE = new boolean[256];

    static {
        for (char c : "\"\\/bfnrt".toCharArray()) {
            SIMPLE_ESCAPE[c] = true;
        }
    }

    private int escape(int p) {
        if (p + 1 >= end) {
            throw Bail.INSTANCE;
        }
        int e = b[p + 1] & 0xFF;
        if (SIMPLE_ESCAPE[e]) {
            return p + 2;
        }
        if (e != 'u' || p + 6 > end) {
            throw Bail.INSTANCE;
        }
        for (int i = p + 2; i < p + 6; i++) {
            if (JsonStrings.hex(b[i]) < 0) {
                throw Bail.INSTANCE;
            }
        }
        return p + 6;
    }

    // ---- names and texts

    private String nameOf() {
        int n = strTo - strFrom;
        if (n > MAX_NAME_BYTES) {
            throw Bail.INSTANCE;
        }
        if (strEscaped || !strAscii || n > SHARED_NAME_BYTES) {
            return decode();
        }
        int h = n;
        for (int i = strFrom; i < strTo; i++) {
            h = 31 * h + b[i];
        }
        int slot = (h ^ (h >>> 9)) & (names.length - 1);
        byte[] known = nameBytes[slot];
        if (known != null && known.length == n && sameBytes(known, strFrom)) {
            return names[slot];
        }
        // interned: a field reader's switch on the name then finds its case by identity, not by comparing characters
        String s = new String(b, strFrom, n, StandardCharsets.ISO_8859_1).intern();
        nameBytes[slot] = java.util.Arrays.copyOfRange(b, strFrom, strTo);
        names[slot] = s;
        return s;
    }

    private boolean sameBytes(byte[] known, int from) {
        return java.util.Arrays.equals(known, 0, known.length, b, from, from + known.length);
    }

    /** The current string's characters, as the general reader decodes them (UTF-16; a lone surrogate kept as is). */
    private String decode() {
        if (!strEscaped) {
            return new String(b, strFrom, strTo - strFrom, strAscii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        }
        // the bytes are known good (scanString checked escapes and UTF-8): decoded into one reused char array, which
        // holds at most as many characters as there are bytes
        int n = strTo - strFrom;
        if (chars.length <= n) {
            chars = new char[Math.max(n + 1, 2 * chars.length)];
        }
        return new String(chars, 0, (int) JsonStrings.decode(b, strFrom, strTo, chars, n));
    }

    @Override
    public String getText() {
        JsonToken t = _currToken;
        if (t == JsonToken.VALUE_STRING) {
            if (text == null) {
                text = decode();
            }
            return text;
        }
        if (t == JsonToken.FIELD_NAME) {
            return name;
        }
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
            return numberText();
        }
        return t == null ? null : t.asString();
    }

    @Override
    public int getTextLength() {
        if (_currToken == JsonToken.VALUE_STRING && !strEscaped && strAscii) {
            return strTo - strFrom;
        }
        String s = getText();
        return s == null ? 0 : s.length();
    }

    @Override
    public char[] getTextCharacters() {
        String s = getText();
        return s == null ? null : s.toCharArray();
    }

    @Override
    public int getTextOffset() {
        return 0;
    }

    @Override
    public boolean hasTextCharacters() {
        return false;
    }

    @Override
    public String getCurrentName() {
        if (_currToken == JsonToken.START_OBJECT || _currToken == JsonToken.START_ARRAY) {
            return null; // an unused corner of the general reader's contract: not needed by any field reader
        }
        return name;
    }

    @Override
    public String currentName() {
        return getCurrentName();
    }

    // ---- skipping

    /**
     * Steps over the current container to its closing bracket, checking it as {@link #nextToken} would but making no
     * tokens and no names: most of a record's bytes are skipped here (tool outputs, a result's copy of them), and a
     * name looked up for each key of them cost more than the key's bytes. The reader is left as token by token
     * would leave it: on the closing bracket, that bracket's offset its token's, the skipped value's name current.
     */
    @Override
    public RecordSkimmer skipChildren() {
        if (_currToken != JsonToken.START_OBJECT && _currToken != JsonToken.START_ARRAY) {
            return this;
        }
        int level = depth;
        boolean opened = true; // just after a bracket: a closing one may follow at once, a comma may not
        while (true) {
            int c = skipSpace();
            boolean object = inObject[depth];
            if (c == (object ? '}' : ']')) {
                JsonToken closed = closeContainer();
                if (depth < level) {
                    text = null;
                    _currToken = closed;
                    return this;
                }
                opened = false;
                continue;
            }
            if (!opened) {
                if (c != ',') {
                    throw Bail.INSTANCE;
                }
                pos++;
                c = skipSpace();
            }
            if (object) {
                if (c != '"') {
                    throw Bail.INSTANCE;
                }
                pos++;
                scanString();
                if (strTo - strFrom > MAX_NAME_BYTES || skipSpace() != ':') {
                    throw Bail.INSTANCE;
                }
                pos++;
                c = skipSpace();
            }
            opened = c == '{' || c == '[';
            value(c);
        }
    }

    // ---- numbers

    private String numberText() {
        return new String(b, numFrom, numTo - numFrom, StandardCharsets.ISO_8859_1);
    }

    @Override
    public NumberType getNumberType() {
        if (_currToken == JsonToken.VALUE_NUMBER_FLOAT) {
            return NumberType.DOUBLE;
        }
        if (_currToken != JsonToken.VALUE_NUMBER_INT) {
            return null;
        }
        if (intDigits <= 9) {
            return NumberType.INT;
        }
        if (intDigits <= 18) {
            long v = shortInteger();
            return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? NumberType.INT : NumberType.LONG;
        }
        BigInteger v = getBigIntegerValue();
        return v.bitLength() <= 63 ? NumberType.LONG : NumberType.BIG_INTEGER;
    }

    @Override
    public Number getNumberValue() {
        NumberType type = getNumberType();
        if (type == null) {
            throw Bail.INSTANCE;
        }
        return switch (type) {
            case INT -> getIntValue();
            case LONG -> getLongValue();
            case BIG_INTEGER -> getBigIntegerValue();
            default -> getDoubleValue();
        };
    }

    @Override
    public int getIntValue() {
        return (int) getLongValue();
    }

    @Override
    public long getLongValue() {
        if (_currToken != JsonToken.VALUE_NUMBER_INT) {
            return (long) getDoubleValue();
        }
        return intDigits <= 18 ? shortInteger() : getBigIntegerValue().longValue();
    }

    /**
     * The current integer of at most 18 digits, read off its bytes (what {@code Long.parseLong} of its text gives,
     * without making the text: the pass reads four token counts per assistant record).
     */
    private long shortInteger() {
        int i = numFrom;
        boolean negative = b[i] == '-';
        if (negative) {
            i++;
        }
        long v = 0;
        for (; i < numTo; i++) {
            v = 10 * v + (b[i] - '0');
        }
        return negative ? -v : v;
    }

    /** {@link KnownNames#count} under this reader: the integer that fits a long, else 0 (a container skipped). */
    long countOr0() {
        if (_currToken == JsonToken.VALUE_NUMBER_INT) {
            if (intDigits <= 18) {
                return shortInteger();
            }
            BigInteger v = getBigIntegerValue();
            return v.bitLength() < 64 ? v.longValue() : 0;
        }
        skipChildren();
        return 0;
    }

    @Override
    public BigInteger getBigIntegerValue() {
        if (_currToken != JsonToken.VALUE_NUMBER_INT) {
            return getDecimalValue().toBigInteger();
        }
        return new BigInteger(numberText());
    }

    @Override
    public float getFloatValue() {
        return (float) getDoubleValue();
    }

    @Override
    public double getDoubleValue() {
        if (_currToken != JsonToken.VALUE_NUMBER_INT && _currToken != JsonToken.VALUE_NUMBER_FLOAT) {
            throw Bail.INSTANCE;
        }
        return Double.parseDouble(numberText());
    }

    @Override
    public BigDecimal getDecimalValue() {
        if (_currToken != JsonToken.VALUE_NUMBER_INT && _currToken != JsonToken.VALUE_NUMBER_FLOAT) {
            throw Bail.INSTANCE;
        }
        return new BigDecimal(numberText());
    }

    // ---- where

    /** The current token's start, in bytes from the line's JSON start, as the general reader reports it. */
    @Override
    public JsonLocation getTokenLocation() {
        return new JsonLocation(null, tokenStart - start, -1, -1, -1);
    }

    @Override
    public JsonLocation currentTokenLocation() {
        return getTokenLocation();
    }

    @Override
    public JsonLocation getCurrentLocation() {
        return new JsonLocation(null, pos - start, -1, -1, -1);
    }

    @Override
    public JsonLocation currentLocation() {
        return getCurrentLocation();
    }

    // ---- the rest of the parser contract, which no field reader uses

    @Override
    protected void _handleEOF() throws JsonParseException {
        throw Bail.INSTANCE;
    }

    @Override
    public void close() {
    }

    @Override
    public boolean isClosed() {
        return false;
    }

    @Override
    public JsonStreamContext getParsingContext() {
        throw new UnsupportedOperationException("the skimmer keeps no parsing context");
    }

    @Override
    public void overrideCurrentName(String n) {
        throw new UnsupportedOperationException();
    }

    @Override
    public byte[] getBinaryValue(Base64Variant variant) {
        throw new UnsupportedOperationException();
    }

    @Override
    public ObjectCodec getCodec() {
        return null;
    }

    @Override
    public void setCodec(ObjectCodec codec) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Version version() {
        return Version.unknownVersion();
    }
}
