package dev.coroner.core.read;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;

/**
 * The one JSON configuration for transcript lines, parsed the way the reference's Python {@code json.loads}
 * does (docs/VERDICTS.md, "Reading"): RFC 8259 plus {@code NaN}/{@code Infinity}/{@code -Infinity}; duplicate keys, last wins;
 * nothing after the value.
 */
public final class TranscriptJson {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(ReadLimits.MAX_NESTING_DEPTH)
                    .maxStringLength(ReadLimits.MAX_STRING_CHARS)
                    .maxNumberLength(ReadLimits.MAX_NUMBER_CHARS)
                    .maxNameLength(ReadLimits.MAX_NAME_CHARS)
                    .build())
            .build();

    private static final ObjectMapper MAPPER = new ObjectMapper(FACTORY)
            .disable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    private static final ObjectReader READER = MAPPER.reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private TranscriptJson() {
    }

    /** Reads one line's JSON value; rejects trailing data. */
    public static ObjectReader lineReader() {
        return READER;
    }

    /** A mapper for writing (pretty JSON in the detail view, reports). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }
}
