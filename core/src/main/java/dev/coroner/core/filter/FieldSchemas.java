package dev.coroner.core.filter;

import static dev.coroner.core.filter.FieldType.BOOLEAN;
import static dev.coroner.core.filter.FieldType.LIST;
import static dev.coroner.core.filter.FieldType.NUMBER;
import static dev.coroner.core.filter.FieldType.STRING;

import dev.coroner.core.compare.Op;
import dev.coroner.core.compare.PairChange;
import dev.coroner.core.cost.CostRow;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.Severity;
import dev.coroner.core.precursor.PrecursorStance;
import dev.coroner.core.read.Harness;
import dev.coroner.core.scripts.Closest;
import dev.coroner.core.scripts.Outcome;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The row kinds a filter selects, each with every key its rows print (docs/FILTER.md, "Fields"). The enum words come
 * from the enums that write them, so the two cannot drift; an app test checks that every key the commands print is
 * here.
 */
public final class FieldSchemas {
    private FieldSchemas() {
    }

    private static final Field PATH = Field.of("path", STRING, "the transcript's path as printed");

    private static <E extends Enum<E>> List<String> names(E[] values) {
        return Arrays.stream(values).map(Enum::name).toList();
    }

    private static <E extends Enum<E>> List<String> words(E[] values, Function<E, String> word) {
        return Arrays.stream(values).map(word).toList();
    }

    private static List<String> plus(List<String> words, String... more) {
        List<String> all = new ArrayList<>(words);
        all.addAll(List.of(more));
        return all;
    }

    /** A verdict row's keys after {@code path}, under {@code prefix} ("" or "a." / "b." in a compare pair). */
    private static List<Field> verdict(String prefix) {
        String p = prefix;
        return List.of(
                Field.of(p + "path", STRING, "the transcript's path as printed"),
                Field.ofEnum(p + "state", names(TerminalState.values()), "how the transcript ended"),
                Field.of(p + "dead", BOOLEAN, "the reference's dead: SYNTHETIC or EMPTY"),
                Field.ofEnum(p + "class", names(TerminalClass.values()), "the terminal failure's class"),
                Field.of(p + "api_status", NUMBER, "the HTTP status of a SYNTHETIC terminal, else null"),
                Field.of(p + "error", STRING, "the terminal record's error string, else null"),
                Field.of(p + "reason", STRING, "why the verdict is what it is"),
                Field.ofEnum(p + "kind", names(AgentKind.values()), "whom the agent worked for"),
                Field.of(p + "trailing.line", NUMBER, "the line of the API failure after the terminal record"),
                Field.of(p + "trailing.attempt", NUMBER, "the retry attempt the failure was (Claude Code)"),
                Field.of(p + "trailing.max", NUMBER, "the retries allowed (Claude Code)"),
                Field.of(p + "trailing.status", NUMBER, "the failure's HTTP status (Claude Code)"),
                Field.of(p + "trailing.cause", STRING, "the failure's network cause (Claude Code)"),
                Field.ofEnum(p + "trailing.class", names(TerminalClass.values()), "the trailing failure's class"),
                Field.of(p + "trailing.reason", STRING, "how a Codex run's last turn failed to end"),
                Field.ofEnum(p + "harness", names(Harness.values()), "the program that wrote the transcript"),
                Field.of(p + "parent", STRING, "a sub-agent's parent session or thread; absent otherwise"));
    }

    /** {@code coroner verdict --json} rows; the transcripts {@code report --where} keeps. */
    public static final FieldSchema TRANSCRIPT = FieldSchema.of("transcript", verdict(""));

    /** A cost row's session: the id its transcript's records name. */
    private static final Field SESSION = Field.of("session", STRING, "the session id the transcript's records name, "
            + "or null");

    /** What the model calls used and cost: the keys core {@code CostRow.usageFields} writes, in its order. */
    private static final List<Field> USAGE_COUNTS = List.of(
            Field.of("models", LIST, "the models that billed tokens, in the order they first did"),
            Field.of("input_tokens", NUMBER, "input tokens billed"),
            Field.of("output_tokens", NUMBER, "output tokens billed"),
            Field.of("cache_creation_tokens", NUMBER, "tokens written to the prompt cache"),
            Field.of("cache_read_tokens", NUMBER, "tokens read from the prompt cache"),
            Field.of("cost_usd", NUMBER, "dollars at the prices in force; null when a model in it has no price"),
            Field.of("unpriced_models", LIST, "the models that billed tokens and have no price"));

    /**
     * The usage fields (docs/COST.md): {@code session}, then what {@code CostRow.usageFields} writes. What
     * {@code verdict --usage} adds to a transcript row, the last fields of a cost row, and fields of the window's
     * corpus rows.
     */
    public static final List<Field> USAGE = concat(List.of(SESSION), USAGE_COUNTS);

    /** {@code coroner verdict --usage --json} rows: a transcript row and its usage fields. */
    public static final FieldSchema TRANSCRIPT_USAGE = TRANSCRIPT.with(USAGE);

    /** {@code coroner cost --json} rows: one per transcript (core {@code CostRow.toMap}). */
    public static final FieldSchema COST = FieldSchema.of("cost", concat(List.of(
            PATH,
            Field.ofEnum("harness", names(Harness.values()), "the program that wrote the transcript"),
            SESSION,
            Field.ofEnum("kind", names(AgentKind.values()), "whom the agent worked for"),
            Field.ofEnum("state", names(TerminalState.values()), "how the transcript ended"),
            Field.of("dead", BOOLEAN, "a dead run: dead, or died after its last answer (not a file with no run)"),
            Field.ofEnum("class", plus(names(TerminalClass.values()), TerminalState.EMPTY.name(), CostRow.HEALTHY,
                    CostRow.NO_RUN, CostRow.UNREADABLE), "the class its cost counts under: a death's class, "
                    + "else HEALTHY, NO_RUN or UNREADABLE")), USAGE_COUNTS));

    private static List<Field> concat(List<Field> a, List<Field> b) {
        List<Field> all = new ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }

    /** {@code coroner precursor --json} rows: one per tool call. */
    public static final FieldSchema CALL = FieldSchema.of("call", List.of(
            PATH,
            Field.of("line", NUMBER, "the call's line; null on an unreadable transcript's row"),
            Field.of("tool_use_id", STRING, "the call's id"),
            Field.of("tool", STRING, "the tool called"),
            Field.ofEnum("stance", plus(names(PrecursorStance.values()), "UNREADABLE"),
                    "the gate's answer: REFUTED is a WARN"),
            Field.of("required", LIST, "the precursors the grammar requires before this tool"),
            Field.of("present", LIST, "the required precursors that produced a result before the call"),
            Field.of("reason", STRING, "why the stance is what it is")));

    /** {@code coroner scripts --json} rows: one per fenced block. */
    public static final FieldSchema BLOCK = FieldSchema.of("block", List.of(
            PATH,
            Field.of("line", NUMBER, "the block's line"),
            Field.of("block", NUMBER, "the block's number in its record"),
            Field.ofEnum("label", plus(words(Outcome.values(), Outcome::label), "unmatched", "UNREADABLE"),
                    "what became of the call that ran the block, or unmatched"),
            Field.of("reason", STRING, "why an unmatched block names no call (no-submission-this-turn, over-size, "
                    + "kept-out), or why a transcript was unreadable"),
            Field.of("earlierTurnLine", NUMBER, "the line of an earlier turn's call that ran the block"),
            Field.ofEnum("closest.kind", words(Closest.Kind.values(), Closest.Kind::label),
                    "what came closest to an unmatched block"),
            Field.of("closest.tool_use_id", STRING, "the call that came closest"),
            Field.of("closest.line", NUMBER, "that call's line"),
            Field.of("closest.at", NUMBER, "part-of: the program line where the block begins"),
            Field.of("closest.shared", NUMBER, "shares-lines: the block's lines the program holds"),
            Field.of("closest.of", NUMBER, "shares-lines: the block's non-blank lines"),
            Field.of("closest.compared", NUMBER, "no-shared-line: the programs compared"),
            Field.of("tool_use_id", STRING, "the matched call's id"),
            Field.of("tool", STRING, "the matched call's tool"),
            Field.of("dispatch", NUMBER, "the matched call's position among its turn's calls"),
            Field.of("alsoMatches", NUMBER, "other calls of the turn that ran the same program"),
            Field.of("exitCode", NUMBER, "the exit code the call's result stated")));

    /** Findings of one transcript (the window's findings list; the report counts them): {@link FindingValues}. */
    public static final FieldSchema FINDING = FieldSchema.of("finding", List.of(
            Field.ofEnum("kind", names(FindingKind.values()), "what was found"),
            Field.ofEnum("severity", names(Severity.values()), "how much it matters, DEATH first"),
            Field.of("line", NUMBER, "the evidence's line; 0 for the whole transcript"),
            Field.of("offset", NUMBER, "the evidence's byte offset; -1 when only a line is known"),
            Field.of("length", NUMBER, "the evidence's length in bytes"),
            Field.of("title", STRING, "the finding's title"),
            Field.of("reason", STRING, "why it was found")));

    private static List<Field> sites(String key) {
        return List.of(
                Field.of(key + ".path", LIST, "the paths of the " + key),
                Field.of(key + ".line", LIST, "the lines of the " + key + " (numbers)"),
                Field.of(key + ".tool_use_id", LIST, "the call ids of the " + key));
    }

    /** {@code coroner propose --json} rows: ungated tools, then proposals. */
    public static final FieldSchema PROPOSAL;

    static {
        List<Field> f = new ArrayList<>(List.of(
                Field.ofEnum("kind", List.of("ungated", "proposal"), "an ungated mutating tool, or a proposed rule"),
                Field.of("tool", STRING, "the tool"),
                Field.of("canonical", STRING, "ungated: the tool's canonical name"),
                Field.of("spellings", LIST, "ungated: the tool's names as written"),
                Field.of("calls", NUMBER, "the calls counted")));
        f.add(Field.of("transcripts", NUMBER, "ungated: the transcripts that called it"));
        f.addAll(sites("examples"));
        f.addAll(List.of(
                Field.of("id", STRING, "proposal: its stable id"),
                Field.of("precursor", STRING, "proposal: the precursor it requires"),
                Field.ofEnum("rule", List.of("widen", "new"), "proposal: widens a rule, or a new one"),
                Field.of("held", NUMBER, "proposal: calls the rule holds for"),
                Field.of("support", NUMBER, "proposal: held / calls"),
                Field.of("lift", NUMBER, "proposal: support over the base rate"),
                Field.of("base_held", NUMBER, "proposal: calls of any tool after the precursor"),
                Field.of("base_calls", NUMBER, "proposal: calls of any tool"),
                Field.of("warns_added", NUMBER, "proposal: WARNs the rule would add"),
                Field.of("warns_removed", NUMBER, "proposal: WARNs the rule would remove"),
                Field.of("misses_total", NUMBER, "proposal: calls the rule would WARN on")));
        f.addAll(sites("misses"));
        f.add(Field.of("toml", STRING, "proposal: the grammar text it makes"));
        PROPOSAL = FieldSchema.of("proposal", f);
    }

    /** {@code coroner compare A B --json} rows of two transcripts: one per aligned call. */
    public static final FieldSchema COMPARE_CALL = FieldSchema.of("compare-call", List.of(
            Field.ofEnum("op", words(Op.values(), Op::json), "the call in both runs, changed, or in one only"),
            Field.of("a_line", NUMBER, "the call's line in A"),
            Field.of("b_line", NUMBER, "the call's line in B"),
            Field.of("tool", STRING, "the tool called"),
            Field.of("a_key", STRING, "the call's key in A (tool and input)"),
            Field.of("b_key", STRING, "the call's key in B")));

    /** {@code coroner compare A/ B/ --json} rows of two folders: one per pair, each side's verdict row. */
    public static final FieldSchema COMPARE_PAIR;

    static {
        List<Field> f = new ArrayList<>();
        f.add(Field.of("path", STRING, "the pair's path relative to its folder"));
        f.add(Field.ofEnum("change", words(PairChange.values(), PairChange::json), "what changed from A to B"));
        f.addAll(verdict("a."));
        f.addAll(verdict("b."));
        COMPARE_PAIR = FieldSchema.of("compare-pair", f);
    }

    /** Timeline rows of one transcript: a record or problem line as the pass indexed it ({@link RecordValues}). */
    public static final FieldSchema RECORD = FieldSchema.of("record", List.of(
            Field.of("line", NUMBER, "the physical line, from 1"),
            Field.of("kind", STRING, "the record's type (user, assistant, …), or a problem line's problem"),
            Field.of("role", STRING, "message.role, else empty"),
            Field.of("model", STRING, "message.model, else empty"),
            Field.of("tool", STRING, "the tool a call calls or a result answers, else empty"),
            Field.of("error", BOOLEAN, "a failed tool result, an API error or a problem line"),
            Field.of("problem", BOOLEAN, "a line that is no record (damaged, cut, not JSON)"),
            Field.of("call", BOOLEAN, "holds a tool call"),
            Field.of("result", BOOLEAN, "holds a tool result"),
            Field.of("tool_error", BOOLEAN, "a tool result that says is_error"),
            Field.of("api_error", BOOLEAN, "an API error record"),
            Field.of("synthetic", BOOLEAN, "written by the harness, not the model"),
            Field.of("sidechain", BOOLEAN, "a sub-agent's record inside the session"),
            Field.of("thinking", BOOLEAN, "holds thinking"),
            Field.of("fence", BOOLEAN, "holds a fenced code block"),
            Field.of("prompt", BOOLEAN, "starts a turn"),
            Field.of("meta", BOOLEAN, "a meta record"),
            Field.of("bytes", NUMBER, "the line's length in bytes"),
            Field.of("time", NUMBER, "epoch milliseconds, or null"),
            Field.of("text", STRING, "the row's summary as the timeline shows it; null until a frontend reads it")));

    /** Every schema, for docs and tests. */
    public static List<FieldSchema> all() {
        return List.of(TRANSCRIPT, COST, CALL, BLOCK, FINDING, PROPOSAL, COMPARE_CALL, COMPARE_PAIR, RECORD);
    }
}
