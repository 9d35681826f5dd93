package dev.coroner.app.ui;

import dev.coroner.core.findings.FindingSources;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.icons.Icons;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.scene.image.Image;
import javafx.stage.Stage;

/** The workbench window. Its raw parameters are the paths to open. */
public final class CoronerApplication extends Application {
    @Override
    public void start(Stage stage) {
        Workbench.useTheme();
        Workbench workbench = new Workbench(Tasks.forWindow(), FindingSources.standard());
        stage.setTitle("Coroner");
        for (int size : Icons.APP_PNG_SIZES) {
            stage.getIcons().add(new Image(Icons.appPng(size).toExternalForm()));
        }
        stage.setScene(workbench.scene(1480, 920));
        stage.show();
        workbench.setGrammar(Workbench.bundledGrammar());
        workbench.open(getParameters().getRaw().stream().map(Path::of).toList());
    }
}
