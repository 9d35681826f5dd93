package dev.coroner.core.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.report.ReportFiles;
import dev.coroner.fixtures.SpecialFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** docs/ARCHITECTURE.md, "Files Coroner writes": the four classifications of a durable file's schema tag. */
class DurableSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "{\"schema\":{\"family\":\"coroner-report\",\"version\":1},\"x\":1}        | READABLE",
            "{\"schema\":{\"family\":\"coroner-report\",\"version\":2}}                | READABLE",
            "{\"x\":1,\"schema\":{\"version\":1,\"family\":\"coroner-report\"}}        | READABLE",
            "{\"schema\":{\"family\":\"coroner-report\",\"version\":3}}                | UNREADABLE_NEWER",
            "{\"schema\":{\"family\":\"coroner-report\",\"version\":99999999999}}      | MALFORMED",
            "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":1}}             | WRONG_FAMILY",
            "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":7}}             | WRONG_FAMILY",
            "{\"transcripts\":[]}                                                      | UNTAGGED",
            "{\"schema\":1}                                                            | UNTAGGED",
            "{\"schema\":\"coroner-report\"}                                           | UNTAGGED",
            "{\"schema\":{\"family\":\"coroner-report\"}}                              | MALFORMED",
            "{\"schema\":{\"family\":\"coroner-report\",\"version\":\"1\"}}            | MALFORMED",
            "{\"schema\":{\"family\":\"coroner-report\",\"version\":1.5}}              | MALFORMED",
            "{\"schema\":{\"family\":\"coroner-report\",\"version\":0}}                | MALFORMED",
            "{\"schema\":{\"family\":\"coroner-report\",\"version\":\"2\"}}            | MALFORMED",
            "{\"schema\":{\"family\":\"coroner-report\",\"version\":2.0}}              | MALFORMED",
            "{\"schema\":{\"family\":\"coroner-report\",\"version\":-1}}               | MALFORMED",
            "{\"schema\":{\"family\":\"coroner-report\",\"version\":3000000000}}       | MALFORMED",
            "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":\"2\"}}         | MALFORMED",
            "{\"schema\":{\"family\":\"coroner-report\",\"version\":null}}             | MALFORMED",
            "{\"schema\":{\"family\":\"\",\"version\":1}}                              | UNTAGGED",
            "{\"schema\":{\"family\":\"   \",\"version\":1}}                           | UNTAGGED",
            "{\"schema\":{\"family\":true,\"version\":1}}                              | UNTAGGED",
            "[1,2]                                                                     | UNTAGGED",
    })
    void aReaderOfReportsVersion2Classifies(String json, Readability expected) throws Exception {
        ReadabilityVerdict v = DurableSchema.classify(JSON.readTree(json), "coroner-report", 2);
        assertEquals(expected, v.readability(), v.reason());
        assertEquals(expected == Readability.READABLE, v.soundlyReadable());
    }

    /**
     * A tag whose family is blank names no family: no reader reads it as its own (never READABLE, and never
     * WRONG_FAMILY with a blank name to show); it is UNTAGGED, with no tag found, for every reader and version.
     */
    @ParameterizedTest(name = "family \"{0}\", reader {1} v{2}")
    @CsvSource(delimiter = '|', ignoreLeadingAndTrailingWhitespace = false, value = {
            "|coroner-report|1", "   |coroner-report|1", "\t|coroner-report|1", "\u2003|coroner-report|1",
            "|coroner-workspace|1", "   |coroner-workspace|1", "\t|coroner-workspace|1", "\u2003|coroner-workspace|1",
            "   |coroner-workspace|99"})
    void aBlankFamilyIsNoTagForAnyReader(String blank, String reader, int ceiling) {
        var record = JSON.createObjectNode();
        record.putObject(DurableSchema.KEY).put("family", blank == null ? "" : blank).put("version", 1);
        assertNull(SchemaTag.parse(record.get(DurableSchema.KEY)), "a blank family is no tag");
        ReadabilityVerdict v = DurableSchema.classify(record, reader, ceiling);
        assertEquals(Readability.UNTAGGED, v.readability(), v.reason());
        assertNull(v.found());
        assertFalse(v.soundlyReadable());
    }

    @Test
    void aReportWithABlankFamilyIsNotSavedOver(@TempDir Path dir) throws Exception {
        for (String blank : new String[] {"", "   "}) {
            Path json = dir.resolve("r.json");
            Files.writeString(json, "{\"schema\":{\"family\":\"" + blank + "\",\"version\":1},\"transcripts\":[]}",
                    StandardCharsets.UTF_8);
            ReadabilityVerdict refusal = ReportFiles.refusalToReplace(json, ReportFiles.Format.JSON);
            assertEquals(Readability.UNTAGGED, refusal == null ? null : refusal.readability(), "kept: \"" + blank + "\"");
        }
    }

    @Test
    void aNewerFileIsRefusedWithTheFamilyTheVersionFoundAndTheVersionsSupported() throws Exception {
        ReadabilityVerdict v = DurableSchema.classify(
                JSON.readTree("{\"schema\":{\"family\":\"coroner-report\",\"version\":4}}"), "coroner-report", 1);
        assertEquals(Readability.UNREADABLE_NEWER, v.readability());
        assertEquals(4, v.found().version());
        assertTrue(v.reason().contains("coroner-report"), v.reason());
        assertTrue(v.reason().contains("version 4"), v.reason());
        assertTrue(v.reason().contains("version 1"), v.reason());
        assertFalse(v.soundlyReadable());
    }

    @Test
    void anUntaggedFileHasNoTagAndSaysSo() throws Exception {
        ReadabilityVerdict v = DurableSchema.classify(JSON.readTree("{}"), "coroner-workspace", 1);
        assertNull(v.found());
        assertTrue(v.reason().contains("\"schema\""), v.reason());
    }

    @Test
    void whatAWriterTagsAReaderOfTheSameFamilyReads() {
        var tagged = JSON.valueToTree(DurableSchema.tag("coroner-report", 1));
        assertEquals("{\"schema\":{\"family\":\"coroner-report\",\"version\":1}}", tagged.toString());
        assertEquals(Readability.READABLE, DurableSchema.classify((com.fasterxml.jackson.databind.JsonNode) tagged,
                "coroner-report", 1).readability());
    }

    @Test
    void aWriterMustNameAFamilyAndAVersionFromOne() {
        assertThrows(IllegalArgumentException.class, () -> DurableSchema.tag("", 1));
        assertThrows(IllegalArgumentException.class, () -> DurableSchema.tag("   ", 1));
        assertThrows(IllegalArgumentException.class, () -> DurableSchema.classify(JSON.createObjectNode(), " ", 1));
        assertThrows(IllegalArgumentException.class, () -> DurableSchema.tag("coroner-report", 0));
    }

    @Test
    void aFileThatIsNotJsonIsUntagged(@TempDir Path dir) throws Exception {
        Path html = dir.resolve("report.html");
        Files.writeString(html, "<!DOCTYPE html><p>not json</p>", StandardCharsets.UTF_8);
        assertEquals(Readability.UNTAGGED, DurableSchema.classify(html, "coroner-report", 1, 1000).readability());
        Path json = dir.resolve("report.json");
        Files.writeString(json, "{\"schema\":{\"family\":\"coroner-report\",\"version\":1}}\n", StandardCharsets.UTF_8);
        assertEquals(Readability.READABLE, DurableSchema.classify(json, "coroner-report", 1, 1000).readability());
    }

    @Test
    void aMalformedVersionNamesWhatItFoundAndIsNeverSoundlyReadable() throws Exception {
        ReadabilityVerdict v = DurableSchema.classify(
                JSON.readTree("{\"schema\":{\"family\":\"coroner-workspace\",\"version\":\"2\"}}"), "coroner-workspace", 1);
        assertEquals(Readability.MALFORMED, v.readability());
        assertNull(v.found());
        assertFalse(v.soundlyReadable());
        assertTrue(v.reason().contains("coroner-workspace file but its version is \"2\""), v.reason());
    }

    @Test
    void aPipeOrADeviceIsRefusedBeforeItIsOpened(@TempDir Path dir) throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("r.json"));
        Path zero = Files.createSymbolicLink(dir.resolve("z.json"), Path.of("/dev/zero"));
        for (Path p : List.of(fifo, zero)) {
            RegularFiles.Refused e = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThrows(
                    RegularFiles.Refused.class, () -> DurableSchema.classify(p, "coroner-report", 1, 1000)));
            assertEquals("not a regular file: a pipe, socket or device", e.getMessage());
        }
    }

    @Test
    void aFileLargerThanTheCapIsRefusedWithItsSize(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("r.json");
        Files.write(big, new byte[2_500_001]);
        RegularFiles.Refused e = assertThrows(RegularFiles.Refused.class,
                () -> DurableSchema.classify(big, "coroner-report", 1, 1_000_000));
        assertEquals("too large: 2.5 MB (Coroner reads files of this kind up to 1.0 MB)", e.getMessage());
    }
}
