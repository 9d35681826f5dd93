package dev.coroner.core.index;

import com.fasterxml.jackson.core.JsonParser;
import dev.coroner.core.read.Harness;
import dev.coroner.core.read.JsonLine;
import dev.coroner.core.read.ReadLimits;
import dev.coroner.core.read.TranscriptScan;
import java.io.IOException;

/**
 * Reads each record of one file with the reader of its harness (docs/ARCHITECTURE.md, "Harnesses"): the first record
 * decides ({@link Harness#ofRecord}), and that reader reads every record of the file. One per file.
 */
final class HarnessReader implements TranscriptScan.FieldReader<RecordFacts> {
    private final long longLine;
    private final TranscriptPass.Scope scope;
    private RecordFacts reader;

    HarnessReader() {
        this(ReadLimits.MAX_IN_MEMORY_LINE, TranscriptPass.Scope.ALL);
    }

    /** @param longLine texts of lines longer than this many bytes are cut; tests lower it */
    HarnessReader(long longLine, TranscriptPass.Scope scope) {
        this.longLine = longLine;
        this.scope = scope;
    }

    @Override
    public RecordFacts read(JsonParser p, JsonLine line) throws IOException {
        RecordFacts r = reader;
        if (r == null) {
            r = reader = of(harness(line), longLine).scoped(scope);
        }
        return r.read(p, line);
    }

    /** The reader of {@code harness}'s records. */
    static RecordFacts of(Harness harness, long longLine) {
        return switch (harness) {
            case CLAUDE_CODE -> new ClaudeCodeFacts(longLine);
            case CODEX -> new CodexFacts(longLine);
        };
    }

    /** The harness of the first record's bytes (re-read from its start: this one line only). */
    private static Harness harness(JsonLine line) throws IOException {
        byte[] bytes = line.bytes(Harness.HEAD_BYTES);
        Harness h;
        if (bytes != null) {
            h = Harness.ofRecord(bytes, 0, bytes.length);
        } else {
            try (JsonParser q = line.valueAt(0)) {
                h = q == null ? null : Harness.ofRecord(q);
            }
        }
        return h == null ? Harness.CLAUDE_CODE : h;
    }
}
