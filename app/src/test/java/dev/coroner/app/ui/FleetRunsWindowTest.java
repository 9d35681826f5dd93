package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.control.TreeTableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A fleet's runs table in JSON lines opens in the window as a corpus of verdicts (docs/FLEET.md, "Opening the runs
 * table"): each row in the tree with the job's state and class, a row whose file is here opens as usual, one on HDFS
 * says it is not here, and a line that is no row is a row that says where it is.
 */
@ExtendWith(ApplicationExtension.class)
class FleetRunsWindowTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path AUTH = Fixtures.path("terminal/synthetic-auth-401.jsonl").toAbsolutePath().normalize();
    private static final Path HEALTHY = Fixtures.path("terminal/healthy.jsonl").toAbsolutePath().normalize();

    @TempDir
    Path dir;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    /** A row as the job writes it: coroner verdict --json's keys, then the fleet's (here the size and a count). */
    private static String row(String uri, Path file) throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", uri);
        m.putAll(TerminalVerdicts.judge(file).toMap());
        m.put("size", Files.size(file));
        m.put("warns", 3);
        return JSON.writeValueAsString(m);
    }

    private Path runs() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("out/runs"));
        String far = "{\"path\":\"hdfs://nn:8020/ci/run-7.jsonl\",\"state\":\"SYNTHETIC\",\"dead\":true,"
                + "\"class\":\"RATE_LIMIT\",\"api_status\":429,\"error\":\"rate_limit\",\"reason\":\"the API said 429\","
                + "\"kind\":\"SESSION\",\"trailing\":null,\"harness\":\"CLAUDE_CODE\"}";
        // first in the tree ('.' sorts before '/'), dead, sized and gone: the window opens the first dead row that is here
        String gone = far.replace("hdfs://nn:8020/ci/run-7.jsonl", "./gone-" + System.nanoTime() + ".jsonl")
                .replace("\"harness\":\"CLAUDE_CODE\"}", "\"harness\":\"CLAUDE_CODE\",\"size\":1000}");
        Files.writeString(runs.resolve("part-00000-cc-c000.txt"), String.join("\n",
                row("file:" + AUTH, AUTH), far, row("file:" + HEALTHY, HEALTHY), gone, "{\"path\": torn") + "\n",
                StandardCharsets.UTF_8);
        Files.writeString(runs.resolve("_SUCCESS"), "");
        return runs;
    }

    @SuppressWarnings("unchecked")
    @Test
    void theRowsShowTheJobsVerdictsAndAReachableOneOpens(FxRobot robot) throws Exception {
        Path runs = runs();
        robot.interact(() -> workbench.open(List.of(runs)));
        WaitForAsyncUtils.waitForFxEvents();
        TreeTableView<CorpusNode> tree = robot.lookup(".corpus-tree").queryAs(TreeTableView.class);
        List<String> names = names(tree);
        assertTrue(names.get(0).startsWith("gone-"), names.toString());
        assertEquals(List.of("healthy.jsonl", "synthetic-auth-401.jsonl", "run-7.jsonl", "part-00000-cc-c000.txt line 5"),
                names.subList(1, names.size()), "by path, byte-wise, the line that is no row last");
        assertTrue(workbench.corpus().verdictsOnly());
        assertTrue(workbench.corpus().activityProperty().get().startsWith("4 rows of a fleet's runs table, 1 line that is no row"),
                workbench.corpus().activityProperty().get());

        CorpusNode auth = workbench.corpus().node(AUTH);
        assertEquals(TerminalState.SYNTHETIC, auth.stateProperty().get());
        assertEquals(TerminalClass.AUTH, auth.terminalClassProperty().get());
        assertEquals(3, auth.warnsProperty().get(), "the row's WARN count");
        assertEquals(Files.size(AUTH), auth.sizeProperty().get());
        CorpusNode far = nodeNamed(tree, "run-7.jsonl");
        assertEquals(TerminalState.SYNTHETIC, far.stateProperty().get());
        assertEquals(TerminalClass.RATE_LIMIT, far.terminalClassProperty().get());
        assertFalse(far.reachable());
        CorpusNode torn = nodeNamed(tree, "part-00000-cc-c000.txt line 5");
        assertEquals(TerminalState.UNREADABLE, torn.stateProperty().get());
        assertTrue(torn.noteProperty().get().contains("not JSON"), torn.noteProperty().get());
        assertEquals(3, workbench.corpus().tallyProperty().get().dead(), "the chart counts the rows' deaths");
        assertFalse(nodeNamed(tree, names.get(0)).reachable(), "a row whose file is gone");

        // the first dead row that is here opened, as any transcript does
        assertEquals(AUTH, workbench.timeline().pathProperty().get());
        assertFalse(workbench.timeline().rowsProperty().get().isEmpty());

        robot.interact(() -> workbench.navigator().goTo(HEALTHY, 0));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(HEALTHY, workbench.timeline().pathProperty().get());
        assertFalse(workbench.timeline().rowsProperty().get().isEmpty());

        robot.interact(() -> workbench.navigator().goTo(far.path(), 0));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(null, workbench.timeline().pathProperty().get(), "a file on HDFS is never read: no timeline");
        assertEquals(far, workbench.corpus().currentProperty().get(), "its row is the one chosen");
        assertTrue(workbench.corpus().activityProperty().get().startsWith(
                "not on this machine: hdfs://nn:8020/ci/run-7.jsonl; copy it here to open it"),
                workbench.corpus().activityProperty().get());

        // a grammar changed: the rows are the job's, nothing is judged again
        robot.interact(() -> workbench.setGrammar(null));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(TerminalClass.AUTH, workbench.corpus().node(AUTH).terminalClassProperty().get());
        assertEquals(3, workbench.corpus().node(AUTH).warnsProperty().get());
        assertNotNull(workbench.corpus().survey());

        // File > Export: the report on the rows, as coroner report writes it; no transcript read
        var export = new dev.coroner.app.ui.model.ReportExportViewModel(dev.coroner.app.ui.model.Tasks.sameThread(),
                workbench.corpus(), workbench.analyses(), workbench.annotations(), "test");
        List<dev.coroner.core.report.Report> built = new ArrayList<>();
        robot.interact(() -> export.prepare(dir.resolve("fleet.json"), p -> built.add(p.report()),
                why -> { throw new AssertionError(why); }));
        assertEquals(1, built.size());
        assertEquals(5, built.get(0).transcripts().size(), "four rows and the line that is no row");
        assertEquals("fleet", built.get(0).grammar().origin());
        assertEquals(6, built.get(0).summary().warns(), "the rows' WARN counts, 3 each (the HDFS row has none)");

        // a folder of transcripts opened next replaces the table
        robot.interact(() -> workbench.open(List.of(Fixtures.path("kinds").toAbsolutePath())));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(workbench.corpus().verdictsOnly());
        assertFalse(names(tree).contains("run-7.jsonl"));
    }

    private static CorpusNode nodeNamed(TreeTableView<CorpusNode> t, String name) {
        for (int i = 0; i < t.getExpandedItemCount(); i++) {
            CorpusNode n = t.getTreeItem(i).getValue();
            if (n != null && n.name().equals(name)) {
                return n;
            }
        }
        throw new AssertionError("no row " + name);
    }

    private static List<String> names(TreeTableView<CorpusNode> t) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < t.getExpandedItemCount(); i++) {
            CorpusNode n = t.getTreeItem(i).getValue();
            if (n != null && n.path() != null) {
                out.add(n.name());
            }
        }
        return out;
    }
}
