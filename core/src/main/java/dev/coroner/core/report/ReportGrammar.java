package dev.coroner.core.report;

import dev.coroner.core.durable.Sha256;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.precursor.GrammarLoader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The precursor grammar a report's WARNs are judged with, and how the report names it (docs/ARCHITECTURE.md,
 * "Reports"): a file by its path (relative to the corpus root, see {@link ReportPaths}), the grammar bundled with
 * Coroner as bundled — never by the temporary folder it was unpacked to — and a workspace's inline grammar as inline.
 *
 * @param settings the grammar loaded ({@link AnalysisSettings#NONE} for none); the caller checks that it loaded
 * @param origin   null for none
 * @param file     the file read, or null (inline, none)
 * @param sha256   of the file's bytes, or of the inline text's UTF-8 bytes; null for none
 */
public record ReportGrammar(AnalysisSettings settings, Origin origin, Path file, String sha256) {
    /** Where the grammar came from. */
    public enum Origin {
        /** A grammar file the person chose. */
        FILE,
        /** The Claude Code grammar bundled with Coroner. */
        BUNDLED,
        /** Text kept inside a workspace, with no file of its own. */
        INLINE
    }

    /** No grammar: no WARN judged. */
    public static final ReportGrammar NONE = new ReportGrammar(AnalysisSettings.NONE, null, null, null);

    public ReportGrammar {
        Objects.requireNonNull(settings);
    }

    /** A grammar file, loaded and hashed now. */
    public static ReportGrammar file(Path file) throws IOException {
        return new ReportGrammar(new AnalysisSettings(file), Origin.FILE, file, Sha256.of(file).hex());
    }

    /** The bundled grammar, wherever it was unpacked. */
    public static ReportGrammar bundled(Path file) throws IOException {
        return new ReportGrammar(new AnalysisSettings(file), Origin.BUNDLED, file, Sha256.of(file).hex());
    }

    /** A workspace's inline grammar. */
    public static ReportGrammar inline(String text) {
        return new ReportGrammar(new AnalysisSettings(Path.of("inline grammar"), GrammarLoader.parse(text)),
                Origin.INLINE, null, Sha256.of(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** How the report names it, or null for none. */
    Report.GrammarRef ref(ReportPaths paths) {
        if (origin == null) {
            return null;
        }
        return switch (origin) {
            case FILE -> new Report.GrammarRef("file", paths.nameBeside(file), sha256);
            case BUNDLED -> new Report.GrammarRef("bundled", String.valueOf(file.getFileName()), sha256);
            case INLINE -> new Report.GrammarRef("inline", null, sha256);
        };
    }
}
