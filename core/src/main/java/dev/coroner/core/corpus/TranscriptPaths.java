package dev.coroner.core.corpus;

import dev.coroner.core.read.TranscriptFile;
import dev.coroner.core.text.PathText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;

/**
 * Turns command-line or dropped paths into transcript paths (docs/VERDICTS.md, "Command line"): a file stands for itself; a folder
 * for every {@code *.jsonl} under it, in byte-wise path order. Symlinks are followed; a loop is noted and
 * skipped, never followed forever. A folder named that cannot be listed stands for itself, named explicitly, so it gets
 * its UNREADABLE row ("permission denied") instead of passing for a corpus with nothing in it.
 */
public final class TranscriptPaths {

    /** One transcript to judge; {@code explicit} when the user named it rather than a folder holding it. */
    public record Input(Path path, boolean explicit) {
    }

    /** The inputs, and notes for a person about what was skipped while walking folders. */
    public record Expansion(List<Input> inputs, List<String> notes) {
        public Expansion {
            inputs = List.copyOf(inputs);
            notes = List.copyOf(notes);
        }
    }

    /**
     * Byte-wise UTF-8 order of the path text ({@link PathText}: two names Java decodes alike stay two): the same on
     * every machine, never the default locale.
     */
    public static final Comparator<Path> BYTEWISE = (a, b) -> Arrays.compareUnsigned(
            PathText.of(a).getBytes(StandardCharsets.UTF_8), PathText.of(b).getBytes(StandardCharsets.UTF_8));

    private TranscriptPaths() {
    }

    public static Expansion expand(List<Path> given) {
        List<Input> inputs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Path p : given) {
            if (Files.isDirectory(p)) {
                if (!listable(p)) {
                    // named, and nothing under it can be seen: its own UNREADABLE row (exit 2), never a corpus
                    // where nothing died (TranscriptFile names why: "permission denied")
                    inputs.add(new Input(p, true));
                    continue;
                }
                List<Path> found = new ArrayList<>();
                walk(p, found, notes);
                if (found.isEmpty()) {
                    // said, so a folder named by mistake is not read as a corpus where nothing died
                    notes.add("no *.jsonl transcripts in " + PathText.of(p));
                }
                found.sort(BYTEWISE);
                found.forEach(f -> inputs.add(new Input(f, false)));
            } else {
                inputs.add(new Input(p, true));
            }
        }
        return new Expansion(inputs, notes);
    }

    /** Whether the folder's entries can be listed (a mode-000 folder, or one of another user's, cannot). */
    private static boolean listable(Path dir) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            return true;
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    private static void walk(Path dir, List<Path> found, List<String> notes) {
        try {
            Files.walkFileTree(dir, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                            if (file.getFileName().toString().endsWith(".jsonl") && !attrs.isDirectory()) {
                                found.add(file);
                            }
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFileFailed(Path file, IOException e) {
                            if (e instanceof FileSystemLoopException) {
                                notes.add("skipped " + PathText.of(file) + ": a symbolic link loops back to a folder above it");
                            } else if (file.getFileName() != null && file.getFileName().toString().endsWith(".jsonl")) {
                                found.add(file); // judged as UNREADABLE with its own reason
                            } else {
                                notes.add("skipped " + PathText.of(file) + ": " + TranscriptFile.failed(file, e).reason());
                            }
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            notes.add("could not walk " + PathText.of(dir) + ": " + e.getMessage());
        }
    }
}
