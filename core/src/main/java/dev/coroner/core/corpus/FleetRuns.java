package dev.coroner.core.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coroner.core.read.Harness;
import dev.coroner.core.read.TranscriptJson;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.NoRun;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalEvidence;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.terminal.TrailingFailure;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A fleet job's {@code OUT/runs} written as JSON lines ({@code --format json}, docs/FLEET.md, "Opening the runs table"):
 * a corpus of verdicts, read as the job wrote them, without reading a transcript. Told by its content, never its name:
 * a folder whose {@code part-*} files hold JSON lines with the keys of {@code coroner verdict --json}. Each row keeps its
 * place (part file and line); a line that is no such row is a problem row at that place, never dropped.
 */
public final class FleetRuns {
    /** The keys every row has: {@code coroner verdict --json}'s (its {@code api_status}, {@code error} may be null). */
    static final List<String> VERDICT_KEYS = List.of("path", "state", "dead", "class", "reason", "kind", "harness");
    /** A line longer than this is a problem row, not read into memory. */
    static final int MAX_LINE_BYTES = 16 << 20;
    /** How much of the first part file is looked at to tell a runs table. */
    private static final int PEEK_BYTES = 1 << 20;

    /** What a folder is, to the window and {@code coroner report}. */
    public enum Kind {
        /** Not a runs table: a folder (or file) of transcripts, as ever. */
        NONE,
        /** A runs table in JSON lines: opened as a corpus of verdicts. */
        JSON,
        /** A runs table in Parquet (the job's default): Coroner does not read Parquet, and says so. */
        PARQUET
    }

    /**
     * One row of the table.
     *
     * @param source  the part file's name
     * @param line    1-based line in it
     * @param uri     the row's {@code path} as the job wrote it (a full URI: {@code file:/…}, {@code hdfs://…}); for
     *                a problem row, the part file and line
     * @param local   the file on this machine, when the path is a local one ({@code file:} or no scheme); else null
     * @param verdict the row's verdict; a problem row's is UNREADABLE with why the line is no row
     * @param problem why the line is no row, or null for a row
     */
    public record Row(String source, long line, String uri, Path local, TerminalVerdict verdict, Long size,
                      String sha256, String sessionId, String harnessVersion, long warns, long unmatchedBlocks,
                      long problemLines, long records, String changed, String problem) {
        /** A row whose file is on this machine now: it opens as usual. */
        public boolean reachable() {
            return local != null && Files.exists(local);
        }

        /** "part-00000-….txt line 3": where the row is in the table. */
        public String place() {
            return source + " line " + line;
        }
    }

    /** The rows of a table, in its order (part files by name, then lines), and notes on files skipped. */
    public record Table(Path folder, List<Row> rows, List<String> notes) {
        public Table {
            rows = List.copyOf(rows);
            notes = List.copyOf(notes);
        }
    }

    private FleetRuns() {
    }

    /**
     * What {@code path} is: a runs table in JSON lines when it is a folder (the job's {@code OUT/runs}, or {@code OUT}
     * itself when it holds {@code runs/} and {@code summary.json}) whose first row has the verdict keys; in Parquet when
     * its part files are {@code *.parquet}; else NONE. Reads at most the first 1 MiB of one part file.
     */
    public static Kind kind(Path path) {
        Path runs = runsFolder(path);
        if (runs == null) {
            return Kind.NONE;
        }
        List<Path> parts = parts(runs);
        if (parts.isEmpty()) {
            return Kind.NONE;
        }
        if (parts.stream().allMatch(p -> p.getFileName().toString().endsWith(".parquet"))) {
            return Kind.PARQUET;
        }
        for (Path part : parts) {
            byte[] head = peek(part);
            if (head == null) {
                continue;
            }
            // any whole line of the first 1 MiB that is a verdict row: a damaged first line is a problem row, not a no
            for (int from = 0, i = 0; i < head.length; i++) {
                if (head[i] == '\n') {
                    JsonNode r = tree(head, from, i);
                    if (r != null && r.isObject() && VERDICT_KEYS.stream().allMatch(r::has)) {
                        return Kind.JSON;
                    }
                    from = i + 1;
                }
            }
        }
        return Kind.NONE;
    }

    /** The folder that holds the part files: {@code path}, or {@code path/runs} for the job's {@code OUT}. */
    private static Path runsFolder(Path path) {
        if (!Files.isDirectory(path)) {
            return null;
        }
        Path runs = path.resolve("runs");
        if (Files.isDirectory(runs) && Files.isRegularFile(path.resolve("summary.json"))) {
            return runs;
        }
        return path;
    }

    /**
     * Reads the table at {@code path} ({@code OUT/runs} or {@code OUT}, as {@link #kind} tells it): every line of every
     * part file, in order. A line that is not a row — not JSON, not an object, a key missing, a value of the wrong kind,
     * {@code dead} that contradicts {@code state} — is a problem row at its place.
     *
     * @throws IOException when the folder cannot be listed
     */
    public static Table read(Path path) throws IOException {
        Path runs = runsFolder(path);
        if (runs == null) {
            throw new IOException(path + " is not a folder");
        }
        Path cwd = Path.of("").toAbsolutePath();
        List<Row> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Path part : parts(runs)) {
            String source = part.getFileName().toString();
            if (source.endsWith(".parquet")) {
                notes.add(source + ": Parquet, which Coroner does not read; run the job with --format json");
                continue;
            }
            if (!Files.isRegularFile(part)) {
                notes.add(source + ": not a regular file, not read");
                continue;
            }
            try (InputStream in = Files.newInputStream(part)) {
                readPart(in, source, cwd, rows);
            } catch (IOException e) {
                notes.add(source + ": could not be read to its end: " + e.getMessage());
            }
        }
        return new Table(runs, rows, notes);
    }

    /** The rows of one part file; lines are split on {@code \n}, a blank line is no row and no problem. */
    private static void readPart(InputStream in, String source, Path cwd, List<Row> rows) throws IOException {
        byte[] buf = new byte[1 << 16];
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean tooLong = false;
        long lineNo = 1;
        for (int n; (n = in.read(buf)) > 0; ) {
            int from = 0;
            for (int i = 0; i < n; i++) {
                if (buf[i] == '\n') {
                    if (!tooLong) {
                        line.write(buf, from, i - from);
                    }
                    add(rows, source, lineNo++, tooLong ? null : line.toByteArray(), cwd);
                    line.reset();
                    tooLong = false;
                    from = i + 1;
                }
            }
            if (!tooLong) {
                line.write(buf, from, n - from);
                if (line.size() > MAX_LINE_BYTES) {
                    tooLong = true;
                    line.reset();
                }
            }
        }
        if (tooLong || line.size() > 0) {
            add(rows, source, lineNo, tooLong ? null : line.toByteArray(), cwd);
        }
    }

    private static void add(List<Row> rows, String source, long lineNo, byte[] bytes, Path cwd) {
        if (bytes != null && isBlank(bytes)) {
            return;
        }
        String problem;
        if (bytes == null) {
            problem = "a line longer than " + (MAX_LINE_BYTES >> 20) + " MiB: no row of a runs table";
        } else {
            try {
                rows.add(row(source, lineNo, TranscriptJson.readTree(bytes), cwd));
                return;
            } catch (IOException e) {
                problem = "not JSON: " + firstLine(e.getMessage());
            } catch (IllegalArgumentException e) {
                problem = e.getMessage();
            }
        }
        String place = source + " line " + lineNo;
        TerminalVerdict v = new TerminalVerdict(TerminalState.UNREADABLE, TerminalClass.NONE, null, null,
                "no row of a runs table at " + place + ": " + problem, TerminalEvidence.unreadable(problem),
                AgentKind.SESSION, null);
        rows.add(new Row(source, lineNo, place, null, v, null, null, null, null, 0, 0, 0, 0, null, problem));
    }

    /** The row a line holds; IllegalArgumentException says why it holds none. */
    private static Row row(String source, long lineNo, JsonNode r, Path cwd) {
        if (r == null || !r.isObject()) {
            throw new IllegalArgumentException("a JSON value that is not an object: no row of a runs table");
        }
        for (String key : VERDICT_KEYS) {
            if (!r.has(key)) {
                throw new IllegalArgumentException("no \"" + key + "\" key: no row of a runs table");
            }
        }
        String uri = text(r, "path", false);
        TerminalState state = value(TerminalState.class, r, "state");
        TerminalClass cls = value(TerminalClass.class, r, "class");
        AgentKind kind = value(AgentKind.class, r, "kind");
        Harness harness = value(Harness.class, r, "harness");
        if (!r.get("dead").isBoolean()) {
            throw new IllegalArgumentException("\"dead\" is not true or false");
        }
        if (r.get("dead").booleanValue() != state.dead()) {
            throw new IllegalArgumentException("\"dead\" is " + r.get("dead").booleanValue() + " but state " + state
                    + " is " + (state.dead() ? "" : "not ") + "dead");
        }
        JsonNode status = r.path("api_status");
        if (!status.isMissingNode() && !status.isNull() && !status.isIntegralNumber()) {
            throw new IllegalArgumentException("\"api_status\" is not a whole number");
        }
        BigInteger apiStatus = status.isIntegralNumber() ? status.bigIntegerValue() : null;
        String noRunLabel = text(r, "no_run", true);
        NoRun noRun = null;
        if (noRunLabel != null) {
            noRun = Arrays.stream(NoRun.values()).filter(n -> n.label().equals(noRunLabel)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("\"no_run\" is none of "
                            + Arrays.stream(NoRun.values()).map(NoRun::label).toList()));
            if (state != TerminalState.EMPTY) {
                throw new IllegalArgumentException("\"no_run\" on a " + state + " row: only an EMPTY file holds no run");
            }
        }
        String reason = text(r, "reason", false);
        TerminalVerdict v = new TerminalVerdict(state, cls, apiStatus, text(r, "error", true), reason,
                state == TerminalState.UNREADABLE ? TerminalEvidence.unreadable(reason) : TerminalEvidence.notFound(),
                kind, trailing(r.path("trailing")), noRun, harness, text(r, "parent", true));
        return new Row(source, lineNo, uri, local(uri, cwd), v, whole(r, "size"), text(r, "sha256", true),
                text(r, "session_id", true), text(r, "harness_version", true), count(r, "warns"),
                count(r, "unmatched_blocks"), count(r, "problem_lines"), count(r, "records"), text(r, "changed", true),
                null);
    }

    private static TrailingFailure trailing(JsonNode t) {
        if (t.isMissingNode() || t.isNull()) {
            return null;
        }
        if (!t.isObject() || !t.path("line").isIntegralNumber() || !t.path("class").isTextual()) {
            throw new IllegalArgumentException("\"trailing\" is not a trailing failure ({\"line\", …, \"class\"})");
        }
        TerminalClass cls = value(TerminalClass.class, t, "class");
        return new TrailingFailure(t.get("line").longValue(), integer(t, "attempt"), integer(t, "max"),
                integer(t, "status"), text(t, "cause", true), cls, text(t, "reason", true));
    }

    /**
     * The file a row's path names on this machine: a {@code file:} URI's path, or a path with no scheme (as
     * {@code coroner verdict --json} writes them, relative ones against the working folder); null for any other file
     * system ({@code hdfs:}, {@code s3a:}, …), which the window does not read.
     */
    static Path local(String uri, Path cwd) {
        String p = uri;
        int colon = p.indexOf(':');
        boolean scheme = colon > 1 && p.substring(0, colon).matches("[A-Za-z][A-Za-z0-9+.-]*");
        if (scheme) {
            if (!p.regionMatches(true, 0, "file:", 0, 5)) {
                return null;
            }
            p = p.substring(5);
            if (p.startsWith("//")) { // file://host/path: only this machine's
                int slash = p.indexOf('/', 2);
                String host = slash < 0 ? p.substring(2) : p.substring(2, slash);
                if (!host.isEmpty() && !host.equalsIgnoreCase("localhost")) {
                    return null;
                }
                p = slash < 0 ? "/" : p.substring(slash);
            }
        }
        try {
            return cwd.resolve(Path.of(p)).normalize();
        } catch (InvalidPathException e) {
            return null;
        }
    }

    private static <E extends Enum<E>> E value(Class<E> type, JsonNode r, String key) {
        String s = text(r, key, false);
        try {
            return Enum.valueOf(type, s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("\"" + key + "\" is " + quoted(s) + ", none of "
                    + Arrays.toString(type.getEnumConstants()));
        }
    }

    private static String text(JsonNode r, String key, boolean nullable) {
        JsonNode v = r.path(key);
        if (v.isTextual()) {
            return v.textValue();
        }
        if (nullable && (v.isNull() || v.isMissingNode())) {
            return null;
        }
        throw new IllegalArgumentException("\"" + key + "\" is not " + (nullable ? "a string or null" : "a string"));
    }

    private static Long whole(JsonNode r, String key) {
        JsonNode v = r.path(key);
        if (v.isNull() || v.isMissingNode()) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
            throw new IllegalArgumentException("\"" + key + "\" is not a count of bytes");
        }
        return v.longValue();
    }

    /** A fleet count; 0 when absent (a line of {@code coroner verdict --json} has none). */
    private static long count(JsonNode r, String key) {
        Long n = whole(r, key);
        return n == null ? 0 : n;
    }

    private static Integer integer(JsonNode t, String key) {
        JsonNode v = t.path(key);
        return v.isInt() ? v.intValue() : null;
    }

    private static String quoted(String s) {
        String cut = s.length() > 40 ? s.substring(0, 40) + "…" : s;
        return "\"" + cut + "\"";
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    private static boolean isBlank(byte[] b) {
        for (byte x : b) {
            if (x != ' ' && x != '\t' && x != '\r') {
                return false;
            }
        }
        return true;
    }

    /** The folder's {@code part-*} files (Spark's; its {@code .crc} checksums and {@code _SUCCESS} are not), by name. */
    private static List<Path> parts(Path runs) {
        List<Path> parts = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(runs, "part-*")) {
            for (Path p : s) {
                if (!p.getFileName().toString().endsWith(".crc") && !Files.isDirectory(p)) {
                    parts.add(p);
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        parts.sort((a, b) -> Arrays.compareUnsigned(a.getFileName().toString().getBytes(StandardCharsets.UTF_8),
                b.getFileName().toString().getBytes(StandardCharsets.UTF_8)));
        return parts;
    }

    /** The first 1 MiB of a regular file, or null when it cannot be read (a pipe is never opened). */
    private static byte[] peek(Path part) {
        if (!Files.isRegularFile(part)) {
            return null;
        }
        try (InputStream in = Files.newInputStream(part)) {
            return in.readNBytes(PEEK_BYTES);
        } catch (IOException e) {
            return null;
        }
    }

    private static JsonNode tree(byte[] b, int from, int to) {
        try {
            return TranscriptJson.readTree(b, from, to - from);
        } catch (IOException e) {
            return null;
        }
    }

    /** "1,234 rows of a fleet's runs table, 1 line that is no row": for status lines. */
    public static String describe(Table t) {
        long problems = t.rows().stream().filter(r -> r.problem() != null).count();
        long rows = t.rows().size() - problems;
        return String.format(Locale.ROOT, "%,d %s of a fleet's runs table%s", rows, rows == 1 ? "row" : "rows",
                problems == 0 ? "" : problems == 1 ? ", 1 line that is no row"
                        : String.format(Locale.ROOT, ", %,d lines that are no row", problems));
    }
}
