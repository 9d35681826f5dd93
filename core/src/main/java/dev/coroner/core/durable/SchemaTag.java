package dev.coroner.core.durable;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The format a durable file says it is in (docs/ARCHITECTURE.md, "Files Coroner writes"): a family (what kind of
 * file: {@code coroner-report}, {@code coroner-workspace}) and a 1-based version. The version moves only when a
 * reader of the old version could no longer read the new shape; a field added with a default does not move it.
 */
public record SchemaTag(String family, int version) {
    public SchemaTag {
        Objects.requireNonNull(family);
        if (family.isBlank()) {
            throw new IllegalArgumentException("a schema tag names its family");
        }
        if (version < 1) {
            throw new IllegalArgumentException("schema versions start at 1, not " + version);
        }
    }

    /**
     * The tag a {@code "schema"} value declares, or null when it is absent or not exactly
     * {@code {"family": non-empty string, "version": integer >= 1}}. Coroner never wrote any other shape, so any other
     * shape (a bare number, a string, a fractional version) is not guessed at: it is no tag, and when it names a family
     * ({@link #family}) the file is MALFORMED, never read as untagged.
     */
    public static SchemaTag parse(JsonNode value) {
        if (value == null || !value.isObject()) {
            return null;
        }
        JsonNode family = value.get("family");
        JsonNode version = value.get("version");
        if (family == null || !family.isTextual() || family.asText().isBlank()
                || version == null || !version.isIntegralNumber() || !version.canConvertToInt() || version.asInt() < 1) {
            return null;
        }
        return new SchemaTag(family.asText(), version.asInt());
    }

    /**
     * The family a {@code "schema"} value names (a non-blank string under {@code "family"}), whatever its version says;
     * null when it names none. With {@link #parse} giving null, this tells a malformed tag from no tag at all.
     */
    public static String family(JsonNode value) {
        if (value == null || !value.isObject()) {
            return null;
        }
        JsonNode family = value.get("family");
        return family != null && family.isTextual() && !family.asText().isBlank() ? family.asText() : null;
    }

    /** {@code {"family": …, "version": …}}, in that order: what a writer puts under {@code "schema"}. */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("family", family);
        m.put("version", version);
        return m;
    }

    @Override
    public String toString() {
        return family + " v" + version;
    }
}
