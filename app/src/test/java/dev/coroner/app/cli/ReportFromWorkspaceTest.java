package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.durable.Sha256;
import dev.coroner.core.workspace.Workspace;
import dev.coroner.core.workspace.WorkspaceFiles;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/ARCHITECTURE.md, "Reports": {@code coroner report --workspace W} with no PATH reports W's transcripts with W's
 * grammar — the report the window exports for W — with paths relative to the corpus root and the bundled grammar
 * named as bundled.
 */
class ReportFromWorkspaceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A corpus folder under the temporary folder: a session with a WARN, a dead one and a healthy one. */
    private List<Path> corpus() throws Exception {
        Path c = Files.createDirectories(dir.resolve("corpus/project"));
        List<Path> all = new ArrayList<>();
        for (String f : List.of("report/hostile-text.jsonl", "norun/rate-limited.jsonl", "norun/healthy.jsonl")) {
            Path to = c.resolve(Path.of(f).getFileName());
            Files.copy(Fixtures.path(f), to);
            all.add(to.toAbsolutePath().normalize());
        }
        return all;
    }

    private Path workspace(List<Path> transcripts, Workspace.GrammarRef grammar) throws Exception {
        Workspace w = new Workspace(transcripts.stream().map(WorkspaceFiles::describe).toList(), grammar, List.of(),
                List.of(), null, Workspace.Layout.NONE);
        Path file = dir.resolve("w.coroner.json");
        WorkspaceFiles.atomic().save(file, w);
        return file;
    }

    /** "line tool_use_id" of every WARN in a report, or in {@code coroner precursor --json} rows. */
    private static TreeSet<String> reportWarns(JsonNode report) {
        TreeSet<String> warns = new TreeSet<>();
        for (JsonNode t : report.get("transcripts")) {
            for (JsonNode w : t.get("warns")) {
                warns.add(Path.of(t.get("path").asText()).getFileName() + ":" + w.get("line").asLong() + " "
                        + w.get("tool_use_id").asText());
            }
        }
        return warns;
    }

    private static TreeSet<String> precursorWarns(Path grammar, List<Path> transcripts) throws Exception {
        List<String> args = new ArrayList<>(List.of("precursor", "--json", "--grammar", grammar.toString()));
        transcripts.forEach(p -> args.add(p.toString()));
        TreeSet<String> warns = new TreeSet<>();
        for (String line : CliRun.of(args.toArray(String[]::new)).lines()) {
            JsonNode row = JSON.readTree(line);
            if (row.has("stance") && "REFUTED".equals(row.get("stance").asText())) {
                warns.add(Path.of(row.get("path").asText()).getFileName() + ":" + row.get("line").asLong() + " "
                        + row.get("tool_use_id").asText());
            }
        }
        return warns;
    }

    @Test
    void aWorkspaceAloneIsReportedWithItsGrammarAndTheWarnsThePrecursorGateFinds() throws Exception {
        List<Path> transcripts = corpus();
        Path grammar = Files.copy(Fixtures.path("precursor/claude-code.toml"), dir.resolve("corpus/team-grammar.toml"));
        Path w = workspace(transcripts, new Workspace.GrammarRef(grammar.toString(),
                Sha256.of(grammar).hex(), null));
        Path out = dir.resolve("r.json");
        CliRun run = CliRun.of("report", "--workspace", w.toString(), "--out", out.toString());
        assertEquals(1, run.status(), run.err()); // a death and a WARN
        String text = Files.readString(out);
        JsonNode r = JSON.readTree(text);
        TreeSet<String> warns = reportWarns(r);
        assertEquals(precursorWarns(grammar, transcripts), warns);
        assertEquals(1, warns.size(), "the hostile session's Edit before any Read: " + warns);
        assertEquals(1, r.get("summary").get("warns").asInt());
        assertEquals("file", r.get("grammar").get("origin").asText());
        assertEquals("team-grammar.toml", r.get("grammar").get("path").asText(),
                "outside the corpus root: its name alone, its SHA-256 says which bytes");
        assertEquals(Sha256.of(grammar).hex(), r.get("grammar").get("sha256").asText());
        // no absolute path anywhere: each transcript relative to the root, the root under the temporary folder
        List<String> names = new ArrayList<>();
        r.get("transcripts").forEach(t -> names.add(t.get("path").asText()));
        assertEquals(List.of("healthy.jsonl", "hostile-text.jsonl", "rate-limited.jsonl"), names);
        assertFalse(text.contains(dir.toAbsolutePath().toString()), text);
        assertFalse(text.contains(System.getProperty("user.home") + "/"), "no home folder");
        assertEquals("project", r.get("root").asText(), "the root by its folder name alone");
    }

    @Test
    void theBundledGrammarIsNamedBundledNeverByTheFolderItWasUnpackedTo() throws Exception {
        List<Path> transcripts = corpus();
        // as a window saved it: the path of a copy unpacked from the jar to a temporary folder, gone since
        Path unpacked = dir.resolve("coroner-fixtures-123456/precursor/claude-code.toml");
        Path w = workspace(transcripts, new Workspace.GrammarRef(unpacked.toString(), null, null));
        Path out = dir.resolve("r.json");
        CliRun run = CliRun.of("report", "--workspace", w.toString(), "--out", out.toString());
        assertEquals(1, run.status(), run.err());
        String text = Files.readString(out);
        JsonNode g = JSON.readTree(text).get("grammar");
        assertEquals("bundled", g.get("origin").asText());
        assertEquals("claude-code.toml", g.get("path").asText());
        assertEquals(Sha256.of(Fixtures.path("precursor/claude-code.toml")).hex(),
                g.get("sha256").asText());
        assertFalse(text.contains("coroner-fixtures-"), text);
        assertEquals(precursorWarns(Fixtures.path("precursor/claude-code.toml"), transcripts),
                reportWarns(JSON.readTree(text)));
        Path html = dir.resolve("r.html");
        CliRun.of("report", "--workspace", w.toString(), "--out", html.toString());
        assertTrue(Files.readString(html).contains("<tr><th>Precursor grammar</th><td>claude-code.toml (bundled with Coroner)"));
    }

    @Test
    void anInlineGrammarIsJudgedByAndNamedInline() throws Exception {
        List<Path> transcripts = corpus();
        String text = Files.readString(Fixtures.path("precursor/claude-code.toml"));
        Path w = workspace(transcripts, new Workspace.GrammarRef(null,
                Sha256.of(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), text));
        Path out = dir.resolve("r.json");
        CliRun.of("report", "--workspace", w.toString(), "--out", out.toString());
        JsonNode r = JSON.readTree(out.toFile());
        assertEquals("inline", r.get("grammar").get("origin").asText());
        assertTrue(r.get("grammar").get("path").isNull());
        assertEquals(1, r.get("summary").get("warns").asInt());
    }

    @Test
    void absolutePathsOnRequestAndRootsOfSeveralFoldersAreTheirCommonAncestor() throws Exception {
        List<Path> transcripts = corpus();
        Path other = Files.createDirectories(dir.resolve("corpus/other"));
        Path moved = Files.move(transcripts.get(2), other.resolve("healthy.jsonl"));
        Path out = dir.resolve("r.json");
        CliRun.of("report", "--out", out.toString(), transcripts.get(0).toString(), moved.toString());
        JsonNode r = JSON.readTree(out.toFile());
        assertEquals("corpus", r.get("root").asText(), "the common ancestor of project/ and other/");
        assertEquals("other/healthy.jsonl", r.get("transcripts").get(0).get("path").asText());
        assertEquals("project/hostile-text.jsonl", r.get("transcripts").get(1).get("path").asText());
        Path abs = dir.resolve("a.json");
        CliRun.of("report", "--absolute-paths", "--out", abs.toString(), transcripts.get(0).toString());
        JsonNode a = JSON.readTree(abs.toFile());
        assertTrue(a.get("root").isNull());
        assertEquals(transcripts.get(0).toString(), a.get("transcripts").get(0).get("path").asText());
    }

    @Test
    void neitherPathNorWorkspaceIsBadUsage() {
        CliRun run = CliRun.of("report", "--out", dir.resolve("r.json").toString());
        assertEquals(2, run.status());
        assertTrue(run.err().contains("PATH..., or --workspace"), run.err());
        assertNotNull(run.err());
    }
}
