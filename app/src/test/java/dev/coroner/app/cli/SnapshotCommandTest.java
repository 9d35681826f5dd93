package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.read.TranscriptFile;
import dev.coroner.fixtures.Fixtures;
import dev.coroner.fixtures.SpecialFiles;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code coroner snapshot}: a picture of the window without a display, showing what the window shows. */
class SnapshotCommandTest {
    @TempDir
    Path dir;

    @Test
    void rendersTheDemoCorpusWithTheDeadAgentsTerminalRecordSelected() throws Exception {
        Path png = dir.resolve("shot.png");
        StringWriter err = new StringWriter();
        CommandLine cl = CoronerCommand.commandLine();
        cl.setErr(new PrintWriter(err));
        int status = cl.execute("snapshot", "--out", png.toString(), "--size", "1400x900",
                Fixtures.demoCorpus().toString());
        assertEquals(0, status, err.toString());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1400, image.getWidth());
        assertEquals(900, image.getHeight());
        assertTrue(count(image, 0xFFFFEBE9) > 1000 || count(image, 0xFFFFD8D3) > 1000,
                "the selected terminal row is tinted SYNTHETIC red");
        assertTrue(count(image, 0xFFCF222E) > 50, "the death is drawn in the SYNTHETIC colour (icons, headline bar)");
    }

    @Test
    void aMissingPathIsBadUsageAndNoPictureIsWritten() {
        Path png = dir.resolve("none.png");
        StringWriter err = new StringWriter();
        CommandLine cl = CoronerCommand.commandLine();
        cl.setErr(new PrintWriter(err));
        int status = cl.execute("snapshot", "--out", png.toString(), dir.resolve("missing.jsonl").toString());
        assertEquals(ExitStatus.BAD_INPUT, status);
        assertTrue(err.toString().contains("missing.jsonl: no such file or folder"), err.toString());
        assertTrue(!png.toFile().exists());
    }

    @Test
    void aSelectionNoTranscriptAnswersIsBadInputNamingWhatIsOpenAndNoPictureIsWritten() {
        Path png = dir.resolve("none.png");
        CliRun r = CliRun.of("snapshot", "--out", png.toString(), "--select", "nosuch:3",
                Fixtures.path("terminal/healthy.jsonl").toString());
        assertEquals(ExitStatus.BAD_INPUT, r.status(), r.err());
        assertEquals("coroner: --select nosuch: no transcript open is named so; 1 open: healthy.jsonl\n", r.err());
        assertTrue(!png.toFile().exists());
        // the name without its ".jsonl" is enough
        CliRun named = CliRun.of("snapshot", "--out", png.toString(), "--select", "healthy",
                Fixtures.path("terminal/healthy.jsonl").toString());
        assertEquals(0, named.status(), named.err());
    }

    @Test
    void anOutputThatIsAnInputIsRefusedAndTheTranscriptKept() throws Exception {
        Path transcript = Files.copy(Fixtures.path("terminal/healthy.jsonl"), dir.resolve("run.jsonl"));
        byte[] before = Files.readAllBytes(transcript);
        Path hardLink = Files.createLink(dir.resolve("picture.png"), transcript);
        Path symLink = Files.createSymbolicLink(dir.resolve("view.png"), transcript);
        for (Path out : List.of(transcript, hardLink, symLink)) {
            // named, or found in the folder that holds it
            for (Path input : List.of(transcript, dir)) {
                CliRun r = CliRun.of("snapshot", "--out", out.toString(), input.toString());
                assertEquals(ExitStatus.BAD_INPUT, r.status(), r.err());
                assertTrue(r.err().startsWith("coroner: --out " + out + " "), r.err());
                assertTrue(r.err().contains("Coroner never writes over what it reads: name another file, or add --force"),
                        r.err());
            }
        }
        assertArrayEquals(before, Files.readAllBytes(transcript));
    }

    @Test
    void anOutputNamedLikeATranscriptIsRefusedEvenWhenNew() {
        Path out = dir.resolve("shot.JSONL");
        CliRun r = CliRun.of("snapshot", "--out", out.toString(), Fixtures.demoCorpus().toString());
        assertEquals(ExitStatus.BAD_INPUT, r.status());
        assertEquals("coroner: --out " + out + " ends in .jsonl, the name of a transcript; Coroner never writes over "
                + "what it reads: name another file, or add --force\n", r.err().replace("\r\n", "\n"));
        assertFalse(Files.exists(out));
    }

    @Test
    void forceWritesThePictureWhereItWasAsked() throws Exception {
        Path transcript = Files.copy(Fixtures.path("terminal/healthy.jsonl"), dir.resolve("run.jsonl"));
        CliRun r = CliRun.of("snapshot", "--force", "--size", "800x600", "--out", transcript.toString(),
                transcript.toString());
        assertEquals(ExitStatus.CLEAN, r.status(), r.err());
        assertEquals(800, ImageIO.read(transcript.toFile()).getWidth());
    }

    @Test
    void aNamedPipeOrADeviceIsBadInputBeforeAnythingIsRendered() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("x.jsonl"));
        for (Path p : List.of(fifo, SpecialFiles.ENDLESS_DEVICE)) {
            CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> CliRun.of("snapshot", "--out", dir.resolve("none.png").toString(), p.toString()));
            assertEquals(ExitStatus.BAD_INPUT, r.status());
            assertEquals("coroner: " + p + ": " + TranscriptFile.NOT_A_REGULAR_FILE + "\n", r.err());
        }
        CliRun grammar = CliRun.of("snapshot", "--out", dir.resolve("none.png").toString(), "--grammar",
                fifo.toString(), Fixtures.demoCorpus().toString());
        assertEquals(ExitStatus.BAD_INPUT, grammar.status());
        assertEquals("coroner: " + fifo + ": " + TranscriptFile.NOT_A_REGULAR_FILE + "\n", grammar.err());
        assertFalse(Files.exists(dir.resolve("none.png")));
    }

    private static int count(BufferedImage image, int argb) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (image.getRGB(x, y) == argb) {
                    n++;
                }
            }
        }
        return n;
    }
}
