package dev.coroner.app.ui.model;

import dev.coroner.core.durable.AtomicWrite;
import dev.coroner.core.findings.Marker;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.precursor.PrecursorExplanation;
import dev.coroner.core.precursor.PrecursorGate;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.core.precursor.ToolCall;
import dev.coroner.core.index.RowFlags;
import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.RecordReader;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptLine;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.render.ContentBlock;
import dev.coroner.core.render.CutJson;
import dev.coroner.core.render.RecordContent;
import dev.coroner.core.scripts.BlockVerdict;
import dev.coroner.core.text.ControlChars;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The detail panel: the selected record, re-read from the file (docs/VERDICTS.md, "Reading") and shown rendered and as raw JSON; its
 * verdicts with their reasons; links both ways — call ↔ result, block → call, call → the blocks quoting it.
 */
public final class DetailViewModel {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS 'UTC'")
            .withZone(ZoneOffset.UTC);
    /** Problem lines are shown up to this many bytes. */
    private static final int PROBLEM_BYTES = 64 * 1024;

    private final Tasks tasks;
    private final Analyses analyses;
    private final ObservableList<CallExplanation> explanations = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<RecordDetail> detail = new ReadOnlyObjectWrapper<>(this, "detail");
    private final ReadOnlyStringWrapper reading = new ReadOnlyStringWrapper(this, "reading");
    /** Whether a record is being read: exactly while {@link #reading} names one. */
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ObservableList<Marker> verdicts = FXCollections.observableArrayList();
    private final ObservableList<DetailLink> links = FXCollections.observableArrayList();
    private final ObservableList<WhyUnmatched> whyUnmatched = FXCollections.observableArrayList();
    private final ObservableList<String> readInPart = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<TranscriptAnalysis> transcript = new ReadOnlyObjectWrapper<>(this, "transcript");
    private int generation;
    /** The block badges the shown record's message was drawn with (null: none). */
    private BlockBadges drawnBadges;

    public DetailViewModel(Tasks tasks) {
        this(tasks, null);
    }

    /** @param analyses where the grammar the calls are explained by comes from (null: no explanations) */
    public DetailViewModel(Tasks tasks, Analyses analyses) {
        this.tasks = tasks;
        this.analyses = analyses;
        loading.bind(reading.isNotNull());
    }

    /** For each call of the record shown: why the precursor gate said what it said, or that no rule names it. */
    public ObservableList<CallExplanation> explanations() {
        return explanations;
    }

    /** The record shown, or null. */
    public ReadOnlyObjectProperty<RecordDetail> detailProperty() {
        return detail.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /**
     * The header of the record being read, while it is read (null otherwise): the record shown until it comes is the
     * one selected before, and the panel must not pass it off as the new one (docs/WORKBENCH.md, "The detail panel").
     */
    public ReadOnlyStringProperty readingProperty() {
        return reading.getReadOnlyProperty();
    }

    /** A note for the person: a save that worked, a record that cannot be re-read. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The verdicts on this record (its markers), each with its reason. */
    public ObservableList<Marker> verdicts() {
        return verdicts;
    }

    public ObservableList<DetailLink> links() {
        return links;
    }

    /** For each block of this record that no call of its turn submitted: what came closest, with the line diff. */
    public ObservableList<WhyUnmatched> whyUnmatched() {
        return whyUnmatched;
    }

    /**
     * For each answer text of the record shown that the pass read only in part, its note (docs/VERDICTS.md,
     * "Reading"): how much was read of how long a record, and that fenced blocks after the cut are not linked.
     */
    public ObservableList<String> readInPart() {
        return readInPart;
    }

    /**
     * The transcript shown when no record is: its verdict is the panel's card, so a transcript without a record to
     * select (a 0-byte file, one of only metadata) still says how it ended and why. Null while a record is shown.
     */
    public ReadOnlyObjectProperty<TranscriptAnalysis> transcriptProperty() {
        return transcript.getReadOnlyProperty();
    }

    /** Shows no record, and {@code analysis}'s verdict as the card (null: nothing). */
    public void showTranscript(TranscriptAnalysis analysis) {
        clear();
        transcript.set(analysis);
    }

    /** Shows {@code row} of the transcript indexed by {@code index}; its markers come from {@code analysis}. */
    public void show(TranscriptIndex index, TimelineRow row, TranscriptAnalysis analysis) {
        RecordDetail shown = detail.get();
        SourceSpan span = index.span(row.row());
        if (shown != null && shown.path().equals(index.path()) && shown.span().equals(span) && !loading.get()) {
            // the same record judged again (a grammar edit): new verdicts, the record as read, no file read
            verdicts.setAll(row.markers());
            readInPart.setAll(row.readInPart());
            links.setAll(links(index, row, analysis));
            explanations.setAll(explain(index, row));
            redrawBadges(shown, BlockBadges.of(index.judgement(), row));
            return;
        }
        int gen = ++generation;
        transcript.set(null);
        verdicts.setAll(row.markers());
        readInPart.setAll(row.readInPart());
        links.setAll(links(index, row, analysis));
        explanations.setAll(explain(index, row));
        message.set("");
        whyUnmatched.clear();
        explainMisses(gen, index.judgement(), row.line());
        Path path = index.path();
        String header = header(row);
        reading.set(header);
        BlockBadges badges = BlockBadges.of(index.judgement(), row);
        tasks.run(() -> read(path, span, header, badges), d -> {
            if (gen == generation) {
                reading.set(null);
                drawnBadges = badges;
                detail.set(d);
            }
        }, e -> {
            if (gen == generation) {
                reading.set(null);
                detail.set(null);
                message.set("cannot re-read line " + row.line() + ": " + e.getMessage());
            }
        });
    }

    public void clear() {
        generation++;
        transcript.set(null);
        detail.set(null);
        verdicts.clear();
        readInPart.clear();
        links.clear();
        explanations.clear();
        whyUnmatched.clear();
        reading.set(null);
        message.set("");
    }

    /**
     * The record shown was judged since its message was drawn (its verdicts came in after it was read): its block
     * badges are drawn again from the content kept, off the FX thread, with no file read.
     */
    private void redrawBadges(RecordDetail shown, BlockBadges badges) {
        if (java.util.Objects.equals(badges, drawnBadges) || shown.content().isEmpty()) {
            return; // no content, no fenced block to badge: what withoutContent drew stays
        }
        drawnBadges = badges;
        int gen = generation;
        tasks.run(() -> shown.withMessage(MessageDocument.of(shown.content(), badges)), d -> {
            if (gen == generation && detail.get() == shown) {
                detail.set(d);
            }
        }, e -> {
            if (gen == generation) {
                message.set("cannot draw the record again: " + e.getMessage());
            }
        });
    }

    /** The diffs are made off the FX thread, from what the pass kept: no file is read, and none is kept after. */
    private void explainMisses(int gen, TranscriptJudgement judgement, long line) {
        if (judgement == null) {
            return; // still being read: the verdicts are not in yet either
        }
        List<BlockVerdict> missed = judgement.scripts().blocksOn(line).stream().filter(b -> b.closest() != null).toList();
        if (missed.isEmpty()) {
            return;
        }
        tasks.run(() -> missed.stream().map(WhyUnmatched::of).toList(), why -> {
            if (gen == generation) {
                whyUnmatched.setAll(why);
            }
        }, e -> {
            if (gen == generation) {
                message.set("cannot explain the unmatched blocks: " + e.getMessage());
            }
        });
    }

    /** The gate's explanation of each call on {@code row}'s line, under the grammar the window judges by. */
    private List<CallExplanation> explain(TranscriptIndex index, TimelineRow row) {
        if (analyses == null || index.judgement() == null || !row.has(RowFlags.TOOL_USE)) {
            return List.of();
        }
        var settings = analyses.settings();
        if (settings.grammar() == null || settings.loaded() == null || !settings.loaded().ok()) {
            return List.of();
        }
        PrecursorGrammar grammar = settings.loaded().grammar();
        CallStream stream = index.judgement().calls();
        List<CallExplanation> out = new ArrayList<>();
        for (ToolCall c : stream.calls()) {
            if (c.line() != row.line()) {
                continue;
            }
            PrecursorExplanation e = PrecursorGate.explain(grammar, stream, c.index());
            List<DetailLink> to = new ArrayList<>();
            ToolCall by = e.satisfiedBy() != null ? e.satisfiedBy() : e.exemptBy();
            if (by != null) {
                to.add(new DetailLink("the " + by.tool() + " call at line " + by.line(), null, by.line()));
                int callRow = index.rowOfLine(by.line());
                int result = callRow < 0 ? -1 : index.pair(callRow);
                if (result >= 0) {
                    to.add(new DetailLink("its result at line " + index.line(result), null, index.line(result)));
                }
            }
            out.add(new CallExplanation(c.tool(), e.gated() ? e.stance() : null, e.sentence(), to));
        }
        return out;
    }

    /** Writes the whole record's bytes, uncut, to {@code target}. */
    public void saveRecord(Path target) {
        RecordDetail d = detail.get();
        if (d == null) {
            return;
        }
        tasks.run(() -> {
            byte[] bytes;
            try (RecordReader r = RecordReader.open(d.path())) {
                bytes = r.rawBytes(d.span(), Integer.MAX_VALUE);
            }
            AtomicWrite.replace(target, bytes);
            return bytes.length;
        }, n -> message.set(String.format("saved line %d (%s) to %s", d.span().line(), Sizes.bytes(n), target)),
                e -> message.set("could not save: " + e.getMessage()));
    }

    static RecordDetail read(Path path, SourceSpan span, String header, BlockBadges badges) throws Exception {
        try (RecordReader reader = RecordReader.open(path)) {
            TranscriptLine line = reader.read(span);
            if (line instanceof TranscriptRecord r) {
                List<ContentBlock> blocks = RecordContent.of(r);
                boolean cut = CutJson.needsCut(r.json(), CutJson.MAX_STRING_CHARS);
                String note = cut ? String.format("strings longer than %,d characters are cut here; the record is %s — "
                        + "save it to see it whole", CutJson.MAX_STRING_CHARS, Sizes.bytes(span.length())) : "";
                StyledText message = blocks.isEmpty() ? MessageDocument.withoutContent(r) : MessageDocument.of(blocks, badges);
                return new RecordDetail(path, span, header, message,
                        MessageDocument.json(CutJson.pretty(r.json())), note, images(blocks), blocks);
            }
            String text = line instanceof ProblemLine p ? p.kind() + ": " + p.message() : "the line is blank now";
            byte[] raw = reader.rawBytes(span, PROBLEM_BYTES);
            String bytes = ControlChars.escape(new String(raw, StandardCharsets.UTF_8));
            String note = span.length() > PROBLEM_BYTES ? String.format("the first %,d bytes of %s", PROBLEM_BYTES,
                    Sizes.bytes(span.length())) : "";
            return new RecordDetail(path, span, header, new StyledText(text, List.of(
                    new StyledText.Run(0, text.length(), "error-text"))), new StyledText(bytes, List.of()), note, List.of(),
                    List.of());
        }
    }

    private static List<byte[]> images(List<ContentBlock> blocks) {
        List<byte[]> out = new ArrayList<>();
        for (ContentBlock b : blocks) {
            if (b instanceof ContentBlock.Image i && i.base64() != null) {
                try {
                    out.add(Base64.getMimeDecoder().decode(i.base64()));
                } catch (IllegalArgumentException e) {
                    // not base64: the raw view shows what is there
                }
            }
        }
        return out;
    }

    static String header(TimelineRow row) {
        StringBuilder s = new StringBuilder("line ").append(row.line()).append(" · ").append(row.kind());
        if (!row.role().isEmpty() && !row.role().equals(row.kind())) {
            s.append(" · ").append(row.role());
        }
        if (!row.model().isEmpty()) {
            s.append(" · ").append(row.model());
        }
        if (row.time() != TimelineRow.NO_TIME) {
            s.append(" · ").append(TIME.format(Instant.ofEpochMilli(row.time())));
        }
        return s.append(" · ").append(Sizes.bytes(row.bytes())).toString();
    }

    /** Call ↔ result from the index; marker targets; blocks on other lines that quote this call. */
    static List<DetailLink> links(TranscriptIndex index, TimelineRow row, TranscriptAnalysis analysis) {
        List<DetailLink> out = new ArrayList<>();
        int pair = index.pair(row.row());
        String tool = row.tool().isEmpty() ? "" : " (" + row.tool() + ")";
        if (row.has(RowFlags.TOOL_USE)) {
            out.add(pair >= 0 ? new DetailLink("result at line " + index.line(pair)
                    + (index.has(pair, RowFlags.TOOL_ERROR) ? " · is_error" : ""), null,
                    index.line(pair)) : new DetailLink("no result in this file", null, -1));
        } else if (row.has(RowFlags.TOOL_RESULT) && pair >= 0) {
            out.add(new DetailLink("call at line " + index.line(pair) + tool, null, index.line(pair)));
        }
        for (Marker m : row.markers()) {
            if (m.hasTarget()) {
                out.add(new DetailLink(m.label(), m.targetFile(), m.targetLine()));
            }
        }
        if (analysis != null) {
            for (Marker m : analysis.markers()) {
                if (m.targetFile() == null && m.targetLine() == row.line() && m.line() != row.line()
                        && (m.kind() == MarkerKind.BLOCK_MATCHED || m.kind() == MarkerKind.BLOCK_UNMATCHED)) {
                    out.add(new DetailLink("quoted by " + m.label() + " at line " + m.line(), null, m.line()));
                }
            }
        }
        return out;
    }
}
