package dev.coroner.app.ui;

import dev.coroner.core.precursor.CallSite;
import dev.coroner.core.precursor.Proposal;
import dev.coroner.core.precursor.ProposalText;
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
 * The proposals a corpus supports (docs/VERDICTS.md, "Coverage and proposals"), one row each: the rule it adds, its
 * support and lift, the WARNs it would add or take away, and Accept and Reject. The view only shows and forwards: what Accept
 * does to the grammar text and where a Reject is remembered is its owner's business (the callbacks). A proposal
 * accepted or rejected leaves the list at once; the owner's next {@link #setProposals} is the truth.
 */
final class ProposalsView extends VBox {
    private final ObservableList<Proposal> items = FXCollections.observableArrayList();
    private final ListView<Proposal> list = new ListView<>(items);
    private final Label empty = new Label("No proposal: open transcripts that ended HEALTHY");
    private final Consumer<Proposal> onAccept;
    private final Consumer<Proposal> onReject;

    /**
     * @param onAccept called with a proposal the person accepts (typically: {@link ProposalText#apply} on the editor)
     * @param onReject called with a proposal the person rejects (typically: remember its id)
     */
    ProposalsView(Consumer<Proposal> onAccept, Consumer<Proposal> onReject) {
        this.onAccept = Objects.requireNonNull(onAccept);
        this.onReject = Objects.requireNonNull(onReject);
        getStyleClass().addAll("panel", "proposals-panel");
        Label title = new Label("PROPOSALS");
        title.getStyleClass().add("panel-title");
        HBox header = new HBox(14, title);
        header.getStyleClass().add("panel-header");
        list.getStyleClass().add("proposals-list");
        list.setPlaceholder(empty);
        list.setCellFactory(l -> new Row());
        VBox.setVgrow(list, Priority.ALWAYS);
        getChildren().addAll(header, list);
    }

    /** Shows these proposals, in their order (the proposer's). */
    void setProposals(List<Proposal> proposals) {
        items.setAll(proposals);
    }

    /** What the list shows now. */
    List<Proposal> proposals() {
        return List.copyOf(items);
    }

    private void decide(Proposal p, Consumer<Proposal> callback) {
        items.remove(p);
        callback.accept(p);
    }

    /** The words of a row, made safe: the tool names come from transcripts. */
    static String describe(Proposal p) {
        return Safe.text(ProposalText.describe(p)) + (p.widens() ? "   widens the rule" : "   new rule");
    }

    static String evidence(Proposal p) {
        return "support " + p.support().toPlainString() + " (" + p.held() + " of " + p.calls() + " calls)   lift "
                + p.lift().toPlainString() + "   WARN +" + p.warnsAdded() + " −" + p.warnsRemoved();
    }

    private final class Row extends ListCell<Proposal> {
        private final Label rule = new Label();
        private final Label support = new Label();
        private final Button accept = new Button("Accept");
        private final Button reject = new Button("Reject");
        private final HBox box;

        Row() {
            rule.getStyleClass().add("proposal-rule");
            support.getStyleClass().add("proposal-support");
            accept.getStyleClass().add("proposal-accept");
            reject.getStyleClass().add("proposal-reject");
            Region fill = new Region();
            HBox.setHgrow(fill, Priority.ALWAYS);
            VBox words = new VBox(2, rule, support);
            words.setMinWidth(0); // long names are cut with an ellipsis; the buttons always stay in view
            accept.setMinWidth(Region.USE_PREF_SIZE);
            reject.setMinWidth(Region.USE_PREF_SIZE);
            box = new HBox(10, words, fill, accept, reject);
            box.setAlignment(Pos.CENTER_LEFT);
            setPrefWidth(0); // the row is as wide as the list: no sideways scrolling to reach Reject
            accept.setOnAction(e -> decide(getItem(), onAccept));
            reject.setOnAction(e -> decide(getItem(), onReject));
        }

        @Override
        protected void updateItem(Proposal p, boolean emptyRow) {
            super.updateItem(p, emptyRow);
            if (emptyRow || p == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            rule.setText(describe(p));
            support.setText(evidence(p));
            setTooltip(new Tooltip(Safe.lines("id " + p.id(), p.missesTotal() == 0 ? "" : "missed " + p.missesTotal()
                    + ": " + p.misses().stream().map(ProposalsView::site).collect(Collectors.joining(", ")))));
            setGraphic(box);
        }
    }

    private static String site(CallSite c) {
        return c.path() + ":" + c.line();
    }
}
