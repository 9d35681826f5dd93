package dev.coroner.core.read;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A few member names a field reader looks for in one object, matched by their bytes while the one pass's skimmer reads
 * (docs/ARCHITECTURE.md, "The pass"): no name is made or looked up for a member, and the reader switches on an index.
 * Made for the small objects every record of a kind carries (an assistant record's {@code message.usage}), where
 * making each member's name cost more than the member. Read the general way, the same members give the same indexes.
 */
public final class KnownNames {
    /** {@link #next}: the member is none of the names (the caller skips its value). */
    public static final int OTHER = -1;
    /** {@link #next}: the object has ended (the reader is on its closing bracket). */
    public static final int END = -2;

    private final String[] names;
    private final byte[][] bytes;

    /** @param names plain ASCII names */
    public KnownNames(String... names) {
        this.names = names.clone();
        this.bytes = new byte[names.length][];
        for (int i = 0; i < names.length; i++) {
            bytes[i] = names[i].getBytes(StandardCharsets.US_ASCII);
            if (!names[i].equals(new String(bytes[i], StandardCharsets.US_ASCII))) {
                throw new IllegalArgumentException("not a plain ASCII name: " + names[i]);
            }
        }
    }

    /**
     * Steps to the next member of the object being read (just after its {@code START_OBJECT}, or after a member's
     * value): the index of its name among these, {@link #OTHER}, or {@link #END} at the object's end. The reader is then
     * on the member's name, and {@code nextToken()} reads its value. Under the skimmer the name of an {@link #OTHER}
     * member is not made: {@code currentName()} gives null for it.
     */
    public int next(JsonParser p) throws IOException {
        if (p instanceof RecordSkimmer s) {
            return s.nextKnown(this);
        }
        return p.nextToken() == JsonToken.FIELD_NAME ? indexOf(p.currentName()) : END;
    }

    /**
     * The largest token count read: 2^53 - 1, the last integer JSON readers agree on (RFC 8259, section 6) and the
     * last a JavaScript number holds exactly. A larger one is not a count a model call billed (docs/COST.md).
     */
    public static final long MAX_COUNT = (1L << 53) - 1;

    /**
     * A token count (docs/COST.md, "Counting"): the current value when it is an integer from 0 to {@link #MAX_COUNT},
     * else 0 (negative, too large, not an integer, not a number); consumes the value (a container is skipped).
     */
    public static long count(JsonParser p, JsonToken v) throws IOException {
        long n;
        if (p instanceof RecordSkimmer s) {
            n = s.countOr0();
        } else if (v == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
            n = p.getLongValue();
        } else {
            p.skipChildren();
            return 0;
        }
        return n >= 0 && n <= MAX_COUNT ? n : 0;
    }

    int indexOf(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return OTHER;
    }

    /** The index of the name whose bytes are {@code b[from, to)}, else {@link #OTHER}. */
    int indexOf(byte[] b, int from, int to) {
        int n = to - from;
        for (int i = 0; i < bytes.length; i++) {
            byte[] k = bytes[i];
            if (k.length == n && java.util.Arrays.equals(k, 0, n, b, from, to)) {
                return i;
            }
        }
        return OTHER;
    }

    String name(int i) {
        return names[i];
    }
}
