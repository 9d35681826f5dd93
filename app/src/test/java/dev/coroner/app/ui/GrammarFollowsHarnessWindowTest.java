package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.read.Harness;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window judges a Codex rollout by the bundled Codex grammar (docs/VERDICTS.md, "Command lookups"): while the
 * grammar in force is a bundled one it follows the harness of what is open; a grammar the person chose stays.
 */
@ExtendWith(ApplicationExtension.class)
class GrammarFollowsHarnessWindowTest {
    private static final String ROLLOUT = """
            {"timestamp":"2026-06-06T23:32:50.811Z","type":"session_meta","payload":{"id":"019e9f48-36ac-7472-a116-ee6adc220306","cwd":"/w","originator":"codex-tui","cli_version":"0.136.0","source":"cli"}}
            {"timestamp":"2026-06-06T23:32:51.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"fix it"}]}}
            """;
    private static final String CLAUDE_CODE = "precursor/claude-code/attested.jsonl";

    private Workbench workbench;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        workbench.setGrammar(Workbench.bundledGrammar());
        stage.setScene(workbench.scene(1280, 720));
        stage.show();
    }

    private Path rollout(String name) throws IOException {
        return Files.writeString(dir.resolve(name), ROLLOUT, StandardCharsets.UTF_8);
    }

    private void open(FxRobot robot, Path... paths) {
        robot.interact(() -> workbench.open(List.of(paths)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private Path grammar() {
        return workbench.analyses().grammarProperty().get();
    }

    @Test
    void aCodexRolloutIsJudgedByTheBundledCodexGrammarAndAMixKeepsIt(FxRobot robot) throws IOException {
        open(robot, rollout("rollout-2026-06-06T23-32-50-019e9f48.jsonl"));
        assertEquals(Workbench.bundledGrammar(Harness.CODEX), grammar());
        open(robot, Fixtures.path(CLAUDE_CODE));
        assertEquals(Workbench.bundledGrammar(Harness.CODEX), grammar(), "a mix keeps the grammar in force");
    }

    @Test
    void aClaudeCodeTranscriptNamedLikeARolloutKeepsTheClaudeCodeGrammar(FxRobot robot) throws IOException {
        Path named = Files.copy(Fixtures.path(CLAUDE_CODE), dir.resolve("rollout-2026-06-06T23-32-50-x.jsonl"));
        open(robot, named);
        assertEquals(Workbench.bundledGrammar(), grammar());
    }

    @Test
    void aGrammarThePersonChoseIsNeverReplaced(FxRobot robot) throws IOException {
        Path chosen = Fixtures.path("precursor/customer-service.toml");
        robot.interact(() -> workbench.analyses().grammarProperty().set(chosen));
        open(robot, rollout("rollout-a.jsonl"));
        assertEquals(chosen, grammar());
    }

    @Test
    void theToolbarOffersBothBundledGrammars(FxRobot robot) {
        MenuButton menu = robot.lookup(".grammar-button").queryAs(MenuButton.class);
        List<String> items = menu.getItems().stream().map(MenuItem::getText).toList();
        assertEquals(List.of("Claude Code (bundled)", "Codex CLI (bundled)", "Choose grammar…", "No grammar"), items);
        robot.interact(() -> menu.getItems().get(1).fire());
        assertEquals(Workbench.bundledGrammar(Harness.CODEX), grammar());
    }
}
