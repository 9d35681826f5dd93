package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File ▸ Follow (docs/ARCHITECTURE.md, "Following"): records appended to the open transcript appear in the timeline, a
 * torn last line waits as "still being written" in the status bar, and a death shows when it is written: the row, the
 * corpus state and the findings. With a folder open, a sub-agent that appears is added under its session and judged.
 */
@ExtendWith(ApplicationExtension.class)
class FollowWindowTest {
    /** A bound for a loaded machine, not a speed claim. */
    private static final int WAIT_SECONDS = 20;

    @TempDir
    Path dir;
    private Workbench workbench;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        stage.setScene(workbench.scene(1280, 720));
        stage.show();
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(() -> workbench.close());
    }

    @Test
    void appendedRecordsATornLineAndADeathAppearWhileFollowed(FxRobot robot) throws Exception {
        List<String> lines = Files.readAllLines(Fixtures.path("terminal/synthetic-context-limit.jsonl"), StandardCharsets.UTF_8);
        Path file = dir.resolve("session.jsonl");
        Files.writeString(file, lines.get(0) + "\n" + lines.get(1) + "\n", StandardCharsets.UTF_8);
        robot.interact(() -> workbench.open(List.of(file)));
        await("the transcript is shown", () -> workbench.timeline().rowsProperty().get().size() == 2
                && workbench.corpus().node(file) != null
                && workbench.corpus().node(file).stateProperty().get() == TerminalState.HEALTHY);

        CheckMenuItem follow = followItem();
        robot.interact(() -> follow.setSelected(true)); // File ▸ Follow checked, as a click on it checks it
        assertTrue(workbench.follow().followingProperty().get());
        await("the status bar says what is followed", () -> statusTexts().stream().anyMatch(t -> t.startsWith("following session.jsonl")));

        String result = lines.get(2);
        append(file, result + "\n" + lines.get(3).substring(0, 120)); // a result, then the death half written
        await("the result appears and the torn death waits", () -> workbench.timeline().rowsProperty().get().size() == 3
                && statusTexts().stream().anyMatch(t -> t.contains("last line still being written (120 bytes)")));
        assertEquals(TerminalState.HEALTHY, workbench.corpus().node(file).stateProperty().get());
        assertEquals(0, workbench.timeline().indexProperty().get().problems(), "a line still being written is no problem");
        assertEquals("judging… no findings yet", worstText(),
                "a torn line is not judged yet: never green \"no findings\" (docs/WORKBENCH.md, \"Never clean before it knows\")");

        append(file, lines.get(3).substring(120) + "\n"); // the harness finishes writing the death
        await("the death appears", () -> workbench.timeline().rowsProperty().get().size() == 4
                && workbench.corpus().node(file).stateProperty().get() == TerminalState.SYNTHETIC
                && workbench.findings().items().stream().anyMatch(i -> i.finding().kind() == FindingKind.DEATH));
        assertTrue(statusTexts().stream().noneMatch(t -> t.contains("still being written")), statusTexts().toString());
        await("the bar says the death once the line is whole", () -> worstText().equals("worst: DEATH"));
        assertEquals("<synthetic>", workbench.timeline().rowsProperty().get().get(3).model());

        robot.interact(() -> follow.setSelected(false)); // unchecked: nothing more is read
        append(file, lines.get(1) + "\n");
        Thread.sleep(1_500);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(4, workbench.timeline().rowsProperty().get().size(), "not followed any more");
    }

    @Test
    void theTimelineGoesToADeathWrittenWhileFollowedFarBelowTheRowsShown(FxRobot robot) throws Exception {
        List<String> lines = Files.readAllLines(Fixtures.path("terminal/synthetic-context-limit.jsonl"), StandardCharsets.UTF_8);
        Path file = dir.resolve("session.jsonl");
        StringBuilder calls = new StringBuilder(lines.get(0)).append('\n');
        for (int i = 0; i < 60; i++) { // a call and its result, sixty times: far more rows than the timeline shows
            calls.append(lines.get(1)).append('\n').append(lines.get(2)).append('\n');
        }
        Files.writeString(file, calls, StandardCharsets.UTF_8);
        robot.interact(() -> workbench.open(List.of(file)));
        await("the transcript is shown", () -> workbench.timeline().rowsProperty().get().size() == 121
                && workbench.corpus().node(file).stateProperty().get() == TerminalState.HEALTHY);
        robot.interact(() -> workbench.navigator().goTo(file, 1)); // the investigator reads from the top
        await("the first row is selected", () -> workbench.timeline().selectedProperty().get() == 0);

        robot.interact(() -> followItem().setSelected(true));
        append(file, lines.get(3) + "\n"); // the harness writes the death
        step(robot);
        await("the death appears", () -> workbench.timeline().rowsProperty().get().size() == 122
                && workbench.corpus().node(file).stateProperty().get() == TerminalState.SYNTHETIC);
        assertEquals(121, workbench.timeline().selectedProperty().get(), "the death is selected");
        var flow = WaitForAsyncUtils.asyncFx(() -> {
            var table = ((MainView) workbench.root()).timelineView.table();
            table.layout();
            var f = (javafx.scene.control.skin.VirtualFlow<?>) table.lookup(".virtual-flow");
            return new int[] {f.getFirstVisibleCell().getIndex(), f.getLastVisibleCell().getIndex()};
        }).get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertTrue(flow[0] <= 121 && 121 <= flow[1], "the timeline scrolled to it: rows " + flow[0] + "–" + flow[1]
                + " shown");
    }

    @Test
    void aSubagentThatAppearsInAFollowedFolderIsAddedUnderItsSessionAndJudgedUpToItsDeath(FxRobot robot) throws Exception {
        String id = "3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d";
        Path project = Files.createDirectory(dir.resolve("project"));
        Path session = project.resolve(id + ".jsonl");
        Files.copy(Fixtures.path("kinds/" + id + ".jsonl"), session);
        Path subagents = Files.createDirectories(project.resolve(id).resolve("subagents"));
        Path old = subagents.resolve("agent-a2c4e6f8a0b1c3d5.jsonl");
        Files.copy(Fixtures.path("kinds/" + id + "/subagents/agent-a2c4e6f8a0b1c3d5.jsonl"), old);
        robot.interact(() -> workbench.open(List.of(project)));
        await("the folder is open and judged", () -> workbench.idle() && workbench.corpus().node(session) != null
                && workbench.corpus().node(session).stateProperty().get() != null
                && workbench.corpus().node(old).stateProperty().get() != null);
        robot.interact(() -> workbench.navigator().goTo(session, 0)); // the session in the timeline
        await("the session is in the timeline", () -> workbench.idle() && session.equals(workbench.timeline().pathProperty().get())
                && !workbench.timeline().rowsProperty().get().isEmpty());
        int sessionRows = workbench.timeline().rowsProperty().get().size();

        CheckMenuItem follow = followItem();
        assertEquals("Follow the open folder", follow.getText(), "a folder is open: Follow follows it");
        robot.interact(() -> follow.setSelected(true));
        step(robot);
        await("the status bar says the folder is followed",
                () -> statusTexts().stream().anyMatch(t -> t.startsWith("following project · 2 transcripts")));

        // a sub-agent starts: its prompt and first call; the session, open in the timeline, gets a record
        List<String> death = Files.readAllLines(Fixtures.path("terminal/synthetic-context-limit.jsonl"), StandardCharsets.UTF_8);
        Path fresh = subagents.resolve("agent-b0b0b0b0b0b0b0b0.jsonl");
        Files.writeString(fresh, death.get(0) + "\n" + death.get(1) + "\n", StandardCharsets.UTF_8);
        append(session, Files.readAllLines(session, StandardCharsets.UTF_8).get(0) + "\n");
        step(robot);
        await("the new sub-agent is under its session, judged", () -> workbench.corpus().node(fresh) != null
                && workbench.corpus().node(fresh).stateProperty().get() == TerminalState.HEALTHY
                && treeChildren(session).contains(workbench.corpus().node(fresh)));
        await("the session's new record is in the timeline",
                () -> workbench.timeline().rowsProperty().get().size() == sessionRows + 1);
        assertTrue(statusTexts().stream().anyMatch(t -> t.startsWith("following project · 3 transcripts")
                && t.contains("new: agent-b0b0b0b0b0b0b0b0.jsonl")), statusTexts().toString());
        assertTrue(workbench.corpus().transcripts().contains(fresh), "open like the others: the report and triage see it");

        long deadBefore = workbench.corpus().tallyProperty().get().dead();
        append(fresh, death.get(2) + "\n" + death.get(3) + "\n"); // the harness writes its death
        step(robot);
        await("the death shows on its row and in the findings",
                () -> workbench.corpus().node(fresh).stateProperty().get() == TerminalState.SYNTHETIC
                        && workbench.corpus().tallyProperty().get().dead() == deadBefore + 1
                        && workbench.findings().items().stream().anyMatch(i -> i.path().equals(fresh)
                        && i.finding().kind() == FindingKind.DEATH));
        assertEquals(1, treeChildren(session).stream().filter(n -> n.path() != null && n.path().equals(fresh)).count(),
                "added once");
    }

    @Test
    void aSessionThatAppearsAfterItsSubagentTakesItOutOfTheSessionNotOpenedRow(FxRobot robot) throws Exception {
        String id = "3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d";
        Path project = Files.createDirectory(dir.resolve("project"));
        Path subagents = Files.createDirectories(project.resolve(id).resolve("subagents"));
        Path sub = subagents.resolve("agent-a2c4e6f8a0b1c3d5.jsonl");
        Files.copy(Fixtures.path("kinds/" + id + "/subagents/agent-a2c4e6f8a0b1c3d5.jsonl"), sub);
        robot.interact(() -> workbench.open(List.of(project)));
        await("the folder is open and judged", () -> workbench.idle() && workbench.corpus().node(sub) != null
                && workbench.corpus().node(sub).stateProperty().get() != null);
        assertEquals(List.of(CorpusNode.Kind.MISSING_SESSION), kindsOfRoots(), "the sub-agent waits under its session's id");

        robot.interact(() -> followItem().setSelected(true));
        step(robot);
        Path session = project.resolve(id + ".jsonl");
        Files.copy(Fixtures.path("kinds/" + id + ".jsonl"), session);
        step(robot);
        await("the session is added, judged, with its sub-agent under it", () -> workbench.corpus().node(session) != null
                && workbench.corpus().node(session).stateProperty().get() != null
                && treeChildren(session).contains(workbench.corpus().node(sub)));
        assertEquals(List.of(CorpusNode.Kind.SESSION), kindsOfRoots(), "no 'session not opened' row is left");
        assertEquals(1, treeChildren(session).stream().filter(n -> sub.equals(n.path())).count(), "moved once");
    }

    private List<CorpusNode.Kind> kindsOfRoots() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> workbench.corpus().roots().stream().map(CorpusNode::kind).toList())
                .get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** One poll by hand, as the clock would make it. */
    private void step(FxRobot robot) {
        robot.interact(() -> workbench.follow().poll());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The rows under {@code session}'s row in the corpus tree, as shown. */
    private List<CorpusNode> treeChildren(Path session) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            TreeTableView<?> tree = find(stage.getScene().getRoot(), TreeTableView.class);
            List<CorpusNode> out = new ArrayList<>();
            collectUnder(tree.getRoot(), session, false, out);
            return out;
        }).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private static void collectUnder(TreeItem<?> item, Path session, boolean under, List<CorpusNode> out) {
        for (TreeItem<?> child : item.getChildren()) {
            CorpusNode n = (CorpusNode) child.getValue();
            if (under) {
                out.add(n);
            }
            collectUnder(child, session, under || session.equals(n.path()), out);
        }
    }

    private CheckMenuItem followItem() {
        MenuBar bar = find(stage.getScene().getRoot(), MenuBar.class);
        assertNotNull(bar);
        Menu file = bar.getMenus().stream().filter(m -> m.getText().equals("File")).findFirst().orElseThrow();
        for (MenuItem i : file.getItems()) {
            if (i instanceof CheckMenuItem c && c.getText().startsWith("Follow")) {
                return c;
            }
        }
        throw new AssertionError("no File ▸ Follow item");
    }

    /** What the status bar says of the worst finding. */
    private String worstText() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> ((Labeled) workbench.root().lookup(".status-bar .worst")).getText())
                .get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private List<String> statusTexts() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            List<String> out = new ArrayList<>();
            collect(workbench.root().lookup(".status-bar"), out);
            return out;
        }).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private static void await(String what, Callable<Boolean> done) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(WAIT_SECONDS, TimeUnit.SECONDS,
                    () -> WaitForAsyncUtils.asyncFx(done).get(WAIT_SECONDS, TimeUnit.SECONDS));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting: " + what, e);
        }
    }

    private static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    private static void collect(Node n, List<String> out) {
        if (n instanceof Labeled l && l.getText() != null && l.isVisible()) {
            out.add(l.getText());
        }
        if (n instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, out);
            }
        }
    }

    private static <T> T find(Node n, Class<T> type) {
        if (type.isInstance(n)) {
            return type.cast(n);
        }
        if (n instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                T t = find(child, type);
                if (t != null) {
                    return t;
                }
            }
        }
        return null;
    }
}
