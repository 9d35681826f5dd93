package dev.coroner.core.terminal;

import dev.coroner.core.read.TailReader;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.nio.file.Path;

/** Judges a transcript file: finds its terminal record and classifies it. */
public final class TerminalVerdicts {
    private TerminalVerdicts() {
    }

    /** Reads from the end: the cost depends on where the terminal record is, not on the file's size. */
    public static TerminalVerdict judge(Path path) {
        try {
            TranscriptRecord last = TailReader.lastRecord(path, TranscriptRecord::isAssistantTurn);
            return TerminalClassifier.classify(last == null ? TerminalEvidence.notFound() : TerminalRecords.evidence(last));
        } catch (UnreadableTranscriptException e) {
            return TerminalClassifier.classify(TerminalEvidence.unreadable(e.reason()));
        }
    }

    /** Reads every line forward and keeps the last assistant turn: the slow twin {@link #judge} must equal. */
    public static TerminalVerdict judgeByFullRead(Path path) {
        TranscriptRecord[] last = {null};
        try {
            TranscriptReader.read(path, line -> {
                if (line instanceof TranscriptRecord r && r.isAssistantTurn()) {
                    last[0] = r;
                }
                return true;
            });
        } catch (UnreadableTranscriptException e) {
            return TerminalClassifier.classify(TerminalEvidence.unreadable(e.reason()));
        }
        return TerminalClassifier.classify(last[0] == null ? TerminalEvidence.notFound() : TerminalRecords.evidence(last[0]));
    }
}
