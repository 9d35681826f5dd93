package dev.coroner.app.ui;

import dev.coroner.app.cli.SnapshotCommand;
import dev.coroner.app.ui.model.FxBridge;
import dev.coroner.icons.Icon;
import dev.coroner.icons.Icons;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.scene.Group;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.shape.FillRule;
import javafx.scene.shape.SVGPath;
import javafx.scene.transform.Scale;

/**
 * A tool, not a test: renders {@code app.svg} to the app icon PNGs ({@link Icons#APP_PNG_SIZES}) with the same
 * shapes the window draws. Run it after changing the SVG, headless:
 * {@code java -cp <app test class path> dev.coroner.app.ui.RenderAppIcons icons/src/main/resources/dev/coroner/icons}
 */
public final class RenderAppIcons {
    private RenderAppIcons() {
    }

    public static void main(String[] args) throws Exception {
        SnapshotCommand.HEADLESS.forEach(System::setProperty); // as `coroner snapshot` draws
        Path dir = Path.of(args[0]);
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        try {
            for (int size : Icons.APP_PNG_SIZES) {
                CompletableFuture<WritableImage> image = new CompletableFuture<>();
                FxBridge.platform().run(() -> image.complete(render(size)));
                Snapshots.write(image.get(), dir.resolve("app-" + size + ".png"));
            }
        } finally {
            Platform.exit();
        }
    }

    private static WritableImage render(int size) {
        Group g = new Group();
        for (Icons.Layer layer : Icons.layers(Icon.APP)) {
            SVGPath p = new SVGPath();
            p.setContent(layer.path());
            p.setFill(Color.web(layer.fill()));
            p.setFillRule(layer.evenOdd() ? FillRule.EVEN_ODD : FillRule.NON_ZERO);
            g.getChildren().add(p);
        }
        double scale = size / Icons.viewBox(Icon.APP);
        g.getTransforms().add(new Scale(scale, scale, 0, 0));
        SnapshotParameters params = new SnapshotParameters();
        params.setFill(Color.TRANSPARENT);
        params.setViewport(new javafx.geometry.Rectangle2D(0, 0, size, size));
        return g.snapshot(params, new WritableImage(size, size));
    }
}
