package dev.coroner.fleet;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.coroner.core.text.SafeJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * One JSON line as the command line writes it (docs/VERDICTS.md, "Command line"): keys in the order given, every
 * character unsafe on a terminal escaped. The same writer as {@code coroner verdict --json}, so a row is byte for byte
 * what it prints for the keys they share.
 */
final class FleetJson {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private FleetJson() {
    }

    static String line(Map<String, ?> fields) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            g.setCharacterEscapes(SafeJson.ESCAPES);
            SafeJson.write(g, fields, (gen, other) -> gen.writeString(other.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }
}
