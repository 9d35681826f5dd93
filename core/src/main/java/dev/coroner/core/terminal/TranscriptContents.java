package dev.coroner.core.terminal;

import dev.coroner.core.read.ProblemKind;
import dev.coroner.core.read.ProblemLine;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What a transcript holds, counted for saying plainly why nothing was delivered (docs/VERDICTS.md, "Nothing delivered").
 * Complete only for a transcript without an assistant turn (the reader from the end stops at the terminal record), which
 * is the only case it is used for.
 *
 * @param bytes        the file's size
 * @param records      lines that are records
 * @param problemLines lines that are not (blank lines are neither)
 * @param userRecords  records of type {@code user}
 * @param otherTypes   the other records by their {@code type} ({@code "(none)"} when it is not a string), by name
 * @param notATranscript what the reader said of a file that is something else (a gzip archive: "decompress it"), or
 *                     null
 */
public record TranscriptContents(long bytes, long records, long problemLines, long userRecords,
                                 Map<String, Long> otherTypes, String notATranscript) {
    public TranscriptContents {
        otherTypes = Map.copyOf(otherTypes);
    }

    /** Counts lines as a reader meets them, in either direction. */
    public static final class Tally {
        private long records;
        private long problems;
        private long users;
        private final Map<String, Long> types = new TreeMap<>();
        private String notATranscript;

        public void record(String type) {
            records++;
            if ("user".equals(type)) {
                users++;
            } else {
                types.merge(type == null ? "(none)" : type, 1L, Long::sum);
            }
        }

        public void problem(ProblemLine p) {
            problems++;
            if (p.kind() == ProblemKind.NOT_A_TRANSCRIPT) {
                notATranscript = p.message();
            }
        }

        public TranscriptContents of(long bytes) {
            return new TranscriptContents(bytes, records, problems, users, types, notATranscript);
        }
    }

    /**
     * Whether this file, which has no assistant turn, holds no run at all (docs/VERDICTS.md, "Files that hold no run"): 0
     * bytes, or only metadata records — the two cases {@link #nothingDelivered} names that way. Null for a run (a
     * prompt with no answer is a run) and for a file that is not a transcript.
     */
    NoRun noRun() {
        if (bytes == 0) {
            return NoRun.ZERO_BYTES;
        }
        if (records > 0 && userRecords == 0 && !otherTypes.containsKey("assistant")) {
            return NoRun.METADATA_ONLY;
        }
        return null;
    }

    /** Why a transcript without an assistant turn delivered nothing, with what it does hold. */
    String nothingDelivered() {
        if (bytes == 0) {
            return "the file is empty (0 bytes)";
        }
        if (records == 0 && notATranscript != null) {
            return notATranscript; // the reader knows what the file is: say so, with what to do
        }
        if (records == 0) {
            return problemLines == 0 ? "the file holds only blank lines"
                    : String.format("no line is a record (%,d problem %s)", problemLines, problemLines == 1 ? "line" : "lines");
        }
        if (userRecords == 0 && !otherTypes.containsKey("assistant")) {
            return "only metadata records (" + kinds() + "), no user or assistant record";
        }
        if (userRecords > 0 && !otherTypes.containsKey("assistant")) {
            return String.format("only a prompt: %,d user %s and no assistant record, so nothing answered it",
                    userRecords, userRecords == 1 ? "record" : "records");
        }
        return "no assistant turn among its " + String.format("%,d", records) + " records";
    }

    private String kinds() {
        return new TreeMap<>(otherTypes).entrySet().stream()
                .map(e -> e.getKey() + (e.getValue() == 1 ? "" : String.format(" ×%,d", e.getValue())))
                .collect(Collectors.joining(", "));
    }
}
