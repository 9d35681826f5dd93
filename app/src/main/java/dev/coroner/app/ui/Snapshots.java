package dev.coroner.app.ui;

import dev.coroner.core.findings.FindingSources;
import dev.coroner.app.ui.model.Tasks;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;

/**
 * Renders the workbench to a PNG without a display ({@code coroner snapshot}): the caller has set the headless
 * Monocle properties before any JavaFX class loaded. The same {@link Workbench} as the window, at a fixed size.
 */
public final class Snapshots {
    /** How long the window may take to read everything before the snapshot gives up. */
    private static final long TIMEOUT_MS = 600_000;
    /** Rounds of idleness in a row that count as settled (a layout pass can start new reads). */
    private static final int SETTLED_ROUNDS = 5;

    private static final dev.coroner.app.ui.model.FxBridge FX = dev.coroner.app.ui.model.FxBridge.platform();

    private Snapshots() {
    }

    /**
     * @param select the transcript to show, by a name its path ends with, optionally {@code :LINE}; null: the first
     *               dead transcript (or the first) at its terminal record
     */
    public static void render(List<Path> paths, Path out, Path grammar, String select, int width, int height)
            throws Exception {
        startToolkit();
        Stage[] stage = new Stage[1];
        try {
            Workbench wb = fx(() -> {
                Workbench.useTheme();
                Workbench w = new Workbench(Tasks.forWindow(), FindingSources.standard());
                stage[0] = new Stage();
                stage[0].setScene(w.scene(width, height));
                stage[0].show();
                w.setGrammar(grammar != null ? grammar : Workbench.bundledGrammar());
                w.open(paths.stream().map(p -> p.toAbsolutePath().normalize()).toList());
                return w;
            });
            settle(wb);
            fx(() -> {
                choose(wb, select);
                return null;
            });
            settle(wb);
            WritableImage image = fx(() -> {
                Scene scene = ((javafx.scene.Parent) wb.root()).getScene();
                return scene.snapshot(null);
            });
            write(image, out);
        } finally {
            // the command line exits the JVM after this; a test that renders goes on using the toolkit
            if (stage[0] != null) {
                fx(() -> {
                    stage[0].close();
                    return null;
                });
            }
        }
    }

    /** Starts the FX toolkit, unless it runs already (a test JVM). */
    private static void startToolkit() throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        try {
            Platform.startup(started::countDown);
        } catch (IllegalStateException running) {
            return;
        }
        // closing the snapshot's stage must not start the toolkit's own exit: the command line ends the JVM, and
        // the two racing made Monocle throw "Shutdown in progress"
        Platform.setImplicitExit(false);
        started.await();
    }

    private static void choose(Workbench wb, String select) {
        if (select == null) {
            wb.corpus().firstDead().or(() -> wb.corpus().transcripts().stream().findFirst())
                    .ifPresent(p -> wb.navigator().goTo(p, 0));
            return;
        }
        int colon = select.lastIndexOf(':');
        String name = colon > 0 && select.substring(colon + 1).matches("\\d+") ? select.substring(0, colon) : select;
        long line = name.equals(select) ? 0 : Long.parseLong(select.substring(colon + 1));
        Path p = wb.corpus().transcripts().stream().filter(t -> t.toString().endsWith(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--select " + select + ": no transcript open ends so"));
        wb.navigator().goTo(p, line);
    }

    /** Waits until no background work is left and a few pulses passed without any starting. */
    static void settle(Workbench wb) throws Exception {
        long deadline = System.currentTimeMillis() + TIMEOUT_MS;
        int quiet = 0;
        while (quiet < SETTLED_ROUNDS) {
            if (System.currentTimeMillis() > deadline) {
                throw new TimeoutException("the window was still busy after " + TIMEOUT_MS / 1000 + " s");
            }
            Thread.sleep(60);
            quiet = fx(wb::idle) ? quiet + 1 : 0;
        }
    }

    static <T> T fx(Supplier<T> work) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        FX.run(() -> {
            try {
                f.complete(work.get());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
    }

    static void write(WritableImage image, Path out) throws IOException {
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        BufferedImage png = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader pixels = image.getPixelReader();
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            pixels.getPixels(0, y, w, 1, javafx.scene.image.PixelFormat.getIntArgbInstance(), row, 0, w);
            png.setRGB(0, y, w, 1, row, 0, w);
        }
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (!ImageIO.write(png, "png", out.toFile())) {
            throw new IOException("no PNG writer in this Java runtime");
        }
    }
}
