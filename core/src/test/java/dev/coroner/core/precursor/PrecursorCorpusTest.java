package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.read.Transcript;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Real public transcripts (../shared/corpus, never committed): pairing and message grouping hold on them. */
@Tag("corpus")
class PrecursorCorpusTest {

    private static List<Path> corpus() {
        Path dir = Path.of(System.getProperty("coroner.corpus", "../shared/corpus"));
        assertTrue(Files.isDirectory(dir), "the corpus profile needs " + dir);
        return TranscriptPaths.expand(List.of(dir)).inputs().stream().map(TranscriptPaths.Input::path).toList();
    }

    @Test
    void everyResultPairsWithItsCallAndCallsOfOneMessageSeeTheSameStream() throws Exception {
        PrecursorGrammar claudeCode = GrammarLoader.load(Fixtures.path("precursor/claude-code.toml")).grammar();
        int files = 0;
        for (Path p : corpus()) {
            files++;
            CallStream s = TranscriptPass.run(p).judgement().calls();
            Transcript t = TranscriptReader.readAll(p);
            int resultBlocks = 0;
            int orphans = 0;
            java.util.Set<String> issued = new java.util.HashSet<>();
            Map<String, Integer> seenByMessage = new HashMap<>();
            int call = 0;
            for (TranscriptRecord r : t.records()) {
                JsonNode content = r.message() == null ? null : r.message().get("content");
                if (content == null || !content.isArray()) {
                    continue;
                }
                JsonNode id = r.message().get("id");
                for (JsonNode b : content) {
                    String type = b.path("type").asText();
                    if (type.equals("tool_result")) {
                        resultBlocks++;
                        if (!issued.contains(b.path("tool_use_id").asText())) {
                            orphans++; // a result whose call is not in this file (real: a resumed session)
                        }
                    } else if (type.equals("tool_use") && b.path("name").isTextual()) {
                        issued.add(b.path("id").asText());
                        if (id != null && id.isTextual()) {
                            Integer before = seenByMessage.putIfAbsent(id.textValue(), s.seen(call));
                            assertEquals(before == null ? s.seen(call) : before, s.seen(call), p + " line " + r.span().line());
                        }
                        call++;
                    }
                }
            }
            assertEquals(call, s.size(), p.toString());
            // Every result whose call is in the file pairs with it, none twice; a result whose call is not in the
            // file (real files have them: a session resumed from another file) is an orphan and enters no stream.
            assertEquals(resultBlocks - orphans, s.results(), p.toString());
            for (PrecursorVerdict v : PrecursorGate.evaluate(claudeCode, s)) {
                assertFalse(v.required().isEmpty());
                assertTrue(v.required().containsAll(v.present()));
            }
        }
        assertTrue(files > 0, "no transcripts in the corpus");
    }

    /**
     * The bundled grammar's forensic exemptions (docs/VERDICTS.md, "Forensic exemptions") on real runs: fewer WARNs, a
     * stance changes only from REFUTED to EXEMPT, and no call Claude Code refused because the file had not been read
     * ("File has not been read yet", its result an error) is ever EXEMPT.
     */
    @Test
    void theBundledExemptionsRemoveWarnsButNeverExemptARefusalOfAnUnreadFile() throws Exception {
        PrecursorGrammar bundled = GrammarLoader.load(Fixtures.path("precursor/claude-code.toml")).grammar();
        assertFalse(bundled.exemptions().isEmpty(), "the bundled grammar declares its exemptions");
        PrecursorGrammar reference = bundled.withoutExemptions();
        int warnsWithout = 0;
        int warnsWith = 0;
        int exempt = 0;
        int refusals = 0;
        for (Path p : corpus()) {
            CallStream s = TranscriptPass.run(p).judgement().calls();
            List<PrecursorVerdict> without = PrecursorGate.evaluate(reference, s);
            List<PrecursorVerdict> with = PrecursorGate.evaluate(bundled, s);
            assertEquals(without.size(), with.size());
            java.util.Set<String> notRead = without.isEmpty() ? java.util.Set.of() : notReadRefusals(p);
            for (int i = 0; i < with.size(); i++) {
                PrecursorVerdict a = without.get(i);
                PrecursorVerdict b = with.get(i);
                assertEquals(a.call(), b.call());
                if (a.stance() != b.stance()) {
                    assertEquals(PrecursorStance.REFUTED + "→" + PrecursorStance.EXEMPT, a.stance() + "→" + b.stance(),
                            p + " line " + a.call().line());
                }
                if (notRead.contains(a.call().id())) {
                    refusals++;
                    assertTrue(b.stance() != PrecursorStance.EXEMPT, p + " line " + a.call().line() + ": " + b.reason());
                    assertTrue(a.stance() != PrecursorStance.REFUTED || b.warns(), p + " line " + a.call().line());
                }
                warnsWithout += a.warns() ? 1 : 0;
                warnsWith += b.warns() ? 1 : 0;
                exempt += b.stance() == PrecursorStance.EXEMPT ? 1 : 0;
            }
        }
        assertTrue(refusals > 0, "the corpus holds calls Claude Code refused because the file had not been read");
        assertTrue(warnsWith < warnsWithout, warnsWith + " WARN with the exemptions, " + warnsWithout + " without");
        assertEquals(warnsWithout - warnsWith, exempt, "every WARN removed is an EXEMPT call, and only those");
    }

    /** The ids of calls whose result is Claude Code's refusal to change a file it has not read. */
    private static java.util.Set<String> notReadRefusals(Path p) throws Exception {
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (TranscriptRecord r : TranscriptReader.readAll(p).records()) {
            JsonNode content = r.message() == null ? null : r.message().get("content");
            if (content == null || !content.isArray()) {
                continue;
            }
            for (JsonNode b : content) {
                if (b.path("type").asText().equals("tool_result") && b.path("is_error").asBoolean(false)
                        && b.path("content").toString().contains("File has not been read yet")) {
                    ids.add(b.path("tool_use_id").asText());
                }
            }
        }
        return ids;
    }
}
