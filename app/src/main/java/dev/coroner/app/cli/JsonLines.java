package dev.coroner.app.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.coroner.core.text.SafeJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Writes one JSON object per line with keys in the order given (docs/VERDICTS.md, "Command line"). Every character that is unsafe on
 * a terminal is written as a {@code \}{@code uXXXX} escape, so the output is valid JSON and inert on a screen.
 */
public final class JsonLines {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private final PrintWriter out;

    public JsonLines(PrintWriter out) {
        this.out = out;
    }

    /** Writes {@code fields} (insertion-ordered) as one line. Values: String, Number (a BigDecimal exactly as written), Boolean, List, Map, null. */
    public void write(Map<String, ?> fields) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            g.setCharacterEscapes(SafeJson.ESCAPES);
            writeValue(g, fields);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println(w);
        out.flush();
        OutputFailedException.check(out);
    }

    private static void writeValue(JsonGenerator g, Object v) throws IOException {
        SafeJson.write(g, v, (gen, other) -> {
            if (other instanceof java.math.BigDecimal d) {
                gen.writeNumber(d.toPlainString()); // exact, as written: no binary floating point on the way
            } else if (other instanceof Number n) {
                gen.writeNumber(n.doubleValue());
            } else {
                gen.writeString(other.toString());
            }
        });
    }
}
