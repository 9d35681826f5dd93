package dev.coroner.core.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.durable.Sha256;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.workspace.Annotation;
import dev.coroner.core.workspace.VerdictOverride;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/ARCHITECTURE.md, "Annotations and overrides": which transcript a note goes to in a report, and the same bytes. */
class ReportAnnotationsTest {
    private static final String RECORD = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n";

    @TempDir
    Path dir;

    private static Report report(Path transcript, List<Annotation> notes) {
        return ReportBuilder.build(List.of(transcript), AnalysisSettings.NONE, null, "test", Redactor.standard(List.of()),
                1, notes);
    }

    @Test
    void aNoteFollowsItsTranscriptByHashWhenItMovedAndIsMarkedStaleWhenItsBytesChanged() throws Exception {
        Path t = dir.resolve("now-here.jsonl");
        Files.writeString(t, RECORD);
        String sha = Sha256.of(t).hex();
        Annotation moved = new Annotation("/elsewhere/was-here.jsonl", sha, 1, "moved, same bytes", null);
        Annotation changed = new Annotation(t.toAbsolutePath().normalize().toString(), "0".repeat(64), 1,
                "same place, other bytes", null);
        Annotation unrelated = new Annotation("/elsewhere/other.jsonl", "f".repeat(64), 1, "not this one", null);
        List<Report.Annotation> got = report(t, List.of(moved, changed, unrelated)).transcripts().get(0).annotations();
        assertEquals(List.of("moved, same bytes", "same place, other bytes"),
                got.stream().map(Report.Annotation::note).toList());
        assertFalse(got.get(0).stale());
        assertTrue(got.get(1).stale());
    }

    @Test
    void theSameAnnotationsInAnyOrderGiveTheSameBytes() throws Exception {
        Path t = dir.resolve("t.jsonl");
        Files.writeString(t, RECORD);
        String key = t.toAbsolutePath().normalize().toString();
        List<Annotation> notes = new ArrayList<>(List.of(
                new Annotation(key, null, 1, "first", null),
                new Annotation(key, null, 0, "", new VerdictOverride("terminal", "HEALTHY", "EMPTY", "no answer")),
                new Annotation(key, null, 1, "another on the same line", null)));
        byte[] json = ReportJson.bytes(report(t, notes));
        byte[] html = ReportHtml.bytes(report(t, notes));
        Collections.reverse(notes);
        assertArrayEquals(json, ReportJson.bytes(report(t, notes)));
        assertArrayEquals(html, ReportHtml.bytes(report(t, notes)));
    }
}
