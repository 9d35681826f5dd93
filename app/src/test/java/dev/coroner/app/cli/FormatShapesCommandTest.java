package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The command line over the shapes of docs/FORMAT.md, "Shapes from a larger sample": a row for each, no error, no note. */
class FormatShapesCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path folder() {
        return Fixtures.path("format");
    }

    private static List<JsonNode> rows(CliRun run) throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : run.lines()) {
            rows.add(JSON.readTree(line));
        }
        return rows;
    }

    private static List<String> transcripts() throws IOException {
        try (Stream<Path> s = Files.list(folder())) {
            return s.map(Path::toString).filter(n -> n.endsWith(".jsonl")).sorted().toList();
        }
    }

    @Test
    void verdictGivesEachShapeItsRowAndTheVerdictReadFromTheEnd() throws Exception {
        CliRun run = CliRun.of("verdict", "--json", folder().toString());
        assertEquals("", run.err());
        assertEquals(1, run.status(), "error-details.jsonl ends in a <synthetic> record: a death");
        List<JsonNode> rows = rows(run);
        assertEquals(transcripts(), rows.stream().map(r -> r.get("path").asText()).toList());
        for (JsonNode row : rows) {
            String state = TerminalVerdicts.judge(Path.of(row.get("path").asText())).state().name();
            assertEquals(state, row.get("state").asText(), row.toString());
            assertTrue(!"UNREADABLE".equals(state) && !"EMPTY".equals(state), row.toString());
        }
    }

    @Test
    void precursorJudgesTheEditsAndCountsNoProblemLines() throws Exception {
        String grammar = Fixtures.path("precursor/claude-code.toml").toString();
        CliRun run = CliRun.of("precursor", "--grammar", grammar, "--json", folder().toString());
        assertEquals("", run.err(), "no file has a line that is not a record");
        assertEquals(0, run.status());
        List<String> stances = new ArrayList<>();
        for (JsonNode row : rows(run)) {
            assertEquals("Edit", row.get("tool").asText());
            stances.add(Path.of(row.get("path").asText()).getFileName() + " " + row.get("stance").asText());
        }
        // the proxy's tool_result beside its server_tool_use answers no call, so the Edit after it is a first call
        assertEquals(List.of("forked-from.jsonl NO_SIGNAL", "microcompact-boundary.jsonl ATTESTED",
                "server-tool-use-string-input.jsonl NO_SIGNAL"), stances);
    }

    @Test
    void scriptsMatchesABlockToItsCallWhateverProviderNamedTheCall() throws Exception {
        CliRun run = CliRun.of("scripts", "--json", folder().toString());
        assertEquals("", run.err());
        assertEquals(0, run.status());
        List<String> matched = new ArrayList<>();
        for (JsonNode row : rows(run)) {
            String id = row.path("tool_use_id").asText();
            matched.add(Path.of(row.get("path").asText()).getFileName() + " " + row.get("label").asText() + " "
                    + row.path("tool").asText() + " " + id.substring(0, id.lastIndexOf('_') + 1));
        }
        assertEquals(List.of(
                "provider-bedrock-toolu-bdrk-ids.jsonl ok Bash toolu_bdrk_",
                "provider-converse-tooluse-ids.jsonl ok Bash tooluse_",
                "provider-deepseek-call-ids.jsonl ok Bash call_00_",
                "provider-vertex-toolu-vrtx-ids.jsonl ok Bash toolu_vrtx_"), matched);
    }
}
