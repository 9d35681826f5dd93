package dev.coroner.app.ui;

import dev.coroner.app.ui.model.FilterBook;
import dev.coroner.core.workspace.Workspace.ColourRule;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * View ▸ Colouring rules… (docs/WORKBENCH.md, "Colouring rules"): the timeline's rules, an expression over record
 * fields and a tint each, the first that holds tinting a row. Each expression is checked as it is typed, as in the
 * filter bars; OK keeps the rules (a rule left blank is dropped, one that does not parse is kept and tints nothing).
 */
final class ColouringRulesDialog {
    private static final PseudoClass VALID = PseudoClass.getPseudoClass("valid");
    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");

    private ColouringRulesDialog() {
    }

    static MenuItem menuItem(FilterBook book, Supplier<Window> owner) {
        MenuItem item = new MenuItem("Colouring rules…");
        item.setOnAction(e -> show(owner.get(), book));
        return item;
    }

    /** One rule being edited. */
    private static final class RuleRow extends VBox {
        final TextField expression = new TextField();
        final ChoiceBox<String> tint = new ChoiceBox<>();
        final Label message = new Label();

        RuleRow(ColourRule r, FilterBook book, Runnable remove) {
            super(2);
            getStyleClass().add("colouring-rule");
            expression.getStyleClass().addAll("filter-field", "colouring-expression");
            expression.setPromptText("error or tool == \"Bash\"");
            tint.getItems().setAll(FilterBook.TINTS);
            tint.getStyleClass().add("colouring-tint");
            tint.setValue(r == null ? FilterBook.TINTS.get(0) : r.colour());
            expression.setText(r == null ? "" : r.expression());
            Button drop = new Button("×");
            drop.getStyleClass().addAll("small", "colouring-remove");
            drop.setOnAction(e -> remove.run());
            Tips.lazy(drop, () -> "Remove this rule");
            message.getStyleClass().add("filter-message");
            message.setWrapText(true);
            message.setMinHeight(Label.USE_PREF_SIZE);
            Runnable check = () -> {
                String text = expression.getText();
                String error = text.isBlank() ? null : book.check(text);
                expression.pseudoClassStateChanged(VALID, !text.isBlank() && error == null);
                expression.pseudoClassStateChanged(INVALID, error != null);
                message.setText(error == null ? "" : Safe.text(error));
                message.setVisible(error != null);
                message.setManaged(error != null);
            };
            expression.textProperty().addListener((o, a, b) -> check.run());
            check.run();
            HBox line = new HBox(4, expression, tint, drop);
            line.setAlignment(Pos.CENTER_LEFT);
            HBox.setHgrow(expression, Priority.ALWAYS);
            getChildren().addAll(line, message);
        }

        ColourRule rule() {
            return new ColourRule(expression.getText().strip(), tint.getValue());
        }
    }

    static Dialog<List<ColourRule>> show(Window owner, FilterBook book) {
        Dialog<List<ColourRule>> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Colouring rules");
        d.setHeaderText("Timeline rows an expression holds for are tinted; the first rule that holds wins.");
        VBox rules = new VBox(6);
        rules.getStyleClass().add("colouring-rules");
        List<RuleRow> rows = new ArrayList<>();
        java.util.function.Consumer<ColourRule> add = new java.util.function.Consumer<>() {
            @Override
            public void accept(ColourRule r) {
                RuleRow[] self = new RuleRow[1];
                self[0] = new RuleRow(r, book, () -> {
                    rows.remove(self[0]);
                    rules.getChildren().remove(self[0]);
                });
                rows.add(self[0]);
                rules.getChildren().add(self[0]);
            }
        };
        book.colouring().forEach(add);
        if (rows.isEmpty()) {
            add.accept(null);
        }
        Button more = new Button("Add rule");
        more.getStyleClass().add("colouring-add");
        more.setOnAction(e -> {
            add.accept(null);
            rows.get(rows.size() - 1).expression.requestFocus();
        });
        Label fields = new Label("Fields: " + String.join(", ", dev.coroner.core.filter.FieldSchemas.RECORD.fields()
                .stream().map(dev.coroner.core.filter.Field::name).toList()) + ".");
        fields.getStyleClass().add("panel-info");
        fields.setWrapText(true);
        fields.setMinHeight(Label.USE_PREF_SIZE);
        VBox content = new VBox(8, rules, more, fields);
        d.getDialogPane().setContent(content);
        d.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        d.setResultConverter(b -> b == ButtonType.OK
                ? rows.stream().map(RuleRow::rule).filter(r -> !r.expression().isEmpty()).toList() : null);
        d.setOnHidden(e -> {
            if (d.getResult() != null) {
                book.colouring().setAll(d.getResult());
            }
        });
        d.getDialogPane().setPrefWidth(560);
        Dialogs.whole(d.getDialogPane());
        d.show();
        if (!rows.isEmpty()) {
            rows.get(0).expression.requestFocus();
        }
        return d;
    }
}
