package dev.coroner.core.report;

import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.cost.CostLedger;
import dev.coroner.core.cost.CostRow;
import dev.coroner.core.durable.SchemaTag;
import dev.coroner.core.read.Harness;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.NoRun;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TrailingFailure;
import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.TranscriptUsage;
import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A reviewer report (docs/ARCHITECTURE.md, "Reports"): what Coroner concluded about each transcript, with the evidence a
 * reviewer can check, and what it was judged with. Every transcript string in it has already been through the export's
 * redaction. The same inputs make the same report, and {@link ReportJson} and {@link ReportHtml} write it the same
 * bytes on every machine.
 *
 * @param coronerVersion the version of Coroner that judged the transcripts
 * @param grammar        the precursor grammar the WARNs were judged with, or null when none was given (no WARN judged)
 * @param transcripts    in byte-wise order of their paths
 * @param root           the folder the transcripts' paths are relative to, as the header names it: its folder name ("corpus"), or
 *                       null when their paths are as given or absolute
 * @param cost           what the transcripts' model calls cost, all together (docs/COST.md, "Reports"); null when the
 *                       report was not asked for cost, and then each entry's {@code usage} is null too
 */
public record Report(String coronerVersion, GrammarRef grammar, RedactionSummary redaction, CorpusSummary summary,
                     List<TranscriptEntry> transcripts, String root, CorpusCost cost) {
    /** The schema family every report declares. */
    public static final String FAMILY = "coroner-report";
    /** The version written; readers of reports know versions 1 to this one. */
    public static final int VERSION = 1;
    public static final SchemaTag SCHEMA = new SchemaTag(FAMILY, VERSION);

    public Report {
        Objects.requireNonNull(coronerVersion);
        Objects.requireNonNull(redaction);
        Objects.requireNonNull(summary);
        transcripts = List.copyOf(transcripts);
    }

    /** A report whose paths are as given: no root. */
    public Report(String coronerVersion, GrammarRef grammar, RedactionSummary redaction, CorpusSummary summary,
                  List<TranscriptEntry> transcripts) {
        this(coronerVersion, grammar, redaction, summary, transcripts, null);
    }

    /** A report not asked for cost. */
    public Report(String coronerVersion, GrammarRef grammar, RedactionSummary redaction, CorpusSummary summary,
                  List<TranscriptEntry> transcripts, String root) {
        this(coronerVersion, grammar, redaction, summary, transcripts, root, null);
    }

    /**
     * What the corpus's model calls cost (docs/COST.md, "Reports"), as {@code coroner cost} adds it up; model names
     * redacted like every transcript string.
     *
     * @param total   {@code coroner cost}'s total: transcripts, the four token counts, the cost of the priced parts, what
     *                the dead runs cost, the models with no price
     * @param byClass {@code coroner cost --by class}'s groups: each death class, and HEALTHY, NO_RUN, UNREADABLE apart
     */
    public record CorpusCost(Prices prices, CostLedger.Total total, List<CostLedger.Group> byClass) {
        /** The classes of {@code coroner cost --by class} that are not deaths. */
        private static final List<String> NOT_DEATHS = List.of(CostRow.HEALTHY, CostRow.NO_RUN, CostRow.UNREADABLE);

        public CorpusCost {
            Objects.requireNonNull(prices);
            Objects.requireNonNull(total);
            byClass = List.copyOf(byClass);
        }

        /**
         * "Runs cost $1,060.00; dead runs $212.00: RATE_LIMIT $140.00, AUTH $52.00", the death classes by what they
         * cost, most first; "at least" when a model had no price (its tokens are not in the dollars) or a file could
         * not be read (nothing of it is), and then "; 1 file not read".
         */
        public String line() {
            long unread = byClass.stream().filter(g -> g.key().equals(CostRow.UNREADABLE))
                    .mapToLong(CostLedger.Group::transcripts).sum();
            StringBuilder line = new StringBuilder("Runs cost ");
            if (!total.cost().complete() || unread > 0) {
                line.append("at least ");
            }
            line.append(money(total.cost())).append("; dead runs ").append(money(total.deadCost()));
            List<CostLedger.Group> dead = byClass.stream()
                    .filter(g -> !NOT_DEATHS.contains(g.key()))
                    .sorted(java.util.Comparator.comparing((CostLedger.Group g) -> g.deadCost().priced()).reversed()
                            .thenComparing(CostLedger.Group::key))
                    .toList();
            for (int i = 0; i < dead.size(); i++) {
                line.append(i == 0 ? ": " : ", ").append(dead.get(i).key()).append(' ')
                        .append(money(dead.get(i).deadCost()));
            }
            if (unread > 0) {
                line.append("; ").append(unread).append(unread == 1 ? " file" : " files").append(" not read");
            }
            return line.toString();
        }

        private static String money(Cost c) {
            return Cost.money(c.pricedRounded());
        }
    }

    /**
     * The prices the costs were worked out with.
     *
     * @param source {@code PriceTable.source()}: the bundled list's name and date, and a file's own source (or its name,
     *               as the report names files) over it
     * @param file   the prices file as the report names files, or null for the bundled prices alone
     * @param sha256 of the file's bytes, or null
     */
    public record Prices(String source, String file, String sha256) {
    }

    /**
     * What one transcript's model calls used and cost, as {@code coroner cost} counts it; its model names redacted.
     *
     * @param usage the tokens in total and by model (the messages are not kept)
     */
    public record Usage(TranscriptUsage usage, Cost cost) {
    }

    /**
     * The grammar and the SHA-256 of its bytes.
     *
     * @param origin {@code file}, {@code bundled} (shipped with Coroner) or {@code inline} (text in a workspace)
     * @param path   a file's path as the report names it, the bundled grammar's file name, or null when inline
     */
    public record GrammarRef(String origin, String path, String sha256) {
        /** A grammar file. */
        public GrammarRef(String path, String sha256) {
            this("file", path, sha256);
        }
    }

    /**
     * Whether the export was redacted, how many user patterns it ran and what it hid.
     *
     * @param byKind redactions by kind, in byte-wise order of the kind's name
     */
    public record RedactionSummary(boolean on, int userPatterns, Map<String, Long> byKind, long total) {
        public RedactionSummary {
            byKind = ordered(byKind);
        }
    }

    /**
     * The corpus as the window's chart counts it: workers (sessions, sub-agents) and harness agents apart.
     *
     * @param states        every transcript, harness agents included, by terminal state (all four, in their order)
     * @param deathsByClass the deaths by why they died, split into workers and harness agents: a SYNTHETIC death by its
     *                      class, a death after the last answer by its trailing failure's class, an EMPTY one by its
     *                      trailing failure's class or else {@code EMPTY}
     */
    public record CorpusSummary(StateTally tally, String headline, Map<TerminalState, Integer> states,
                                Map<String, StateTally.ClassDeaths> deathsByClass, long warns, long unmatchedBlocks,
                                long problemLines) {
        public CorpusSummary {
            states = ordered(states);
            deathsByClass = ordered(deathsByClass);
        }
    }

    /**
     * One transcript.
     *
     * @param path         the path as given, with {@code /} between folders
     * @param sha256       of the file's bytes, or null when it could not be read
     * @param size         in bytes, or null when it could not be read
     * @param records      lines that are records
     * @param problemLines lines that are not records (torn, not JSON, …)
     * @param findings     how many findings of each kind the window would list, by {@code FindingKind} name
     * @param readNote     why the verdict may not be of the bytes hashed: the file changed while it was read, or
     *                     after it was read and before it was hashed (docs/VERDICTS.md, "Reading"); null when neither
     * @param harness      the harness its first record says (docs/FORMAT.md, "Harnesses")
     * @param parent       a Codex sub-agent's parent: the thread id its first {@code session_meta} names, which is
     *                     the parent rollout's own id; null for a session and for Claude Code, whose sub-agents are
     *                     tied to their session by their path and records
     * @param usage        what its model calls used and cost; null when the report was not asked for cost
     */
    public record TranscriptEntry(String path, String sha256, Long size, Verdict verdict, List<Warn> warns, Blocks blocks,
                                  long records, long problemLines, Map<String, Long> findings,
                                  List<Annotation> annotations, String readNote, Harness harness, String parent,
                                  Usage usage) {
        public TranscriptEntry {
            Objects.requireNonNull(path);
            Objects.requireNonNull(verdict);
            Objects.requireNonNull(blocks);
            Objects.requireNonNull(harness);
            warns = List.copyOf(warns);
            findings = ordered(findings);
            annotations = List.copyOf(annotations);
        }

        /** A transcript with no cost asked for. */
        public TranscriptEntry(String path, String sha256, Long size, Verdict verdict, List<Warn> warns, Blocks blocks,
                               long records, long problemLines, Map<String, Long> findings,
                               List<Annotation> annotations, String readNote, Harness harness, String parent) {
            this(path, sha256, size, verdict, warns, blocks, records, problemLines, findings, annotations, readNote,
                    harness, parent, null);
        }

        /** A Claude Code transcript. */
        public TranscriptEntry(String path, String sha256, Long size, Verdict verdict, List<Warn> warns, Blocks blocks,
                               long records, long problemLines, Map<String, Long> findings,
                               List<Annotation> annotations, String readNote) {
            this(path, sha256, size, verdict, warns, blocks, records, problemLines, findings, annotations, readNote,
                    Harness.CLAUDE_CODE, null);
        }
    }

    /**
     * A person's note, and maybe their override, on a record (docs/ARCHITECTURE.md, "Annotations and overrides"): a human
     * judgement, written beside the machine verdict, never in its place.
     *
     * @param line     the record's line; 0 for the transcript as a whole
     * @param stale    the transcript's bytes are not those the note was made on (its SHA-256 differs)
     * @param override the override, or null
     */
    public record Annotation(long line, String note, boolean stale, HumanVerdict override) {
    }

    /** An override: the machine verdict as it read, the person's verdict and why. */
    public record HumanVerdict(String subject, String machine, String human, String reason) {
    }

    /**
     * The terminal verdict (docs/VERDICTS.md, "Terminal verdict") and its evidence.
     *
     * @param dead         the reference's dead: SYNTHETIC or EMPTY
     * @param died         counted as a death: dead, or died after its last answer
     * @param evidenceLine the terminal record's line, or null when there is none
     * @param evidenceText the terminal record's leading text, trimmed, at most 400 code points
     * @param noRun        what a file that holds no run holds (docs/VERDICTS.md, "Files that hold no run"), or null
     * @param foldsDead    results in it that are dead sub-agents' error strings: a HEALTHY one that folds them is no
     *                     all-clear, as the window marks it ("folds 2 dead")
     */
    public record Verdict(TerminalState state, boolean dead, boolean died, TerminalClass terminalClass, BigInteger apiStatus,
                          String error, String reason, AgentKind kind, TrailingFailure trailing, Long evidenceLine,
                          String evidenceText, NoRun noRun, long foldsDead) {
    }

    /**
     * A REFUTED call: the precursor gate's WARN (docs/VERDICTS.md, "Precursor gate"). {@code required} names the lookups
     * any one of which would have satisfied the rule, as the grammar spells them and in its order.
     */
    public record Warn(long line, String toolUseId, String tool, List<String> required, String reason) {
        public Warn {
            required = List.copyOf(required);
        }
    }

    /**
     * The code blocks of the answers (docs/VERDICTS.md, "Code blocks"): each matched block with the call that ran it,
     * and how many were unmatched, by reason.
     */
    public record Blocks(List<BlockLink> matched, long unmatched, Map<String, Long> unmatchedReasons) {
        public Blocks {
            matched = List.copyOf(matched);
            unmatchedReasons = ordered(unmatchedReasons);
        }
    }

    /**
     * A block linked to the call that submitted exactly its program.
     *
     * @param line     the assistant record's line
     * @param block    the block's number in that record (1..)
     * @param label    the call's outcome: ok, error or no-result
     * @param callLine the call's line
     * @param exitCode what a failed result states, or null
     */
    public record BlockLink(long line, int block, String label, long callLine, String tool, String toolUseId,
                            Integer exitCode) {
    }

    /** An insertion-ordered, unmodifiable copy: the order the builder chose is the order written. */
    private static <K, V> Map<K, V> ordered(Map<K, V> m) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }
}
