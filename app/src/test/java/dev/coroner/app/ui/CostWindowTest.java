package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.CostTexts;
import dev.coroner.app.ui.model.TokenLedger;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What the runs cost, in the window (issue 35, docs/WORKBENCH.md "Cost"): the tokens and cost columns with a session
 * rolled up with its sub-agents and what its dead ones cost, "—" for a model with no price, sorting by cost, the chart's
 * death class in dollars, and the per-turn ledger of a transcript, at the prices of the person's prices file.
 *
 * <p>The corpus is written here, so every figure can be worked out by hand from the lines below. Prices (the prices
 * file): claude-test-a $3 input, $15 output, $3.75 cache write, $0.30 cache read per million tokens;
 * claude-unpriced-z has none (nor in the bundled list).
 * <ul>
 * <li>Session S (healthy): line 2 (10,000 in, 2,000 out, 100,000 cache write) $0.435; line 4 (1,000 in, 4,000 out,
 * 100,000 cache read) $0.093; lines 6 and 7 one streamed message, its last record counts (1,000 in, 10,000 out, 20,000
 * cache write, 100,000 cache read) $0.258: own $0.786, 348,000 tokens; turns at its prompts, lines 1 and 5.</li>
 * <li>Its sub-agent D died of a rate limit: 200,000 in, 50,000 out, $1.35. Its sub-agent H: 100,000 in, 10,000 out,
 * $0.45. S rolled up: $2.586, 708,000 tokens; it folds $1.35 of dead sub-agents.</li>
 * <li>Session C: 20,000 in, 2,000 out, $0.09. Session U: claude-unpriced-z only, no cost.</li>
 * <li>A harness agent (a compaction) of a session not in the folder died of a rate limit: 100,000 in, $0.30. Hidden
 * from the tree, its cost counts in the corpus's and in what its dead runs cost, not in a class of the chart's.</li>
 * </ul>
 */
@ExtendWith(ApplicationExtension.class)
class CostWindowTest {
    private static final String S_ID = "5e551011-0000-4000-8000-000000000001";
    private static final String C_ID = "5e551011-0000-4000-8000-000000000002";
    private static final String U_ID = "5e551011-0000-4000-8000-000000000003";
    private static final String H_ID = "5e551011-0000-4000-8000-000000000004";
    private static Path corpus;
    private static Path session;
    private static Path dead;
    private static Path cheap;
    private static Path unpriced;
    private Workbench workbench;

    @BeforeAll
    static void writeCorpusAndPrices() throws IOException {
        corpus = Files.createTempDirectory("cost-window");
        session = write(corpus.resolve(S_ID + ".jsonl"), S_ID, null, List.of(
                prompt(1, "Fix the build"),
                call(2, "msg_s1", "claude-test-a", 10_000, 2_000, 100_000, 0),
                result(3),
                answer(4, "msg_s2", "claude-test-a", 1_000, 4_000, 0, 100_000, "Fixed.", "end_turn"),
                prompt(5, "Now run the tests"),
                answer(6, "msg_s3", "claude-test-a", 1_000, 1, 20_000, 100_000, "Running", null),
                answer(7, "msg_s3", "claude-test-a", 1_000, 10_000, 20_000, 100_000, "All pass.", "end_turn")));
        dead = write(corpus.resolve(S_ID + "/subagents/agent-ad0000000000000d1.jsonl"), S_ID, "ad0000000000000d1", List.of(
                prompt(1, "Audit the module"),
                call(2, "msg_d1", "claude-test-a", 200_000, 50_000, 0, 0),
                result(3),
                rateLimited(4)));
        write(corpus.resolve(S_ID + "/subagents/agent-a40000000000000e2.jsonl"), S_ID, "a40000000000000e2", List.of(
                prompt(1, "Read the docs"),
                answer(2, "msg_h1", "claude-test-a", 100_000, 10_000, 0, 0, "Read them.", "end_turn")));
        cheap = write(corpus.resolve(C_ID + ".jsonl"), C_ID, null, List.of(
                prompt(1, "Say hello"),
                answer(2, "msg_c1", "claude-test-a", 20_000, 2_000, 0, 0, "Hello.", "end_turn")));
        unpriced = write(corpus.resolve(U_ID + ".jsonl"), U_ID, null, List.of(
                prompt(1, "Say goodbye"),
                answer(2, "msg_u1", "claude-unpriced-z", 5_000, 500, 0, 0, "Goodbye.", "end_turn")));
        write(corpus.resolve(H_ID + "/subagents/agent-acompact-0000000000000c1.jsonl"), H_ID, "acompact-0000000000000c1",
                List.of(prompt(1, "Summarise the conversation"), call(2, "msg_k1", "claude-test-a", 100_000, 0, 0, 0),
                        result(3), rateLimited(4)));
        // the person's prices file, which the window reads over the bundled prices
        UserPrices.write("""
                [source]
                name = "the test's prices"
                date = "2026-12-02"

                [models."claude-test-a"]
                input = 3
                output = 15
                cache_write = 3.75
                cache_read = 0.30
                """);
    }

    @AfterAll
    static void removePrices() throws IOException {
        UserPrices.remove(); // the other window tests run at the bundled prices
    }

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    private void open(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(corpus)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theCostColumnRollsASessionUpWithItsSubAgentsAndNamesAModelWithNoPrice(FxRobot robot) {
        open(robot);
        TreeTableView<CorpusNode> tree = robot.lookup(".corpus-tree").queryAs(TreeTableView.class);
        // the chart's switch shows the cost column (hidden at first: at 1280 the names keep their room)
        TreeTableColumn<CorpusNode, ?> cost = column(tree, "Cost");
        assertFalse(cost.isVisible());
        double narrow = robot.lookup(".corpus-panel").queryAs(javafx.scene.layout.Region.class).getWidth();
        double name = column(tree, "Transcript").getWidth();
        robot.interact(() -> robot.lookup(".chart-cost-toggle").queryAs(javafx.scene.control.CheckBox.class).fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(cost.isVisible());
        // and the panel widens by the column, so the names keep their room
        double wide = robot.lookup(".corpus-panel").queryAs(javafx.scene.layout.Region.class).getWidth();
        assertEquals(narrow + cost.getPrefWidth(), wide, 8, "the panel was " + narrow + " px wide, now " + wide);
        assertEquals(name, column(tree, "Transcript").getWidth(), 8, "the names keep their room");
        robot.interact(() -> column(tree, "Tokens").setVisible(true)); // the ⊕ menu's way
        WaitForAsyncUtils.waitForFxEvents();

        // $0.786 own + $1.35 dead + $0.45 = $2.586; 348,000 + 250,000 + 110,000 tokens
        assertEquals(List.of("$2.59", "$1.35"), cellLines(robot, session, "cost-column"));
        javafx.scene.layout.VBox lines = (javafx.scene.layout.VBox) cell(robot, session, "cost-column").getGraphic();
        assertTrue(lines.getChildren().get(1).getPseudoClassStates().contains(
                javafx.css.PseudoClass.getPseudoClass("folds-dead")), "what the dead sub-agents cost is drawn as a death");
        String rolled = tooltip(robot, cell(robot, session, "cost-column"));
        assertTrue(rolled.startsWith("$2.59 in all, with its 2 sub-agents: $0.7860 this session's own; folds $1.35 of dead"
                + " sub-agents (1)"), rolled);
        // input side: 312,000 in + 120,000 cache write + 200,000 cache read; 200,000 of 632,000 re-read
        assertEquals(List.of("708k", "32% re-read"), cellLines(robot, session, "tokens-column"));
        assertEquals(List.of("$1.35"), cellLines(robot, dead, "cost-column"));
        assertEquals(List.of("$0.0900"), cellLines(robot, cheap, "cost-column")); // under a dollar as the CLI writes it
        // a model with no price: no figure, never $0, and the row says which model
        assertEquals(List.of("—"), cellLines(robot, unpriced, "cost-column"));
        assertNotNull(workbench.corpus().node(unpriced).spendProperty().get());
        assertEquals(List.of("claude-unpriced-z"), workbench.corpus().node(unpriced).spendProperty().get().cost()
                .unpricedModels());
        String tip = tooltip(robot, cell(robot, unpriced, "cost-column"));
        assertTrue(tip.contains("no price for claude-unpriced-z"), tip);
        assertTrue(tip.contains("the test's prices, 2026-12-02"), "it says where the prices come from: " + tip);
        // and the row's own tooltip, the one shown over any of its cells, says it too
        javafx.scene.control.Control row = cell(robot, unpriced, "cost-column").getTableRow();
        String rowTip = tooltip(robot, row);
        assertTrue(rowTip.contains("cost — · 5.5k tokens · no price for claude-unpriced-z"), rowTip);

        // sorted by cost: the most first, the one with no figure last; and the other way round
        robot.interact(() -> {
            cost.setSortType(TreeTableColumn.SortType.DESCENDING);
            tree.getSortOrder().setAll(List.of(cost));
        });
        assertEquals(List.of(session, cheap, unpriced), rootPaths(tree));
        robot.interact(() -> cost.setSortType(TreeTableColumn.SortType.ASCENDING));
        assertEquals(List.of(unpriced, cheap, session), rootPaths(tree));
    }

    @Test
    void aTranscriptThatCannotBeReadMakesTheChartsCostALowerBoundAndSaysSo(FxRobot robot) throws Exception {
        Path folder = Files.createTempDirectory("cost-unread");
        write(folder.resolve(C_ID + ".jsonl"), C_ID, null, List.of(prompt(1, "Say hello"),
                answer(2, "msg_c1", "claude-test-a", 20_000, 2_000, 0, 0, "Hello.", "end_turn")));
        Files.createSymbolicLink(folder.resolve("gone.jsonl"), folder.resolve("no-such-file")); // UNREADABLE
        robot.interact(() -> workbench.open(List.of(folder)));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> workbench.corpus()
                .node(folder.resolve("gone.jsonl")) != null);
        WaitForAsyncUtils.waitForFxEvents();
        Label cost = robot.lookup(".chart-cost").queryAs(Label.class);
        // $0.06 of input and $0.03 of output: all that was read, and one file of the two was not
        assertEquals("runs cost ≥ $0.0900", cost.getText());
        String tip = tooltip(robot, cost);
        assertTrue(tip.contains("1 transcript could not be read: nothing of it is counted"), tip);
    }

    @Test
    void theChartSaysWhatTheCorpusAndEachClassOfDeathCost(FxRobot robot) throws Exception {
        open(robot);
        List<String> deaths = robot.lookup(".chart-death-class").queryAllAs(Hyperlink.class).stream()
                .map(Hyperlink::getText).toList();
        assertEquals(List.of("RATE_LIMIT 1 · $1.35"), deaths, "the classes count the workers the bar counts");
        // every run: $0.786 + $1.35 + $0.45 + $0.09 + $0.30, and U's tokens have no price: at least that much; dead:
        // D's $1.35 and the harness agent's $0.30, as coroner cost's dead_cost_usd counts them
        Label cost = robot.lookup(".chart-cost").queryAs(Label.class);
        assertEquals("runs cost ≥ $2.98 · dead $1.65", cost.getText());
        String tip = tooltip(robot, cost);
        assertTrue(tip.contains("$0.3000 of it harness agents'"), tip);
        // the figures coroner cost gives for the same files at the same prices
        dev.coroner.core.usage.PriceTable prices = dev.coroner.core.usage.PriceTable.forUser(
                dev.coroner.fixtures.DataFolder.current());
        List<dev.coroner.core.cost.CostRow> rows = new java.util.ArrayList<>();
        try (var files = Files.walk(corpus)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".jsonl")).toList()) {
                rows.add(dev.coroner.core.cost.CostRow.of(p, dev.coroner.core.index.TranscriptPass.run(p), prices));
            }
        }
        var total = dev.coroner.core.cost.CostLedger.total(rows);
        assertEquals("runs cost " + CostTexts.usd(total.cost()) + " · dead " + CostTexts.usd(total.deadCost()),
                cost.getText());
    }

    @Test
    void whileAFilterHoldsTranscriptsBackTheCostLineSumsTheOnesShown(FxRobot robot) throws Exception {
        open(robot);
        Label cost = robot.lookup(".chart-cost").queryAs(Label.class);
        String whole = cost.getText();
        assertEquals("runs cost ≥ $2.98 · dead $1.65", whole);
        javafx.scene.control.TextField f = robot.lookup(".corpus-filter .filter-field")
                .queryAs(javafx.scene.control.TextField.class);
        FilterBarWindowTest.type(robot, f, "session matches \"^" + S_ID + "\"");
        dev.coroner.app.ui.model.CorpusTriage triage = workbench.triage().corpus();
        // S, its dead sub-agent D and its sub-agent H: $0.786 + $1.35 + $0.45, dead D's $1.35; worked out here as
        // coroner cost works it, over the rows the filter shows
        dev.coroner.core.usage.PriceTable prices = dev.coroner.core.usage.PriceTable.forUser(
                dev.coroner.fixtures.DataFolder.current());
        List<dev.coroner.core.cost.CostRow> shown = new java.util.ArrayList<>();
        try (var files = Files.walk(corpus)) {
            for (Path p : files.filter(x -> x.toString().endsWith(".jsonl")).sorted().toList()) {
                if (triage.shows(p.toAbsolutePath().normalize())) {
                    shown.add(dev.coroner.core.cost.CostRow.of(p, dev.coroner.core.index.TranscriptPass.run(p), prices));
                }
            }
        }
        assertEquals(3, shown.size());
        var total = dev.coroner.core.cost.CostLedger.total(shown);
        assertEquals("shown runs cost " + CostTexts.usd(total.cost()) + " · dead " + CostTexts.usd(total.deadCost())
                + " (" + CostTexts.percent(total.deadCost().usd() / total.cost().usd()) + ")", cost.getText());
        assertEquals("shown runs cost $2.59 · dead $1.35 (52%)", cost.getText());
        // the classes are the way to each class's deaths: they still count the corpus, and say so
        assertEquals("deaths in the corpus:", robot.lookup(".chart-deaths-title").queryAs(Label.class).getText());
        assertEquals(List.of("RATE_LIMIT 1 · $1.35"), robot.lookup(".chart-death-class").queryAllAs(Hyperlink.class)
                .stream().map(Hyperlink::getText).toList());
        FilterBarWindowTest.type(robot, f, "");
        assertEquals(whole, cost.getText());
        assertEquals("deaths:", robot.lookup(".chart-deaths-title").queryAs(Label.class).getText());
    }

    @Test
    void theLedgerListsATranscriptsTurnsAndAClickGoesToThePrompt(FxRobot robot) {
        open(robot);
        robot.interact(() -> workbench.navigator().goTo(session, 0));
        WaitForAsyncUtils.waitForFxEvents();
        TabPane tabs = robot.lookup(".detail-tabs").queryAs(TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().stream()
                .filter(t -> t.getText().equals("Tokens")).findFirst().orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
        TableView<TokenLedger.Turn> table = robot.lookup(".ledger-table").queryAs(TableView.class);
        // turn 1, prompt at line 1: lines 2 and 4; turn 2, prompt at line 5: the message of lines 6-7, counted once
        List<TokenLedger.Turn> turns = table.getItems();
        assertEquals(2, turns.size());
        assertEquals(List.of(1L, 5L), turns.stream().map(TokenLedger.Turn::line).toList());
        assertEquals(List.of(2, 1), turns.stream().map(TokenLedger.Turn::messages).toList());
        assertEquals(List.of(217_000L, 131_000L), turns.stream().map(t -> t.tokens().total()).toList());
        assertEquals(10_000L, turns.get(1).tokens().output(), "the streamed message's last record counts");
        // line, tokens, output, cache read, the share of the input side re-read: 100,000 of 211,000; of 121,000
        assertEquals(List.of("1", "217k", "6.0k", "100k", "47%"), rowTexts(robot, table, 0));
        assertEquals(List.of("5", "131k", "10.0k", "100k", "83%"), rowTexts(robot, table, 1));
        // 200,000 cache read of 332,000 on the input side
        String headline = robot.lookup(".ledger-headline").queryAs(Label.class).getText();
        assertEquals("2 turns · 348k tokens · $0.7860 · 60% re-read", headline);

        // a click on the second turn selects its prompt in the timeline
        Node second = robot.lookup(".ledger-table .table-row-cell").queryAll().stream()
                .filter(n -> n instanceof TableRow<?> r && r.getIndex() == 1).findFirst().orElseThrow();
        robot.clickOn(second);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(5L, workbench.timeline().selectedRowProperty().get().line());
    }

    // ---- the corpus's lines ----

    private static Path write(Path file, String sessionId, String agentId, List<String> lines) throws IOException {
        Files.createDirectories(file.getParent());
        String fields = "\"sessionId\":\"" + sessionId + "\",\"isSidechain\":" + (agentId != null)
                + (agentId == null ? "" : ",\"agentId\":\"" + agentId + "\"");
        StringBuilder out = new StringBuilder();
        for (String l : lines) {
            out.append(l.replace("\"@\":0", fields)).append('\n');
        }
        Files.writeString(file, out, StandardCharsets.UTF_8);
        return file.toAbsolutePath().normalize();
    }

    private static String head(int line, String type) {
        return "{\"type\":\"" + type + "\",\"uuid\":\"00000000-0000-4000-8000-" + String.format("%012d", line)
                + "\",\"userType\":\"external\",\"cwd\":\"/w\",\"version\":\"2.1.123\",\"timestamp\":\"2026-12-02T10:00:"
                + String.format("%02d", line) + ".000Z\",\"@\":0,";
    }

    private static String prompt(int line, String text) {
        return head(line, "user") + "\"message\":{\"role\":\"user\",\"content\":\"" + text + "\"}}";
    }

    private static String result(int line) {
        return head(line, "user") + "\"message\":{\"role\":\"user\",\"content\":[{\"tool_use_id\":\"toolu_" + line
                + "\",\"type\":\"tool_result\",\"content\":\"ok\"}]}}";
    }

    private static String usage(long in, long out, long write, long read) {
        return "\"usage\":{\"input_tokens\":" + in + ",\"output_tokens\":" + out + ",\"cache_creation_input_tokens\":"
                + write + ",\"cache_read_input_tokens\":" + read + "}";
    }

    private static String call(int line, String id, String model, long in, long out, long write, long read) {
        return head(line, "assistant") + "\"message\":{\"id\":\"" + id + "\",\"type\":\"message\",\"role\":\"assistant\","
                + "\"model\":\"" + model + "\",\"content\":[{\"type\":\"tool_use\",\"id\":\"toolu_" + (line + 1)
                + "\",\"name\":\"Bash\",\"input\":{\"command\":\"make\"}}],\"stop_reason\":\"tool_use\","
                + usage(in, out, write, read) + "},\"requestId\":\"req_" + id + "\"}";
    }

    private static String answer(int line, String id, String model, long in, long out, long write, long read,
                                 String text, String stop) {
        return head(line, "assistant") + "\"message\":{\"id\":\"" + id + "\",\"type\":\"message\",\"role\":\"assistant\","
                + "\"model\":\"" + model + "\",\"content\":[{\"type\":\"text\",\"text\":\"" + text + "\"}],"
                + "\"stop_reason\":" + (stop == null ? "null" : "\"" + stop + "\"") + "," + usage(in, out, write, read)
                + "},\"requestId\":\"req_" + id + "\"}";
    }

    private static String rateLimited(int line) {
        return head(line, "assistant") + "\"message\":{\"id\":\"00000000-0000-4000-8000-000000009004\",\"type\":\"message\","
                + "\"role\":\"assistant\",\"model\":\"<synthetic>\",\"content\":[{\"type\":\"text\",\"text\":\"API Error: 429"
                + " {\\\"type\\\":\\\"error\\\",\\\"error\\\":{\\\"type\\\":\\\"rate_limit_error\\\",\\\"message\\\":"
                + "\\\"Rate limited\\\"}}\"}],\"stop_reason\":\"stop_sequence\",\"stop_sequence\":\"\","
                + usage(0, 0, 0, 0) + "},\"isApiErrorMessage\":true,\"error\":\"rate_limit\",\"apiErrorStatus\":429}";
    }

    // ---- what the window shows ----

    @SuppressWarnings("unchecked")
    private static TreeTableColumn<CorpusNode, ?> column(TreeTableView<CorpusNode> tree, String title) {
        return tree.getColumns().stream().filter(c -> title.equals(c.getText())).findFirst().orElseThrow();
    }

    /** The sessions' rows (the fourth session, not in the folder, is a row with no file for its harness agent). */
    private static List<Path> rootPaths(TreeTableView<CorpusNode> tree) {
        return tree.getRoot().getChildren().stream().map(TreeItem::getValue).map(CorpusNode::path)
                .filter(java.util.Objects::nonNull).toList();
    }

    /** The corpus cell of {@code path}'s row in the column styled {@code css}. */
    private static javafx.scene.control.TreeTableCell<?, ?> cell(FxRobot robot, Path path, String css) {
        return robot.lookup(".corpus-tree ." + css).queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.TreeTableCell<?, ?> c && c.getTableRow() != null
                        && c.getTableRow().getItem() instanceof CorpusNode node && path.equals(node.path()))
                .map(n -> (javafx.scene.control.TreeTableCell<?, ?>) n).findFirst().orElseThrow(() ->
                        new AssertionError("no " + css + " cell for " + path.getFileName()));
    }

    /** The lines a two-line corpus cell shows (an empty second line is not shown). */
    private static List<String> cellLines(FxRobot robot, Path path, String css) {
        javafx.scene.control.TreeTableCell<?, ?> c = cell(robot, path, css);
        List<String> lines = new ArrayList<>();
        if (c.getGraphic() instanceof javafx.scene.layout.VBox box) {
            box.getChildren().stream().filter(Node::isVisible).map(n -> ((Label) n).getText()).forEach(lines::add);
        }
        return lines;
    }

    /** The tooltip a control shows once the mouse enters it (it is made then: Tips.lazy). */
    private static String tooltip(FxRobot robot, javafx.scene.control.Control c) {
        robot.interact(() -> c.fireEvent(new javafx.scene.input.MouseEvent(javafx.scene.input.MouseEvent.MOUSE_ENTERED,
                0, 0, 0, 0, javafx.scene.input.MouseButton.NONE, 0, false, false, false, false, false, false, false,
                false, false, false, null)));
        assertNotNull(c.getTooltip(), "a tooltip");
        return c.getTooltip().getText();
    }

    private static List<String> rowTexts(FxRobot robot, TableView<?> table, int index) {
        return robot.lookup(".ledger-table .table-cell").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.TableCell<?, ?> c && c.getTableRow() != null
                        && c.getTableRow().getIndex() == index && c.getTableRow().getItem() != null)
                .map(n -> (javafx.scene.control.TableCell<?, ?>) n)
                .sorted(java.util.Comparator.comparingInt(c -> table.getVisibleLeafIndex((javafx.scene.control.TableColumn) c.getTableColumn())))
                .map(javafx.scene.control.TableCell::getText).toList();
    }
}
