package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The fast validator agrees with the byte-at-a-time one, and both with the JDK's strict decoder on valid/invalid. */
class Utf8Test {
    private static final byte[][] PIECES = {
            "plain ascii text ".getBytes(StandardCharsets.UTF_8), "—".getBytes(StandardCharsets.UTF_8),
            "é".getBytes(StandardCharsets.UTF_8), "😀".getBytes(StandardCharsets.UTF_8), "·".getBytes(StandardCharsets.UTF_8),
            {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            {(byte) 0xE2, (byte) 0x82}, {(byte) 0x80}, {(byte) 0xFF}, {(byte) 0xF0, (byte) 0x9F, (byte) 0x98}};

    @Test
    void theFastPathFindsTheSameFirstErrorAsTheSlowOne() {
        Random r = new Random(20261130L);
        for (int n = 0; n < 20_000; n++) {
            byte[] b = mix(r, 12);
            Utf8 slow = new Utf8();
            slow.feed(b, 0, b.length);
            slow.finish();
            assertEquals(slow.errorAt(), Utf8.firstError(b, 0, b.length), () -> java.util.HexFormat.of().formatHex(b));
            assertEquals(strictlyValid(b), slow.errorAt() < 0);
        }
    }

    /**
     * Streamed in pieces of any size, as a line too long for memory is, the validator finds the same first error as fed
     * a byte at a time (which never takes its eight-byte step) and as fed whole: the step must stop at a sequence cut
     * by a piece's end and take up the count where it stopped.
     */
    @Test
    void piecesOfAnySizeValidateAsOneByteAtATime() {
        Random r = new Random(20261201L);
        for (int n = 0; n < 20_000; n++) {
            byte[] b = mix(r, 16);
            Utf8 byByte = new Utf8();
            for (int i = 0; i < b.length; i++) {
                byByte.feed(b, i, i + 1);
            }
            byByte.finish();
            Utf8 whole = new Utf8();
            whole.feed(b, 0, b.length);
            whole.finish();
            Utf8 pieces = new Utf8();
            for (int i = 0; i < b.length; ) {
                int next = Math.min(b.length, i + 1 + r.nextInt(24));
                pieces.feed(b, i, next);
                i = next;
            }
            pieces.finish();
            String hex = java.util.HexFormat.of().formatHex(b);
            assertEquals(byByte.errorAt(), whole.errorAt(), hex);
            assertEquals(byByte.errorAt(), pieces.errorAt(), hex);
        }
    }

    /** Up to {@code parts - 1} random pieces, mostly well-formed ones. */
    private static byte[] mix(Random r, int parts) {
        ByteBuffer buf = ByteBuffer.allocate(4096);
        for (int i = r.nextInt(parts); i > 0; i--) {
            byte[] p = PIECES[r.nextInt(10) < 8 ? r.nextInt(5) : 5 + r.nextInt(PIECES.length - 5)];
            if (buf.remaining() > p.length) {
                buf.put(p);
            }
        }
        return java.util.Arrays.copyOf(buf.array(), buf.position());
    }

    private static boolean strictlyValid(byte[] b) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
