package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A cell's pieces are cut as a line of text is: the first ones whole, the one that reaches the end cut there, the
 * rest not drawn — never every text piece squeezed to "…" beside whole tokens.
 */
@ExtendWith(ApplicationExtension.class)
class PiecesLineTest {
    private Label first;
    private Label token;
    private Label last;
    private PiecesLine line;

    @Start
    void start(Stage stage) {
        first = new Label("Done, the build is green and");
        token = new Label(":thumbs up sign:");
        last = new Label("ok");
        token.getStyleClass().add("cell-token-glyph");
        List.of(first, token, last).forEach(l -> l.setMinWidth(0));
        line = new PiecesLine(1, first, token, last);
        line.setManaged(false); // sized by the test, as a cell sizes its graphic
        stage.setScene(new Scene(new Pane(line), 400, 40));
        stage.show();
    }

    @Test
    void theFirstPiecesAreWholeAndTheOneAtTheEndIsCut(FxRobot robot) {
        double whole = first.prefWidth(-1);
        robot.interact(() -> {
            line.resize(whole + 1 + token.prefWidth(-1) / 2, 20);
            line.layout();
        });
        assertEquals(whole, first.getWidth(), 1, "the first piece keeps its width (snapped to the pixel)");
        assertTrue(token.isVisible() && token.getWidth() < token.prefWidth(-1), "the token reaches the end: cut there");
        assertFalse(last.isVisible(), "the piece after the end is not drawn");
        assertEquals(whole + 1, token.getLayoutX(), 1, "pieces follow each other, one pixel apart");
    }
}
