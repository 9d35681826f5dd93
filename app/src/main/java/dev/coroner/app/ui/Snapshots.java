package dev.coroner.app.ui;

import dev.coroner.app.launch.SnapshotRequest;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.durable.AtomicWrite;
import dev.coroner.core.durable.RegularFiles;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;

/**
 * Renders the workbench to a PNG without a display ({@code coroner snapshot}): the caller has set the headless
 * Monocle properties before any JavaFX class loaded. The same {@link Workbench} as the window, at a fixed size.
 */
final class Snapshots {
    /** How long the window may take to read everything before the snapshot gives up. */
    private static final long TIMEOUT_MS = 600_000;
    /** Rounds of idleness in a row that count as settled (a layout pass can start new reads). */
    private static final int SETTLED_ROUNDS = 5;

    private static final dev.coroner.app.ui.model.FxBridge FX = dev.coroner.app.ui.model.FxBridge.platform();

    private Snapshots() {
    }

    /** Renders what {@code request} asks for and writes the PNG. */
    static void render(SnapshotRequest request) throws Exception {
        startToolkit();
        Stage stage = fx(() -> {
            Workbench.useTheme();
            return new Stage();
        });
        try {
            write(picture(stage, request), request.out());
        } finally {
            // the command line exits the JVM after this; a test that renders goes on using the toolkit
            fx(() -> {
                stage.close();
                return null;
            });
        }
    }

    /** The workbench on {@code stage}, once it has read everything and shows the selection asked for. */
    private static WritableImage picture(Stage stage, SnapshotRequest request) throws Exception {
        Workbench wb = fx(() -> {
            Workbench w = new Workbench(Tasks.forWindow(), FindingSources.standard());
            w.settings().darkProperty().set(request.dark());
            stage.setScene(w.scene(request.size().width(), request.size().height()));
            stage.show();
            w.setGrammar(request.grammar() != null ? request.grammar() : Workbench.bundledGrammar());
            w.grammar().shownProperty().set(request.grammarPanel());
            w.readOutsideWithoutAsking(); // SnapshotCommand refused such a workspace unless --allow-outside
            w.open(request.paths().stream().map(p -> p.toAbsolutePath().normalize()).toList());
            return w;
        });
        try {
            settle(wb);
            fx(() -> {
                choose(wb, request.select());
                return null;
            });
            settle(wb);
            return fx(() -> stage.getScene().snapshot(null));
        } finally {
            fx(() -> {
                wb.close();
                return null;
            });
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

    private static void choose(Workbench wb, SnapshotRequest.Selection select) {
        if (select == null) {
            // as the window lands: never on a file with no run while a run is open
            wb.corpus().firstDead().or(wb.corpus()::firstRun)
                    .or(() -> wb.corpus().transcripts().stream().findFirst())
                    .ifPresent(p -> wb.navigator().goTo(p, 0));
            return;
        }
        Path p = wb.corpus().transcripts().stream().filter(select::names).findFirst()
                .orElseThrow(() -> new SnapshotRequest.NotOpen(select, wb.corpus().transcripts()));
        wb.navigator().goTo(p, select.line());
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

    /** Writes the PNG whole or not at all ({@link AtomicWrite}): a full disk leaves the old picture as it was. */
    static void write(WritableImage image, Path out) throws IOException {
        byte[] png = png(image);
        try {
            Path parent = out.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            AtomicWrite.replace(out, png);
        } catch (IOException e) {
            throw new SnapshotRequest.NotWritten(RegularFiles.reason(e), e);
        }
    }

    /** The PNG's bytes of {@code image}: what File ▸ Export picture writes, atomically. */
    static byte[] png(WritableImage image) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        if (!ImageIO.write(buffered(image), "png", out)) {
            throw new IOException("no PNG writer in this Java runtime");
        }
        return out.toByteArray();
    }

    private static BufferedImage buffered(WritableImage image) {
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        BufferedImage png = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader pixels = image.getPixelReader();
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            pixels.getPixels(0, y, w, 1, javafx.scene.image.PixelFormat.getIntArgbInstance(), row, 0, w);
            png.setRGB(0, y, w, 1, row, 0, w);
        }
        return png;
    }
}
