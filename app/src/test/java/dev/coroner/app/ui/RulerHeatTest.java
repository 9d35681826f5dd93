package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.RulerMark;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The overview ruler over thousands of findings (docs/WORKBENCH.md, "Overview ruler"): a transcript with 4,000
 * unmatched code blocks, three per answer in its first half and one in its second, draws a heat strip — at most one
 * mark per bin, darker where the blocks are denser, with a gap between bins — never a solid bar.
 */
@ExtendWith(ApplicationExtension.class)
class RulerHeatTest {
    @TempDir
    static Path dir;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        stage.setScene(workbench.scene(1400, 900));
        stage.show();
    }

    /** 2,000 answers, each with fenced bash blocks no call ran: 3 blocks each in the first half, 1 in the second. */
    private static Path dense() throws IOException {
        Path p = dir.resolve("dense.jsonl");
        List<String> lines = new ArrayList<>();
        lines.add("{\"type\":\"user\",\"uuid\":\"u0\",\"parentUuid\":null,\"sessionId\":\"s1\","
                + "\"timestamp\":\"2026-11-02T10:00:00.000Z\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}");
        for (int i = 1; i <= 2000; i++) {
            String block = "```bash\\nrm -rf /tmp/x" + i + "\\n```\\n";
            String text = "Ran it:\\n\\n" + (i <= 1000 ? block + block + block : block);
            lines.add("{\"type\":\"assistant\",\"uuid\":\"a" + i + "\",\"parentUuid\":\"u" + (i - 1) + "\",\"sessionId\":\"s1\","
                    + "\"timestamp\":\"2026-11-02T10:00:01.000Z\",\"message\":{\"id\":\"m" + i + "\",\"type\":\"message\","
                    + "\"role\":\"assistant\",\"model\":\"claude-sonnet-4-6\",\"content\":[{\"type\":\"text\",\"text\":\""
                    + text + "\"}],\"stop_reason\":\"end_turn\",\"usage\":{\"input_tokens\":1,\"output_tokens\":1}}}");
            lines.add("{\"type\":\"user\",\"uuid\":\"u" + i + "\",\"parentUuid\":\"a" + i + "\",\"sessionId\":\"s1\","
                    + "\"timestamp\":\"2026-11-02T10:00:02.000Z\",\"message\":{\"role\":\"user\",\"content\":\"next\"}}");
        }
        Files.write(p, lines);
        return p;
    }

    @Test
    void thousandsOfUnmatchedBlocksMakeAHeatStripNotASolidBar(FxRobot robot) throws IOException {
        Path p = dense();
        robot.interact(() -> workbench.open(List.of(p)));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(workbench.timeline().analysisProperty().get().count(
                dev.coroner.core.findings.MarkerKind.BLOCK_UNMATCHED) >= 4000, "the transcript has 4,000 unmatched blocks");
        OverviewRuler ruler = robot.lookup(".overview-ruler").queryAs(OverviewRuler.class);
        List<Node> heat = ruler.getChildrenUnmodifiable().stream().filter(n -> n.getStyleClass().contains("ruler-heat")).toList();
        assertFalse(heat.isEmpty());
        assertTrue(ruler.getChildrenUnmodifiable().size() <= 2 * RulerMark.BUCKETS, "one mark per bin, not one per block: "
                + ruler.getChildrenUnmodifiable().size());

        int dense = 0;
        int sparse = 0;
        for (Node n : heat) {
            RulerMark m = (RulerMark) n.getUserData();
            assertTrue(n.getStyleClass().contains("ruler-heat-" + m.heat()));
            if (m.at() < 0.45) {
                dense = Math.max(dense, m.heat());
            } else if (m.at() > 0.55) {
                sparse = Math.max(sparse, m.heat());
            }
        }
        assertTrue(dense > sparse, "the denser half reads darker: " + dense + " vs " + sparse);

        // the bins drawn: of two that would touch on a short ruler, one is hidden (OverviewRuler.separateHeat)
        List<Region> byY = heat.stream().filter(Node::isVisible).map(n -> (Region) n)
                .sorted(Comparator.comparingDouble(Region::getLayoutY)).toList();
        assertTrue(byY.size() > 1, "bins are drawn");
        for (int i = 1; i < byY.size(); i++) {
            Region a = byY.get(i - 1);
            Region b = byY.get(i);
            assertTrue(b.getLayoutY() > a.getLayoutY() + a.getHeight(),
                    "bins never touch: " + a.getLayoutY() + "+" + a.getHeight() + " then " + b.getLayoutY());
        }
        assertTrue(byY.get(0).getWidth() < ruler.getWidth() - ruler.snappedLeftInset() - ruler.snappedRightInset(),
                "the heat leaves the full width to deaths");
    }
}
