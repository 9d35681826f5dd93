package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The change an edited grammar makes against the saved one, call by call, from the kept streams. */
class GrammarChangeTest {
    private static PrecursorGrammar grammar(String text) {
        GrammarResult r = GrammarLoader.parse(text);
        assertTrue(r.ok(), r.errors().toString());
        return r.grammar();
    }

    /** Glob, then Edit, Write (created the file), Bash. */
    private static CallStream stream() {
        CallStreamBuilder b = new CallStreamBuilder();
        String[] tools = {"Glob", "Edit", "Write", "Bash"};
        for (int i = 0; i < tools.length; i++) {
            b.record(2L * i + 1, i * 100L, 99, "m" + i);
            int c = b.toolUse("t" + i, tools[i], "/f" + i);
            b.record(2L * i + 2, i * 100L + 50, 49, null);
            b.answered(c, false, tools[i].equals("Write"));
        }
        return b.build();
    }

    @Test
    void countsWarnsAddedRemovedAndNewlyExemptWithTheirCalls() {
        Map<Path, CallStream> streams = new LinkedHashMap<>();
        streams.put(Path.of("a.jsonl"), stream());
        streams.put(Path.of("b.jsonl"), stream());
        PrecursorGrammar saved = grammar("[precursor.requires]\nEdit = \"Read\"\nWrite = \"Read\"\n");
        PrecursorGrammar edited = grammar("[precursor.requires]\nEdit = \"Glob\"\nWrite = \"Read\"\nBash = \"Read\"\n"
                + "[coroner.precursor]\ncreated_file = [\"Write\"]\n");
        GrammarChange c = GrammarChange.between(saved, edited, streams, () -> false);
        assertEquals(2, c.warnsAdded()); // Bash in each
        assertEquals(4, c.warnsRemoved()); // Edit (now attested by Glob) and Write (now exempt), in each
        assertEquals(2, c.exemptAdded());
        assertEquals(new GrammarChange.Call(Path.of("a.jsonl"), 7, "Bash", null, PrecursorStance.REFUTED), c.added().get(0));
        assertEquals(List.of(3L, 5L, 3L, 5L), c.removed().stream().map(GrammarChange.Call::line).toList());
        assertEquals(PrecursorStance.EXEMPT, c.exempted().get(0).now());
    }

    @Test
    void aWarnACommandLookupRemovesNamesTheCommandThatCountedAsTheRead() {
        CallStreamBuilder b = new CallStreamBuilder();
        b.record(1, 0, 99, "m0");
        int cat = b.toolUse("t0", "Bash", null, "cd /repo && cat src/app.py");
        b.record(2, 100, 49, null);
        b.answered(cat);
        b.record(3, 200, 99, "m1");
        b.toolUse("t1", "Edit", null, null);
        Map<Path, CallStream> streams = Map.of(Path.of("a.jsonl"), b.build());
        PrecursorGrammar saved = grammar("[precursor.requires]\nEdit = \"Read\"\n");
        PrecursorGrammar edited = grammar("[precursor.requires]\nEdit = \"Read\"\n[precursor.commands]\nRead = [\"cat\"]\n");
        GrammarChange c = GrammarChange.between(saved, edited, streams, () -> false);
        assertEquals(List.of(new GrammarChange.Call(Path.of("a.jsonl"), 3, "Edit", PrecursorStance.REFUTED,
                PrecursorStance.ATTESTED, "cd /repo && cat src/app.py")), c.removed());
        // and back: the WARN the table removed is added again, naming no command
        assertEquals(List.of(new GrammarChange.Call(Path.of("a.jsonl"), 3, "Edit", PrecursorStance.ATTESTED,
                PrecursorStance.REFUTED)), GrammarChange.between(edited, saved, streams, () -> false).added());
    }

    @Test
    void theSameGrammarChangesNothingAndNoSavedGrammarCountsEveryWarnAsAdded() {
        Map<Path, CallStream> streams = Map.of(Path.of("a.jsonl"), stream());
        PrecursorGrammar g = grammar("[precursor.requires]\nEdit = \"Read\"\n");
        assertTrue(GrammarChange.between(g, g, streams, () -> false).none());
        assertEquals(1, GrammarChange.between(null, g, streams, () -> false).warnsAdded());
    }

    @Test
    void aKeptBaselineGivesWhatAFreshComparisonGivesKeystrokeAfterKeystroke() {
        Map<Path, CallStream> streams = new LinkedHashMap<>();
        streams.put(Path.of("a.jsonl"), stream());
        PrecursorGrammar saved = grammar("[precursor.requires]\nEdit = \"Read\"\n");
        GrammarChange.Baseline kept = new GrammarChange.Baseline(saved);
        for (String rule : List.of("Bash = \"Read\"", "Bash = \"Glob\"", "Write = \"Read\"")) {
            PrecursorGrammar edited = grammar("[precursor.requires]\nEdit = \"Read\"\n" + rule + "\n");
            assertEquals(GrammarChange.between(saved, edited, streams, () -> false),
                    GrammarChange.against(kept, edited, streams, () -> false), rule);
        }
    }
}
