package dev.coroner.app.ui;

import dev.coroner.app.ui.model.Analyses;
import dev.coroner.app.ui.model.EvidenceEdits;
import dev.coroner.app.ui.model.GrammarPanelModel;
import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.app.ui.model.TimelineViewModel;
import dev.coroner.core.precursor.GrammarEdits;
import dev.coroner.core.precursor.PrecursorExemption;
import dev.coroner.core.precursor.PrecursorGrammar;
import java.util.List;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;

/**
 * Edit the grammar from the evidence (docs/WORKBENCH.md, "The grammar panel"): a call's context menu in the
 * timeline offers "Require a lookup before <tool>…", "Add <tool> as an alias of…" and "Exempt <tool>…". Each edit is
 * made in the grammar editor's text, undoable, and the panel opens; nothing is changed behind it.
 */
final class EvidenceMenu {
    private final TimelineViewModel timeline;
    private final GrammarPanelModel grammar;
    private final Analyses analyses;

    private EvidenceMenu(TimelineViewModel timeline, GrammarPanelModel grammar, Analyses analyses) {
        this.timeline = timeline;
        this.grammar = grammar;
        this.analyses = analyses;
    }

    /** Adds the grammar edits to the timeline's right-click menu, for the call on the row it opens on. */
    static void attach(ContextMenus<TimelineRow> menus, TimelineViewModel timeline, GrammarPanelModel grammar,
                       Analyses analyses) {
        EvidenceMenu m = new EvidenceMenu(timeline, grammar, analyses);
        menus.add(row -> m.items());
    }

    private List<MenuItem> items() {
        var loaded = analyses.settings().loaded();
        PrecursorGrammar g = loaded != null && loaded.ok() ? loaded.grammar() : null;
        EvidenceEdits offer = EvidenceEdits.of(timeline.indexProperty().get(), timeline.selectedRowProperty().get(), g,
                grammar.text());
        if (offer == null) {
            return List.of(); // no tool call on this row: nothing to edit from
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
        return List.of(require, alias, exempt);
    }
}
