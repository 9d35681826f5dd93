package dev.coroner.app.ui;

import dev.coroner.app.ui.model.CostTexts;
import dev.coroner.app.ui.model.Navigator;
import dev.coroner.app.ui.model.TokenLedger;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The detail panel's Tokens tab (docs/WORKBENCH.md, "Cost"): the open transcript's tokens turn by turn, under a
 * headline with its total, cost and the share of its input re-read from the cache. A click on a turn selects its prompt
 * in the timeline.
 */
final class LedgerView extends VBox {
    private final TableView<TokenLedger.Turn> table;
    private final Subscriptions attached = new Subscriptions();

    LedgerView(TokenLedger ledger, Navigator navigator) {
        getStyleClass().add("ledger");
        Label headline = new Label();
        headline.getStyleClass().add("ledger-headline");
        headline.setWrapText(true);
        headline.setMinHeight(Region.USE_PREF_SIZE);
        attached.show(ledger.headlineProperty(), h -> headline.setText(Safe.text(h)));
        // the counts in full, the models and where the prices come from: a model's name is the transcript's text
        Tips.lazyBound(headline, () -> javafx.beans.binding.Bindings.createStringBinding(
                () -> Safe.lines(ledger.detailProperty().get().split("\n")), ledger.detailProperty()));
        table = new TableView<>(ledger.turns());
        table.getStyleClass().add("ledger-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("No turns with model usage"));
        // what a turn cost in tokens, what it wrote and how much of its input was the context read again; its four
        // counts in full in the row's tooltip (the panel is narrow)
        table.getColumns().add(column("line", 50, t -> t.line() > 0 ? String.format("%,d", t.line()) : "start"));
        table.getColumns().add(column("tokens", 60, t -> CostTexts.tokens(t.tokens().total())));
        table.getColumns().add(column("output", 56, t -> CostTexts.tokens(t.tokens().output())));
        table.getColumns().add(column("cache read", 72, t -> CostTexts.tokens(t.tokens().cacheRead())));
        table.getColumns().add(column("re-read", 56, t -> CostTexts.percent(t.reread())));
        table.setRowFactory(t -> new TableRow<>() {
            {
                // a click on a turn goes to its prompt: the timeline selects the line, the detail panel shows it (a
                // second click on the same turn goes there again)
                setOnMouseClicked(e -> {
                    if (getItem() != null) {
                        navigator.goTo(null, getItem().at());
                    }
                });
            }

            @Override
            protected void updateItem(TokenLedger.Turn turn, boolean empty) {
                super.updateItem(turn, empty);
                if (empty || turn == null) {
                    Tips.clear(this);
                    return;
                }
                Tips.lazy(this, () -> String.format("turn %,d · %s · %,d model %s · %s of the transcript's"
                                + " tokens%n%s", turn.number(), turn.line() > 0 ? "prompt at line " + turn.line()
                                : "before the first prompt, from line " + turn.at(), turn.messages(),
                        turn.messages() == 1 ? "message" : "messages", CostTexts.percent(turn.share()),
                        CostTexts.counts(turn.tokens())));
            }
        });
        table.setOnKeyPressed(e -> {
            TokenLedger.Turn turn = table.getSelectionModel().getSelectedItem();
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER && turn != null) {
                navigator.goTo(null, turn.at());
            }
        });
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(headline, table);
    }

    TableView<TokenLedger.Turn> table() {
        return table;
    }

    void detach() {
        attached.unsubscribeAll();
    }

    private static TableColumn<TokenLedger.Turn, TokenLedger.Turn> column(String title, double width,
            Function<TokenLedger.Turn, String> text) {
        TableColumn<TokenLedger.Turn, TokenLedger.Turn> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setMinWidth(36);
        c.setSortable(false); // the turns in their order: the ledger reads as the run went
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(TokenLedger.Turn t, boolean empty) {
                super.updateItem(t, empty);
                setText(empty || t == null ? null : text.apply(t));
            }
        });
        c.getStyleClass().add("number-column");
        return c;
    }
}
