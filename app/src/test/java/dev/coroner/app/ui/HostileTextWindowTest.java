package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.Drawable;
import dev.coroner.core.text.ControlChars;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Transcript text is hostile in the window too: a file name, a prompt, a record type and a harness error string holding
 * a right-to-left override, ESC, CR, U+2028 and a zero-width space are drawn as visible escapes in every label, cell
 * and installed tooltip — the corpus tree, the timeline, the verdict card and the findings.
 */
@ExtendWith(ApplicationExtension.class)
class HostileTextWindowTest {
    private static final String HOSTILE = "\u202Eevil\u001b[31m\r\u2028\u200b";
    @TempDir
    Path dir;
    private Workbench workbench;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    @Test
    void noLabelCellOrTooltipDrawsAControlOrBidiCharacterRaw(FxRobot robot) throws Exception {
        String json = "\"\\u202Eevil\\u001b[31m\\r\\u2028\\u200b\"";
        Path p = dir.resolve("run-" + HOSTILE.replace("\r", "").replace("\u2028", "") + ".jsonl");
        Files.writeString(p, String.join("\n",
                "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":" + json + "}}",
                "{\"type\":" + json + ",\"note\":" + json + "}",
                "{\"type\":\"assistant\",\"isApiErrorMessage\":true,\"error\":" + json + ",\"message\":{\"role\":\"assistant\","
                        + "\"model\":\"<synthetic>\",\"content\":[{\"type\":\"text\",\"text\":" + json + "}]}}",
                "{\"type\":\"system\",\"subtype\":\"api_error\",\"retryAttempt\":1,\"maxRetries\":10,"
                        + "\"error\":{\"cause\":{\"code\":" + json + "}}}") + "\n", StandardCharsets.UTF_8);
        robot.interact(() -> workbench.open(List.of(p)));
        WaitForAsyncUtils.waitForFxEvents();
        // the file was judged and shown: the hostile strings are on screen somewhere, escaped
        List<String> texts = new ArrayList<>();
        robot.interact(() -> collect(stage.getScene().getRoot(), texts));
        assertTrue(texts.stream().anyMatch(t -> t.contains("\\u{202e}evil\\x1b[31m\\r\\u{2028}\\u{200b}")), texts.toString());
        for (int row = 0; row < 4; row++) {
            int r = row;
            robot.interact(() -> workbench.timeline().select(r));
            WaitForAsyncUtils.waitForFxEvents();
            texts.clear();
            robot.interact(() -> collect(stage.getScene().getRoot(), texts));
            for (String t : texts) {
                assertFalse(t.codePoints().anyMatch(cp -> cp != '\n' && ControlChars.isUnsafe(cp)),
                        "drawn raw on row " + r + ": " + ControlChars.escape(t));
            }
        }
    }

    /**
     * A pictograph the fonts cannot draw (here, where no emoji font is installed) is drawn as its placeholder in every
     * label, cell and tooltip: the corpus name taken from the prompt, the timeline, the verdict card, the findings.
     */
    @Test
    void noLabelCellOrTooltipDrawsAnEmojiTheFontsLackAsABox(FxRobot robot) throws Exception {
        Path p = dir.resolve("ship-\uD83D\uDE80.jsonl");
        Files.writeString(p, String.join("\n",
                "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"ship it \uD83D\uDE80 now\"}}",
                "{\"type\":\"assistant\",\"isApiErrorMessage\":true,\"error\":\"rate_limit\",\"message\":{\"role\":"
                        + "\"assistant\",\"model\":\"<synthetic>\",\"content\":[{\"type\":\"text\",\"text\":"
                        + "\"API Error: 429 \u2705 \uD83C\uDF89 usage limit\"}]}}") + "\n", StandardCharsets.UTF_8);
        robot.interact(() -> workbench.open(List.of(p)));
        WaitForAsyncUtils.waitForFxEvents();
        for (int row = 0; row < 2; row++) {
            int r = row;
            robot.interact(() -> workbench.timeline().select(r));
            WaitForAsyncUtils.waitForFxEvents();
            List<String> texts = new ArrayList<>();
            robot.interact(() -> collect(stage.getScene().getRoot(), texts));
            // the rocket is on screen, as itself where a font has it, else as ":rocket:" (in the corpus name, a label
            // of its own in the first prompt's pieces and the timeline's)
            assertTrue(texts.stream().anyMatch(t -> t.contains(Drawable.shown("\uD83D\uDE80"))), texts.toString());
            assertTrue(texts.stream().anyMatch(t -> t.contains("ship it ")), texts.toString());
            for (String t : texts) {
                assertTrue(t.codePoints().allMatch(Drawable::canDraw), "a box on row " + r + ": " + t);
            }
        }
    }

    /**
     * Every label's and cell's text, and the text of every tooltip on a control, those made on the first hover
     * ({@link Tips#lazy}) too: each node is hovered first.
     */
    private static void collect(Node n, List<String> out) {
        if (n instanceof Labeled l && l.getText() != null) {
            out.add(l.getText());
        }
        if (n instanceof Control && n.getOnMouseEntered() != null) {
            n.fireEvent(new javafx.scene.input.MouseEvent(javafx.scene.input.MouseEvent.MOUSE_ENTERED,
                    0, 0, 0, 0, javafx.scene.input.MouseButton.NONE, 0, false, false, false, false, false, false, false,
                    false, false, false, null));
        }
        if (n instanceof Control c && c.getTooltip() != null && c.getTooltip().getText() != null) {
            out.add(c.getTooltip().getText());
        }
        if (n instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, out);
            }
        }
    }
}
