package dev.coroner.core.durable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The schema tag every file Coroner writes carries, and the one reading of it (docs/ARCHITECTURE.md, "Files Coroner
 * writes"): a writer puts {@link #KEY} {@code {"family","version"}} first in the file; a reader names the family it reads
 * and the newest version it knows, and gets READABLE, UNREADABLE_NEWER, UNTAGGED, MALFORMED or WRONG_FAMILY. Only
 * READABLE is read as a matter of course; a newer version, or a version no Coroner writes, is refused, never parsed on
 * a guess.
 */
public final class DurableSchema {
    /** Where the tag lives in every durable file: one name, so a reader never looks anywhere else. */
    public static final String KEY = "schema";

    private static final ObjectMapper JSON = new ObjectMapper();

    private DurableSchema() {
    }

    /** {@code {"schema": {"family": …, "version": …}}}: the fragment a writer puts at the head of its file. */
    public static Map<String, Object> tag(String family, int version) {
        return Map.of(KEY, new SchemaTag(family, version).asMap());
    }

    /** How {@code record} (a parsed JSON value) reads for a reader of {@code family} that knows versions 1 to {@code ceiling}. */
    public static ReadabilityVerdict classify(JsonNode record, String family, int ceiling) {
        new SchemaTag(family, ceiling); // the reader's own declaration must be well-formed
        JsonNode tag = record != null && record.isObject() ? record.get(KEY) : null;
        SchemaTag found = SchemaTag.parse(tag);
        String named = SchemaTag.family(tag);
        if (found == null && named != null) {
            JsonNode version = tag.get("version");
            return new ReadabilityVerdict(Readability.MALFORMED, family, ceiling, null,
                    "the file says it is a " + named + " file but its version is " + (version == null ? "missing"
                            : shortened(version.toString())) + ", not a whole number from 1 (no Coroner wrote it): it is not"
                            + " read, and not replaced");
        }
        if (found == null) {
            return new ReadabilityVerdict(Readability.UNTAGGED, family, ceiling, null,
                    "the file declares no \"" + KEY + "\" {family, version}: it is not a " + family
                            + " file this version wrote, or it was written before files were tagged");
        }
        if (!found.family().equals(family)) {
            return new ReadabilityVerdict(Readability.WRONG_FAMILY, family, ceiling, found,
                    "the file is a " + found.family() + " file, not a " + family + " file");
        }
        if (found.version() > ceiling) {
            return new ReadabilityVerdict(Readability.UNREADABLE_NEWER, family, ceiling, found,
                    "the file is " + family + " version " + found.version() + ", newer than this Coroner reads ("
                            + ReadabilityVerdict.supported(ceiling) + "): open it with a newer Coroner");
        }
        return new ReadabilityVerdict(Readability.READABLE, family, ceiling, found,
                family + " version " + found.version() + ": readable");
    }

    /** At most 40 characters of a value quoted in a reason: a hostile tag may be long. */
    private static String shortened(String json) {
        return json.length() <= 40 ? json : json.substring(0, 39) + "…";
    }

    /**
     * How the file at {@code path} reads: its bytes parsed as one JSON value and classified. A file that is not JSON is
     * UNTAGGED (it carries no tag this reader can find). Only a regular file of at most {@code cap} bytes is read.
     *
     * @throws IOException the file could not be read at all; {@link RegularFiles.Refused} when it is not a regular
     *                     file or is larger than {@code cap}
     */
    public static ReadabilityVerdict classify(Path path, String family, int ceiling, long cap) throws IOException {
        byte[] bytes = RegularFiles.readAll(path, cap);
        JsonNode record;
        try {
            record = JSON.readTree(bytes);
        } catch (IOException notJson) {
            record = null;
        }
        return classify(record, family, ceiling);
    }
}
