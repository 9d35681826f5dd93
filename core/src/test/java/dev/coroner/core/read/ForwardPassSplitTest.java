package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How {@link ForwardPass} splits a file into lines, against the plainest split there is (every {@code \n}), on random
 * files whose lines run from empty to several reads long, so lines start, end and cross a read at every place (a line
 * over a read is carried across reads, docs/ARCHITECTURE.md, "The pass"). Each line handed over must be its own bytes
 * with its number, its start, and whether its {@code \n} was there; a pass that stops after a line hands over none
 * after it; a pass that holds a torn last line back hands it over whole once it is finished.
 */
class ForwardPassSplitTest {
    /** The smallest read {@link ForwardPass} makes: lines here run to several of them. */
    private static final int READ = 8 * 1024;

    @TempDir
    Path dir;

    record Line(byte[] bytes, long number, long start, boolean atFileStart, boolean terminated) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Line l && Arrays.equals(bytes, l.bytes) && number == l.number && start == l.start
                    && atFileStart == l.atFileStart && terminated == l.terminated;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "line " + number + " at " + start + ", " + bytes.length + " bytes" + (terminated ? "" : ", torn");
        }
    }

    @Test
    void everyLineComesOutAsThePlainSplitHasItAndProgressOnlyGrowsToTheFileSize() throws Exception {
        Random random = new Random(20261202);
        for (int file = 0; file < 60; file++) {
            byte[] bytes = randomFile(random, 1 + random.nextInt(40), random.nextBoolean());
            Path p = dir.resolve("f" + file + ".jsonl");
            Files.write(p, bytes);
            List<Long> progress = new ArrayList<>();
            assertEquals(plainSplit(bytes), pass(p, Integer.MAX_VALUE, progress), "file " + file);
            for (int i = 1; i < progress.size(); i++) {
                assertTrue(progress.get(i) >= progress.get(i - 1), "file " + file + ": " + progress);
            }
            // an empty file is never read into anything, so it reports nothing
            long last = progress.isEmpty() ? 0 : progress.get(progress.size() - 1);
            assertEquals(bytes.length, last, "file " + file + ": the last progress is the file's size");
        }
    }

    @Test
    void aStopAfterALineHandsOverNoneAfterIt() throws Exception {
        Random random = new Random(7);
        for (int file = 0; file < 30; file++) {
            byte[] bytes = randomFile(random, 2 + random.nextInt(30), true);
            Path p = dir.resolve("s" + file + ".jsonl");
            Files.write(p, bytes);
            List<Line> all = plainSplit(bytes);
            int stopAt = 1 + random.nextInt(all.size());
            assertEquals(all.subList(0, stopAt), pass(p, stopAt, new ArrayList<>()),
                    "file " + file + ", stop after line " + stopAt);
        }
    }

    @Test
    void aTornLastLineHeldBackComesOutWholeOnceItIsFinished() throws Exception {
        Random random = new Random(11);
        for (int file = 0; file < 30; file++) {
            byte[] whole = randomFile(random, 2 + random.nextInt(20), true);
            // cut anywhere, then append the rest: the line torn by the cut is held back, not handed over in two
            int cut = random.nextInt(whole.length + 1);
            Path p = dir.resolve("t" + file + ".jsonl");
            Files.write(p, Arrays.copyOf(whole, cut));
            List<Line> seen = new ArrayList<>();
            ForwardPass pass;
            try (TranscriptSource ch = TranscriptFile.open(p)) {
                pass = new ForwardPass(ch, collect(seen, Integer.MAX_VALUE), at -> { }).holdingTornLines();
                pass.run();
            }
            Files.write(p, Arrays.copyOfRange(whole, cut, whole.length), StandardOpenOption.APPEND);
            try (TranscriptSource ch = TranscriptFile.open(p)) {
                pass.continueWith(ch);
            }
            assertEquals(plainSplit(whole), seen, "file " + file + ", cut at " + cut);
        }
    }

    /** Lines of random lengths — empty, short, about a read, several reads — with CR LF among them. */
    private static byte[] randomFile(Random random, int lines, boolean lastTerminated) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < lines; i++) {
            int length = switch (random.nextInt(5)) {
                case 0 -> 0;
                case 1 -> random.nextInt(100);
                case 2 -> READ - 50 + random.nextInt(100);
                case 3 -> random.nextInt(3 * READ);
                default -> READ + random.nextInt(6 * READ);
            };
            for (int j = 0; j < length; j++) {
                out.write('a' + random.nextInt(26));
            }
            if (random.nextInt(6) == 0) {
                out.write('\r');
            }
            if (i < lines - 1 || lastTerminated) {
                out.write('\n');
            }
        }
        return out.toByteArray();
    }

    /** Every {@code \n} ends a line; bytes after the last one are a torn line. */
    private static List<Line> plainSplit(byte[] b) {
        List<Line> lines = new ArrayList<>();
        long number = 1;
        int start = 0;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n') {
                lines.add(new Line(Arrays.copyOfRange(b, start, i), number++, start, start == 0, true));
                start = i + 1;
            }
        }
        if (start < b.length) {
            lines.add(new Line(Arrays.copyOfRange(b, start, b.length), number, start, start == 0, false));
        }
        return lines;
    }

    private static List<Line> pass(Path p, int stopAfter, List<Long> progress) throws Exception {
        List<Line> seen = new ArrayList<>();
        try (TranscriptSource ch = TranscriptFile.open(p)) {
            new ForwardPass(ch, collect(seen, stopAfter), progress::add, READ).run();
        }
        return seen;
    }

    private static ForwardPass.LineHandler collect(List<Line> seen, int stopAfter) {
        return (bytes, number, start, atFileStart, terminated) -> {
            seen.add(new Line(bytes.copy(0, bytes.length()), number, start, atFileStart, terminated));
            return seen.size() >= stopAfter ? -ForwardPass.RECORD : ForwardPass.RECORD;
        };
    }
}
