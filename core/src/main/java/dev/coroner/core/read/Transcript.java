package dev.coroner.core.read;

import java.nio.file.Path;
import java.util.List;

/** A transcript read whole: its lines in file order. For small files; the workbench keeps an index instead. */
public record Transcript(Path path, List<TranscriptLine> lines, long size) {
    public Transcript {
        lines = List.copyOf(lines);
    }

    public List<TranscriptRecord> records() {
        return lines.stream().filter(TranscriptRecord.class::isInstance).map(TranscriptRecord.class::cast).toList();
    }

    public List<ProblemLine> problems() {
        return lines.stream().filter(ProblemLine.class::isInstance).map(ProblemLine.class::cast).toList();
    }
}
