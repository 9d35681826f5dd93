package dev.coroner.app.ui;

import dev.coroner.app.ui.model.CorpusNode;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.control.TreeItem;
import javafx.util.Subscription;

/**
 * A row of the corpus tree that follows its node's children: the model adds notes (inline sidechains, a dangling
 * link) once a transcript is read. Its listener lives in the tree's {@link Subscriptions} and is removed when the row
 * leaves the tree, so rebuilding the tree never piles listeners up on the nodes.
 */
final class CorpusTreeItem extends TreeItem<CorpusNode> {
    private final Subscriptions held;
    private final Subscription watch;

    private CorpusTreeItem(CorpusNode node, Subscriptions held) {
        super(node);
        this.held = held;
        setExpanded(true);
        mirror(this, node.children(), held);
        watch = held.onChange(node.children(), () -> mirror(this, node.children(), held));
    }

    /**
     * Makes {@code parent}'s rows show {@code nodes}, in order. A node already shown keeps its row (and so its
     * selection and expansion); a new node gets a row; a row whose node is gone stops listening.
     */
    static void mirror(TreeItem<CorpusNode> parent, List<CorpusNode> nodes, Subscriptions held) {
        Map<CorpusNode, CorpusTreeItem> had = new IdentityHashMap<>();
        for (TreeItem<CorpusNode> row : parent.getChildren()) {
            had.put(row.getValue(), (CorpusTreeItem) row);
        }
        List<CorpusTreeItem> rows = new ArrayList<>(nodes.size());
        for (CorpusNode n : nodes) {
            CorpusTreeItem kept = had.remove(n);
            rows.add(kept != null ? kept : new CorpusTreeItem(n, held));
        }
        had.values().forEach(CorpusTreeItem::detach);
        if (!rows.equals(parent.getChildren())) { // rows compare by identity (TreeItem keeps Object.equals)
            // only then: replacing a list with itself tells the tree its rows changed, and it draws every row anew —
            // on each refill while a corpus is judged (ten a second), on 1,800 rows
            parent.getChildren().setAll(rows);
        }
    }

    /** Stops following the node: this row and every row under it. */
    private void detach() {
        held.remove(watch);
        for (TreeItem<CorpusNode> row : getChildren()) {
            ((CorpusTreeItem) row).detach();
        }
    }
}
