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
import dev.coroner.core.report.Sha256;
import dev.coroner.core.workspace.Workspace.TranscriptRef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Workspace files on disk (docs/ARCHITECTURE.md, "Workspaces"): read with the four-way classification of every durable
 * file, written atomically, and never written over a file this version could not read.
 */
public final class WorkspaceFiles {
    /** Puts bytes in a file whole or not at all; {@link AtomicWrite#replace} outside tests. */
    @FunctionalInterface
    public interface Writer {
        void replace(Path target, byte[] bytes) throws IOException;
    }

    /** What opening a workspace file gave. */
    public record Opened(Workspace workspace, ReadabilityVerdict verdict) {
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
        byte[] bytes = Files.readAllBytes(path);
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
            return new Opened(WorkspaceJson.read(root), v);
        } catch (IllegalArgumentException damaged) {
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

    /** "line 3, column 14" of a parse failure, or "as a whole" when the parser gave no place. */
    private static String where(JsonLocation at) {
        if (at == null || at.getLineNr() < 1) {
            return "as a whole";
        }
        return "line " + at.getLineNr() + ", column " + at.getColumnNr();
    }
}
