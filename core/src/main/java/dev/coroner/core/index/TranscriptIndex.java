package dev.coroner.core.index;

import dev.coroner.core.read.Harness;
import dev.coroner.core.read.ProblemKind;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.usage.TranscriptUsage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the workbench keeps of a transcript: one row per record and per problem line, in file order — its
 * position, kind, role, model, tool, time and a few flags — the way Wireshark keeps a frame index and
 * re-dissects a frame when it is shown (docs/VERDICTS.md, "Reading"). A record's JSON is never held: re-read it with
 * {@link dev.coroner.core.read.RecordReader} from {@link #span(int)}.
 *
 * <p>Rows live in fixed-size pages of primitive arrays, so the index grows without copying and costs about
 * 60 bytes a row. It is filled by one writer ({@link TranscriptPass}) while other threads read it: rows below
 * {@link #size()} are published and safe to read. A call row learns the row of its result when the result
 * arrives, so {@link #pair(int)} of a published row may change once, from -1 to the result's row.
 */
public final class TranscriptIndex {
    private static final int PAGE_BITS = 13;
    private static final int PAGE = 1 << PAGE_BITS;
    private static final int MASK = PAGE - 1;
    /** Problem messages are kept for the first this many problem lines; later ones are re-read when shown. */
    public static final int KEPT_PROBLEM_MESSAGES = 1_000;

    /**
     * A page of rows. The first page starts small and doubles up to {@link #PAGE} rows, so a corpus of thousands of
     * small transcripts does not hold a full page (about 400 KB) for each.
     */
    private static final class Page {
        final long[] line;
        final long[] offset;
        final long[] length;
        final long[] time;
        final int[] flags;
        final int[] pair;
        /** kind code (16 bits) | model code (16 bits) */
        final int[] kindModel;
        /** tool code (16 bits) | role code (16 bits) */
        final int[] toolRole;

        Page(int capacity) {
            line = new long[capacity];
            offset = new long[capacity];
            length = new long[capacity];
            time = new long[capacity];
            flags = new int[capacity];
            pair = new int[capacity];
            kindModel = new int[capacity];
            toolRole = new int[capacity];
        }

        int capacity() {
            return line.length;
        }

        /** A copy with twice the room (at most a full page), the rows kept. */
        Page grown() {
            Page g = new Page(Math.min(PAGE, capacity() * 2));
            int n = capacity();
            System.arraycopy(line, 0, g.line, 0, n);
            System.arraycopy(offset, 0, g.offset, 0, n);
            System.arraycopy(length, 0, g.length, 0, n);
            System.arraycopy(time, 0, g.time, 0, n);
            System.arraycopy(flags, 0, g.flags, 0, n);
            System.arraycopy(pair, 0, g.pair, 0, n);
            System.arraycopy(kindModel, 0, g.kindModel, 0, n);
            System.arraycopy(toolRole, 0, g.toolRole, 0, n);
            return g;
        }
    }

    private static final int FIRST_PAGE = 64;

    private final Path path;
    private volatile Page[] pages = new Page[0];
    private volatile int size;
    private volatile boolean complete;
    private volatile long bytesIndexed;
    private volatile long fileSize;
    private volatile int terminalRow = -1;

    final Names kinds = new Names();
    final Names roles = new Names();
    final Names models = new Names();
    final Names tools = new Names();

    private final List<AgentLink> agentLinks = new ArrayList<>();
    private final Map<Integer, String> problemMessages = new HashMap<>();
    private volatile String sessionId;
    private volatile String harnessVersion;
    private volatile Harness harness = Harness.CLAUDE_CODE;
    private volatile String agentId;
    private volatile long records;
    private volatile long problems;
    private volatile long sidechainRecords;
    private volatile long physicalLines;
    private volatile TranscriptJudgement judgement;
    private volatile String changed;

    TranscriptIndex(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /** Rows published so far (records and problem lines). */
    public int size() {
        return size;
    }

    /** Whether the indexing pass reached the end of the file. */
    public boolean complete() {
        return complete;
    }

    public long bytesIndexed() {
        return bytesIndexed;
    }

    /** The file's size when indexing began, or the bytes read if it grew. */
    public long fileSize() {
        return fileSize;
    }

    public long records() {
        return records;
    }

    public long problems() {
        return problems;
    }

    /** Physical lines seen, blank ones included; final once {@link #complete()}. */
    public long physicalLines() {
        return physicalLines;
    }

    /** Records with {@code isSidechain: true}: a 1.0.x sub-agent inside a session file (docs/ARCHITECTURE.md, "The corpus engine"). */
    public long sidechainRecords() {
        return sidechainRecords;
    }

    /** The first {@code sessionId} in the file; a sub-agent's names its PARENT session (docs/ARCHITECTURE.md, "The corpus engine"). */
    public String sessionId() {
        return sessionId;
    }

    /** The first {@code agentId} in the file: set in 2.0.x/2.1.x sub-agent transcripts. */
    public String agentId() {
        return agentId;
    }

    /** The row of the last assistant-turn record so far (docs/VERDICTS.md, "Terminal verdict"), or -1. */
    public int terminalRow() {
        return terminalRow;
    }

    public long line(int row) {
        return page(row).line[row & MASK];
    }

    public long offset(int row) {
        return page(row).offset[row & MASK];
    }

    public long length(int row) {
        return page(row).length[row & MASK];
    }

    public SourceSpan span(int row) {
        Page p = page(row);
        return new SourceSpan(p.line[row & MASK], p.offset[row & MASK], p.length[row & MASK]);
    }

    /** Epoch milliseconds, or {@link Timestamps#NONE}. */
    public long time(int row) {
        return page(row).time[row & MASK];
    }

    /** {@link RowFlags} bits. */
    public int flags(int row) {
        return page(row).flags[row & MASK];
    }

    public boolean has(int row, int flag) {
        return (flags(row) & flag) != 0;
    }

    public boolean isProblem(int row) {
        return has(row, RowFlags.PROBLEM);
    }

    /** The record's {@code type} ("assistant", "user", …; "" when absent), or the problem kind's name. */
    public String kind(int row) {
        if (isProblem(row)) {
            return problemKind(row).name();
        }
        return kinds.name(page(row).kindModel[row & MASK] >>> 16);
    }

    /** For a problem row, what the problem is; else null. */
    public ProblemKind problemKind(int row) {
        return isProblem(row) ? ProblemKind.values()[page(row).kindModel[row & MASK] >>> 16] : null;
    }

    /** {@code message.role} when a string, else "". */
    public String role(int row) {
        return roles.name(page(row).toolRole[row & MASK] & 0xFFFF);
    }

    /** {@code message.model} when a string, else "". */
    public String model(int row) {
        return models.name(page(row).kindModel[row & MASK] & 0xFFFF);
    }

    /** The tool of a call row (its first {@code tool_use}), or of the call a result row answers; else "". */
    public String tool(int row) {
        return tools.name(page(row).toolRole[row & MASK] >>> 16);
    }

    /** For a call row, the row of its first result; for a result row, the row of its call; else -1. */
    public int pair(int row) {
        return page(row).pair[row & MASK];
    }

    /** The kept message of a problem row, or null (beyond {@link #KEPT_PROBLEM_MESSAGES}: re-read it). */
    public synchronized String problemMessage(int row) {
        return problemMessages.get(row);
    }

    public synchronized List<AgentLink> agentLinks() {
        return List.copyOf(agentLinks);
    }

    /** Distinct record kinds seen so far, in order of first appearance. */
    public List<String> kinds() {
        return kinds.all();
    }

    /** Distinct roles seen so far. */
    public List<String> roles() {
        return roles.all();
    }

    /** The row whose physical line is {@code line}, or -1 (a blank line, or beyond the rows published). */
    public int rowOfLine(long line) {
        int r = rowAtOrAfterLine(line);
        return r < size && line(r) == line ? r : -1;
    }

    /** The first row at or after {@code line}; {@link #size()} when none. */
    public int rowAtOrAfterLine(long line) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (line(mid) < line) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The row whose line holds byte {@code offset} of the file, or -1 (a blank line, or not published yet). */
    public int rowAt(long offset) {
        int lo = 0;
        int hi = size - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (offset(mid) <= offset) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found >= 0 && offset < offset(found) + length(found) ? found : -1;
    }

    private Page page(int row) {
        if (row < 0 || row >= size) {
            throw new IndexOutOfBoundsException("row " + row + " of " + size);
        }
        return pages[row >>> PAGE_BITS];
    }

    // ---- the writer's side (TranscriptPass), one thread ----

    /** Writes row {@code row} (the next unwritten one) without publishing it. */
    void write(int row, long line, long offset, long length, long time, int flags, int kind, int model, int tool,
               int role) {
        Page[] ps = pages;
        int p = row >>> PAGE_BITS;
        int i = row & MASK;
        if (p == ps.length) {
            ps = Arrays.copyOf(ps, ps.length + 1);
            ps[p] = new Page(p == 0 ? FIRST_PAGE : PAGE);
            pages = ps;
        } else if (i == ps[p].capacity()) { // only the first page grows; readers see the copy through the volatile
            ps = ps.clone();
            ps[p] = ps[p].grown();
            pages = ps;
        }
        Page page = ps[p];
        page.line[i] = line;
        page.offset[i] = offset;
        page.length[i] = length;
        page.time[i] = time;
        page.flags[i] = flags;
        page.pair[i] = -1;
        page.kindModel[i] = (kind << 16) | model;
        page.toolRole[i] = (tool << 16) | role;
    }

    /** Publishes every row written so far. */
    void publish(int newSize) {
        size = newSize;
    }

    /** The writer's view of a row that may not be published yet. */
    int pendingPair(int row) {
        return pages[row >>> PAGE_BITS].pair[row & MASK];
    }

    void setPair(int row, int other) {
        pages[row >>> PAGE_BITS].pair[row & MASK] = other;
    }

    void setFlags(int row, int flags) {
        pages[row >>> PAGE_BITS].flags[row & MASK] = flags;
    }

    void setTool(int row, int tool) {
        Page p = pages[row >>> PAGE_BITS];
        p.toolRole[row & MASK] = (tool << 16) | (p.toolRole[row & MASK] & 0xFFFF);
    }

    int toolCode(int row) {
        return pages[row >>> PAGE_BITS].toolRole[row & MASK] >>> 16;
    }

    void setTerminalRow(int row) {
        terminalRow = row;
    }

    synchronized void addAgentLink(AgentLink link) {
        agentLinks.add(link);
    }

    synchronized void keepProblemMessage(int row, String message) {
        if (problemMessages.size() < KEPT_PROBLEM_MESSAGES) {
            problemMessages.put(row, message);
        }
    }

    /** The program that wrote the transcript, from its first record (docs/FORMAT.md, "Harnesses"). */
    public Harness harness() {
        return harness;
    }

    void harness(Harness h) {
        harness = h;
    }

    /**
     * The harness's version as the first record that states one states it (Claude Code's top-level {@code version},
     * Codex's {@code session_meta} {@code cli_version}), or null when none does: read by the one pass.
     */
    public String harnessVersion() {
        return harnessVersion;
    }

    void harnessVersion(String v) {
        if (harnessVersion == null) {
            harnessVersion = v;
        }
    }

    void identity(String sessionId, String agentId) {
        if (this.sessionId == null && sessionId != null) {
            this.sessionId = sessionId;
        }
        if (this.agentId == null && agentId != null) {
            this.agentId = agentId;
        }
    }

    void counts(long records, long problems, long sidechainRecords) {
        this.records = records;
        this.problems = problems;
        this.sidechainRecords = sidechainRecords;
    }

    void progress(long bytesIndexed, long fileSize) {
        this.bytesIndexed = bytesIndexed;
        this.fileSize = fileSize;
    }

    void finish(long physicalLines, TranscriptJudgement judgement) {
        finish(physicalLines, judgement, null);
    }

    void finish(long physicalLines, TranscriptJudgement judgement, String changed) {
        this.physicalLines = physicalLines;
        this.judgement = judgement;
        this.changed = changed;
        this.complete = true;
    }

    /**
     * Why the rows may not be the file's (docs/VERDICTS.md, "Reading"): the file changed while the pass read it — the
     * {@link dev.coroner.core.read.FileStamp} note, in its one wording — or null when it did not, or the pass has not
     * finished. A follower's index, which reads a file as it grows, has none.
     */
    public String changed() {
        return changed;
    }

    /**
     * What the model calls used (docs/COST.md), read by the pass: {@link TranscriptUsage#EMPTY} until the index is
     * complete. A pass whose scope reads no usage refuses ({@link TranscriptJudgement#usage()}).
     */
    public TranscriptUsage usage() {
        TranscriptJudgement j = judgement;
        return j == null ? TranscriptUsage.EMPTY : j.usage();
    }

    /**
     * What the pass kept to judge this transcript without reading it again: the terminal verdict, the call stream,
     * the code-block links and the usage. Null until {@link #complete()}.
     */
    public TranscriptJudgement judgement() {
        return judgement;
    }
}
