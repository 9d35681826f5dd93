package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.beans.property.SimpleStringProperty;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Where a row the window selects lands on screen ({@link SelectionInSight#place}): so many rows below the first one
 * shown, even when rows come in above it before the tree is next laid out, which is how a corpus's sub-agents come in
 * while the window selects the transcript it opened. Before, the selected row landed wherever those rows pushed it,
 * and two snapshots of one corpus differed.
 */
@ExtendWith(ApplicationExtension.class)
class SelectionInSightTest {
    private TreeTableView<String> tree;
    private SelectionInSight<String> inSight;
    private Stage own;

    @Start
    void start(Stage stage) {
        TreeItem<String> root = new TreeItem<>("root");
        for (int i = 0; i < 60; i++) {
            root.getChildren().add(new TreeItem<>("row " + i));
        }
        root.setExpanded(true);
        tree = new TreeTableView<>(root);
        tree.setShowRoot(false);
        TreeTableColumn<String, String> name = new TreeTableColumn<>("name");
        name.setCellValueFactory(c -> new SimpleStringProperty(c.getValue().getValue()));
        tree.getColumns().add(name);
        inSight = new SelectionInSight<>(tree);
        Scene scene = new Scene(tree, 300, 300);
        inSight.follow(scene);
        // a stage of its own, sized by its scene (about 11 rows show): the one TestFX hands over is shared with the
        // window tests, and keeps whatever size one of them set
        own = new Stage();
        own.setScene(scene);
        own.show();
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(own::close);
    }

    @Test
    void aPlacedRowIsThreeBelowTheFirstShownThoughFiveRowsCameInAboveItBeforeTheLayout(FxRobot robot) {
        robot.interact(() -> {
            TreeItem<String> row30 = tree.getRoot().getChildren().get(30);
            tree.getSelectionModel().select(row30);
            inSight.place(row30, 3);
            for (int i = 0; i < 5; i++) {
                tree.getRoot().getChildren().add(0, new TreeItem<>("new " + i)); // in the same pulse
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(35, selectedRow());
        assertEquals(32, firstShown(), "three rows above it on screen");

        robot.interact(() -> tree.getRoot().getChildren().add(0, new TreeItem<>("later")));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(36, selectedRow());
        assertEquals(33, firstShown(), "and kept there as more come in");
    }

    @Test
    void nearTheStartItLandsAsFarDownAsItIs(FxRobot robot) {
        robot.interact(() -> {
            TreeItem<String> row1 = tree.getRoot().getChildren().get(1);
            tree.getSelectionModel().select(row1);
            inSight.place(row1, 3);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, selectedRow());
        assertEquals(0, firstShown());
    }

    @Test
    void aPlaceTheTreeWasTooShortForIsReachedOnceRowsComeIn(FxRobot robot) {
        robot.interact(() -> {
            tree.getRoot().getChildren().remove(5, 60); // five rows: all on screen, nothing to scroll
            TreeItem<String> row4 = tree.getRoot().getChildren().get(4);
            tree.getSelectionModel().select(row4);
            inSight.place(row4, 3);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, firstShown(), "too short to scroll: four rows above it");
        robot.interact(() -> {
            for (int i = 0; i < 30; i++) {
                tree.getRoot().getChildren().add(5, new TreeItem<>("below " + i));
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, firstShown(), "rows below it made room to scroll: three rows above it");
        robot.interact(() -> {
            for (int i = 0; i < 30; i++) {
                tree.getRoot().getChildren().add(0, new TreeItem<>("above " + i));
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(34, selectedRow());
        assertEquals(31, firstShown(), "three rows above it, as asked, once the tree could scroll");
    }

    @Test
    void aPlaceNotReachedYetGivesWayToThePersonsScroll(FxRobot robot) {
        int shown = lastShown() - firstShown() + 1;
        assertTrue(shown >= 7 && shown < 40, shown + " rows show: too few or too many for this test");
        robot.interact(() -> {
            TreeItem<String> row57 = tree.getRoot().getChildren().get(57);
            tree.getSelectionModel().select(row57);
            inSight.place(row57, 3); // near the end: the tree cannot scroll that far
        });
        WaitForAsyncUtils.waitForFxEvents();
        int notReached = firstShown();
        assertTrue(57 - notReached > 3, "the place is not reached: " + (57 - notReached) + " rows above it");
        int scrolled = notReached - 1;
        robot.interact(() -> tree.scrollTo(scrolled)); // the person scrolls up a row; the selected one stays in sight
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(scrolled, firstShown());
        assertTrue(lastShown() >= 57, "still in sight");
        robot.interact(() -> tree.getRoot().getChildren().add(new TreeItem<>("at the end")));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(scrolled, firstShown(), "a row coming in does not pull the view back to the place asked for");
    }

    private int selectedRow() {
        return tree.getRow(tree.getSelectionModel().getSelectedItem());
    }

    private int lastShown() {
        return ((VirtualFlow<?>) tree.lookup(".virtual-flow")).getLastVisibleCell().getIndex();
    }

    private int firstShown() {
        return ((VirtualFlow<?>) tree.lookup(".virtual-flow")).getFirstVisibleCell().getIndex();
    }
}
