package dev.coroner.core.index;

import dev.coroner.core.read.ProblemLine;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a transcript that are not records, for a frontend that lists them (docs/VERDICTS.md, "Command line"):
 * the first {@link #LISTED} with their line, byte offset, kind and message, and how many there are in all. Taken from
 * the index the one pass built, so nothing is read again; small, so a result holding it can wait in line to be printed.
 *
 * @param first the first problem lines, in file order, at most {@link #LISTED}
 * @param count every problem line of the file
 */
public record ProblemList(List<ProblemLine> first, long count) {
    /** At most this many problem lines are listed per file; the rest are counted. */
    public static final int LISTED = 100;

    public static final ProblemList NONE = new ProblemList(List.of(), 0);

    public ProblemList {
        first = List.copyOf(first);
    }

    public static ProblemList of(TranscriptIndex index) {
        if (index.problems() == 0) {
            return NONE;
        }
        List<ProblemLine> first = new ArrayList<>();
        for (int row = 0; row < index.size() && first.size() < LISTED; row++) {
            if (index.isProblem(row)) {
                String message = index.problemMessage(row);
                first.add(new ProblemLine(index.span(row), index.problemKind(row), message == null ? "" : message));
            }
        }
        return new ProblemList(first, index.problems());
    }

    /**
     * Collects problem lines handed over last first (the reader from the end): keeps the {@link #LISTED} nearest the
     * end and counts all; {@link #list()} gives them in file order.
     */
    public static final class FromTheEnd implements java.util.function.Consumer<ProblemLine> {
        private final List<ProblemLine> seen = new ArrayList<>();
        private long count;

        @Override
        public void accept(ProblemLine line) {
            count++;
            if (seen.size() < LISTED) {
                seen.add(line);
            }
        }

        public ProblemList list() {
            List<ProblemLine> inOrder = new ArrayList<>(seen);
            java.util.Collections.reverse(inOrder);
            return count == 0 ? NONE : new ProblemList(inOrder, count);
        }
    }

    /** How many were counted but not listed. */
    public long unlisted() {
        return count - first.size();
    }
}
