package dev.coroner.core.scripts;

import dev.coroner.core.read.SourceSpan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Links the fenced blocks of a transcript to the calls that submitted them (docs/VERDICTS.md, "Code blocks"). The one
 * pass ({@link dev.coroner.core.index.TranscriptPass}) feeds it in file order — prompts, each assistant record's texts
 * and calls, and each answered call's outcome — then calls {@link #finish}. The work per record is linear in its size,
 * and each turn's programs are hashed once.
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
    private final List<CallDraft> calls = new ArrayList<>();
    /** Each tool name once: a run of 300,000 Bash calls holds one "Bash". */
    private final Map<String, String> toolNames = new HashMap<>();
    private long problemLines;
    private final List<CutText> cutTexts = new ArrayList<>();
    private TurnDraft turn;
    private SourceSpan record;
    private List<FencedBlock> blocks;

    /** A user record that carries a prompt starts a turn of its conversation (docs/VERDICTS.md, "Turns"). */
    public void prompt(boolean sidechain, String agentId, long promptLine) {
        conversationOf(sidechain, agentId).startTurn(promptLine);
    }

    /** An assistant record begins; its texts and calls follow, then {@link #endAssistant}. */
    public void startAssistant(boolean sidechain, String agentId, SourceSpan span) {
        turn = conversationOf(sidechain, agentId).current();
        record = span;
        blocks = new ArrayList<>(0);
    }

    /** A text of the current assistant record: its string content ({@code contentIndex} -1) or a text block. */
    public void text(String text, int contentIndex) {
        for (FencedBlock b : FenceScanner.scan(text)) {
            blocks.add(b.placed(blocks.size() + 1, contentIndex));
        }
    }

    /**
     * The same for a text of which only the first {@code keptChars} characters were read ({@code cut}): its blocks
     * are scanned in that part, and the report notes the cut.
     */
    public void text(String text, int contentIndex, boolean cut, int keptChars) {
        text(text, contentIndex);
        if (cut) {
            cutTexts.add(new CutText(record.line(), record.length(), contentIndex, keptChars));
        }
    }

    /**
     * A {@code tool_use} of the current assistant record (every call counts for its dispatch position).
     *
     * @param program the program its input holds, or null
     * @return a handle for {@link #answered}, or -1 when the call submitted no program
     */
    public int toolUse(String id, String tool, String program) {
        int dispatch = ++turn.callCount;
        if (program == null) {
            return -1;
        }
        CallDraft c = new CallDraft(id == null ? "" : id, tool == null ? "" : toolNames.computeIfAbsent(tool, t -> t),
                turn.programs.computeIfAbsent(program, p -> p), turn.number, dispatch,
                record.line(), record.offset());
        turn.submissions.add(c);
        calls.add(c);
        return calls.size() - 1;
    }

    public void endAssistant() {
        if (!blocks.isEmpty()) {
            turn.shown.add(new ShownBlocks(record, blocks));
        }
        blocks = null;
    }

    /** The call behind {@code handle} got its result: {@code is_error} and the exit code the result states. */
    public void answered(int handle, boolean error, Integer exitCode) {
        CallDraft c = calls.get(handle);
        c.outcome = error ? Outcome.ERROR : Outcome.OK;
        c.exitCode = error ? exitCode : null;
    }

    /** Counts a line that is not a record. */
    public void problemLine() {
        problemLines++;
    }

    private Conversation conversationOf(boolean sidechain, String agentId) {
        return conversations.computeIfAbsent(sidechain + "/" + agentId, k -> new Conversation(sidechain, agentId));
    }

    /** Judges every block against its turn's programs. Call once, after the last record. */
    public ScriptReport finish() {
        List<BlockVerdict> verdicts = new ArrayList<>();
        List<Turn> finished = new ArrayList<>(turns.size());
        Map<Conversation, Map<String, Submission>> earlier = new HashMap<>();
        Map<Submission, SameProgram> quoted = new IdentityHashMap<>(); // named call -> all its program's calls
        for (TurnDraft t : turns) {
            List<Submission> submissions = t.submissions.stream().map(CallDraft::submission).toList();
            Map<String, SameProgram> programs = ScriptMatcher.programsOf(submissions);
            Map<String, Submission> before = earlier.computeIfAbsent(t.conversation, c -> new HashMap<>());
            TurnLineIndex lines = new TurnLineIndex(submissions); // indexes only when a block of the turn misses
            for (ShownBlocks shown : t.shown) {
                for (FencedBlock b : shown.blocks) {
                    BlockVerdict v = ScriptMatcher.judge(shown.record, t.number, b, programs, before, lines);
                    if (v.matched() && v.alsoMatches() > v.alsoCalls().size()) {
                        quoted.put(v.call(), programs.get(v.block().content()));
                    }
                    verdicts.add(v);
                }
            }
            submissions.forEach(s -> before.put(s.program(), s));
            finished.add(new Turn(t.number, t.conversation.sidechain, t.conversation.agentId, t.line, t.callCount, submissions));
        }
        verdicts.sort(Comparator.comparingLong(BlockVerdict::line).thenComparingInt(v -> v.block().number()));
        List<BlockVerdict> inFileOrder = List.copyOf(verdicts);
        QuoteIndex quotes = QuoteIndex.of(inFileOrder, v -> {
            SameProgram all = quoted.get(v.call());
            return all == null ? v.alsoCalls() : all.calls().subList(0, all.twinCount());
        });
        return new ScriptReport(inFileOrder, finished, quotes, problemLines, cutTexts);
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
            if (current != null) {
                current.programs = null; // the turn is over: its calls keep their strings, the map goes
            }
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
        /** Each distinct program of the turn once, while the turn runs: a command run 10,000 times is one string. */
        Map<String, String> programs = new HashMap<>();

        TurnDraft(Conversation conversation, int number, long line) {
            this.conversation = conversation;
            this.number = number;
            this.line = line;
        }
    }

    private record ShownBlocks(SourceSpan record, List<FencedBlock> blocks) {
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
