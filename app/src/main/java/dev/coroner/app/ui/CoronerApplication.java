package dev.coroner.app.ui;

import dev.coroner.app.launch.WindowRequest;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.icons.Icons;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Application;
import javafx.scene.image.Image;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

/** The workbench window. What it opens comes from the {@link WindowRequest} handed over before the launch. */
public final class CoronerApplication extends Application {
    /**
     * The request of the launch under way. JavaFX constructs this class itself and passes it only strings, so the
     * launcher leaves the request here and {@link #start} takes it, once.
     */
    private static final AtomicReference<WindowRequest> HANDED_OVER = new AtomicReference<>();

    private Workbench workbench;

    /** Leaves {@code request} for the next window to start; called just before {@link Application#launch}. */
    static void handOver(WindowRequest request) {
        HANDED_OVER.set(Objects.requireNonNull(request));
    }

    /** The request handed over, taken so no later start sees it; none handed over: the demo corpus. */
    static WindowRequest takeRequest() {
        WindowRequest r = HANDED_OVER.getAndSet(null);
        return r != null ? r : new WindowRequest(List.of());
    }

    @Override
    public void start(Stage stage) {
        WindowRequest request = takeRequest();
        Workbench.useTheme();
        workbench = new Workbench(Tasks.forWindow(), FindingSources.standard());
        // theme and type size, remembered across runs (docs/WORKBENCH.md, "Theme and zoom")
        java.util.prefs.Preferences remembered = java.util.prefs.Preferences.userNodeForPackage(Workbench.class).node("window");
        workbench.settings().remember(remembered);
        stage.setTitle("Coroner");
        for (int size : Icons.APP_PNG_SIZES) {
            stage.getIcons().add(new Image(Icons.appPng(size).toExternalForm()));
        }
        // fit the screen, or where it was last closed: a scene larger than the screen made a window manager (openbox)
        // open it at 200×200
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        java.util.List<Rectangle2D> screens = Screen.getScreens().stream().map(Screen::getVisualBounds).toList();
        WindowPlacement.dress(stage, workbench, remembered, screens, screen);
        stage.setOnCloseRequest(e -> {
            if (!workbench.mayClose()) {
                e.consume(); // unsaved grammar edits, and the person chose to stay
            }
        });
        stage.show();
        workbench.setGrammar(Workbench.bundledGrammar());
        workbench.open(request.toOpen());
    }

    @Override
    public void stop() {
        if (workbench != null) {
            workbench.close();
        }
    }
}
