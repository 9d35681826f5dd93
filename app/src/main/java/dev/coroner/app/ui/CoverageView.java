package dev.coroner.app.ui;

import dev.coroner.core.precursor.UngatedTool;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Coverage (docs/VERDICTS.md, "Coverage and proposals"): the tools of the open corpus that look mutating and that no
 * rule gates, with their calls, and an "Add rule" button per tool that hands the tool to its owner (who writes the rule
 * into the grammar text).
 */
final class CoverageView extends VBox {
    private final ObservableList<UngatedTool> items = FXCollections.observableArrayList();
    private final ListView<UngatedTool> list = new ListView<>(items);
    private final Consumer<UngatedTool> onAddRule;

    /** @param onAddRule called with the tool whose "Add rule" was pressed */
    CoverageView(Consumer<UngatedTool> onAddRule) {
        this.onAddRule = Objects.requireNonNull(onAddRule);
        getStyleClass().addAll("panel", "coverage-panel");
        Label title = new Label("COVERAGE");
        title.getStyleClass().add("panel-title");
        HBox header = new HBox(14, title);
        header.getStyleClass().add("panel-header");
        list.getStyleClass().add("coverage-list");
        list.setPlaceholder(new Label("Every tool that looks mutating is gated"));
        list.setCellFactory(l -> new Row());
        VBox.setVgrow(list, Priority.ALWAYS);
        getChildren().addAll(header, list);
    }

    /** Shows these tools, in their order (most calls first, as coverage gives them). */
    void setTools(List<UngatedTool> tools) {
        items.setAll(tools);
    }

    static String describe(UngatedTool t) {
        return Safe.text(t.tool()) + "   " + t.calls() + (t.calls() == 1 ? " call" : " calls") + " in "
                + t.transcripts() + (t.transcripts() == 1 ? " transcript" : " transcripts") + "   not gated";
    }

    private final class Row extends ListCell<UngatedTool> {
        private final Label text = new Label();
        private final Button add = new Button("Add rule");
        private final HBox box;

        Row() {
            text.getStyleClass().add("coverage-tool");
            add.getStyleClass().add("coverage-add");
            Region fill = new Region();
            HBox.setHgrow(fill, Priority.ALWAYS);
            text.setMinWidth(0);
            add.setMinWidth(Region.USE_PREF_SIZE);
            box = new HBox(10, text, fill, add);
            box.setAlignment(Pos.CENTER_LEFT);
            setPrefWidth(0);
            add.setOnAction(e -> onAddRule.accept(getItem()));
        }

        @Override
        protected void updateItem(UngatedTool t, boolean emptyRow) {
            super.updateItem(t, emptyRow);
            if (emptyRow || t == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            text.setText(describe(t));
            setTooltip(new Tooltip(Safe.lines("spelled " + String.join(", ", t.spellings()), "e.g. " + t.examples()
                    .stream().map(c -> c.path() + ":" + c.line()).collect(Collectors.joining(", ")))));
            setGraphic(box);
        }
    }
}
