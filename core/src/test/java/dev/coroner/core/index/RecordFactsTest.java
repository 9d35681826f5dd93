package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptScan;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the one pass reads from a record without building it: stated exit codes, the prompt rule and programs, as
 * Claude Code writes them (docs/VERDICTS.md, "Turns", "Code blocks"). Each record is read from a file, so the skipped
 * result text is found again by its byte offset, as in a real pass.
 */
class RecordFactsTest {
    @TempDir
    Path dir;

    /** Reads {@code line} (quotes written as ') as the only line of a file, after {@code lead} bytes of padding. */
    private <T> T facts(String line, String lead, Function<ClaudeCodeFacts, T> what) throws Exception {
        Path p = dir.resolve("one.jsonl");
        Files.write(p, (lead + line.replace('\'', '"') + "\n").getBytes(StandardCharsets.UTF_8));
        List<T> out = new ArrayList<>();
        TranscriptScan.scan(p, new ClaudeCodeFacts(), new TranscriptScan.Sink<RecordFacts>() {
            @Override
            public boolean record(SourceSpan span, RecordFacts f) {
                out.add(what.apply((ClaudeCodeFacts) f));
                return true;
            }

            @Override
            public boolean problem(ProblemLine problem) {
                throw new AssertionError(problem.message());
            }
        });
        assertEquals(1, out.size());
        return out.get(0);
    }

    private static Integer exitCode(RecordFacts f) {
        return f.items.stream().filter(i -> i.kind == RecordFacts.Item.TOOL_RESULT).findFirst().orElseThrow().exitCode;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            2.0.x Bash failure                       | {'is_error':true,'content':'Exit code 127\\n/bin/bash: pytest: not found'} | null                              | 127
            is_error written before the content      | {'content':'Exit code 4\\nboom','is_error':true}                            | null                              | 4
            exit code alone                          | {'is_error':true,'content':'Exit code 1'}                                   | null                              | 1
            content as a list of text items          | {'is_error':true,'content':[{'type':'image'},{'text':'Exit code 2\\nboom','type':'text'}]} | null  | 2
            only toolUseResult states it             | {'is_error':true,'content':'boom'}                                          | 'Error: Exit code 3\\nboom'       | 3
            1.0.x failure states none                | {'is_error':true,'content':'ls: cannot access x'}                           | 'Error: ls: cannot access x'      |
            refused call states none                 | {'is_error':true,'content':'The user does not want to proceed'}             | null                              |
            ok result: the words are program output  | {'content':'Exit code 5\\n'}                                                | null                              |
            is_error false: the same                 | {'is_error':false,'content':'Exit code 5\\n'}                               | null                              |
            is_error as a string is not true         | {'is_error':'true','content':'Exit code 5\\n'}                              | null                              |
            not at the start                         | {'is_error':true,'content':'boom\\nExit code 5'}                            | null                              |
            more words on the line                   | {'is_error':true,'content':'Exit code 5 (killed)'}                          | null                              |
            duplicate content: the last wins         | {'content':'Exit code 6','is_error':true,'content':'Exit code 7\\n'}        | null                              | 7
            is_error a list: not true, skipped whole  | {'is_error':[true,{'a':1}],'content':'Exit code 8\\n','is_error':true}      | null                              | 8
            """)
    void theExitCodeIsReportedOnlyWhenAFailedResultStatesIt(String name, String result, String toolUseResult,
                                                            Integer expected) throws Exception {
        String block = "{'type':'tool_result','tool_use_id':'t'," + result.substring(1);
        String record = "{'type':'user','message':{'role':'user','content':[" + block + "]},'toolUseResult':"
                + toolUseResult + "}";
        assertEquals(expected, facts(record, "", RecordFactsTest::exitCode), name);
        assertEquals(expected, facts(record, "\uFEFF  \t", RecordFactsTest::exitCode), name + ", after a BOM and blanks");
    }

    @org.junit.jupiter.api.Test
    void onlyTheStartOfAHugeFailedOutputIsReadForItsExitCode() throws Exception {
        String huge = "y".repeat(3_000_000);
        String stated = "{'type':'user','message':{'role':'user','content':[{'type':'tool_result','tool_use_id':'t',"
                + "'content':'Exit code 3\\n" + huge + "','is_error':true}]}}";
        assertEquals(3, facts(stated, "", RecordFactsTest::exitCode));
        String cut = "{'type':'user','message':{'role':'user','content':[{'type':'tool_result','tool_use_id':'t',"
                + "'content':'Exit code 5" + huge + "','is_error':true}]}}";
        assertEquals(null, facts(cut, "", RecordFactsTest::exitCode), "'Exit code 5yyy…' states no exit code");
        String escaped = "{'type':'user','message':{'role':'user','content':[{'type':'tool_result','tool_use_id':'t',"
                + "'content':'\\u0045xit code 7\\r\\n\\u00e9" + huge + "','is_error':true}]}}";
        assertEquals(7, facts(escaped, "", RecordFactsTest::exitCode), "escapes are decoded");
        String tur = "{'type':'user','message':{'role':'user','content':[{'type':'tool_result','tool_use_id':'t',"
                + "'content':'boom','is_error':true}]},'toolUseResult':'Error: Exit code 9\\n" + huge + "'}";
        assertEquals(9, facts(tur, "", RecordFactsTest::exitCode));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a string prompt                      | {'type':'user','message':{'role':'user','content':'Fix it'}}                                              | true
            an empty string                      | {'type':'user','message':{'role':'user','content':''}}                                                    | false
            text blocks                          | {'type':'user','message':{'role':'user','content':[{'type':'text','text':'Fix it'}]}}                     | true
            an image and its text                | {'type':'user','message':{'role':'user','content':[{'type':'image'},{'type':'text','text':'this'}]}}     | true
            a tool result                        | {'type':'user','message':{'role':'user','content':[{'type':'tool_result','tool_use_id':'t'}]}}           | false
            text beside a tool result            | {'type':'user','message':{'role':'user','content':[{'type':'tool_result'},{'type':'text','text':'x'}]}}  | false
            isMeta                               | {'type':'user','isMeta':true,'message':{'role':'user','content':'Caveat'}}                               | false
            isCompactSummary                     | {'type':'user','isCompactSummary':true,'message':{'role':'user','content':'This session…'}}              | false
            isMeta false                         | {'type':'user','isMeta':false,'message':{'role':'user','content':'Fix it'}}                              | true
            not a user record                    | {'type':'system','message':{'role':'user','content':'Fix it'}}                                           | false
            no message                           | {'type':'user'}                                                                                           | false
            a message that is not an object      | {'type':'user','message':'Fix it'}                                                                        | false
            an assistant turn is never a prompt  | {'type':'user','message':{'role':'assistant','content':'Fix it'}}                                        | false
            a later message replaces the first   | {'type':'user','message':{'role':'user','content':'Fix it'},'message':3}                                 | false
            flags that are containers are skipped | {'type':'user','isMeta':[true],'isSidechain':{'a':[1]},'isCompactSummary':[],'message':{'role':'user','content':'Fix it'}} | true
            is_error a list before tool_use_id    | {'type':'user','message':{'role':'user','content':[{'type':'tool_result','is_error':[1],'tool_use_id':'t'}]}} | false
            """)
    void aTurnStartsAtAPromptOnly(String name, String record, boolean prompt) throws Exception {
        assertEquals(prompt, facts(record, "", ClaudeCodeFacts::isPrompt), name);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            Bash command                      | {'input':{'command':'ls','description':'List'}}          | ls
            code                              | {'input':{'code':'print(1)'}}                             | print(1)
            first key in order wins           | {'input':{'source':'b','script':'a'}}                     | a
            a non-string is skipped           | {'input':{'command':['ls'],'program':'p'}}                | p
            no program                        | {'input':{'file_path':'/x'}}                              |
            no input                          | {'name':'Bash'}                                           |
            an empty command is a program     | {'input':{'command':''}}                                  | ''
            a later input replaces the first  | {'input':{'command':'ls'},'input':{'code':'x'}}           | x
            """)
    void theProgramIsTheFirstStringAmongTheProgramKeys(String name, String toolUse, String program) throws Exception {
        String record = "{'type':'assistant','message':{'role':'assistant','content':[{'type':'tool_use','id':'t',"
                + toolUse.substring(1) + "]}}";
        assertEquals(program, facts(record, "", f -> f.items.get(0).program), name);
    }
}
