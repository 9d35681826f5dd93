package dev.coroner.app.launch;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What {@code coroner snapshot} asks the window to render. A plain value: the command line builds and checks it
 * without loading JavaFX.
 *
 * @param paths   the transcripts and folders to open
 * @param out     where to write the PNG
 * @param grammar the precursor grammar for the WARN verdicts; null: the bundled Claude Code grammar
 * @param select  the transcript and line to show; null: the first dead transcript (or the first), at its terminal
 *                record
 * @param size    the window's size
 * @param grammarPanel whether the grammar panel is shown (in the detail panel's place)
 * @param dark    whether the window is drawn in its dark theme (View ▸ Dark theme)
 */
public record SnapshotRequest(List<Path> paths, Path out, Path grammar, Selection select, Size size,
                              boolean grammarPanel, boolean dark) {
    public SnapshotRequest {
        paths = List.copyOf(paths);
        Objects.requireNonNull(out);
        Objects.requireNonNull(size);
    }

    public SnapshotRequest(List<Path> paths, Path out, Path grammar, Selection select, Size size) {
        this(paths, out, grammar, select, size, false, false);
    }

    /** A window size in pixels. */
    public record Size(int width, int height) {
        public Size {
            if (width <= 0 || height <= 0) {
                throw new IllegalArgumentException("a window needs a positive width and height, not " + width + "x"
                        + height);
            }
        }

        /** Reads {@code WIDTHxHEIGHT}, as in {@code 1600x1000}; anything else is an {@link IllegalArgumentException}. */
        public static Size parse(String text) {
            String[] parts = text.toLowerCase(Locale.ROOT).split("x", -1);
            if (parts.length != 2) {
                throw new IllegalArgumentException("not WIDTHxHEIGHT: " + text);
            }
            return new Size(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
        }
    }

    /**
     * A transcript, by a name its path ends with, and a line in it.
     *
     * @param line the line to select; 0: the transcript's terminal record
     */
    public record Selection(String name, long line) {
        public Selection {
            Objects.requireNonNull(name);
            if (line < 0) {
                throw new IllegalArgumentException("a line is 1 or more, not " + line);
            }
        }

        /**
         * Reads {@code NAME[:LINE]}. A colon not followed by digits alone belongs to the name (a Windows drive, a
         * colon in a file name); digits too many for a line are an {@link IllegalArgumentException}.
         */
        public static Selection parse(String text) {
            int colon = text.lastIndexOf(':');
            if (colon > 0 && text.substring(colon + 1).matches("\\d+")) {
                return new Selection(text.substring(0, colon), Long.parseLong(text.substring(colon + 1)));
            }
            return new Selection(text, 0);
        }

        /** Whether {@code transcript} is the one named: its path ends with the name, with or without ".jsonl". */
        public boolean names(java.nio.file.Path transcript) {
            String t = transcript.toString();
            return t.endsWith(name) || t.endsWith(name + ".jsonl");
        }
    }

    /** No transcript open is the one {@code --select} names: bad input, said as such, not a failure of Coroner. */
    public static final class NotOpen extends IllegalArgumentException {
        public NotOpen(Selection select, java.util.List<java.nio.file.Path> open) {
            super("--select " + select.name() + ": no transcript open is named so; " + open.size() + " open"
                    + (open.isEmpty() ? "" : ": " + String.join(", ", open.stream().limit(5)
                    .map(p -> String.valueOf(p.getFileName())).toList()) + (open.size() > 5 ? ", …" : "")));
        }
    }

    /** The picture was drawn but could not be written to {@code --out}; whatever was there is as it was. */
    public static final class NotWritten extends java.io.IOException {
        public NotWritten(String reason, java.io.IOException cause) {
            super(reason, cause);
        }
    }
}
