package dev.coroner.core.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import org.junit.jupiter.api.Test;

/** A timeline row's record fields come from the index the pass built, each of the RECORD schema's type. */
class RecordValuesTest {
    @Test
    void everyRecordFieldButTheTextIsReadFromTheIndex() throws Exception {
        TranscriptIndex index = TranscriptPass.run(Fixtures.path("terminal/synthetic-rate-limit-429.jsonl"));
        assertTrue(index.size() > 2);
        for (int row = 0; row < index.size(); row++) {
            RecordValues v = RecordValues.of(index, row);
            for (Field f : FieldSchemas.RECORD.fields()) {
                Object x = v.get(f.name());
                if (f.name().equals("text")) {
                    assertEquals(null, x, "a frontend answers text");
                    continue;
                }
                if (f.name().equals("time") && x == null) {
                    continue;
                }
                switch (f.type()) {
                    case NUMBER -> assertTrue(x instanceof Number, f.name());
                    case BOOLEAN -> assertTrue(x instanceof Boolean, f.name());
                    default -> assertTrue(x instanceof String, f.name());
                }
            }
            assertEquals(index.line(row), v.get("line"));
        }
        // the harness wrote the terminal record: the synthetic flag the verdict read is the field's
        Filter synthetic = Filter.parse("kind == assistant and synthetic", FieldSchemas.RECORD).filter();
        int terminal = index.terminalRow();
        assertTrue(terminal >= 0);
        assertTrue(synthetic.test(RecordValues.of(index, terminal)));
        assertEquals(false, synthetic.test(RecordValues.of(index, 0)));
    }
}
