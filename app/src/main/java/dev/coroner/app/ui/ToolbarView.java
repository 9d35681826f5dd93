package dev.coroner.app.ui;

import dev.coroner.app.ui.model.Analyses;
import dev.coroner.core.read.Harness;
import dev.coroner.app.ui.model.FindingsViewModel;
import dev.coroner.app.ui.model.TimelineViewModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.ObjectProperty;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.geometry.Orientation;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;

/** The tool bar: open, grammar, search, filters, finding navigation, go to terminal and to a line. */
final class ToolbarView extends HBox {
    /** What a filter's choice says while it lets every row through: words for the person, never a filter value. */
    private static final String ALL_KINDS = "all kinds";
    private static final String ALL_ROLES = "all roles";

    private final TextField search = new TextField();
    private final TextField line = new TextField();
    /** The tool bar's bindings and listeners: made when it is built, removed by {@link #detach()}. */
    private final Subscriptions attached = new Subscriptions();
    private final ToolbarFit fit;

    ToolbarView(Actions actions, TimelineViewModel timeline, FindingsViewModel findings, Analyses analyses) {
        super(6);
        getStyleClass().add("tool-bar-row");
        setAlignment(Pos.CENTER_LEFT);

        Button open = button("Open…", "Open transcripts (Ctrl+O)", actions::openFiles);
        Button folder = button("Folder…", "Open every transcript in a folder (Ctrl+Shift+O)", actions::openFolder);

        MenuButton grammar = new MenuButton();
        grammar.getStyleClass().add("grammar-button");
        attached.bind(grammar.textProperty(),
                analyses.grammarProperty().map(p -> p.getFileName().toString()).orElse("none"));
        MenuItem choose = new MenuItem("Choose grammar…");
        choose.setOnAction(e -> actions.chooseGrammar());
        MenuItem clear = new MenuItem("No grammar");
        clear.setOnAction(e -> analyses.grammarProperty().set(null));
        MenuItem bundled = new MenuItem("Claude Code (bundled)");
        bundled.setOnAction(e -> analyses.grammarProperty().set(Workbench.bundledGrammar()));
        MenuItem codex = new MenuItem("Codex CLI (bundled)");
        codex.setOnAction(e -> analyses.grammarProperty().set(Workbench.bundledGrammar(Harness.CODEX)));
        grammar.getItems().addAll(bundled, codex, choose, clear);
        grammar.setTooltip(new Tooltip("The precursor grammar (TOML) the WARN verdicts are judged by"));
        Label grammarLabel = new Label("grammar");
        grammarLabel.getStyleClass().add("tool-label");

        search.setPromptText("search raw records ⏎");
        search.getStyleClass().add("search-field");
        attached.bindBidirectional(search.textProperty(), timeline.filters().searchProperty());
        search.setOnAction(e -> timeline.find());
        search.setPrefColumnCount(14);

        ChoiceBox<Choice> kind = filter(timeline.kinds(), timeline.filters().kindProperty(), ALL_KINDS);
        ChoiceBox<Choice> role = filter(timeline.roles(), timeline.filters().roleProperty(), ALL_ROLES);
        ToggleButton findingsOnly = new ToggleButton("Findings only");
        attached.bindBidirectional(findingsOnly.selectedProperty(), timeline.filters().findingsOnlyProperty());
        findingsOnly.setTooltip(new Tooltip("Show only rows that carry a finding"));

        Button previous = button("◀ Previous", "Previous finding (Shift+F8)", findings::previous);
        Button next = button("Next ▶", "Next finding (F8)", findings::next);
        Button terminal = button("Terminal record", "Go to the terminal record (Ctrl+T)", timeline::goToTerminal);
        attached.bind(terminal.disableProperty(), timeline.indexProperty().isNull());

        line.setPromptText("line ⏎");
        line.setPrefColumnCount(6);
        line.getStyleClass().add("line-field");
        line.setTooltip(new Tooltip("Go to line (Ctrl+L)"));
        line.setOnAction(e -> {
            try {
                timeline.selectLine(Long.parseLong(line.getText().strip().replace(",", "")));
            } catch (NumberFormatException ex) {
                line.selectAll();
            }
        });

        Region grow = new Region();
        grow.getStyleClass().add("grow");
        HBox.setHgrow(grow, Priority.ALWAYS);
        MenuButton more = overflow(actions, timeline);
        getChildren().addAll(open, folder, sep(), grammarLabel, grammar, sep(), search, kind, role, findingsOnly, sep(),
                previous, next, grow, terminal, line, more);
        fit = ToolbarFit.install(this, List.of(new ToolbarFit.Short(open, "Open"), new ToolbarFit.Short(findingsOnly, "Findings"),
                new ToolbarFit.Short(previous, "◀"), new ToolbarFit.Short(next, "▶"),
                new ToolbarFit.Short(terminal, "Terminal")), List.of(folder, grammarLabel, role), more);
    }

    /** What a compact bar moves out of sight: opening a folder, the grammar's menu and the role filter. */
    private MenuButton overflow(Actions actions, TimelineViewModel timeline) {
        MenuButton more = new MenuButton("»");
        more.getStyleClass().add("toolbar-overflow");
        more.setTooltip(new Tooltip("More: open a folder, choose a grammar, filter by role"));
        MenuItem folder = new MenuItem("Open folder…");
        folder.setOnAction(e -> actions.openFolder());
        MenuItem grammar = new MenuItem("Choose grammar…");
        grammar.setOnAction(e -> actions.chooseGrammar());
        javafx.scene.control.Menu roles = new javafx.scene.control.Menu("Role");
        more.setOnShowing(e -> {
            roles.getItems().clear();
            javafx.scene.control.ToggleGroup group = new javafx.scene.control.ToggleGroup();
            List<String> all = new ArrayList<>();
            all.add(null);
            all.addAll(timeline.roles());
            for (String r : all) {
                javafx.scene.control.RadioMenuItem item = new javafx.scene.control.RadioMenuItem(r == null ? ALL_ROLES : Safe.text(r));
                item.setToggleGroup(group);
                item.setSelected(Objects.equals(r, timeline.filters().roleProperty().get()));
                item.setOnAction(a -> timeline.filters().roleProperty().set(r));
                roles.getItems().add(item);
            }
        });
        more.getItems().addAll(folder, grammar, roles);
        return more;
    }

    /** Whether the bar is compact now (short labels, an overflow menu): for the layout test. */
    boolean compact() {
        return fit.compact();
    }

    /** Stops following the view models: the window is closing. */
    void detach() {
        attached.unsubscribeAll();
    }

    TextField searchField() {
        return search;
    }

    TextField lineField() {
        return line;
    }

    private static Separator sep() {
        Separator s = new Separator(Orientation.VERTICAL);
        s.getStyleClass().add("tool-separator");
        return s;
    }

    private static Button button(String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        return b;
    }

    /** One entry of a filter's choice: a value seen in the transcript, or null for every row. */
    private record Choice(String value) {
    }

    /**
     * A choice of the values seen in the transcript, plus "all" (shown as {@code all}, held as null: a transcript may
     * use any string as a kind); kept in step with the filter property.
     */
    private ChoiceBox<Choice> filter(ObservableList<String> values, ObjectProperty<String> chosen, String all) {
        ChoiceBox<Choice> box = new ChoiceBox<>();
        box.getStyleClass().add("filter-choice");
        box.setMaxWidth(150); // kinds like "file-history-snapshot" must not push the tool bar around
        box.setPrefWidth(104);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(Choice c) {
                return c == null || c.value() == null ? all : c.value();
            }

            @Override
            public Choice fromString(String text) {
                throw new UnsupportedOperationException("a choice box is not edited");
            }
        });
        Runnable fill = () -> {
            List<Choice> items = new ArrayList<>();
            items.add(new Choice(null));
            values.stream().filter(v -> !v.isEmpty()).map(Choice::new).forEach(items::add);
            Choice now = new Choice(chosen.get());
            if (!items.contains(now)) {
                items.add(now);
            }
            box.getItems().setAll(items);
            box.setValue(now);
        };
        attached.show(values, fill);
        attached.onChange(box.valueProperty(), now -> {
            String v = now == null ? null : now.value();
            if (!Objects.equals(v, chosen.get())) {
                chosen.set(v);
            }
        });
        attached.onChange(chosen, now -> box.setValue(new Choice(now)));
        return box;
    }
}
