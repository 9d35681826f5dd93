package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.scripts.BlockVerdict;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The detail panel's explanation of a missed block, without a toolkit. */
class WhyUnmatchedTest {
    @Test
    void aBlockThatSharesLinesShowsEachDiffLineWithItsPrefixAndStyle() throws Exception {
        BlockVerdict v = TranscriptPass.run(Fixtures.path("scripts/closest-shares-lines.jsonl")).judgement().scripts()
                .blocks().get(0);
        WhyUnmatched w = WhyUnmatched.of(v);
        assertEquals("why block 1 is unmatched · shares-lines", w.title());
        assertEquals(2, w.callLine());
        assertEquals("  cd /home/dev/shop\n- pytest -q tests/unit\n+ pytest -q tests/\n  echo done", w.diff().text());
        assertEquals(java.util.List.of("diff-same", "diff-block", "diff-program", "diff-same"),
                w.diff().runs().stream().map(StyledText.Run::styleClass).toList());
        assertEquals("", w.diffNote());
    }

    @Test
    void anExplanationWithoutACallHasNoLinkAndNoDiff() throws Exception {
        BlockVerdict v = TranscriptPass.run(Fixtures.path("scripts/closest-no-program-call.jsonl")).judgement().scripts()
                .blocks().get(0);
        WhyUnmatched w = WhyUnmatched.of(v);
        assertEquals("no call of this turn held a program", w.sentence());
        assertEquals(0, w.callLine());
        assertEquals(StyledText.EMPTY, w.diff());
    }

    @Test
    void transcriptTextInTheSentenceAndTheDiffIsShownEscaped(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("hostile.jsonl");
        Files.writeString(file, "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}\n"
                + "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\","
                + "\"id\":\"t\\u202e1\",\"name\":\"Ba\\u001b[31msh\",\"input\":{\"command\":\"ls\\necho \\u001b[2J\"}}]}}\n"
                + "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\","
                + "\"text\":\"```\\nls\\necho \\u0007\\u2066x\\n```\"}]}}\n");
        BlockVerdict v = TranscriptPass.run(file).judgement().scripts().blocks().get(0);
        WhyUnmatched w = WhyUnmatched.of(v);
        String shown = w.sentence() + w.diff().text();
        assertFalse(shown.chars().anyMatch(c -> c == 0x1b || c == 0x07 || c == 0x202e || c == 0x2066), shown);
        assertTrue(w.diff().text().contains("- echo \\x07\\u{2066}x"), w.diff().text());
        assertTrue(w.diff().text().contains("+ echo \\x1b[2J"), w.diff().text());
    }
}
