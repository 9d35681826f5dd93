package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading calls, prompts and results as Claude Code writes them (FORMAT.md §4, §5). */
class ToolCallsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String s) throws Exception {
        return JSON.readTree(s.replace('\'', '"'));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            2.0.x Bash failure                       | {'is_error':true,'content':'Exit code 127\\n/bin/bash: pytest: not found'} | null                              | 127
            exit code alone                          | {'is_error':true,'content':'Exit code 1'}                                   | null                              | 1
            content as a list of text items          | {'is_error':true,'content':[{'type':'text','text':'Exit code 2\\nboom'}]}   | null                              | 2
            only toolUseResult states it             | {'is_error':true,'content':'boom'}                                          | 'Error: Exit code 3\\nboom'       | 3
            1.0.x failure states none                | {'is_error':true,'content':'ls: cannot access x'}                           | 'Error: ls: cannot access x'      |
            refused call states none                 | {'is_error':true,'content':'The user does not want to proceed'}             | null                              |
            ok result: the words are program output  | {'content':'Exit code 5\\n'}                                                | null                              |
            is_error false: the same                 | {'is_error':false,'content':'Exit code 5\\n'}                               | null                              |
            is_error as a string is not true         | {'is_error':'true','content':'Exit code 5\\n'}                              | null                              |
            not at the start                         | {'is_error':true,'content':'boom\\nExit code 5'}                            | null                              |
            more words on the line                   | {'is_error':true,'content':'Exit code 5 (killed)'}                          | null                              |
            """)
    void theExitCodeIsReportedOnlyWhenAFailedResultStatesIt(String name, String result, String toolUseResult,
                                                            Integer expected) throws Exception {
        assertEquals(expected, ToolCalls.statedExitCode(json(result), json(toolUseResult)), name);
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
            """)
    void aTurnStartsAtAPromptOnly(String name, String record, boolean prompt) throws Exception {
        TranscriptRecord r = new TranscriptRecord(new SourceSpan(1, 0, 1), (ObjectNode) json(record));
        assertEquals(prompt, ToolCalls.isPrompt(r), name);
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
            """)
    void theProgramIsTheFirstStringAmongTheProgramKeys(String name, String toolUse, String program) throws Exception {
        assertEquals(program, ToolCalls.programOf(json(toolUse)), name);
    }
}
