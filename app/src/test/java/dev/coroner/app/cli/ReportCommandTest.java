package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.durable.Sha256;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.TimeZone;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/ARCHITECTURE.md, "Reports": {@code coroner report} on the demo corpus and on hostile text, HTML and JSON. */
class ReportCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path HOSTILE = Fixtures.path("report/hostile-text.jsonl");
    private static final Path GRAMMAR = Fixtures.path("precursor/claude-code.toml");
    /** Anything a browser would fetch or run. */
    private static final Pattern ACTIVE = Pattern.compile(
            "(?i)<script|<link|<img|<iframe|<object|<embed|@import|url\\(|\\s(?:src|href|action|xlink:href)\\s*=|\\son[a-z]+\\s*=");

    @TempDir
    Path dir;

    @Test
    void theDemoCorpusAsJsonNamesEveryTranscriptByItsHashWithItsVerdictAndTheSummary() throws Exception {
        Path out = dir.resolve("report.json");
        CliRun run = CliRun.of("report", "--out", out.toString(), Fixtures.demoCorpus().toString());
        assertEquals(1, run.status(), "the demo corpus holds deaths: " + run.err());
        JsonNode r = JSON.readTree(out.toFile());
        List<String> keys = new ArrayList<>();
        r.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("schema", "coroner", "root", "grammar", "redaction", "summary", "transcripts"), keys);
        assertEquals("demo", r.get("root").asText(), "paths are relative to the corpus root, named by its folder");
        assertEquals("{\"family\":\"coroner-report\",\"version\":1}", r.get("schema").toString());
        assertEquals(CoronerVersion.get(), r.get("coroner").get("version").asText());
        assertTrue(r.get("grammar").isNull(), "no --grammar: no WARN judged");
        List<Path> files;
        try (Stream<Path> s = Files.walk(Fixtures.demoCorpus())) {
            files = s.filter(p -> p.toString().endsWith(".jsonl")).toList();
        }
        assertEquals(files.size(), r.get("transcripts").size());
        List<String> paths = new ArrayList<>();
        for (JsonNode t : r.get("transcripts")) {
            Path p = Fixtures.demoCorpus().resolve(t.get("path").asText());
            paths.add(t.get("path").asText());
            assertEquals(Sha256.of(p).hex(), t.get("sha256").asText(), p.toString());
            assertEquals(Files.size(p), t.get("size").asLong());
        }
        List<String> sorted = new ArrayList<>(paths);
        Collections.sort(sorted); // ASCII paths: byte-wise is the natural order
        assertEquals(sorted, paths);
        JsonNode summary = r.get("summary");
        assertEquals(summary.get("workers_dead").asInt() + " of " + summary.get("workers").asInt() + " dead · "
                + Math.round(100.0 * summary.get("workers_dead").asInt() / summary.get("workers").asInt()) + "%",
                summary.get("headline").asText());
        assertTrue(summary.get("deaths_by_class").has("RATE_LIMIT"), summary.toString());
        JsonNode dead = find(r, "agent-a7b2d4f6e8c0a1b30.jsonl");
        assertEquals("SYNTHETIC", dead.get("verdict").get("state").asText());
        assertEquals("RATE_LIMIT", dead.get("verdict").get("class").asText());
        assertTrue(dead.get("verdict").get("evidence").get("line").asLong() > 0);
        assertFalse(dead.get("verdict").get("evidence").get("text").asText().isEmpty());
        assertTrue(run.err().contains("wrote " + out), run.err());
    }

    @Test
    void theDemoCorpusAsHtmlIsOneInertPageWithAChart() throws Exception {
        Path out = dir.resolve("report.html");
        CliRun run = CliRun.of("report", "--out", out.toString(), "--grammar", GRAMMAR.toString(),
                Fixtures.demoCorpus().toString());
        assertEquals(1, run.status(), run.err());
        String html = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(html.startsWith("<!DOCTYPE html>\n"));
        assertTrue(html.contains("<svg"), "an inline chart");
        assertTrue(html.contains("<meta name=\"coroner-schema\" content=\"{&quot;family&quot;:&quot;coroner-report&quot;,"
                + "&quot;version&quot;:1}\">"));
        assertFalse(ACTIVE.matcher(html).find(), "nothing that runs or fetches: " + match(html));
        assertFalse(html.contains("http://") || html.contains("https://"), "no URL at all");
        assertFalse(html.contains("\r"), "\\n line ends only");
        assertTrue(html.contains("agent-a7b2d4f6e8c0a1b30.jsonl"));
        assertTrue(html.contains(Sha256.of(GRAMMAR).hex()), "the grammar's SHA-256");
    }

    @Test
    void hostileTextIsEscapedAndRedactedInHtml() throws Exception {
        Path out = dir.resolve("hostile.html");
        CliRun run = CliRun.of("report", "--out", out.toString(), "--grammar", GRAMMAR.toString(), HOSTILE.toString());
        assertEquals(1, run.status(), "the Edit before Read is a WARN: " + run.err());
        String html = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;the banner&quot;"), html);
        assertFalse(html.toLowerCase(Locale.ROOT).contains("<script"));
        assertFalse(ACTIVE.matcher(html).find(), match(html));
        assertFalse(html.contains("sk-ant-"), "the key is gone");
        assertTrue(html.contains("ANTHROPIC_API_KEY=[REDACTED:anthropic-key]"));
        assertTrue(html.contains("1 redaction (anthropic-key ×1)"), "the page says what it hid");
        assertTrue(html.contains("<td>Edit</td>"), "the WARN");
        assertTrue(html.contains("1 linked to the call that ran them"), "the code block");
    }

    @Test
    void hostileTextIsRedactedInJsonWithTheCountsAndKeepsItsWarnAndBlockLink() throws Exception {
        Path out = dir.resolve("hostile.json");
        CliRun run = CliRun.of("report", "--out", out.toString(), "--grammar", GRAMMAR.toString(), HOSTILE.toString());
        assertEquals(1, run.status(), run.err());
        String text = Files.readString(out, StandardCharsets.UTF_8);
        assertFalse(text.contains("sk-ant-"), "the key is gone");
        JsonNode r = JSON.readTree(text);
        assertEquals("{\"on\":true,\"user_patterns\":0,\"total\":1,\"by_kind\":{\"anthropic-key\":1}}",
                r.get("redaction").toString());
        JsonNode t = r.get("transcripts").get(0);
        assertEquals("Done. .env now holds ANTHROPIC_API_KEY=[REDACTED:anthropic-key] and the page starts with "
                + "<script>alert(1)</script> & \"the banner\".", t.get("verdict").get("evidence").get("text").asText());
        assertEquals(6, t.get("verdict").get("evidence").get("line").asInt());
        assertEquals("HEALTHY", t.get("verdict").get("state").asText());
        JsonNode warn = t.get("warns").get(0);
        assertEquals(4, warn.get("line").asInt());
        assertEquals("Edit", warn.get("tool").asText());
        assertEquals("toolu_01RepEdit", warn.get("tool_use_id").asText());
        JsonNode block = t.get("blocks").get("matched").get(0);
        assertEquals("{\"line\":2,\"block\":1,\"label\":\"ok\",\"call_line\":2,\"tool\":\"Bash\","
                + "\"tool_use_id\":\"toolu_01RepBash\",\"exit_code\":null}", block.toString());
        assertEquals(0, t.get("blocks").get("unmatched").asInt());
        assertEquals(Sha256.of(GRAMMAR).hex(), r.get("grammar").get("sha256").asText());
    }

    @Test
    void noRedactShowsTheKeyButStillEscapesTheMarkup() throws Exception {
        Path out = dir.resolve("plain.html");
        CliRun run = CliRun.of("report", "--no-redact", "--out", out.toString(), HOSTILE.toString());
        assertEquals(0, run.status(), "no grammar, nothing dead: " + run.err());
        String html = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(html.contains("sk-ant-api03-FAKE"));
        assertTrue(html.contains("<strong>off</strong>"), "the page says it was not redacted");
        assertFalse(html.toLowerCase(Locale.ROOT).contains("<script"));
    }

    @Test
    void userPatternsRedactToo() throws Exception {
        Path out = dir.resolve("user.json");
        CliRun run = CliRun.of("report", "--redact-pattern", "the banner", "--redact-pattern", "index\\.html",
                "--out", out.toString(), HOSTILE.toString());
        assertEquals(0, run.status(), run.err());
        JsonNode r = JSON.readTree(out.toFile());
        assertEquals("{\"on\":true,\"user_patterns\":2,\"total\":2,\"by_kind\":{\"anthropic-key\":1,\"user-pattern-1\":1}}",
                r.get("redaction").toString(), "a pattern that matches nothing the report shows counts nothing");
        assertFalse(Files.readString(out).contains("the banner"));
    }

    @Test
    void theSameInputsGiveTheSameBytesInAnyOrderLocaleAndTimeZone() throws Exception {
        List<String> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(Fixtures.demoCorpus())) {
            s.filter(p -> p.toString().endsWith(".jsonl")).forEach(p -> files.add(p.toString()));
        }
        files.add(HOSTILE.toString());
        for (String ext : List.of("json", "html")) {
            byte[] first = report(ext, "a", List.of(Fixtures.demoCorpus().toString(), HOSTILE.toString()));
            assertArrayEquals(first, report(ext, "b", List.of(Fixtures.demoCorpus().toString(), HOSTILE.toString())),
                    "two runs");
            assertArrayEquals(first, report(ext, "c", List.of(HOSTILE.toString(), Fixtures.demoCorpus().toString())),
                    "the other order");
            List<String> shuffled = new ArrayList<>(files);
            Collections.shuffle(shuffled, new Random(12));
            assertArrayEquals(first, report(ext, "d", shuffled), "files one by one, shuffled");
            Locale locale = Locale.getDefault();
            TimeZone zone = TimeZone.getDefault();
            try {
                Locale.setDefault(Locale.forLanguageTag("ar-EG-u-nu-arab"));
                TimeZone.setDefault(TimeZone.getTimeZone("Pacific/Kiritimati"));
                assertArrayEquals(first, report(ext, "e", List.of(Fixtures.demoCorpus().toString(), HOSTILE.toString())),
                        "another locale and time zone");
                Locale.setDefault(Locale.forLanguageTag("tr-TR"));
                TimeZone.setDefault(TimeZone.getTimeZone("America/St_Johns"));
                assertArrayEquals(first, report(ext, "f", List.of(Fixtures.demoCorpus().toString(), HOSTILE.toString())),
                        "and another");
            } finally {
                Locale.setDefault(locale);
                TimeZone.setDefault(zone);
            }
        }
    }

    @Test
    void aReportOfOursIsReplacedButNothingElseIs() throws Exception {
        Path out = dir.resolve("r.json");
        assertEquals(0, CliRun.of("report", "--no-redact", "--out", out.toString(), HOSTILE.toString()).status());
        assertEquals(0, CliRun.of("report", "--out", out.toString(), HOSTILE.toString()).status(), "our own: replaced");
        assertFalse(Files.readString(out).contains("sk-ant-"));
        for (String other : List.of("{\"schema\":{\"family\":\"coroner-workspace\",\"version\":1}}",
                "{\"schema\":{\"family\":\"coroner-report\",\"version\":2}}", "{\"mine\":true}")) {
            Files.writeString(out, other);
            CliRun run = CliRun.of("report", "--out", out.toString(), HOSTILE.toString());
            assertEquals(2, run.status(), other);
            assertTrue(run.err().contains("will not replace"), run.err());
            assertEquals(other, Files.readString(out), "kept whole");
        }
        Path page = dir.resolve("r.html");
        Files.writeString(page, "<!DOCTYPE html><p>someone's page</p>");
        assertEquals(2, CliRun.of("report", "--out", page.toString(), HOSTILE.toString()).status());
        Files.delete(page);
        assertEquals(0, CliRun.of("report", "--out", page.toString(), HOSTILE.toString()).status());
        assertEquals(0, CliRun.of("report", "--out", page.toString(), HOSTILE.toString()).status(), "our own page");
    }

    @Test
    void badUsageExitsTwoAndSaysWhatToDo() throws Exception {
        CliRun ext = CliRun.of("report", "--out", dir.resolve("r.txt").toString(), HOSTILE.toString());
        assertEquals(2, ext.status());
        assertTrue(ext.err().contains(".html or .json"), ext.err());
        CliRun regex = CliRun.of("report", "--redact-pattern", "(open", "--out", dir.resolve("r.json").toString(),
                HOSTILE.toString());
        assertEquals(2, regex.status());
        assertTrue(regex.err().contains("not a Java regular expression"), regex.err());
        CliRun both = CliRun.of("report", "--no-redact", "--redact-pattern", "x", "--out",
                dir.resolve("r.json").toString(), HOSTILE.toString());
        assertEquals(2, both.status());
        CliRun grammar = CliRun.of("report", "--grammar", Fixtures.path("precursor/bad").resolve(firstBad()).toString(),
                "--out", dir.resolve("r.json").toString(), HOSTILE.toString());
        assertEquals(2, grammar.status());
        assertTrue(grammar.err().matches("(?s).*\\.toml:\\d+:\\d+: .*"), grammar.err());
        CliRun missing = CliRun.of("report", "--out", dir.resolve("m.json").toString(), dir.resolve("gone.jsonl").toString());
        assertEquals(2, missing.status(), "an unreadable file named explicitly");
        assertEquals("UNREADABLE", JSON.readTree(dir.resolve("m.json").toFile()).get("transcripts").get(0).get("verdict")
                .get("state").asText());
        CliRun redactedName = CliRun.of("report", "--redact-pattern", "gone", "--out", dir.resolve("g.json").toString(),
                dir.resolve("gone.jsonl").toString());
        assertEquals(2, redactedName.status(), "still named explicitly when its name is redacted");
        assertTrue(Files.readString(dir.resolve("g.json")).contains("[REDACTED:user-pattern-1].jsonl"));
        assertFalse(Files.exists(dir.resolve("r.json")), "nothing written on bad usage");
    }

    @Test
    void helpNamesTheOptions() {
        CliRun run = CliRun.of("report", "--help");
        assertEquals(0, run.status());
        for (String option : List.of("--out", "--grammar", "--no-redact", "--redact-pattern", "[REDACTED:kind]")) {
            assertTrue(run.out().contains(option), option + " in " + run.out());
        }
    }

    private byte[] report(String ext, String name, List<String> inputs) throws Exception {
        Path out = dir.resolve(name + "." + ext);
        List<String> args = new ArrayList<>(List.of("report", "--grammar", GRAMMAR.toString(), "--out", out.toString()));
        args.addAll(inputs);
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(1, run.status(), run.err());
        return Files.readAllBytes(out);
    }

    private static String firstBad() throws Exception {
        try (Stream<Path> s = Files.list(Fixtures.path("precursor/bad"))) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".toml")).sorted().findFirst().orElseThrow();
        }
    }

    private static JsonNode find(JsonNode report, String fileName) {
        for (JsonNode t : report.get("transcripts")) {
            if (t.get("path").asText().endsWith("/" + fileName)) {
                return t;
            }
        }
        throw new AssertionError(fileName + " is not in the report");
    }

    private static String match(String html) {
        var m = ACTIVE.matcher(html);
        return m.find() ? html.substring(Math.max(0, m.start() - 60), Math.min(html.length(), m.end() + 60)) : "";
    }
}
