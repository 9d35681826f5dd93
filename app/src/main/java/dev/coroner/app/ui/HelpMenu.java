package dev.coroner.app.ui;

import dev.coroner.app.cli.CoronerVersion;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.icons.Icon;
import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * Help ▸ Legend and About, and View's Ctrl+1…4 that put the keyboard in a panel (docs/WORKBENCH.md, "Keyboard and
 * copy"). The legend draws the icons and colours the window draws, from the same {@link Glyphs} and style classes.
 */
final class HelpMenu {
    private HelpMenu() {
    }

    /** Ctrl+1…4: corpus, timeline, detail, findings. */
    static List<MenuItem> panelFocus(MainView v) {
        return List.of(
                MainView.item("Go to corpus", "Shortcut+1", () -> v.corpusView.tree().requestFocus()),
                MainView.item("Go to timeline", "Shortcut+2", () -> v.timelineView.table().requestFocus()),
                MainView.item("Go to detail", "Shortcut+3", v.detailView::focusText),
                MainView.item("Go to findings", "Shortcut+4", () -> v.findingsView.tree().requestFocus()));
    }

    static List<MenuItem> items(MainView v) {
        return List.of(MainView.item("Legend", null, () -> show(v, "Legend", legend())),
                MainView.item("About Coroner", null, () -> show(v, "About Coroner", about())));
    }

    private static void show(MainView v, String title, Region content) {
        Stage stage = new Stage();
        stage.setTitle(title);
        if (v.getScene() != null) {
            stage.initOwner(v.getScene().getWindow());
        }
        Scene scene = new Scene(content);
        scene.getStylesheets().addAll(v.getScene() == null ? List.of(Workbench.STYLESHEET) : v.getScene().getStylesheets());
        if (v.getScene() != null) {
            content.getStyleClass().addAll(v.getStyleClass().filtered(c -> c.startsWith("theme-") || c.startsWith("zoom-")));
        }
        stage.setScene(scene);
        stage.show();
    }

    /** Every terminal state and every marker with the icon and colour the window gives it, and what it means. */
    static Region legend() {
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(6);
        grid.setPadding(new Insets(14));
        int row = 0;
        grid.add(heading("Terminal states: how a run ended"), 0, row++, 2, 1);
        for (TerminalState s : TerminalState.values()) {
            Label name = new Label(s.name(), Glyphs.icon(Glyphs.of(s), 14));
            name.getStyleClass().addAll("legend-name", "state-text", "state-" + Glyphs.css(s));
            grid.addRow(row++, name, new Label(meaning(s)));
        }
        Label after = new Label("died after its last answer", Glyphs.icon(Icon.SYNTHETIC, 14));
        after.getStyleClass().addAll("legend-name", "state-text", "state-died-after");
        grid.addRow(row++, after, new Label("HEALTHY answer, then the API failed and nothing followed: counted dead"));
        grid.add(heading("Marks on rows, the ruler and the findings"), 0, row++, 2, 1);
        for (MarkerKind k : MarkerKind.values()) {
            Label name = new Label(k.name(), Glyphs.icon(Glyphs.of(k, TerminalState.SYNTHETIC), 14));
            name.getStyleClass().addAll("legend-name", "marker-" + Glyphs.css(k));
            grid.addRow(row++, name, new Label(meaning(k)));
        }
        grid.add(heading("Rows"), 0, row++, 2, 1);
        grid.addRow(row++, new Label("grey “judging…”"), new Label("not judged yet: never read as clean"));
        grid.addRow(row++, new Label("yellow row"), new Label("holds the search text (F3 / Shift+F3 step)"));
        Label changed = new Label("changed while read", Glyphs.icon(Icon.PROBLEM, 14));
        changed.getStyleClass().add("legend-name");
        grid.addRow(row++, changed, new Label("the file changed while it was read (corpus row, detail, status bar): "
                + "read it again"));
        Label cut = new Label("read in part", Glyphs.icon(Icon.PROBLEM, 14));
        cut.getStyleClass().add("legend-name");
        grid.addRow(row++, cut, new Label("an answer's text on a line over 8 MiB was read only in part (timeline "
                + "row, detail): its later fenced blocks are not linked"));
        VBox box = new VBox(grid);
        box.getStyleClass().add("legend");
        ScrollPane pane = new ScrollPane(box);
        pane.setPrefSize(640, 560);
        pane.getStyleClass().add("legend-pane");
        return pane;
    }

    private static Label heading(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("legend-heading");
        return l;
    }

    private static String meaning(TerminalState s) {
        return switch (s) {
            case HEALTHY -> "a real model wrote the last answer";
            case SYNTHETIC -> "the harness wrote the last record (rate limit, auth, server…): dead";
            case EMPTY -> "no answer at all (0 bytes, only a prompt): dead";
            case UNREADABLE -> "the file cannot be judged: never counted dead or alive";
        };
    }

    private static String meaning(MarkerKind k) {
        return switch (k) {
            case STATE -> "the terminal record, in its state's colour";
            case WARN -> "a mutating call without the lookup the grammar requires";
            case BLOCK_MATCHED -> "a code block the answer shows that a call ran";
            case BLOCK_UNMATCHED -> "a code block no call ran";
            case TOOL_ERROR -> "a failed tool call";
            case PROBLEM -> "a line that does not parse (kept as a row)";
            case DEAD_SUBAGENT -> "a result that is a dead sub-agent's error string";
            case LINK -> "a link: call ↔ result, block → call, spawn → sub-agent";
            case HARNESS -> "a record the harness wrote (retries, API errors)";
            case TRAILING -> "the API failure a run ended in after its answer";
            case WAITING -> "the run ended waiting for a call's result";
        };
    }

    static Region about() {
        Label name = new Label("Coroner " + CoronerVersion.get());
        name.getStyleClass().add("about-name");
        Label what = new Label("Forensics for AI-agent run transcripts (Claude Code JSONL):\nhow each run ended, "
                + "what it skipped, and whether the code it shows is the code that ran.");
        what.setWrapText(true);
        VBox box = new VBox(8, Glyphs.icon(Icon.SYNTHETIC, 32), name, what);
        box.setPadding(new Insets(18));
        box.setPrefWidth(420);
        box.getStyleClass().add("about");
        return box;
    }
}
