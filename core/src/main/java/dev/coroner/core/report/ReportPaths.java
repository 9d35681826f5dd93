package dev.coroner.core.report;

import dev.coroner.core.text.PathText;
import java.io.File;
import java.nio.file.Path;
import java.util.List;

/**
 * How a report names files (docs/ARCHITECTURE.md, "Reports"): relative to the corpus root, the deepest folder that
 * holds every transcript (their common ancestor when they sit under several roots), so a report shared with a reviewer
 * does not spell out a home folder, or any folder above the corpus, in any line. The root is named once, in the
 * header, by its own folder name: no absolute path is written. {@link #absolute()} names every file by its absolute
 * path instead ({@code --absolute-paths}).
 * A name's bytes that are not UTF-8 are written {@code \xNN} ({@link PathText}).
 */
public final class ReportPaths {
    private final Path root;

    private ReportPaths(Path root) {
        this.root = root;
    }

    /** Paths relative to the common ancestor of {@code transcripts}' folders. */
    public static ReportPaths relative(List<Path> transcripts) {
        Path common = null;
        for (Path t : transcripts) {
            Path folder = absolute(t).getParent();
            common = common == null ? folder : commonAncestor(common, folder);
        }
        return new ReportPaths(common);
    }

    /** Every path absolute, no root. */
    public static ReportPaths absolute() {
        return new ReportPaths(null);
    }

    /**
     * The root as the report's header names it: its folder name ("corpus"; "/" for the file system's root), never the
     * folders above it; null when paths are absolute or nothing is reported.
     */
    public String root() {
        if (root == null) {
            return null;
        }
        return root.getFileName() == null ? slashes(PathText.of(root)) : PathText.of(root.getFileName());
    }

    /** A transcript as the report names it: relative to the root, {@code /} between folders; absolute without a root. */
    public String name(Path p) {
        Path a = absolute(p);
        if (root == null || !a.startsWith(root)) {
            return slashes(PathText.of(a));
        }
        return slashes(PathText.of(root.relativize(a)));
    }

    /**
     * A file beside the transcripts (the grammar): relative to the root when under it, else by its file name alone —
     * its SHA-256 says which bytes it was; absolute when paths are absolute.
     */
    public String nameBeside(Path p) {
        Path a = absolute(p);
        if (root == null) {
            return slashes(PathText.of(a));
        }
        return a.startsWith(root) ? slashes(PathText.of(root.relativize(a))) : String.valueOf(PathText.of(a.getFileName()));
    }

    private static Path absolute(Path p) {
        return p.toAbsolutePath().normalize();
    }

    private static Path commonAncestor(Path a, Path b) {
        Path c = a;
        while (c != null && !b.startsWith(c)) {
            c = c.getParent();
        }
        return c == null ? a.getRoot() : c;
    }

    private static String slashes(String s) {
        return File.separatorChar == '/' ? s : s.replace(File.separatorChar, '/');
    }
}
