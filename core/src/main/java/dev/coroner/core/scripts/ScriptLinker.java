package dev.coroner.core.scripts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Links the fenced blocks of a transcript to the calls that submitted them (DESIGN §5). Feed it every record in file
 * order ({@link #accept}), then {@link #finish}. One pass; the work per record is linear in its size, and each turn's
 * programs are hashed once.
 *
 * <p>A block is compared with every program its turn submitted, before or after the record that shows it: "I ran:"
 * quotes an earlier call, "I'll run:" a later one, and both are the same turn's program. Outcomes are read from the
 * results wherever they appear in the file; a call whose result never appears is {@code no-result}.
 *
 * <p>Memory: until {@link #finish} the linker holds every fenced block and every submitted program of the file (an
 * answer's code and the calls' commands: a small part of a transcript, whose bulk is tool output), and nothing else
 * of a record.
 */
public final class ScriptLinker {
    private final Map<String, Conversation> conversations = new HashMap<>();
    private final List<TurnDraft> turns = new ArrayList<>();
    private final Map<String, List<CallDraft>> awaitingResult = new HashMap<>();
    private long problemLines;

    /** Reads {@code path} from start to end and links its blocks. */
    public static ScriptReport link(Path path) throws UnreadableTranscriptException {
        ScriptLinker linker = new ScriptLinker();
        TranscriptReader.read(path, line -> {
            if (line instanceof TranscriptRecord r) {
                linker.accept(r);
            } else {
                linker.problemLines++;
            }
            return true;
        });
        return linker.finish();
    }

    public void accept(TranscriptRecord record) {
        if (record.isAssistantTurn()) {
            assistant(record);
        } else if ("user".equals(record.type()) && record.message() != null) {
            if (ToolCalls.isPrompt(record)) {
                conversationOf(record).startTurn(record.span().line());
            } else {
                results(record);
            }
        }
    }

    private void assistant(TranscriptRecord record) {
        TurnDraft turn = conversationOf(record).current();
        JsonNode content = record.message().get("content");
        List<FencedBlock> blocks = new ArrayList<>();
        if (content != null && content.isTextual()) {
            addBlocks(blocks, content.textValue(), -1);
        } else if (content != null && content.isArray()) {
            for (int i = 0; i < content.size(); i++) {
                JsonNode b = content.get(i);
                JsonNode text = b.get("text");
                if (ToolCalls.isBlock(b, "text") && text != null && text.isTextual()) {
                    addBlocks(blocks, text.textValue(), i);
                } else if (ToolCalls.isBlock(b, "tool_use")) {
                    call(turn, record, b);
                }
            }
        }
        if (!blocks.isEmpty()) {
            turn.shown.add(new ShownBlocks(record.span().line(), record.span().offset(), blocks));
        }
    }

    private static void addBlocks(List<FencedBlock> into, String text, int contentIndex) {
        for (FencedBlock b : FenceScanner.scan(text)) {
            into.add(b.placed(into.size() + 1, contentIndex));
        }
    }

    private void call(TurnDraft turn, TranscriptRecord record, JsonNode toolUse) {
        int dispatch = ++turn.callCount;
        String program = ToolCalls.programOf(toolUse);
        if (program == null) {
            return;
        }
        CallDraft c = new CallDraft(ToolCalls.text(toolUse, "id"), ToolCalls.text(toolUse, "name"), program, turn.number,
                dispatch, record.span().line(), record.span().offset());
        turn.submissions.add(c);
        awaitingResult.computeIfAbsent(c.toolUseId, id -> new ArrayList<>(1)).add(c);
    }

    private void results(TranscriptRecord record) {
        JsonNode content = record.message().get("content");
        if (content == null || !content.isArray()) {
            return;
        }
        List<JsonNode> results = new ArrayList<>(1);
        for (JsonNode b : content) {
            if (ToolCalls.isBlock(b, "tool_result")) {
                results.add(b);
            }
        }
        // toolUseResult belongs to the record; it speaks for a result only when the record holds one.
        JsonNode toolUseResult = results.size() == 1 ? record.json().get("toolUseResult") : null;
        for (JsonNode r : results) {
            List<CallDraft> calls = awaitingResult.remove(ToolCalls.text(r, "tool_use_id"));
            if (calls != null) { // the first result of a call is its result
                for (CallDraft c : calls) {
                    c.outcome = ToolCalls.outcomeOf(r);
                    c.exitCode = ToolCalls.statedExitCode(r, toolUseResult);
                }
            }
        }
    }

    private Conversation conversationOf(TranscriptRecord record) {
        ObjectNode json = record.json();
        boolean sidechain = ToolCalls.isTrue(json.get("isSidechain"));
        JsonNode agent = json.get("agentId");
        String agentId = agent != null && agent.isTextual() ? agent.textValue() : null;
        return conversations.computeIfAbsent(sidechain + "/" + agentId, k -> new Conversation(sidechain, agentId));
    }

    /** Judges every block against its turn's programs. Call once, after the last record. */
    public ScriptReport finish() {
        List<BlockVerdict> verdicts = new ArrayList<>();
        List<Turn> finished = new ArrayList<>(turns.size());
        Map<Conversation, Map<String, Submission>> earlier = new HashMap<>();
        for (TurnDraft t : turns) {
            List<Submission> submissions = t.submissions.stream().map(CallDraft::submission).toList();
            Map<String, List<Submission>> programs = ScriptMatcher.programsOf(submissions);
            Map<String, Submission> before = earlier.computeIfAbsent(t.conversation, c -> new HashMap<>());
            for (ShownBlocks shown : t.shown) {
                for (FencedBlock b : shown.blocks) {
                    verdicts.add(ScriptMatcher.judge(shown.line, shown.offset, t.number, b, programs, before));
                }
            }
            submissions.forEach(s -> before.put(s.program(), s));
            finished.add(new Turn(t.number, t.conversation.sidechain, t.conversation.agentId, t.line, t.callCount, submissions));
        }
        verdicts.sort(Comparator.comparingLong(BlockVerdict::line).thenComparingInt(v -> v.block().number()));
        return new ScriptReport(verdicts, finished, QuoteIndex.of(verdicts), problemLines);
    }

    /** One conversation of the file: the main one, or a sub-agent's (see {@link Turn}). */
    private final class Conversation {
        final boolean sidechain;
        final String agentId;
        private TurnDraft current;
        private int prompts;

        Conversation(boolean sidechain, String agentId) {
            this.sidechain = sidechain;
            this.agentId = agentId;
        }

        TurnDraft current() {
            if (current == null) { // records before the first prompt form turn 0
                current = new TurnDraft(this, 0, 0);
                turns.add(current);
            }
            return current;
        }

        void startTurn(long promptLine) {
            current = new TurnDraft(this, ++prompts, promptLine);
            turns.add(current);
        }
    }

    private static final class TurnDraft {
        final Conversation conversation;
        final int number;
        final long line;
        int callCount;
        final List<CallDraft> submissions = new ArrayList<>();
        final List<ShownBlocks> shown = new ArrayList<>();

        TurnDraft(Conversation conversation, int number, long line) {
            this.conversation = conversation;
            this.number = number;
            this.line = line;
        }
    }

    private record ShownBlocks(long line, long offset, List<FencedBlock> blocks) {
    }

    private static final class CallDraft {
        final String toolUseId;
        final String tool;
        final String program;
        final int turn;
        final int dispatch;
        final long line;
        final long offset;
        Outcome outcome = Outcome.NO_RESULT;
        Integer exitCode;

        CallDraft(String toolUseId, String tool, String program, int turn, int dispatch, long line, long offset) {
            this.toolUseId = toolUseId;
            this.tool = tool;
            this.program = program;
            this.turn = turn;
            this.dispatch = dispatch;
            this.line = line;
            this.offset = offset;
        }

        Submission submission() {
            return new Submission(toolUseId, tool, program, turn, dispatch, line, offset, outcome, exitCode);
        }
    }
}
