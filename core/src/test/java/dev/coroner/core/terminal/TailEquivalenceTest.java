package dev.coroner.core.terminal;

import dev.coroner.core.index.TerminalVerdicts;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.coroner.fixtures.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code coroner verdict} reads from the end; its answer must equal a full forward read on every input. */
class TailEquivalenceTest {
    @TempDir
    Path dir;

    static Stream<Path> allFixtures() throws IOException {
        try (Stream<Path> s = Files.walk(Fixtures.root())) {
            List<Path> files = s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
            return files.stream();
        }
    }

    /** The verdict read from the end, the one by a full tree read, and the one pass's are the same. */
    static void assertSame(Path p) {
        TerminalVerdict tail = TerminalVerdicts.judge(p);
        TerminalVerdict full = FullReadVerdicts.judgeByFullRead(p);
        String at = p.getFileName().toString();
        TerminalVerdict pass;
        try {
            pass = dev.coroner.core.index.TranscriptPass.run(p).judgement().terminal();
        } catch (dev.coroner.core.read.UnreadableTranscriptException e) {
            pass = TerminalClassifier.classify(TerminalEvidence.unreadable(e.reason()));
        }
        assertEquals(tail, pass, at + ": the one pass");
        assertEquals(full.harness(), tail.harness(), at);
        assertEquals(full.kind(), tail.kind(), at);
        assertEquals(full.parent(), tail.parent(), at);
        assertEquals(full.trailing(), tail.trailing(), at);
        assertEquals(full.state(), tail.state(), at);
        assertEquals(full.terminalClass(), tail.terminalClass(), at);
        assertEquals(full.apiStatus(), tail.apiStatus(), at);
        assertEquals(full.error(), tail.error(), at);
        assertEquals(full.reason(), tail.reason(), at);
        assertEquals(full.evidence().offset(), tail.evidence().offset(), at);
        assertEquals(full.evidence().text(), tail.evidence().text(), at);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allFixtures")
    void everyFixture(Path p) {
        assertSame(p);
    }

    @Test
    void missingFileAndDirectory() {
        assertSame(dir.resolve("missing.jsonl"));
        assertSame(dir);
    }

    /** Random mixes of records, garbage, blank lines, CRLF, BOM, long lines across read blocks, torn ends. */
    @Test
    void generatedFiles() throws IOException {
        Random random = new Random(20261129L);
        String[] pieces = {
                "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}",
                "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":\"done %d\"}]}}",
                "{\"type\":\"assistant\",\"isApiErrorMessage\":true,\"apiErrorStatus\":429,\"message\":{\"role\":\"assistant\",\"model\":\"<synthetic>\",\"content\":[{\"type\":\"text\",\"text\":\"Rate limited %d\"}]}}",
                "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"claude-x\",\"content\":[]}}",
                "{\"type\":\"system\",\"subtype\":\"turn_duration\"}",
                // flags and errors written as containers, which a streaming reader must skip whole
                "{\"type\":\"assistant\",\"isSidechain\":[1],\"isMeta\":{\"a\":[true]},\"isApiErrorMessage\":[0],\"message\":{\"role\":\"assistant\",\"model\":\"<synthetic>\",\"content\":[{\"type\":\"text\",\"text\":\"Overloaded %d\"}]}}",
                "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"is_error\":[1],\"tool_use_id\":\"t\",\"content\":\"x\"}]}}",
                "not json %d", "[1,2,3]", "", "   ", "\t",
                "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"claude-x\",\"content\":\"%s\"}}"};
        for (int file = 0; file < 300; file++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (random.nextInt(8) == 0) {
                out.write(0xEF); out.write(0xBB); out.write(0xBF);
            }
            int lines = random.nextInt(30);
            for (int i = 0; i < lines; i++) {
                int k = random.nextInt(pieces.length);
                String piece = k == pieces.length - 1
                        ? String.format(pieces[k], "y".repeat(random.nextInt(200_000)))
                        : pieces[k].contains("%d") ? String.format(pieces[k], i) : pieces[k];
                byte[] bytes = piece.getBytes(StandardCharsets.UTF_8);
                if (bytes.length > 0 && random.nextInt(20) == 0) {
                    bytes[random.nextInt(bytes.length)] = (byte) 0xFF;
                }
                out.write(bytes);
                if (i < lines - 1 || random.nextBoolean()) {
                    out.write(random.nextInt(4) == 0 ? "\r\n".getBytes(StandardCharsets.US_ASCII) : new byte[] {'\n'});
                }
            }
            byte[] all = out.toByteArray();
            if (all.length > 10 && random.nextInt(5) == 0) {
                all = java.util.Arrays.copyOf(all, all.length - random.nextInt(10)); // torn end
            }
            Path p = dir.resolve("gen-" + file + ".jsonl");
            Files.write(p, all);
            assertSame(p);
        }
    }

    private static final String DEATH = "{\"type\":\"assistant\",\"isApiErrorMessage\":true,\"apiErrorStatus\":429,\"message\":{\"role\":\"assistant\",\"model\":\"<synthetic>\",\"content\":[{\"type\":\"text\",\"text\":\"Rate limited\"}]}}";
    private static final String ANSWER = "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}";

    /** A death, then megabytes of lines that hold only white space: the tail reader skips them and still agrees. */
    @ParameterizedTest(name = "blank lines of {0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"\n", "   \n", " \u3000\t\r\n", "\u00a0\u2028\u0085\u001f\n"})
    void aBigBlankTailGivesTheForwardReadsVerdict(String blankLine) throws IOException {
        Path p = dir.resolve("blank-tail.jsonl");
        try (java.io.OutputStream out = Files.newOutputStream(p)) {
            out.write((DEATH + "\n").getBytes(StandardCharsets.UTF_8));
            byte[] blanks = blankLine.repeat(10_000).getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < 80; i++) { // several megabytes: many 64 KB windows, characters cut at their edges
                out.write(blanks);
            }
        }
        assertSame(p);
        assertEquals(TerminalState.SYNTHETIC, TerminalVerdicts.judge(p).state());
    }

    /**
     * Tails mixing every Python white-space character with bytes that look like one and are not (U+200B, U+180E, a
     * lone C2 or E2 80, a NUL), around records and across 64 KB windows, with or without a BOM, some torn.
     */
    @Test
    void whiteSpaceTailsAndTheirLookalikesGiveTheForwardReadsVerdict() throws IOException {
        Random random = new Random(20261130L);
        String[] space = {" ", "\t", "\n", "\r", "\u000b", "\f", "\u001c", "\u001d", "\u001e", "\u001f", "\u0085",
                "\u00a0", "\u1680", "\u2000", "\u2005", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\r\n"};
        String[] lookalike = {"\u200b", "\u180e", "\u00a1", "\u2030", "\u3001", "x", "\u0000", "\u2060"};
        byte[][] brokenBytes = {{(byte) 0xC2}, {(byte) 0xE2, (byte) 0x80}, {(byte) 0xE3, (byte) 0x80}, {(byte) 0x80}};
        for (int file = 0; file < 150; file++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (random.nextInt(6) == 0) {
                out.write(0xEF); out.write(0xBB); out.write(0xBF);
            }
            int pieces = 1 + random.nextInt(6);
            for (int piece = 0; piece < pieces; piece++) {
                int k = random.nextInt(10);
                if (k < 2) {
                    out.writeBytes(((k == 0 ? DEATH : ANSWER) + "\n").getBytes(StandardCharsets.UTF_8));
                }
                int run = random.nextInt(4) == 0 ? 70_000 + random.nextInt(70_000) : random.nextInt(200);
                for (int i = 0; i < run; i++) {
                    int r = random.nextInt(2000);
                    if (r == 0) {
                        out.writeBytes(brokenBytes[random.nextInt(brokenBytes.length)]);
                    } else if (r == 1) {
                        out.writeBytes(lookalike[random.nextInt(lookalike.length)].getBytes(StandardCharsets.UTF_8));
                    } else {
                        out.writeBytes(space[random.nextInt(space.length)].getBytes(StandardCharsets.UTF_8));
                    }
                }
            }
            byte[] all = out.toByteArray();
            if (all.length > 10 && random.nextInt(5) == 0) {
                all = java.util.Arrays.copyOf(all, all.length - random.nextInt(10)); // torn end, perhaps mid-character
            }
            Path p = dir.resolve("ws-" + file + ".jsonl");
            Files.write(p, all);
            assertSame(p);
        }
    }
}
