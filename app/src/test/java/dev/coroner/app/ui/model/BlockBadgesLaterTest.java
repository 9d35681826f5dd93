package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record selected while its transcript is still read has no block badge, not a guess at one; once the transcript
 * is judged, the same record gets its badges drawn over its blocks from the content kept.
 */
class BlockBadgesLaterTest {
    @TempDir
    Path dir;

    @Test
    void anAnswerShownBeforeItsTranscriptIsJudgedGetsItsBadgesOnceItIs() throws Exception {
        // the demo's audit (its answer at line 14 shows two blocks), then 3 MB more: the pass reports rows before it ends
        Path file = dir.resolve("audit.jsonl");
        Files.copy(Fixtures.path("demo/7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl"), file);
        String filler = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"" + "x".repeat(1000) + "\"}}\n";
        Files.writeString(file, filler.repeat(3_000), StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        DetailViewModel detail = new DetailViewModel(Tasks.sameThread());
        AtomicReference<String> before = new AtomicReference<>();
        TranscriptIndex whole = TranscriptPass.run(file, new TranscriptPass.Listener() {
            @Override
            public void progress(TranscriptIndex index, long done, long total) {
                if (before.get() == null && index.size() >= 14) { // the person selects the answer while it reads
                    assertNull(index.judgement(), "nothing is judged yet");
                    detail.show(index, new TimelineRow(index, 13, List.of(), null, List.of()), null);
                    before.set(detail.detailProperty().get().message().text());
                }
            }
        });
        assertNotNull(before.get(), "the pass showed rows before it ended");
        assertTrue(before.get().contains("```bash") && !before.get().contains("▸ block"), before.get());

        detail.show(whole, new TimelineRow(whole, 13, List.of(), null, List.of()), null);
        String after = detail.detailProperty().get().message().text();
        assertTrue(after.contains("▸ block 1 · error · ran by the Bash call at line 12"), after);
        assertTrue(after.contains("▸ block 2 · unmatched · no-submission-this-turn"), after);
        assertEquals(before.get(), after.replaceAll("▸ [^\n]*\n", ""), "the same record, only the badges added");
        assertFalse(detail.loadingProperty().get());
    }
}
