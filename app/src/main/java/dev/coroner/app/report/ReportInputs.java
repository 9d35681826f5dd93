package dev.coroner.app.report;

import dev.coroner.core.read.Harness;
import dev.coroner.core.report.ReportGrammar;
import dev.coroner.core.workspace.Workspace;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a report is built from, found the same way by {@code coroner report} and the window's File ▸ Export
 * (docs/ARCHITECTURE.md, "Reports"): a workspace's transcripts and grammar, and the grammars bundled with Coroner
 * (Claude Code's and Codex CLI's) recognised as bundled wherever they were unpacked. No JavaFX here: the command line uses it.
 */
public final class ReportInputs {
    /** The bundled Claude Code grammar, under the fixtures. */
    private static final String BUNDLED = "precursor/claude-code.toml";
    /** The bundled grammars' file names, one per harness, each under the fixtures' {@code precursor/}. */
    private static final Map<Harness, String> BUNDLED_NAMES = new EnumMap<>(Map.of(
            Harness.CLAUDE_CODE, "claude-code.toml", Harness.CODEX, "codex.toml"));

    private ReportInputs() {
    }

    /** The bundled Claude Code grammar on disk (unpacked from the jar when Coroner runs from one). */
    public static Path bundledGrammar() {
        return Fixtures.path(BUNDLED);
    }

    /** The bundled grammar for {@code harness}'s transcripts on disk: Claude Code's, or Codex CLI's. */
    public static Path bundledGrammar(Harness harness) {
        return Fixtures.path("precursor/" + BUNDLED_NAMES.get(harness));
    }

    /** The harness whose bundled grammar {@code grammar} is, or null when it is not a bundled grammar. */
    public static Harness bundledFor(Path grammar) {
        if (grammar == null || !isBundled(grammar)) {
            return null;
        }
        String name = String.valueOf(grammar.getFileName());
        return BUNDLED_NAMES.entrySet().stream().filter(e -> e.getValue().equals(name)).map(Map.Entry::getKey)
                .findFirst().orElse(null);
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
        if (!BUNDLED_NAMES.containsValue(String.valueOf(p.getFileName())) || fixtures == null
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
            return ReportGrammar.bundled(Files.isRegularFile(file) ? file : bundledGrammar(bundledFor(file)));
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
