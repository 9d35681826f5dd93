package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.precursor.LookupTools;
import dev.coroner.core.precursor.MutatingTools;
import dev.coroner.core.precursor.Proposal;
import dev.coroner.core.precursor.ToolNames;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Real public transcripts (../shared/corpus, never committed): what {@code coroner propose} says about them. */
@Tag("corpus")
class ProposeCorpusTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String corpus() {
        Path dir = Path.of(System.getProperty("coroner.corpus", "../shared/corpus"));
        assertTrue(Files.isDirectory(dir), "the corpus profile needs " + dir);
        return dir.toString();
    }

    private static List<JsonNode> rows(String out) throws Exception {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : out.lines().toList()) {
            rows.add(JSON.readTree(line));
        }
        return rows;
    }

    @Test
    void withNoGrammarItProposesReadBeforeEditAsEditsBestSupportedLookup() throws Exception {
        CliRun run = CliRun.of("propose", "--json", corpus());
        assertEquals(0, run.status(), run.err());
        List<JsonNode> rows = rows(run.out());
        assertTrue(rows.stream().anyMatch(r -> r.get("kind").asText().equals("ungated")
                && r.get("tool").asText().equals("Edit")), "with no grammar Edit is ungated");
        JsonNode first = rows.stream().filter(r -> r.get("kind").asText().equals("proposal")
                && r.get("tool").asText().equals("Edit")).findFirst().orElseThrow();
        assertEquals("Read", first.get("precursor").asText(), "Edit's best-supported lookup");
        assertEquals("new", first.get("rule").asText());
        assertTrue(first.get("support").decimalValue().compareTo(new java.math.BigDecimal("0.9")) > 0, first.toString());
    }

    @Test
    void withTheBundledGrammarEditIsCoveredAndReadIsNotProposedAgain() throws Exception {
        String grammar = Fixtures.path("precursor/claude-code.toml").toString();
        CliRun run = CliRun.of("propose", "--json", "--grammar", grammar, corpus());
        assertEquals(0, run.status(), run.err());
        for (JsonNode r : rows(run.out())) {
            String tool = r.get("tool").asText();
            assertTrue(!tool.equals("Edit") || r.get("kind").asText().equals("proposal"), "Edit is gated");
            assertTrue(!(tool.equals("Edit") && r.get("precursor").asText().equals("Read")), r.toString());
        }
    }

    @Test
    void everyProposalIsALookupWithEnoughCallsAndItsIdIsTheHashOfItsRule() throws Exception {
        String grammar = Fixtures.path("precursor/claude-code.toml").toString();
        CliRun run = CliRun.of("propose", "--json", "--grammar", grammar, corpus());
        assertEquals(0, run.status(), run.err());
        List<JsonNode> proposals = rows(run.out()).stream().filter(r -> r.get("kind").asText().equals("proposal"))
                .toList();
        assertTrue(!proposals.isEmpty(), run.out());
        for (JsonNode p : proposals) {
            String lookup = p.get("precursor").asText();
            assertTrue(LookupTools.looksLikeLookup(lookup) && !MutatingTools.looksMutating(lookup)
                    && !lookup.equals("Bash"), p.toString());
            assertTrue(p.get("calls").asInt() >= 3, p.toString());
            assertTrue(p.get("lift").decimalValue().compareTo(java.math.BigDecimal.ONE) > 0, p.toString());
            assertEquals(Proposal.idOf(ToolNames.canonical(p.get("tool").asText(), false),
                    ToolNames.canonical(lookup, false), false), p.get("id").asText());
        }
        assertEquals(run.out(), CliRun.of("propose", "--json", "--grammar", grammar, corpus()).out());
    }

    @Test
    void oneThreadAndFourGiveTheSameBytesOnRealRuns() {
        String one = CliRun.of("propose", "--json", "--threads", "1", corpus()).out();
        assertTrue(one.contains("\"precursor\":\"Read\""));
        assertEquals(one, CliRun.of("propose", "--json", "--threads", "4", corpus()).out());
    }
}
