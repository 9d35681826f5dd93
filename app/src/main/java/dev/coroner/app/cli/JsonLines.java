package dev.coroner.app.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.coroner.core.text.ControlChars;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * Writes one JSON object per line with keys in the order given (docs/VERDICTS.md, "Command line"). Every character that is unsafe on
 * a terminal is written as a {@code \}{@code uXXXX} escape, so the output is valid JSON and inert on a screen.
 */
public final class JsonLines {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();
    private static final CharacterEscapes ESCAPES = new CharacterEscapes() {
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
            return ControlChars.isUnsafe(ch) ? new SerializedString(String.format("\\u%04x", ch)) : null;
        }
    };

    private final PrintWriter out;

    public JsonLines(PrintWriter out) {
        this.out = out;
    }

    /** Writes {@code fields} (insertion-ordered) as one line. Values: String, Number, Boolean, List, null. */
    public void write(Map<String, ?> fields) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            g.setCharacterEscapes(ESCAPES);
            writeValue(g, fields);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println(w);
        out.flush();
        OutputFailedException.check(out);
    }

    private static void writeValue(JsonGenerator g, Object v) throws IOException {
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
        } else if (v instanceof Number n) {
            g.writeNumber(n.doubleValue());
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                writeValue(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof List<?> list) {
            g.writeStartArray();
            for (Object o : list) {
                writeValue(g, o);
            }
            g.writeEndArray();
        } else {
            g.writeString(v.toString());
        }
    }
}
