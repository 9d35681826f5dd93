package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.read.Harness;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptScan;
import dev.coroner.core.scripts.BlockVerdict;
import dev.coroner.core.scripts.ScriptReport;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.NoRun;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Codex CLI reader and verdict over small hand-made rollouts (docs/VERDICTS.md, "Codex CLI"; docs/FORMAT.md,
 * "Codex CLI rollouts"): what each record says, and how the file ended, the same in the one pass and from the end.
 */
class CodexRolloutTest {
    @TempDir
    Path dir;

    // ---- the records, as Codex CLI 0.118+ writes them (quotes written as ')

    static String meta(String id) {
        return "{'timestamp':'2026-04-01T10:00:00.000Z','type':'session_meta','payload':{'id':'" + id
                + "','cwd':'/w','originator':'codex_cli_rs','cli_version':'0.130.0','source':'cli'}}";
    }

    static String spawnedMeta(String id, String parent) {
        return "{'timestamp':'2026-04-01T10:00:00.000Z','type':'session_meta','payload':{'id':'" + id
                + "','source':{'subagent':{'thread_spawn':{'parent_thread_id':'" + parent
                + "','depth':1,'agent_nickname':'Ada','agent_role':'worker'}}}}}";
    }

    static String reviewMeta(String id, String parent) {
        return "{'timestamp':'2026-04-01T10:00:00.000Z','type':'session_meta','payload':{'id':'" + id
                + "','parent_thread_id':'" + parent + "','source':{'subagent':'review'}}}";
    }

    static String context() {
        return item("{'type':'message','role':'user','content':[{'type':'input_text','text':'<environment_context>\\n"
                + "  <cwd>/w</cwd>\\n</environment_context>'}]}");
    }

    static String developer() {
        return item("{'type':'message','role':'developer','content':[{'type':'input_text','text':'<permissions "
                + "instructions>sandboxed</permissions instructions>'}]}");
    }

    static String prompt(String text) {
        return item("{'type':'message','role':'user','content':[{'type':'input_text','text':'" + text + "'}]}");
    }

    static String userEvent(String text) {
        return event("{'type':'user_message','message':'" + text + "'}");
    }

    static String answer(String text) {
        return item("{'type':'message','role':'assistant','content':[{'type':'output_text','text':'" + text + "'}]}");
    }

    static String agentMessage(String text) {
        return event("{'type':'agent_message','message':'" + text + "'}");
    }

    static String exec(String id, String cmd) {
        return item("{'type':'function_call','name':'exec_command','arguments':'{\\\"cmd\\\":\\\"" + cmd
                + "\\\",\\\"workdir\\\":\\\"/w\\\"}','call_id':'" + id + "'}");
    }

    static String output(String id, int code) {
        return item("{'type':'function_call_output','call_id':'" + id + "','output':'Command: /bin/zsh -lc x\\n"
                + "Chunk ID: ab12cd\\nWall time: 0.0001 seconds\\nProcess exited with code " + code
                + "\\nOriginal token count: 3\\nOutput:\\nProcess exited with code 0\\n'}");
    }

    static String started() {
        return event("{'type':'task_started','turn_id':'t1','model_context_window':258400}");
    }

    static String complete() {
        return event("{'type':'task_complete','turn_id':'t1','last_agent_message':'done'}");
    }

    static String aborted(String reason) {
        return event("{'type':'turn_aborted','turn_id':'t1','reason':'" + reason + "'}");
    }

    static String tokens() {
        return event("{'type':'token_count','info':null}");
    }

    static String item(String payload) {
        return "{'timestamp':'2026-04-01T10:00:01.000Z','type':'response_item','payload':" + payload + "}";
    }

    static String event(String payload) {
        return "{'timestamp':'2026-04-01T10:00:01.000Z','type':'event_msg','payload':" + payload + "}";
    }

    private Path rollout(String name, String... lines) throws Exception {
        Path p = dir.resolve(name);
        StringBuilder s = new StringBuilder();
        for (String l : lines) {
            s.append(l.replace('\'', '"')).append('\n');
        }
        Files.write(p, s.toString().getBytes(StandardCharsets.UTF_8));
        return p;
    }

    /** The verdict of the one pass, checked equal to the verdict from the end. */
    private static TerminalVerdict judged(Path p) throws Exception {
        TranscriptIndex index = TranscriptPass.run(p);
        TerminalVerdict pass = index.judgement().terminal();
        assertEquals(pass, TerminalVerdicts.judge(p), "the pass and the walk from the end agree");
        assertEquals(pass.harness(), index.harness());
        return pass;
    }

    /** Each record's facts, described a line each ({@link #describe}). */
    private List<String> facts(String... lines) throws Exception {
        Path p = rollout("facts.jsonl", lines);
        List<String> kept = new ArrayList<>();
        TranscriptScan.scan(p, new CodexFacts(), new TranscriptScan.Sink<RecordFacts>() {
            @Override
            public boolean record(SourceSpan span, RecordFacts f) {
                kept.add(describe((CodexFacts) f));
                return true;
            }

            @Override
            public boolean problem(ProblemLine problem) {
                throw new AssertionError(problem.message());
            }
        });
        return kept;
    }

    /** One record's facts in a line: kind, flags that matter, items. */
    private static String describe(CodexFacts f) {
        StringBuilder s = new StringBuilder(String.valueOf(f.type));
        if (f.role != null) {
            s.append(" role=").append(f.role);
        }
        for (int[] flag : new int[][]{{RowFlags.ASSISTANT_TURN}, {RowFlags.PROMPT}, {RowFlags.TOOL_USE},
                {RowFlags.TOOL_RESULT}, {RowFlags.TOOL_ERROR}, {RowFlags.FENCE}, {RowFlags.THINKING}}) {
            if ((f.flags & flag[0]) != 0) {
                s.append(' ').append(RowFlags.class.getSimpleName()).append(':').append(flagName(flag[0]));
            }
        }
        for (RecordFacts.Item i : f.items) {
            switch (i.kind) {
                case RecordFacts.Item.TOOL_USE -> s.append(" call(").append(i.id).append(',').append(i.name)
                        .append(",cmd=").append(i.command).append(",program=").append(i.program)
                        .append(",file=").append(i.filePath).append(')');
                case RecordFacts.Item.TOOL_RESULT -> s.append(" result(").append(i.id).append(",exit=")
                        .append(i.exitCode).append(",error=").append(i.error).append(')');
                default -> { }
            }
        }
        return s.toString();
    }

    private static String flagName(int flag) {
        if (flag == RowFlags.ASSISTANT_TURN) {
            return "answer";
        }
        if (flag == RowFlags.PROMPT) {
            return "prompt";
        }
        if (flag == RowFlags.TOOL_USE) {
            return "use";
        }
        if (flag == RowFlags.TOOL_RESULT) {
            return "result";
        }
        if (flag == RowFlags.TOOL_ERROR) {
            return "error";
        }
        return flag == RowFlags.FENCE ? "fence" : "thinking";
    }

    @Test
    void eachRecordSaysWhatItIs() throws Exception {
        List<String> descriptions = facts(meta("s1"), developer(), context(), prompt("fix the build"), userEvent("fix the build"),
                item("{'type':'reasoning','summary':[]}"),
                exec("c1", "cargo test"), output("c1", 101),
                exec("c2", "ls"), output("c2", 0),
                item("{'type':'function_call','name':'shell','arguments':'{\\\"command\\\":[\\\"bash\\\",\\\"-lc\\\","
                        + "\\\"make all\\\"]}','call_id':'c3'}"),
                item("{'type':'function_call_output','call_id':'c3','output':'{\\\"output\\\":\\\"boom\\\","
                        + "\\\"metadata\\\":{\\\"exit_code\\\":2,\\\"duration_seconds\\\":0.1}}'}"),
                item("{'type':'function_call','name':'shell','arguments':'{\\\"command\\\":[\\\"git\\\",\\\"status\\\"]}',"
                        + "'call_id':'c4'}"),
                item("{'type':'custom_tool_call','status':'completed','call_id':'c5','name':'apply_patch','input':"
                        + "'*** Begin Patch\\n*** Update File: /w/src/main.rs\\n@@\\n-a\\n+b\\n*** End Patch'}"),
                item("{'type':'custom_tool_call_output','call_id':'c5','output':'{\\\"output\\\":\\\"Success.\\\","
                        + "\\\"metadata\\\":{\\\"exit_code\\\":0}}'}"),
                item("{'type':'function_call','name':'write_stdin','arguments':'{\\\"session_id\\\":3}','call_id':'c6'}"),
                item("{'type':'function_call_output','call_id':'c6','output':'Chunk ID: 1\\nWall time: 1 seconds\\n"
                        + "Process running with session ID 3\\nOutput:\\nProcess exited with code 1\\n'}"),
                item("{'type':'web_search_call','status':'completed'}"),
                answer("Done:\\n```bash\\ncargo test\\n```"), agentMessage("Done"),
                event("{'type':'turn_context','model':'gpt-5'}"));
        assertEquals(List.of(
                "session_meta",
                "message role=developer",
                "message role=user",
                "message role=user RowFlags:prompt",
                "user_message",
                "reasoning RowFlags:thinking",
                "function_call RowFlags:use call(c1,exec_command,cmd=cargo test,program=cargo test,file=null)",
                "function_call_output RowFlags:result RowFlags:error result(c1,exit=101,error=true)",
                "function_call RowFlags:use call(c2,exec_command,cmd=ls,program=ls,file=null)",
                "function_call_output RowFlags:result result(c2,exit=0,error=false)",
                "function_call RowFlags:use call(c3,shell,cmd=make all,program=make all,file=null)",
                "function_call_output RowFlags:result RowFlags:error result(c3,exit=2,error=true)",
                "function_call RowFlags:use call(c4,shell,cmd=git status,program=git status,file=null)",
                "custom_tool_call RowFlags:use call(c5,apply_patch,cmd=null,program=null,file=/w/src/main.rs)",
                "custom_tool_call_output RowFlags:result result(c5,exit=0,error=false)",
                "function_call RowFlags:use call(c6,write_stdin,cmd=null,program=null,file=null)",
                "function_call_output RowFlags:result result(c6,exit=null,error=false)",
                "web_search_call RowFlags:use call(null,web_search,cmd=null,program=null,file=null)",
                "message role=assistant RowFlags:answer RowFlags:fence",
                "agent_message",
                "turn_context"), descriptions);
    }

    @Test
    void harnessContextIsNoPrompt() {
        assertTrue(CodexFacts.isContext("<environment_context>\n <cwd>/w</cwd>\n</environment_context>"));
        assertTrue(CodexFacts.isContext("# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>x</INSTRUCTIONS>"));
        assertTrue(CodexFacts.isContext("<subagent_notification>{}</subagent_notification>\n"));
        assertFalse(CodexFacts.isContext("<b>bold</b> is what I want here, and more"));
        assertFalse(CodexFacts.isContext("fix the build"));
    }

    @Test
    void aCompletedRunIsHealthy() throws Exception {
        TerminalVerdict v = judged(rollout("rollout-done.jsonl", meta("s1"), context(), started(), prompt("hi"),
                answer("hello"), agentMessage("hello"), tokens(), complete()));
        assertEquals(TerminalState.HEALTHY, v.state());
        assertEquals(Harness.CODEX, v.harness());
        assertEquals(AgentKind.SESSION, v.kind());
        assertNull(v.parent());
        assertNull(v.trailing());
        assertFalse(v.died());
        assertEquals("hello", v.evidence().text());
        assertFalse(v.reason().contains("isApiErrorMessage"), v.reason());
    }

    @Test
    void aTurnInterruptedAfterAnAnswerDiedAfterIt() throws Exception {
        TerminalVerdict v = judged(rollout("interrupted.jsonl", meta("s1"), started(), prompt("hi"), answer("hello"),
                complete(), started(), prompt("more"), exec("c1", "sleep 9"), aborted("interrupted"), tokens()));
        assertEquals(TerminalState.HEALTHY, v.state());
        assertTrue(v.diedAfterAnswer());
        assertEquals(TerminalClass.INTERRUPTED, v.trailing().cls());
        assertEquals(9, v.trailing().line(), "the abort's line");
        assertTrue(v.reason().contains("died after its last answer"), v.reason());
    }

    @Test
    void aBudgetLimitedTurnIsAUsageLimitAndAnOtherReasonIsOther() throws Exception {
        TerminalVerdict budget = judged(rollout("budget.jsonl", meta("s1"), started(), prompt("hi"), answer("a"),
                aborted("budget_limited")));
        assertEquals(TerminalClass.USAGE_LIMIT, budget.trailing().cls());
        TerminalVerdict replaced = judged(rollout("replaced.jsonl", meta("s1"), started(), prompt("hi"), answer("a"),
                aborted("replaced")));
        assertEquals(TerminalClass.OTHER, replaced.trailing().cls());
        assertTrue(replaced.trailing().toMap().get("reason").toString().contains("\"replaced\""));
    }

    @Test
    void aTurnOpenWhenTheFileEndsIsCutOffAtTheLastRecordAndSaysCodexRecordsNoCause() throws Exception {
        TerminalVerdict v = judged(rollout("open.jsonl", meta("s1"), started(), prompt("hi"), answer("a"),
                complete(), started(), prompt("next"), exec("c1", "make"), output("c1", 0), tokens()));
        assertEquals(TerminalState.HEALTHY, v.state());
        assertTrue(v.died());
        assertEquals(TerminalClass.CUT_OFF, v.trailing().cls());
        assertEquals(10, v.trailing().line(), "the last record's line");
        assertTrue(v.reason().contains("Codex records no cause"), v.reason());
        assertEquals(List.of("line", "class", "reason"), new ArrayList<>(v.trailing().toMap().keySet()));
    }

    @Test
    void anOpenTurnWithNoAnswerIsEmpty() throws Exception {
        TerminalVerdict v = judged(rollout("open-no-answer.jsonl", meta("s1"), context(), started(), prompt("hi"),
                exec("c1", "make"), tokens()));
        assertEquals(TerminalState.EMPTY, v.state());
        assertEquals(TerminalClass.CUT_OFF, v.trailing().cls());
        assertNull(v.noRun(), "it tried to run");
        assertTrue(v.dead());
    }

    @Test
    void aBlankLastAnswerIsEmpty() throws Exception {
        TerminalVerdict v = judged(rollout("blank.jsonl", meta("s1"), started(), prompt("hi"), answer("hello"),
                answer("  "), complete()));
        assertEquals(TerminalState.EMPTY, v.state());
        assertNull(v.trailing());
    }

    @Test
    void aRolloutWithNoMessageHoldsNoRun() throws Exception {
        TerminalVerdict v = judged(rollout("meta.jsonl", meta("s1"), event("{'type':'turn_context','model':'m'}")));
        assertEquals(TerminalState.EMPTY, v.state());
        assertEquals(NoRun.METADATA_ONLY, v.noRun());
        assertEquals(Harness.CODEX, v.harness());
    }

    @Test
    void subAgentsOfBothSourcesNameTheirParentFromTheFirstSessionMeta() throws Exception {
        TerminalVerdict spawned = judged(rollout("spawned.jsonl", spawnedMeta("kid", "mom"), meta("mom"), started(),
                prompt("do it"), answer("done"), complete()));
        assertEquals(AgentKind.SUBAGENT, spawned.kind());
        assertEquals("mom", spawned.parent());
        TerminalVerdict review = judged(rollout("review.jsonl", reviewMeta("kid", "dad"), meta("dad"), started(),
                prompt("review"), answer("ok"), complete()));
        assertEquals(AgentKind.SUBAGENT, review.kind());
        assertEquals("dad", review.parent());
        assertEquals("kid", TranscriptPass.run(dir.resolve("review.jsonl")).sessionId(), "the file's own id");
    }

    @Test
    void turnStartedAndTurnCompleteAreAliases() throws Exception {
        TerminalVerdict done = judged(rollout("alias.jsonl", meta("s1"), event("{'type':'turn_started'}"),
                prompt("hi"), answer("a"), event("{'type':'turn_complete'}")));
        assertNull(done.trailing());
        TerminalVerdict open = judged(rollout("alias-open.jsonl", meta("s1"), event("{'type':'turn_started'}"),
                prompt("hi"), answer("a")));
        assertEquals(TerminalClass.CUT_OFF, open.trailing().cls());
    }

    @Test
    void aDamagedLineIsAProblemAndTheRestIsJudged() throws Exception {
        Path p = rollout("damaged.jsonl", meta("s1"), started(), prompt("hi"), "{'type':'response_item','payl",
                answer("a"), complete());
        TerminalVerdict v = judged(p);
        assertEquals(TerminalState.HEALTHY, v.state());
        assertEquals(1, TranscriptPass.run(p).problems());
    }

    @Test
    void aDamagedFirstLineDoesNotMakeACodexFileClaudeCode() throws Exception {
        TerminalVerdict v = judged(rollout("damaged-first.jsonl", "{'type':'session_m", meta("s1"), started(),
                prompt("hi"), answer("a"), complete()));
        assertEquals(Harness.CODEX, v.harness());
        assertEquals(TerminalState.HEALTHY, v.state());
    }

    @Test
    void aClaudeCodeTranscriptNamedLikeARolloutIsStillClaudeCode() throws Exception {
        Path p = rollout("rollout-2026-04-01T10-00-00-abc.jsonl",
                "{'type':'user','sessionId':'s','message':{'role':'user','content':'hi'}}",
                "{'type':'assistant','sessionId':'s','message':{'role':'assistant','model':'claude','content':"
                        + "[{'type':'text','text':'hello'}]}}");
        TerminalVerdict v = judged(p);
        assertEquals(Harness.CLAUDE_CODE, v.harness());
        assertEquals(TerminalState.HEALTHY, v.state());
        assertEquals(Harness.CLAUDE_CODE, TranscriptPass.run(p).harness());
    }

    @Test
    void theFollowerReadsARolloutAsCodexAndSeesItsOpenTurnComplete() throws Exception {
        Path p = rollout("growing.jsonl", meta("s1"), started(), prompt("hi"), answer("a"));
        TranscriptFollower follower = new TranscriptFollower(p);
        TerminalVerdict open = follower.poll().verdict();
        assertEquals(Harness.CODEX, open.harness());
        assertEquals(Harness.CODEX, follower.index().harness());
        assertEquals(TerminalClass.CUT_OFF, open.trailing().cls());
        assertEquals(TerminalVerdicts.judge(p), open);
        Files.writeString(p, complete().replace('\'', '"') + "\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        TranscriptFollower.Poll done = follower.poll();
        assertTrue(done.changed());
        assertNull(done.verdict().trailing());
        assertEquals(TerminalVerdicts.judge(p), done.verdict());
    }

    @Test
    void aFencedBlockLinksToTheCommandItsTurnRanWithTheStatedExitCode() throws Exception {
        Path p = rollout("blocks.jsonl", meta("s1"), started(), prompt("test it"),
                exec("c1", "cargo test"), output("c1", 101),
                answer("I ran:\\n```bash\\ncargo test\\n```\\nand it failed."), complete(),
                started(), prompt("again"), answer("```bash\\ncargo test\\n```"), complete());
        ScriptReport r = TranscriptPass.run(p).judgement().scripts();
        assertEquals(2, r.blocks().size());
        BlockVerdict first = r.blocks().get(0);
        assertEquals("c1", first.call().toolUseId());
        assertEquals(101, first.call().exitCode());
        assertEquals(null, r.blocks().get(1).call(), "the second turn ran no command");
    }
}
