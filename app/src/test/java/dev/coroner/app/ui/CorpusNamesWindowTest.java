package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TreeTableRow;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Names people can tell apart (docs/WORKBENCH.md, "The panels"), at a laptop's 1280×720: a session is named by its
 * title (Claude Code's {@code summary} record), a sub-agent by the description its parent's Task call gave it, not by
 * file names that share their prefix and suffix; under a titled session its first prompt; the file in a column.
 */
@ExtendWith(ApplicationExtension.class)
class CorpusNamesWindowTest {
    @TempDir
    Path dir;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        stage.setScene(workbench.scene(1280, 720));
        stage.show();
    }

    /** Each shown row's name and the line under it, by its file's name: "name | line under it". */
    private static List<String> rows(FxRobot robot) {
        List<String> out = new ArrayList<>();
        for (Node n : robot.lookup(".corpus-tree .tree-table-row-cell").queryAll()) {
            if (n instanceof TreeTableRow<?> row && row.getItem() instanceof CorpusNode c && c.path() != null
                    && n.isVisible()) {
                Label name = (Label) row.lookup(".transcript-name");
                Label under = (Label) row.lookup(".transcript-headline");
                out.add(c.name() + ": " + name.getText() + " | " + under.getText());
            }
        }
        return out;
    }

    @Test
    void aSessionIsNamedByItsTitleAndASubagentByItsDescriptionWithTheFileInAColumn(FxRobot robot) throws Exception {
        copy(Fixtures.demoCorpus(), dir);
        Path session = dir.resolve("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl");
        // Claude Code writes the title as a summary record; hostile like any transcript text: an escape sequence in it
        Files.writeString(session, "{\"type\":\"summary\",\"summary\":\"Security audit\\u001b[31m of the shop\\nsecond "
                + "line\",\"leafUuid\":\"00000000-0000-0000-0000-000000001139\"}\n" + Files.readString(session));
        robot.interact(() -> workbench.open(List.of(dir)));
        WaitForAsyncUtils.waitForFxEvents();

        List<String> rows = rows(robot);
        assertTrue(rows.contains("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl: Security audit\\x1b[31m of the shop | "
                + "Run a security audit of the shop: one sub-agent per module, then summarise the findings."),
                "the title's first line, its escape shown escaped, and under it the first prompt: " + rows);
        for (String module : List.of("payment", "export", "auth", "search")) {
            assertTrue(rows.stream().anyMatch(r -> r.startsWith("agent-") && r.contains(": Audit the " + module
                    + " module | Audit the " + module + " module for")), module + ": " + rows);
        }
        assertTrue(rows.contains("91a0b1c2-d3e4-4f50-8a6b-7c8d9e0f1a2b.jsonl: What does the export job do? | "
                + "91a0b1c2-d3e4-4f50-8a6b-7c8d9e0f1a2b"), "no title: named by its first prompt, the file under it: " + rows);

        var tree = ((MainView) workbench.root()).corpusView.tree();
        var file = tree.getColumns().stream().filter(c -> c.getText().equals("File")).findFirst().orElseThrow();
        assertFalse(file.isVisible(), "at a laptop's width the name keeps the room; the ⊕ menu shows the file");
        robot.interact(() -> file.setVisible(true));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> files = robot.lookup(".corpus-tree .file-column").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.TreeTableCell<?, ?> c && c.getText() != null)
                .map(n -> ((javafx.scene.control.TreeTableCell<?, ?>) n).getText()).toList();
        assertTrue(files.contains("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b") && files.contains("agent-a7b2d4f6e8c0a1b30"),
                files.toString());
    }

    private static void copy(Path from, Path to) throws Exception {
        List<Path> all;
        try (Stream<Path> s = Files.walk(from)) {
            all = s.toList();
        }
        for (Path p : all) {
            Path target = to.resolve(from.relativize(p).toString());
            if (Files.isDirectory(p)) {
                Files.createDirectories(target);
            } else {
                Files.copy(p, target);
            }
        }
    }
}
