package dev.coroner.app.ui;

import dev.coroner.app.ui.model.CopyTexts;
import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.DetailViewModel;
import dev.coroner.app.ui.model.RecordDetail;
import dev.coroner.app.ui.model.TimelineViewModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.MenuItem;

/** The Copy sections of the timeline's, the corpus's and the findings' right-click menus (docs/WORKBENCH.md, "Keyboard and copy"). */
final class CopyMenus {
    private CopyMenus() {
    }

    static void install(MainView view, TimelineViewModel timeline, DetailViewModel detail) {
        view.timelineView.menus().add(row -> {
            Path path = timeline.pathProperty().get();
            List<MenuItem> items = new ArrayList<>();
            items.add(ContextMenus.copy("Copy row", () -> CopyTexts.row(row)));
            RecordDetail d = detail.detailProperty().get();
            if (d != null && d.span().line() == row.line()) {
                items.add(ContextMenus.copy("Copy JSON", () -> d.raw().text()));
            }
            if (path != null) {
                items.add(ContextMenus.copy("Copy path", path::toString));
                items.add(ContextMenus.copy("Copy file:line", () -> CopyTexts.fileLine(path, row.line())));
            }
            return items;
        });
        view.corpusView.menus().add(n -> n.path() == null ? List.of() : List.of(
                ContextMenus.copy("Copy path", () -> n.path().toString()),
                ContextMenus.copy("Copy name", n::name),
                ContextMenus.copy("Copy verdict", () -> verdict(n))));
        view.findingsView.menus().add(i -> List.of(
                ContextMenus.copy("Copy finding", () -> CopyTexts.finding(i)),
                ContextMenus.copy("Copy finding as Markdown", () -> CopyTexts.findingMarkdown(i)),
                ContextMenus.copy("Copy path", () -> i.path().toString()),
                ContextMenus.copy("Copy file:line", () -> CopyTexts.fileLine(i.path(), i.finding().line()))));
    }

    private static String verdict(CorpusNode n) {
        var state = n.stateProperty().get();
        String cls = n.terminalClassProperty().get() == null || n.terminalClassProperty().get().name().equals("NONE")
                ? "" : " · " + n.terminalClassProperty().get();
        return n.name() + "\t" + (state == null ? "being judged" : state + cls) + " — " + n.noteProperty().get();
    }
}
