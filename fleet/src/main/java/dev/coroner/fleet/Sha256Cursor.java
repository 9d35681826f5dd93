package dev.coroner.fleet;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 of a transcript from the reads the pass makes anyway: a read that covers the next undigested byte moves
 * the digest on; a re-read behind it (a record read again by its span, the head) changes nothing. Whatever the pass
 * did not read in order is read once more at the end ({@link TranscriptJudge}), so the hash is of every byte.
 */
final class Sha256Cursor {
    private final MessageDigest digest;
    private long next;

    Sha256Cursor() {
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** Told of {@code n} bytes of the file read at {@code position} into {@code b[off, off + n)}. */
    void read(long position, byte[] b, int off, int n) {
        if (position <= next && next < position + n) {
            int skip = (int) (next - position);
            digest.update(b, off + skip, n - skip);
            next = position + n;
        }
    }

    /** Bytes digested so far, from the start: the file's first {@code next()} bytes. */
    long next() {
        return next;
    }

    String hex() {
        return HexFormat.of().formatHex(digest.digest());
    }
}
