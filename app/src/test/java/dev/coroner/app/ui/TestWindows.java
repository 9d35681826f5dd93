package dev.coroner.app.ui;

import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import javafx.stage.Stage;

/** The window as most window tests start it, in one place. */
final class TestWindows {
    private TestWindows() {
    }

    /**
     * A workbench shown on {@code stage} at {@code width} × {@code height}: our theme, its work run on the FX thread (so
     * an action has finished when the robot returns), the standard finding sources and the bundled Claude Code grammar.
     */
    static Workbench shown(Stage stage, int width, int height) {
        Workbench.useTheme();
        Workbench workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        workbench.setGrammar(Workbench.bundledGrammar());
        stage.setScene(workbench.scene(width, height));
        stage.show();
        return workbench;
    }
}
