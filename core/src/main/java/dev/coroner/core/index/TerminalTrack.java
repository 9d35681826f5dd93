package dev.coroner.core.index;

import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.terminal.TerminalEvidence;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.terminal.TranscriptContents;
import java.nio.file.Path;

/**
 * A harness's rules for how a file ended (docs/VERDICTS.md, "Terminal verdict", "Codex CLI"): fed one file's records
 * by the one pass, in file order, it judges the file. The walk from the end ({@link TerminalVerdicts}) feeds it the
 * file's head ({@link #head}) and gives it what it met on its way back. One per file.
 */
abstract class TerminalTrack {
    /** The terminal assistant record's evidence, read when the harness's rules need it. */
    @FunctionalInterface
    interface Evidence {
        TerminalEvidence read() throws UnreadableTranscriptException;
    }

    /** A record of the file, in file order; {@code assistant} when it is an assistant turn. */
    abstract void record(RecordFacts f, SourceSpan span, boolean assistant);

    /** A record of the file's head, in file order: only what says whom the agent worked for is kept. */
    abstract void head(RecordFacts f);

    /** Whether the head read so far says whom the agent in {@code fileName} worked for: the head scan may stop. */
    abstract boolean headKnown(String fileName);

    /**
     * The verdict on the file at {@code path}, whose last assistant turn's evidence {@code evidence} reads, holding
     * {@code contents} (complete only when it has no assistant turn).
     */
    abstract TerminalVerdict verdict(Path path, Evidence evidence, TranscriptContents contents);
}
