package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.core.read.FileStamp;
import dev.coroner.core.read.ReadLimits;
import dev.coroner.core.scripts.CutText;
import dev.coroner.fixtures.HostileShapes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TreeTableRow;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/WORKBENCH.md, "Read, but not as the file is": the window says what the command line says of how a transcript was
 * read. A file that changed while the window's pass read it (changed at {@link FileStamp#afterRead}, between the pass's
 * two stamps) is marked on its corpus row, with the note in the row's tooltips, in a card of the detail panel and in
 * the status bar, in {@link FileStamp}'s wording; an answer's text on a line over 8 MiB, read only in part, is marked
 * on its timeline row and carded in its detail, in {@link CutText}'s wording. A file read whole and left alone shows
 * neither.
 */
@ExtendWith(ApplicationExtension.class)
class ReadNotesWindowTest {
    private static final String RECORD = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n";
    private static final String ANSWER = "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"m\","
            + "\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}\n";
    private static final FileTime THEN = FileTime.fromMillis(1_600_000_000_000L);

    @TempDir
    Path dir;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    @AfterEach
    void noHook() {
        FileStamp.afterRead = p -> { };
    }

    private Path transcript() throws IOException {
        Path p = dir.resolve("live.jsonl");
        Files.writeString(p, RECORD + ANSWER, StandardCharsets.UTF_8);
        Files.setLastModifiedTime(p, THEN);
        return p;
    }

    private void open(FxRobot robot, Path p, long line) {
        robot.interact(() -> workbench.open(List.of(p)));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> workbench.navigator().goTo(p, line));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The text of the tooltip {@link Tips#lazy} gives {@code n} once the mouse enters it. */
    private static String lazyTip(FxRobot robot, Node n) {
        robot.interact(() -> n.fireEvent(new MouseEvent(MouseEvent.MOUSE_ENTERED, 0, 0, 0, 0, MouseButton.NONE, 0,
                false, false, false, false, false, false, false, false, false, false, null)));
        assertNotNull(((Control) n).getTooltip(), "no tooltip on " + n);
        return ((Control) n).getTooltip().getText();
    }

    private static TreeTableRow<?> corpusRow(FxRobot robot, Path p) {
        return robot.lookup(".corpus-tree .tree-table-row-cell").<TreeTableRow<dev.coroner.app.ui.model.CorpusNode>>queryAll()
                .stream().filter(r -> r.getItem() != null && p.equals(r.getItem().path())).findFirst().orElseThrow();
    }

    private static Label visibleIn(Node parent, String css) {
        Set<Node> found = parent.lookupAll(css);
        return found.stream().filter(Node::isVisible).map(n -> (Label) n).findFirst().orElse(null);
    }

    private static List<String> cards(FxRobot robot, String css) {
        return robot.lookup(".detail-panel .read-notes " + css + " .verdict-reason").queryAllAs(Label.class).stream()
                .filter(Node::isVisible).map(Label::getText).toList();
    }

    /**
     * Changes the file as {@code how} says in the reads {@code changing} picks (1: the first pass over it, the
     * timeline's, for the window opens a transcript as soon as it is listed; 2: the corpus engine's), and gives the
     * note each change must bring, in order, from the stamps the test knows.
     */
    private List<String> changeIt(Path file, String how, java.util.function.IntPredicate changing) {
        List<String> notes = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicInteger reads = new AtomicInteger();
        FileStamp.afterRead = p -> {
            if (!p.equals(file) || !changing.test(reads.incrementAndGet())) {
                return;
            }
            try {
                long before = Files.size(file);
                long after;
                switch (how) {
                    case "grew" -> after = Files.size(Files.writeString(file, RECORD, StandardOpenOption.APPEND));
                    case "shrank" -> {
                        String text = Files.readString(file);
                        String cut = text.substring(0, text.lastIndexOf('\n', text.length() - 2) + 1); // the last line off
                        after = Files.size(Files.writeString(file, cut));
                    }
                    case "gone" -> {
                        Files.delete(file);
                        after = -1;
                    }
                    default -> {
                        Files.setLastModifiedTime(file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 5_000));
                        after = before;
                    }
                }
                notes.add(FileStamp.changed(new FileStamp(before, 0), new FileStamp(after, how.equals("modified") ? 1 : 0), before));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        return notes;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"grew", "shrank", "modified", "gone"})
    void aFileThatChangedWhileItWasReadSaysSoOnItsRowInTheDetailAndInTheStatusBar(String how, FxRobot robot)
            throws Exception {
        Path file = transcript();
        Files.writeString(file, RECORD + ANSWER, StandardOpenOption.APPEND); // a healthy file after one line is cut
        List<String> notes = changeIt(file, how, read -> true); // still being written: every read sees a change
        open(robot, file, 0);
        assertEquals(how.equals("gone") ? 1 : 2, notes.size(), "the timeline's pass and the corpus engine's: " + notes);
        assertTrue(notes.stream().allMatch(n -> n != null && n.startsWith("the file changed while it was read: ")), notes.toString());
        String timelines = notes.get(0);

        // the corpus row: a mark before the name, and its read's note in the mark's tooltip and in the row's
        TreeTableRow<?> row = corpusRow(robot, file);
        if (how.equals("gone")) {
            // the corpus engine came to a file already gone: unreadable, which its verdict says, not a change
            assertEquals(dev.coroner.core.terminal.TerminalState.UNREADABLE, workbench.corpus().node(file).stateProperty().get());
            assertNull(visibleIn(row, ".changed-while-read"));
        } else {
            Label mark = visibleIn(row, ".changed-while-read");
            assertNotNull(mark, "no mark on the corpus row");
            assertEquals(Safe.text(notes.get(1)), lazyTip(robot, mark));
            assertTrue(lazyTip(robot, row).contains(Safe.text(notes.get(1))), row.getTooltip().getText());
        }

        // the detail panel: a card with the note of the rows shown, with a record selected and with none
        assertNotNull(workbench.timeline().selectedRowProperty().get(), "opened at its terminal record");
        assertEquals(List.of(Safe.text(timelines)), cards(robot, ".changed-while-read"));
        robot.interact(() -> workbench.timeline().select(-1));
        WaitForAsyncUtils.waitForFxEvents();
        assertNotNull(workbench.detail().transcriptProperty().get(), "the transcript's verdict card");
        assertEquals(List.of(Safe.text(timelines)), cards(robot, ".changed-while-read"), "no record selected");

        // the status bar, for it is the open one
        Label status = robot.lookup(".status-bar .changed-while-read").queryAs(Label.class);
        assertTrue(status.isVisible());
        assertEquals(Safe.text(file.getFileName() + ": " + timelines), status.getText());

        // closed, nothing of it stays on screen
        robot.interact(() -> workbench.timeline().close());
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup(".status-bar .changed-while-read").queryAs(Label.class).isVisible());
        assertEquals(List.of(), cards(robot, ".changed-while-read"));
    }

    @Test
    void rowsReadWholeUnderAVerdictReadFromAChangingFileStillSayTheVerdictsRead(FxRobot robot) throws Exception {
        Path other = dir.resolve("other.jsonl");
        Files.writeString(other, RECORD + ANSWER, StandardCharsets.UTF_8);
        open(robot, other, 2); // the timeline shows another transcript: the next one opened is read by the engine first
        Path file = dir.resolve("changing\u202Eevil.jsonl"); // a hostile name: the status bar draws it escaped
        Files.writeString(file, RECORD + ANSWER, StandardCharsets.UTF_8);
        List<String> notes = changeIt(file, "modified", read -> read == 1);
        robot.interact(() -> workbench.open(List.of(file)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, notes.size());
        assertEquals(notes.get(0), workbench.corpus().node(file).changedProperty().get(), "the engine's read");
        assertNotNull(visibleIn(corpusRow(robot, file), ".changed-while-read"));
        robot.interact(() -> workbench.navigator().goTo(file, 2));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(file, workbench.timeline().indexProperty().get().path());
        assertNull(workbench.timeline().indexProperty().get().changed(), "the rows were read again, from a file left alone");
        assertEquals(List.of(Safe.text(notes.get(0))), cards(robot, ".changed-while-read"), "the verdict's read");
        String status = robot.lookup(".status-bar .changed-while-read").queryAs(Label.class).getText();
        assertEquals(Safe.text(file.getFileName() + ": " + notes.get(0)), status);
        assertTrue(status.startsWith("changing\\u{202e}evil.jsonl: the file changed while it was read: "), status);
    }

    @Test
    void aFileReadWholeAndLeftAloneShowsNoNote(FxRobot robot) throws Exception {
        Path file = transcript();
        AtomicInteger reads = new AtomicInteger();
        FileStamp.afterRead = p -> reads.incrementAndGet();
        open(robot, file, 2);
        assertTrue(reads.get() >= 1, "the window's pass stamped the file");
        assertEquals(dev.coroner.core.terminal.TerminalState.HEALTHY, workbench.corpus().node(file).stateProperty().get());
        assertNull(visibleIn(corpusRow(robot, file), ".changed-while-read"));
        assertFalse(lazyTip(robot, corpusRow(robot, file)).contains("changed while it was read"));
        assertFalse(robot.lookup(".status-bar .changed-while-read").queryAs(Label.class).isVisible());
        assertNotNull(workbench.timeline().selectedRowProperty().get());
        assertEquals(List.of(), cards(robot, ".changed-while-read"));
        assertEquals(List.of(), cards(robot, ".read-in-part"));
        assertTrue(robot.lookup(".timeline-table .marker-read-in-part").queryAll().isEmpty());
    }

    @Test
    void anAnswerTextReadOnlyInPartSaysSoOnItsTimelineRowAndInItsDetail(FxRobot robot) throws Exception {
        Path file = dir.resolve("long-answer.jsonl");
        HostileShapes.longLastLine(file, ReadLimits.MAX_IN_MEMORY_LINE + 4_096); // line 1 a prompt, line 2 the answer
        long promptBytes = Files.readAllLines(dir.resolve("long-answer.jsonl")).get(0).length() + 1;
        long answerBytes = Files.size(file) - promptBytes - 1;
        assertTrue(answerBytes > ReadLimits.MAX_IN_MEMORY_LINE);
        String note = new CutText(2, answerBytes, 0, 64 * 1024).note();
        assertTrue(note.contains("fenced blocks after that are not linked"), note);
        open(robot, file, 2);

        TimelineRow selected = workbench.timeline().selectedRowProperty().get();
        assertNotNull(selected);
        assertEquals(2, selected.line());
        TableRow<TimelineRow> answer = timelineRow(robot, 2);
        Label badge = visibleIn(answer, ".marker-read-in-part");
        assertNotNull(badge, "no badge on the answer's row");
        assertEquals(Safe.text(note), lazyTip(robot, badge));
        assertNull(visibleIn(timelineRow(robot, 1), ".marker-read-in-part"), "the prompt was read whole");

        assertEquals(List.of(Safe.text(note)), cards(robot, ".read-in-part"));
        robot.interact(() -> workbench.timeline().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, workbench.timeline().selectedRowProperty().get().line());
        assertEquals(List.of(), cards(robot, ".read-in-part"), "the prompt's detail has no such card");
    }

    private static TableRow<TimelineRow> timelineRow(FxRobot robot, long line) {
        return robot.lookup(".timeline-table .table-row-cell").<TableRow<TimelineRow>>queryAll().stream()
                .filter(r -> r.getItem() != null && r.getItem().line() == line && r.isVisible()).findFirst()
                .orElseThrow();
    }
}
