package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
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
