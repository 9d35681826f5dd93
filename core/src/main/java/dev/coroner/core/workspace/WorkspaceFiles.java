package dev.coroner.core.workspace;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.coroner.core.durable.AtomicWrite;
import dev.coroner.core.durable.DurableSchema;
import dev.coroner.core.durable.Readability;
import dev.coroner.core.durable.ReadabilityVerdict;
import dev.coroner.core.durable.RegularFiles;
import dev.coroner.core.durable.Sha256;
import dev.coroner.core.workspace.Workspace.Comparison;
import dev.coroner.core.workspace.Workspace.GrammarRef;
import dev.coroner.core.workspace.Workspace.Selection;
import dev.coroner.core.workspace.Workspace.TranscriptRef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Workspace files on disk (docs/ARCHITECTURE.md, "Workspaces"): read with the classification of every durable file,
 * through the one opener of regular files and up to {@link #CAP}, written atomically, and never written over a file
 * this version could not read. A path in a workspace is read against the workspace's folder; one outside that folder
 * is named, not read on the file's word (docs/VERDICTS.md, "Files Coroner reads and writes").
 */
public final class WorkspaceFiles {
    /** Puts bytes in a file whole or not at all; {@link AtomicWrite#replace} outside tests. */
    @FunctionalInterface
    public interface Writer {
        void replace(Path target, byte[] bytes) throws IOException;
    }

    /**
     * What opening a workspace file gave.
     *
     * @param workspace its paths resolved against the workspace's folder, absolute
     * @param outside   the files it would have the window read (transcripts, the grammar) that lie outside the
     *                  workspace's folder, links followed: read only when a person agrees (docs/VERDICTS.md, "Files
     *                  Coroner reads and writes")
     */
    public record Opened(Workspace workspace, ReadabilityVerdict verdict, List<Path> outside) {
        public Opened {
            outside = List.copyOf(outside);
        }

        /** A warning to show, or null: an untagged file is read as version 1 and says so. */
        public String warning() {
            return verdict.readability() == Readability.UNTAGGED
                    ? "This workspace file carries no schema tag; it was read as " + Workspace.FAMILY + " version 1. "
                    + "Check what it shows; saving it adds the tag."
                    : null;
        }
    }

    /** One JSON value and nothing after it: what follows a workspace would otherwise be dropped by the next save. */
    private static final ObjectReader JSON = new ObjectMapper().reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final WorkspaceFiles ATOMIC = new WorkspaceFiles(AtomicWrite::replace);

    /**
     * The largest workspace read: a workspace holds paths, hashes and notes, so even ten thousand transcripts with their
     * notes stay far below it, and a larger file (a 76 MB one took 31 s and 700 MB) is refused with its size.
     */
    public static final long CAP = 16_000_000;
    /** How a workspace file's name ends: what the window and {@code coroner snapshot} open as one. */
    public static final String SUFFIX = ".coroner.json";

    private final Writer writer;

    WorkspaceFiles(Writer writer) {
        this.writer = writer;
    }

    /** The files, written with {@link AtomicWrite}. */
    public static WorkspaceFiles atomic() {
        return ATOMIC;
    }

    /**
     * Reads the workspace at {@code path}. READABLE is read; UNTAGGED is read as version 1 when it has the shape of one
     * (a {@code transcripts} list) and the result carries a warning; anything else is refused, a file that is not one
     * JSON value (torn, or with something after the workspace) included.
     *
     * @throws WorkspaceRefusedException the file is a newer workspace, another family, or not a workspace
     * @throws IOException               the file could not be read
     */
    public static Opened open(Path path) throws IOException, WorkspaceRefusedException {
        byte[] bytes;
        try {
            bytes = RegularFiles.readAll(path, CAP);
        } catch (RegularFiles.Refused e) {
            throw new WorkspaceRefusedException(path.getFileName() + ": " + e.getMessage() + "; nothing was opened from it.",
                    null);
        }
        JsonNode root;
        String notJson = null;
        try {
            root = JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            root = null;
            notJson = where(e.getLocation());
        } catch (IOException e) { // bytes Jackson takes for UTF-32 and cannot decode (CharConversionException)
            root = null;
            notJson = "not readable as UTF-8, UTF-16 or UTF-32";
        }
        ReadabilityVerdict v = DurableSchema.classify(root, Workspace.FAMILY, Workspace.VERSION);
        String name = String.valueOf(path.getFileName());
        if (notJson != null) {
            throw new WorkspaceRefusedException(name + " is not one JSON value (" + notJson + "): it is torn, or is not"
                    + " a workspace; this Coroner reads " + v.family() + " " + v.supported() + ".", v);
        }
        switch (v.readability()) {
            case UNREADABLE_NEWER -> throw new WorkspaceRefusedException(name + " is " + v.found().family()
                    + " version " + v.found().version() + "; this Coroner reads " + v.family() + " " + v.supported()
                    + ". Open it with a newer Coroner.", v);
            case MALFORMED -> throw new WorkspaceRefusedException(name + ": " + v.reason() + ". This Coroner reads "
                    + v.family() + " " + v.supported() + ".", v);
            case WRONG_FAMILY -> throw new WorkspaceRefusedException(name + " is a " + v.found().family()
                    + " file (version " + v.found().version() + "), not a workspace; this Coroner reads "
                    + v.family() + " " + v.supported() + ".", v);
            case UNTAGGED -> {
                if (root == null || !root.isObject() || !root.has("transcripts")) {
                    throw new WorkspaceRefusedException(name + " declares no family or version and is not a "
                            + "workspace (no \"transcripts\" list); this Coroner reads " + v.family() + " "
                            + v.supported() + ".", v);
                }
            }
            case READABLE -> {
            }
        }
        try {
            Path folder = path.toAbsolutePath().normalize().getParent();
            Workspace w = resolved(WorkspaceJson.read(root), folder);
            return new Opened(w, v, outside(w, folder));
        } catch (IllegalArgumentException damaged) { // InvalidPathException included: a path no file can have
            throw new WorkspaceRefusedException(name + " is damaged: " + damaged.getMessage()
                    + ". Nothing was opened from it.", null);
        }
    }

    /**
     * Why {@code target} must not be written over, or null when it may: it does not exist, is empty, or is a workspace
     * this version reads (tagged version 1, or untagged with a workspace's shape).
     */
    public static String refusalToReplace(Path target) throws IOException {
        if (!Files.exists(target) || Files.isRegularFile(target) && Files.size(target) == 0) {
            return null;
        }
        if (!Files.isRegularFile(target)) {
            return target.getFileName() + " is not a file; nothing was written.";
        }
        try {
            open(target);
            return null;
        } catch (WorkspaceRefusedException e) {
            return "Not saved over " + e.getMessage() + " Choose another name.";
        }
    }

    /**
     * Writes {@code workspace} to {@code target} atomically, unless {@code target} is a file this version could not
     * read.
     *
     * @throws WorkspaceRefusedException {@link #refusalToReplace} gave a reason; the file is untouched
     */
    public void save(Path target, Workspace workspace) throws IOException, WorkspaceRefusedException {
        String refusal = refusalToReplace(target);
        if (refusal != null) {
            throw new WorkspaceRefusedException(refusal, null);
        }
        writer.replace(target, WorkspaceJson.bytes(workspace));
    }

    /** The bytes {@link #save} writes: deterministic for the same workspace. */
    public static byte[] bytes(Workspace workspace) {
        return WorkspaceJson.bytes(workspace);
    }

    /** A transcript as a workspace records it now: its path, SHA-256 and size, or no hash when it cannot be read. */
    public static TranscriptRef describe(Path transcript) {
        Path p = transcript.toAbsolutePath().normalize();
        try {
            Sha256.Digest d = Sha256.of(p);
            return new TranscriptRef(p.toString(), d.hex(), d.size());
        } catch (IOException e) {
            return new TranscriptRef(p.toString(), null, -1);
        }
    }

    /** Whether {@code ref}'s transcript is still where it was, as it was. */
    public static TranscriptStatus check(TranscriptRef ref) {
        Path p = Path.of(ref.path());
        if (!Files.isRegularFile(p)) {
            return TranscriptStatus.MISSING;
        }
        try {
            if (ref.size() >= 0 && Files.size(p) != ref.size()) {
                return TranscriptStatus.CHANGED;
            }
            if (ref.sha256() == null) {
                return TranscriptStatus.SAME; // nothing recorded to compare: it is there
            }
            return Sha256.of(p).hex().equals(ref.sha256()) ? TranscriptStatus.SAME : TranscriptStatus.CHANGED;
        } catch (IOException e) {
            return TranscriptStatus.MISSING;
        }
    }

    /** {@code w} with every path in it resolved against {@code folder} and normalized: what the window opens. */
    private static Workspace resolved(Workspace w, Path folder) {
        List<TranscriptRef> transcripts = w.transcripts().stream()
                .map(t -> new TranscriptRef(against(folder, t.path()), t.sha256(), t.size())).toList();
        GrammarRef g = w.grammar();
        GrammarRef grammar = g == null || g.path() == null ? g : new GrammarRef(against(folder, g.path()), g.sha256(), null);
        List<Annotation> annotations = w.annotations().stream().map(a -> new Annotation(against(folder, a.transcript()),
                a.sha256(), a.line(), a.note(), a.override())).toList();
        Selection sel = w.selection() == null ? null
                : new Selection(against(folder, w.selection().transcript()), w.selection().line());
        Comparison c = w.comparison() == null ? null
                : new Comparison(against(folder, w.comparison().a()), against(folder, w.comparison().b()));
        return new Workspace(transcripts, grammar, annotations, w.rejectedProposals(), sel, w.layout(), c,
                w.filters());
    }

    /**
     * {@code path} read against the workspace's folder; a {@code bundled:…} name stays as it is: it names Coroner's own
     * bundled files, wherever this Coroner keeps them ({@link BundledNames} resolves it).
     */
    private static String against(Path folder, String path) {
        return BundledNames.isName(path) ? path : folder.resolve(Path.of(path)).normalize().toString();
    }

    /** The transcripts and grammar file of {@code w} (resolved) that lie outside {@code folder}, links followed. */
    private static List<Path> outside(Workspace w, Path folder) {
        Path inside = real(folder);
        List<Path> files = new ArrayList<>();
        // a bundled:… name is Coroner's own file, not one the workspace reaches for
        w.transcripts().stream().map(TranscriptRef::path).filter(p -> !BundledNames.isName(p))
                .forEach(p -> files.add(Path.of(p)));
        if (w.grammar() != null && w.grammar().path() != null && !BundledNames.isName(w.grammar().path())) {
            files.add(Path.of(w.grammar().path()));
        }
        if (w.comparison() != null) { // the Compare view reads both sides when it reopens
            for (String side : List.of(w.comparison().a(), w.comparison().b())) {
                if (!BundledNames.isName(side)) {
                    files.add(Path.of(side));
                }
            }
        }
        return files.stream().filter(p -> !real(p).startsWith(inside)).distinct().toList();
    }

    /** {@code p} with its links followed where it exists; as it is where it does not (nothing to read there). */
    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException | SecurityException e) {
            return p;
        }
    }

    /** "line 3, column 14" of a parse failure, or "as a whole" when the parser gave no place. */
    private static String where(JsonLocation at) {
        if (at == null || at.getLineNr() < 1) {
            return "as a whole";
        }
        return "line " + at.getLineNr() + ", column " + at.getColumnNr();
    }
}
