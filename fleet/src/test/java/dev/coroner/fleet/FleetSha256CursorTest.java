package dev.coroner.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A transcript's SHA-256 from the reads the pass makes (docs/FLEET.md, "How the job runs"): reads in order, reads that
 * overlap what was digested, and re-reads behind it (a record read again by its span, the head) give the hash of the
 * file's bytes, each byte once.
 */
class FleetSha256CursorTest {
    @Test
    void overlappingAndRepeatedReadsDigestEachByteOnce() throws Exception {
        byte[] file = new byte[300_000];
        new Random(34).nextBytes(file);
        Sha256Cursor cursor = new Sha256Cursor();
        read(cursor, file, 0, 65_536);
        read(cursor, file, 0, 1_000);          // the head read again
        read(cursor, file, 60_000, 70_000);    // overlaps what was digested
        read(cursor, file, 200_000, 10_000);   // ahead of the cursor: not digested yet
        read(cursor, file, 130_000, 100_000);  // covers the gap and past the read ahead
        read(cursor, file, 5_000, 500);        // a record re-read by its span
        read(cursor, file, 230_000, 70_000);   // the rest
        assertEquals(file.length, cursor.next());
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(file)), cursor.hex());
    }

    @Test
    void aReadAheadOfTheCursorLeavesItWhereItWas() {
        Sha256Cursor cursor = new Sha256Cursor();
        byte[] file = new byte[1_000];
        read(cursor, file, 0, 100);
        read(cursor, file, 500, 100);
        assertEquals(100, cursor.next(), "the bytes after 100 are still to be read for the hash");
    }

    private static void read(Sha256Cursor cursor, byte[] file, int from, int n) {
        byte[] buf = new byte[n + 7];
        System.arraycopy(file, from, buf, 7, n);
        cursor.read(from, buf, 7, n);
    }
}
