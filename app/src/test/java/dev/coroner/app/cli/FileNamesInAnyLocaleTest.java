package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/VERDICTS.md, "Command line": file names are bytes, read, printed and reported as UTF-8 in every locale. Run in
 * a child JVM started in the C locale (cron, containers), where Java decodes names as ASCII.
 */
class FileNamesInAnyLocaleTest {
    @TempDir
    Path dir;

    @Test
    void aNonAsciiNameNamedOrFoundInAFolderIsTheSameInTheCLocale() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Path cafe = Files.copy(Fixtures.path("terminal/synthetic-context-limit.jsonl"), runs.resolve("caf\u00e9.jsonl"));
        Path out = dir.resolve("report.json");

        ChildJvm.Result named = ChildJvm.java().inTheCLocale().run("verdict", "--json", cafe.toString());
        assertEquals(ExitStatus.FINDINGS, named.status(), "judged, not refused with the help text: " + named.errText());
        assertTrue(named.outText().startsWith("{\"path\":\"" + cafe + "\""), named.outText());

        ChildJvm.Result folder = ChildJvm.java().inTheCLocale().run("verdict", runs.toString());
        ChildJvm.Result utf8 = ChildJvm.java().run("verdict", runs.toString());
        assertTrue(folder.outText().contains(cafe.toString()), "no caf\ufffd\ufffd: " + folder.outText());
        assertArrayEquals(utf8.out(), folder.out(), "the same bytes in every locale");

        ChildJvm.Result report = ChildJvm.java().inTheCLocale()
                .run("report", "--out", out.toString(), runs.toString());
        assertEquals(ExitStatus.FINDINGS, report.status(), report.errText());
        assertTrue(Files.readString(out, StandardCharsets.UTF_8).contains("caf\u00e9.jsonl"), "the report names it");
    }
}
