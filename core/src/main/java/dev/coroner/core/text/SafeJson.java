package dev.coroner.core.text;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * JSON that is inert on a terminal, for everything Coroner prints or writes as JSON (the command line's rows, reports):
 * every character {@link ControlChars} calls unsafe, and DEL, is written as a {@code \}{@code uXXXX} escape, so the text
 * stays valid JSON and a transcript's control or bidi characters never act on a screen or a printout.
 */
public final class SafeJson {
    /** Set on a generator with {@link JsonGenerator#setCharacterEscapes}. */
    public static final CharacterEscapes ESCAPES = new CharacterEscapes() {
        private final int[] ascii = standardAsciiEscapesForJSON();

        {
            ascii[0x7F] = CharacterEscapes.ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return ControlChars.isUnsafe(ch) ? new SerializedString(String.format(Locale.ROOT, "\\u%04x", ch)) : null;
        }
    };

    /** What a writer does with a value that is none of the kinds {@link #write} knows. */
    @FunctionalInterface
    public interface Other {
        void write(JsonGenerator g, Object value) throws IOException;
    }

    private SafeJson() {
    }

    /**
     * Writes {@code v}: null, a string, a boolean, an integer ({@code Integer}, {@code Long}, {@code BigInteger}), a map
     * (its entries in their order) or a list of these; anything else is handed to {@code other}.
     */
    public static void write(JsonGenerator g, Object v, Other other) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof BigInteger bi) {
            g.writeNumber(bi);
        } else if (v instanceof Long l) {
            g.writeNumber(l);
        } else if (v instanceof Integer i) {
            g.writeNumber(i);
        } else if (v instanceof Map<?, ?> map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                write(g, e.getValue(), other);
            }
            g.writeEndObject();
        } else if (v instanceof List<?> list) {
            g.writeStartArray();
            for (Object o : list) {
                write(g, o, other);
            }
            g.writeEndArray();
        } else {
            other.write(g, v);
        }
    }
}
