package dev.coroner.app.report;

import dev.coroner.core.report.ReportGrammar;
import dev.coroner.core.workspace.Workspace;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a report is built from, found the same way by {@code coroner report} and the window's File ▸ Export
 * (docs/ARCHITECTURE.md, "Reports"): a workspace's transcripts and grammar, and the grammar bundled with Coroner
 * recognised as bundled wherever it was unpacked. No JavaFX here: the command line uses it.
 */
public final class ReportInputs {
    /** The bundled Claude Code grammar, under the fixtures. */
    private static final String BUNDLED = "precursor/claude-code.toml";

    private ReportInputs() {
    }

    /** The bundled Claude Code grammar on disk (unpacked from the jar when Coroner runs from one). */
    public static Path bundledGrammar() {
        return Fixtures.path(BUNDLED);
    }

    /**
     * Whether {@code grammar} is the bundled grammar: this run's copy, one unpacked under the user's data folder
     * ({@code bundled/<16 hex digits>/}), or a copy an earlier version unpacked to a temporary
     * {@code coroner-fixtures-*} folder (a workspace saved then names that folder, gone since).
     */
    public static boolean isBundled(Path grammar) {
        Path p = grammar.toAbsolutePath().normalize();
        Path folder = p.getParent();
        Path fixtures = folder == null ? null : folder.getParent();
        if (!"claude-code.toml".equals(String.valueOf(p.getFileName())) || fixtures == null
                || !"precursor".equals(String.valueOf(folder.getFileName()))) {
            return false;
        }
        String name = String.valueOf(fixtures.getFileName());
        Path home = fixtures.getParent();
        // unpacked once per content under the user's data folder: bundled/<16 hex digits>/ (fixtures.Fixtures)
        boolean unpacked = home != null && "bundled".equals(String.valueOf(home.getFileName()))
                && name.matches("[0-9a-f]{16}");
        return unpacked || name.startsWith("coroner-fixtures-") || fixtures.endsWith(Path.of("dev", "coroner", "fixtures"));
    }

    /** A grammar file as a report names it: the bundled one as bundled (this run's copy when that one is gone). */
    public static ReportGrammar grammar(Path file) throws IOException {
        if (isBundled(file)) {
            return ReportGrammar.bundled(Files.isRegularFile(file) ? file : bundledGrammar());
        }
        return ReportGrammar.file(file);
    }

    /** The transcripts a workspace opened, in the order it opened them. */
    public static List<Path> transcripts(Workspace w) {
        return w.transcripts().stream().map(t -> Path.of(t.path())).toList();
    }

    /** A workspace's grammar: its file (the bundled one as bundled), its inline text, or none. */
    public static ReportGrammar grammar(Workspace w) throws IOException {
        if (w.grammar() == null) {
            return ReportGrammar.NONE;
        }
        if (w.grammar().inline() != null) {
            return ReportGrammar.inline(w.grammar().inline());
        }
        return grammar(Path.of(w.grammar().path()));
    }
}
