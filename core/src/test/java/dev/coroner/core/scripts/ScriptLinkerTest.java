package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.coroner.core.index.TranscriptPass;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The linker on records built in the test: the shapes the fixtures do not spell out. */
class ScriptLinkerTest {
    /** The records, one per line, in a file read by the one pass. */
    private static ScriptReport link(String... records) throws Exception {
        StringBuilder file = new StringBuilder();
        for (String r : records) {
            file.append(r.replace('\'', '"')).append('\n');
        }
        Path p = Files.createTempFile("linker", ".jsonl");
        try {
            Files.writeString(p, file.toString());
            return TranscriptPass.run(p).judgement().scripts();
        } finally {
            Files.delete(p);
        }
    }

    private static final String PROMPT = "{'type':'user','message':{'role':'user','content':'go'}}";

    @Test
    void blocksAreNumberedAcrossTheTextBlocksOfOneRecord() throws Exception {
        ScriptReport r = link(PROMPT,
                "{'type':'assistant','message':{'role':'assistant','content':["
                        + "{'type':'text','text':'```\\na\\n```\\n```\\nb\\n```'},"
                        + "{'type':'tool_use','id':'t1','name':'Bash','input':{'command':'c'}},"
                        + "{'type':'thinking','thinking':'```\\nc\\n```'},"
                        + "{'type':'text','text':'```\\nc\\n```'}]}}");
        List<BlockVerdict> b = r.blocks();
        assertEquals(List.of(1, 2, 3), b.stream().map(v -> v.block().number()).toList());
        assertEquals(List.of(0, 0, 3), b.stream().map(v -> v.block().contentIndex()).toList());
        assertEquals("t1", b.get(2).call().toolUseId(), "a call in the same record is the turn's too");
        assertEquals(Outcome.NO_RESULT, b.get(2).call().outcome());
    }

    @Test
    void aPlainStringContentIsReadAsOneText() throws Exception {
        ScriptReport r = link(PROMPT, "{'type':'assistant','message':{'role':'assistant','content':'```\\nx\\n```'}}");
        assertEquals(-1, r.blocks().get(0).block().contentIndex());
        assertEquals("x", r.blocks().get(0).block().content());
    }

    @Test
    void aRecordWithTwoResultsDoesNotLendItsToolUseResultToEither() throws Exception {
        ScriptReport r = link(PROMPT,
                "{'type':'assistant','message':{'role':'assistant','content':["
                        + "{'type':'tool_use','id':'a','name':'Bash','input':{'command':'x'}},"
                        + "{'type':'tool_use','id':'b','name':'Bash','input':{'command':'y'}}]}}",
                "{'type':'user','toolUseResult':'Error: Exit code 9','message':{'role':'user','content':["
                        + "{'type':'tool_result','tool_use_id':'a','is_error':true,'content':'boom'},"
                        + "{'type':'tool_result','tool_use_id':'b','is_error':true,'content':'Exit code 4\\n'}]}}",
                "{'type':'user','message':{'role':'user','content':["
                        + "{'type':'tool_result','tool_use_id':'a','content':'later, ignored'}]}}",
                "{'type':'assistant','message':{'role':'assistant','content':'```\\nx\\n```\\n```\\ny\\n```'}}");
        BlockVerdict x = r.blocks().get(0);
        BlockVerdict y = r.blocks().get(1);
        assertEquals("error", x.label(), "the first result of a call is its result");
        assertNull(x.exitCode());
        assertEquals(4, y.exitCode());
    }

    @Test
    void callsWithoutAProgramCountForDispatchOnly() throws Exception {
        ScriptReport r = link(PROMPT,
                "{'type':'assistant','message':{'role':'assistant','content':["
                        + "{'type':'tool_use','id':'r','name':'Read','input':{'file_path':'/a'}}]}}",
                "{'type':'assistant','message':{'role':'assistant','content':["
                        + "{'type':'tool_use','id':'p','name':'mcp__py__run','input':{'code':'print(1)'}}]}}",
                "{'type':'assistant','message':{'role':'assistant','content':'```python\\nprint(1)\\n```'}}");
        Turn t = r.turns().get(0);
        assertEquals(2, t.calls());
        assertEquals(1, t.submissions().size());
        assertEquals(2, r.blocks().get(0).call().dispatch());
        assertEquals("mcp__py__run", r.blocks().get(0).call().tool());
    }

    @Test
    void recordsBeforeTheFirstPromptFormTurnZero() throws Exception {
        ScriptReport r = link(
                "{'type':'assistant','message':{'role':'assistant','content':["
                        + "{'type':'tool_use','id':'z','name':'Bash','input':{'command':'pwd'}}]}}",
                "{'type':'assistant','message':{'role':'assistant','content':'```\\npwd\\n```'}}",
                PROMPT,
                "{'type':'assistant','message':{'role':'assistant','content':'```\\npwd\\n```'}}");
        assertEquals(List.of(0, 1), r.turns().stream().map(Turn::number).toList());
        assertEquals("z", r.blocks().get(0).call().toolUseId());
        assertEquals(0, r.blocks().get(0).turn());
        assertEquals("z", r.blocks().get(1).earlierTurnCall().toolUseId());
        assertEquals(3, r.turns().get(1).line());
    }
}
