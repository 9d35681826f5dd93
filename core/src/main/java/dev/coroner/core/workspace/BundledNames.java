package dev.coroner.core.workspace;

import dev.coroner.core.workspace.Workspace.GrammarRef;
import dev.coroner.core.workspace.Workspace.Selection;
import dev.coroner.core.workspace.Workspace.TranscriptRef;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * How a workspace names the files Coroner ships, the demo corpus and the bundled grammar (docs/ARCHITECTURE.md,
 * "Workspaces"): not by the folder they happen to be unpacked to, which differs between machines and versions, but as
 * {@code bundled:} and their path under the bundled folder with {@code /} separators
 * ({@code bundled:demo/7f3c….jsonl}, {@code bundled:precursor/claude-code.toml}). A saved workspace names them so;
 * an opened one has them resolved against the bundled folder of the Coroner that opens it.
 */
public final class BundledNames {
    /** What starts a bundled name. */
    public static final String PREFIX = "bundled:";

    private final Path root;

    /** @param root the folder the bundled files are in now */
    public BundledNames(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** Whether {@code path}, as a workspace wrote it, is a bundled name rather than a path. */
    public static boolean isName(String path) {
        return path != null && path.startsWith(PREFIX);
    }

    /** Whether {@code w} names any bundled file: in its transcripts, grammar, annotations, selection or comparison. */
    public static boolean names(Workspace w) {
        return w.transcripts().stream().anyMatch(t -> isName(t.path()))
                || w.grammar() != null && isName(w.grammar().path())
                || w.annotations().stream().anyMatch(a -> isName(a.transcript()))
                || w.selection() != null && isName(w.selection().transcript())
                || w.comparison() != null && (isName(w.comparison().a()) || isName(w.comparison().b()));
    }

    /** {@code path} as a workspace names it: {@code bundled:REL} when it is under the bundled folder, else as it is. */
    public String name(String path) {
        Path p;
        try {
            p = Path.of(path).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return path;
        }
        if (!p.startsWith(root) || p.equals(root)) {
            return path;
        }
        return PREFIX + root.relativize(p).toString().replace(p.getFileSystem().getSeparator(), "/");
    }

    /**
     * {@code name} as a path of this machine: a bundled name resolved against the bundled folder, anything else as it
     * is. A bundled name that would leave the bundled folder ({@code bundled:../x}) is not resolved: it stays as
     * written, and names no file.
     */
    public String resolve(String name) {
        if (!isName(name)) {
            return name;
        }
        String rel = name.substring(PREFIX.length());
        try {
            Path p = root.resolve(rel.replace("/", root.getFileSystem().getSeparator())).normalize();
            return p.startsWith(root) && !p.equals(root) && !Path.of(rel).isAbsolute() ? p.toString() : name;
        } catch (InvalidPathException e) {
            return name;
        }
    }

    /** {@code w} with every path under the bundled folder named {@code bundled:…}: what is written to a file. */
    public Workspace named(Workspace w) {
        return map(w, this::name);
    }

    /** {@code w} with every {@code bundled:…} name resolved against the bundled folder: what the window opens. */
    public Workspace resolved(Workspace w) {
        return map(w, this::resolve);
    }

    private static Workspace map(Workspace w, UnaryOperator<String> f) {
        GrammarRef g = w.grammar();
        return new Workspace(
                w.transcripts().stream().map(t -> new TranscriptRef(f.apply(t.path()), t.sha256(), t.size())).toList(),
                g == null || g.path() == null ? g : new GrammarRef(f.apply(g.path()), g.sha256(), null),
                w.annotations().stream().map(a -> new Annotation(f.apply(a.transcript()), a.sha256(), a.line(),
                        a.note(), a.override())).toList(),
                w.rejectedProposals(),
                w.selection() == null ? null : new Selection(f.apply(w.selection().transcript()), w.selection().line()),
                w.layout(),
                w.comparison() == null ? null
                        : new Workspace.Comparison(f.apply(w.comparison().a()), f.apply(w.comparison().b())),
                w.filters());
    }
}
