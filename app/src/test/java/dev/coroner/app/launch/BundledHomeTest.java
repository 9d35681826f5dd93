package dev.coroner.app.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.DataFolder;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * docs/ARCHITECTURE.md, "Workspaces": the bundled files (demo corpus, bundled grammar) get a home that outlives the
 * run, under the user's data folder, unpacked once for each content.
 */
class BundledHomeTest {
    @TempDir
    Path dir;

    private Path jar(String name, String demo) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, String> e : Map.of("dev/coroner/fixtures/README.md", "fixtures",
                    "dev/coroner/fixtures/demo/s.jsonl", demo,
                    "dev/coroner/fixtures/precursor/claude-code.toml", "[precursor]").entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return jar;
    }

    private static URI inJar(Path jar) {
        return URI.create("jar:" + jar.toUri() + "!/dev/coroner/fixtures/README.md");
    }

    @Test
    void theBundledFilesAreUnpackedOnceAndFoundThereByTheNextRun() throws IOException {
        Path home = dir.resolve("data").resolve("bundled");
        Path first = Fixtures.unpack(inJar(jar("v1.jar", "{\"a\":1}\n")), home);
        assertTrue(first.startsWith(home));
        assertEquals("{\"a\":1}\n", Files.readString(first.resolve("demo/s.jsonl")));
        assertEquals("[precursor]", Files.readString(first.resolve("precursor/claude-code.toml")));
        long stamp = Files.getLastModifiedTime(first.resolve("demo/s.jsonl")).toMillis();

        Path again = Fixtures.unpack(inJar(jar("v1-again.jar", "{\"a\":1}\n")), home);
        assertEquals(first, again, "the same files: the same folder");
        assertEquals(stamp, Files.getLastModifiedTime(again.resolve("demo/s.jsonl")).toMillis(), "not unpacked again");

        Path other = Fixtures.unpack(inJar(jar("v2.jar", "{\"a\":2}\n")), home);
        assertNotEquals(first, other, "other files: a folder of their own, the first one left for its version");
        assertEquals("{\"a\":1}\n", Files.readString(first.resolve("demo/s.jsonl")));
        try (var left = Files.list(home)) {
            assertEquals(2, left.count(), "no half-filled folder left behind");
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "-", value = {
        "-        | Linux      | /home/ana | -                     | -                 | /home/ana/.local/share/coroner",
        "-        | Linux      | /home/ana | /home/ana/xdg         | -                 | /home/ana/xdg/coroner",
        "-        | Linux      | /home/ana | relative/xdg          | -                 | /home/ana/.local/share/coroner",
        "-        | Mac OS X   | /Users/ana| -                     | -                 | /Users/ana/Library/Application Support/Coroner",
        "/t/data  | Linux      | /home/ana | /home/ana/xdg         | -                 | /t/data",
    })
    void theDataFolderFollowsThePlatformAndTheOverride(String override, String os, String home, String xdg,
                                                      String appData, String expected) {
        Map<String, String> env = new java.util.HashMap<>();
        if (xdg != null) {
            env.put("XDG_DATA_HOME", xdg);
        }
        if (appData != null) {
            env.put("APPDATA", appData);
        }
        assertEquals(Path.of(expected), DataFolder.of(override, os, home, env));
    }

    @Test
    void onWindowsItIsUnderAppData() {
        assertEquals(Path.of("C:\\Users\\ana\\AppData\\Roaming", "Coroner"),
                DataFolder.of(null, "Windows 11", "C:\\Users\\ana", Map.of("APPDATA", "C:\\Users\\ana\\AppData\\Roaming")));
    }

    @Test
    void testsNeverWriteIntoTheRealHomeFolder() {
        assertNotEquals(null, System.getProperty(DataFolder.PROPERTY), "the build names a data folder for tests");
        assertTrue(DataFolder.current().toString().contains("target"), DataFolder.current().toString());
    }
}
