package dev.coroner.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The key of each tool (docs/COMPARE.md, "Call keys"). */
class CallKeysTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            Bash         | {"command":"pytest -q","description":"Run"}             | command      | pytest -q
            exec_command | {"cmd":"pytest -q","workdir":"/w"}                      | command      | pytest -q
            shell        | {"command":["bash","-lc","pytest -q"]}                  | command      | pytest -q
            shell        | {"command":["python3","-m","pytest"]}                   | command      | python3 -m pytest
            local_shell  | {"type":"exec","command":["sh","-c","ls"]}              | command      | ls
            Read         | {"file_path":"/a.py"}                                   | Read         | /a.py
            Read         | {"file_path":"/a.py","offset":10,"limit":20}            | Read         | /a.py (offset 10, limit 20)
            Grep         | {"pattern":"x","path":"/w","-n":true}                   | Grep         | {"-n":true,"path":"/w","pattern":"x"}
            Glob         | {"b":{"z":1,"a":[{"y":2,"x":1}]},"a":null}              | Glob         | {"a":null,"b":{"a":[{"x":1,"y":2}],"z":1}}
            Bash         | {"description":"no command"}                            | Bash         | {"description":"no command"}
            """)
    void eachToolHasItsKey(String tool, String input, String family, String text) throws Exception {
        CallKey k = CallKeys.of(tool, JSON.readTree(input));
        assertEquals(family, k.family());
        assertEquals(text, k.text());
    }

    @Test
    void twoEditsOfOneFileDifferByWhatTheyWriteAndAgreeOnTheSameEdit() throws Exception {
        CallKey one = CallKeys.of("Edit", JSON.readTree("{\"file_path\":\"/a.py\",\"old_string\":\"a\",\"new_string\":\"b\"}"));
        CallKey again = CallKeys.of("Edit", JSON.readTree("{\"new_string\":\"b\",\"old_string\":\"a\",\"file_path\":\"/a.py\"}"));
        CallKey other = CallKeys.of("Edit", JSON.readTree("{\"file_path\":\"/a.py\",\"old_string\":\"a\",\"new_string\":\"c\"}"));
        assertEquals(one, again);
        assertNotEquals(one, other);
        assertEquals("/a.py · sha256:", one.text().substring(0, one.text().length() - CallKeys.DIGEST_HEX));
        CallKey write = CallKeys.of("Write", JSON.readTree("{\"file_path\":\"/b.py\",\"content\":\"x\"}"));
        assertEquals("/b.py · sha256:2d711642b726", write.text()); // sha256("x") = 2d711642b726b044…
    }

    @Test
    void keysAreReadAgainFromTheCallsRecordsByTheirSpans() throws Exception {
        Path codex = Fixtures.path("codex/patch-after-read.jsonl");
        List<CallKey> keys = CallKeys.read(codex, TranscriptPass.run(codex).judgement().calls());
        assertEquals(2, keys.size());
        assertEquals(new CallKey("exec_command", CallKeys.COMMAND, "cat src/messages.py"), keys.get(0));
        assertEquals("apply_patch", keys.get(1).family());
        assertTrue(keys.get(1).text().startsWith("*** Begin Patch\n*** Update File: src/messages.py\n"), keys.get(1).text());
        Path claude = Fixtures.path("compare/good-run.jsonl");
        List<CallKey> ck = CallKeys.read(claude, TranscriptPass.run(claude).judgement().calls());
        assertEquals(List.of("/home/dev/shop/export.py", "pytest -q tests/test_export.py"),
                List.of(ck.get(0).text(), ck.get(1).text()));
    }
}
