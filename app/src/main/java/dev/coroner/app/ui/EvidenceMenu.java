package dev.coroner.app.ui;

import dev.coroner.app.ui.model.Analyses;
import dev.coroner.app.ui.model.EvidenceEdits;
import dev.coroner.app.ui.model.GrammarPanelModel;
import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.app.ui.model.TimelineViewModel;
import dev.coroner.core.precursor.GrammarEdits;
import dev.coroner.core.precursor.PrecursorExemption;
import dev.coroner.core.precursor.PrecursorGrammar;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;

/**
 * Edit the grammar from the evidence (docs/ARCHITECTURE.md, "The grammar panel"): a call's context menu in the
 * timeline offers "Require a lookup before <tool>…", "Add <tool> as an alias of…" and "Exempt <tool>…". Each edit is
 * made in the grammar editor's text, undoable, and the panel opens; nothing is changed behind it.
 */
final class EvidenceMenu {
    private final TimelineViewModel timeline;
    private final GrammarPanelModel grammar;
    private final Analyses analyses;
    private final ContextMenu menu = new ContextMenu();

    private EvidenceMenu(TimelineViewModel timeline, GrammarPanelModel grammar, Analyses analyses) {
        this.timeline = timeline;
        this.grammar = grammar;
        this.analyses = analyses;
        menu.getStyleClass().add("evidence-menu");
    }

    /** Gives {@code table}'s rows the menu: filled for the selected row each time it opens. */
    static void attach(TableView<TimelineRow> table, TimelineViewModel timeline, GrammarPanelModel grammar, Analyses analyses) {
        EvidenceMenu m = new EvidenceMenu(timeline, grammar, analyses);
        // shown on the secondary press itself (after the row under it was selected), the same on every platform; the
        // keyboard's context-menu request shows it too, once
        table.addEventHandler(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() == javafx.scene.input.MouseButton.SECONDARY) {
                m.show(table, e.getScreenX(), e.getScreenY());
                e.consume();
            }
        });
        table.addEventFilter(javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED, e -> {
            if (!m.menu.isShowing()) {
                m.show(table, e.getScreenX(), e.getScreenY());
            }
            e.consume();
        });
    }

    private void show(TableView<TimelineRow> table, double x, double y) {
        fill();
        menu.show(table, x, y);
    }

    private void fill() {
        menu.getItems().clear();
        var loaded = analyses.settings().loaded();
        PrecursorGrammar g = loaded != null && loaded.ok() ? loaded.grammar() : null;
        EvidenceEdits offer = EvidenceEdits.of(timeline.indexProperty().get(), timeline.selectedRowProperty().get(), g,
                grammar.text());
        if (offer == null) {
            MenuItem none = new MenuItem("No tool call on this row");
            none.setDisable(true);
            menu.getItems().add(none);
            return;
        }
        String tool = Safe.text(offer.tool());
        Menu require = new Menu("Require a lookup before " + tool + "…");
        require.getStyleClass().add("evidence-require");
        for (EvidenceEdits.Lookup l : offer.lookups()) {
            MenuItem i = new MenuItem(Safe.text(l.name()) + (l.returnedBefore() ? " — returned before this call"
                    : " — a precursor of the grammar"));
            i.setOnAction(e -> grammar.propose(GrammarEdits.requireLookup(grammar.text(), offer.tool(), l.name())));
            require.getItems().add(i);
        }
        require.setDisable(require.getItems().isEmpty());
        Menu alias = new Menu("Add " + tool + " as an alias of…");
        alias.getStyleClass().add("evidence-alias");
        for (String p : offer.precursors()) {
            MenuItem i = new MenuItem(Safe.text(p));
            i.setOnAction(e -> grammar.propose(GrammarEdits.addAlias(grammar.text(), p, offer.tool())));
            alias.getItems().add(i);
        }
        alias.setDisable(alias.getItems().isEmpty());
        Menu exempt = new Menu("Exempt " + tool + "…");
        exempt.getStyleClass().add("evidence-exempt");
        MenuItem created = new MenuItem("when its result says it created the file (created_file)");
        created.setOnAction(e -> grammar.propose(GrammarEdits.exempt(grammar.text(), PrecursorExemption.CREATED_FILE,
                offer.tool())));
        created.setDisable(!offer.gated());
        MenuItem own = new MenuItem("an earlier successful " + tool + " of the same file counts as a lookup (own_write)");
        own.setOnAction(e -> grammar.propose(GrammarEdits.exempt(grammar.text(), PrecursorExemption.OWN_WRITE,
                offer.tool())));
        exempt.getItems().addAll(created, own);
        menu.getItems().addAll(require, alias, exempt);
    }
}
