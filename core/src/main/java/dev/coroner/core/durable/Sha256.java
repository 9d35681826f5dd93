package dev.coroner.core.durable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 of a file, as a report names transcripts and grammars by it (docs/ARCHITECTURE.md, "Reports") and a
 * workspace knows a transcript is still the one it saved.
 */
public final class Sha256 {
    /** The hash in lower-case hex and the number of bytes hashed. */
    public record Digest(String hex, long size) {
    }

    private static final int BUFFER = 64 * 1024;

    private Sha256() {
    }

    public static Digest of(Path path) throws IOException {
        MessageDigest sha = digest();
        long size = 0;
        byte[] buffer = new byte[BUFFER];
        try (InputStream in = RegularFiles.open(path)) { // a pipe or a device is refused, never waited on
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
                size += n;
            }
        }
        return new Digest(HexFormat.of().formatHex(sha.digest()), size);
    }

    public static String of(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
