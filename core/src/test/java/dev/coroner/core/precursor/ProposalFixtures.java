package dev.coroner.core.precursor;

import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.util.ArrayList;
import java.util.List;

/** The propose/ fixtures, judged by the one pass, and small call streams built by hand. */
final class ProposalFixtures {
    static final String[] NAMES = {"died.jsonl", "edit-unread.jsonl", "mcp.jsonl", "read-then-edit.jsonl"};

    private ProposalFixtures() {
    }

    static ObservedTranscript judged(String name) {
        try {
            return TranscriptPass.run(Fixtures.path("propose/" + name)).judgement().observed("propose/" + name);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static List<ObservedTranscript> all() {
        List<ObservedTranscript> out = new ArrayList<>();
        for (String n : NAMES) {
            out.add(judged(n));
        }
        return out;
    }

    static PrecursorGrammar grammar(String relative) {
        return GrammarLoader.load(Fixtures.path(relative)).grammar();
    }

    /** One call per record, its result in the next record: tool i's call is on line 2i + 1. */
    static CallStream stream(String... tools) {
        StreamBuilder b = new StreamBuilder();
        for (int i = 0; i < tools.length; i++) {
            b.record(2L * i + 1, "msg_" + i);
            b.toolUse("t" + i, tools[i]);
            b.record(2L * i + 2, null);
            b.toolResult("t" + i);
        }
        return b.build();
    }
}
