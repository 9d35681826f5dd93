package dev.coroner.app.ui.model;

import dev.coroner.core.cost.CostRow;
import dev.coroner.core.filter.Field;
import dev.coroner.core.filter.FieldSchema;
import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.core.filter.FieldType;
import dev.coroner.core.filter.FieldValues;
import dev.coroner.core.text.PathText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A corpus row as the corpus filter bar reads it (docs/WORKBENCH.md, "Filter bars"): the fields of the transcript's
 * {@code coroner verdict --json} row (core {@code TerminalVerdict.toMap}, the one verdict row), then the counts only
 * the window holds. Made from what the corpus model holds; no file is read. While a transcript is being judged only
 * its path is known, and every other field is absent (so a comparison with it is false).
 *
 * <p>The usage fields ({@code FieldSchemas.USAGE}: session, models, the four token counts, cost_usd, unpriced_models)
 * are the row's {@link Spend}, the figures of its Tokens and Cost columns: a session's rolled up with its sub-agents',
 * at the window's prices (docs/FILTER.md, "usage"). They are absent until the transcript is analysed and priced.
 */
public final class TranscriptValues {
    /** The fields the window adds to a transcript row: the corpus columns' counts, absent until analysed. */
    private static final List<Field> WINDOW = List.of(
            Field.of("warns", FieldType.NUMBER, "WARN markers (the window's corpus column)"),
            Field.of("blocks.matched", FieldType.NUMBER, "fenced code blocks matched to a call that ran them"),
            Field.of("blocks.unmatched", FieldType.NUMBER, "fenced code blocks no call ran"),
            Field.of("records", FieldType.NUMBER, "records in the transcript"),
            Field.of("size", FieldType.NUMBER, "the file's size in bytes"),
            Field.of("folds_dead", FieldType.NUMBER, "results that are dead sub-agents' error strings"));

    /** The corpus bar's fields: the verdict row's, its usage fields, and the window's counts. */
    public static final FieldSchema SCHEMA = schema();

    private TranscriptValues() {
    }

    private static FieldSchema schema() {
        List<Field> all = new ArrayList<>(FieldSchemas.TRANSCRIPT_USAGE.fields());
        for (Field f : WINDOW) {
            if (FieldSchemas.TRANSCRIPT_USAGE.field(f.name()) == null) {
                all.add(f);
            }
        }
        return FieldSchema.of(FieldSchemas.TRANSCRIPT.rowKind(), all);
    }

    static FieldValues of(CorpusNode n) {
        Map<String, Object> row = new LinkedHashMap<>();
        if (n.path() != null) {
            row.put("path", PathText.of(n.path()));
        }
        if (n.verdict() != null) {
            row.putAll(n.verdict().toMap());
        }
        Spend spend = n.spendProperty().get();
        if (spend != null) {
            row.putIfAbsent("session", spend.session());
            CostRow.usageFields(spend.models(), spend.tokens(), spend.cost()).forEach(row::putIfAbsent);
        }
        count(row, "warns", n.warnsProperty().get());
        Map<String, Object> blocks = new LinkedHashMap<>();
        count(blocks, "matched", n.blocksMatchedProperty().get());
        count(blocks, "unmatched", n.blocksUnmatchedProperty().get());
        if (!blocks.isEmpty()) {
            row.putIfAbsent("blocks", blocks);
        }
        count(row, "records", n.recordsProperty().get());
        count(row, "size", n.sizeProperty().get());
        if (n.verdict() != null) {
            row.putIfAbsent("folds_dead", n.foldsDeadProperty().get());
        }
        return FieldValues.of(row);
    }

    private static void count(Map<String, Object> row, String key, long n) {
        if (n >= 0) {
            row.putIfAbsent(key, n);
        }
    }
}
