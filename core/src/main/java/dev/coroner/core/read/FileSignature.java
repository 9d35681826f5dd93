package dev.coroner.core.read;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * What a file given as a transcript really is, when its first bytes say so (docs/VERDICTS.md, "Reading",
 * {@code NOT_A_TRANSCRIPT}): a compressed file, an archive, a program, an image, a document or a database someone
 * named by mistake, or a transcript still compressed. Each signature is a format's own magic number, none of which
 * can start a JSON record or white space before one, and each fits before the first LF a file of that format has
 * (a PNG's first line is five bytes), so a line that matches was never a record.
 */
enum FileSignature {
    GZIP("this is a gzip-compressed file, not a transcript: decompress it (gunzip) and open the .jsonl", 0x1F, 0x8B),
    ZSTD("this is a zstd-compressed file, not a transcript: decompress it (unzstd) and open the .jsonl",
            0x28, 0xB5, 0x2F, 0xFD),
    XZ("this is an xz-compressed file, not a transcript: decompress it (unxz) and open the .jsonl",
            0xFD, '7', 'z', 'X', 'Z', 0x00),
    /** "BZh", the block size 1 to 9 (any here), then the first block's magic. */
    BZIP2("this is a bzip2-compressed file, not a transcript: decompress it (bunzip2) and open the .jsonl",
            'B', 'Z', 'h', -1, '1', 'A', 'Y', '&', 'S', 'Y'),
    ZIP("this is a ZIP archive, not a transcript: extract it and open the .jsonl files inside", 'P', 'K', 3, 4),
    SEVEN_ZIP("this is a 7-Zip archive, not a transcript: extract it and open the .jsonl files inside",
            '7', 'z', 0xBC, 0xAF, 0x27, 0x1C),
    ELF("this is a program (an ELF executable), not a transcript", 0x7F, 'E', 'L', 'F'),
    PNG("this is a PNG image, not a transcript", 0x89, 'P', 'N', 'G', '\r'),
    JPEG("this is a JPEG image, not a transcript", 0xFF, 0xD8, 0xFF),
    PDF("this is a PDF document, not a transcript", '%', 'P', 'D', 'F', '-'),
    SQLITE("this is an SQLite database, not a transcript", "SQLite format 3\0");

    /** The bytes a file of this kind starts with; -1 stands for any byte. */
    private final int[] magic;
    /** What the reader says of such a file: what it is and, where there is one, what to do. */
    final String message;

    FileSignature(String message, int... magic) {
        this.message = message;
        this.magic = magic;
    }

    FileSignature(String message, String magic) {
        this(message, toInts(magic.getBytes(StandardCharsets.ISO_8859_1)));
    }

    private static int[] toInts(byte[] b) {
        int[] out = new int[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = b[i] & 0xFF;
        }
        return out;
    }

    /** The kind of file whose first line is {@code line} from byte {@code from} on, or null for none known. */
    static FileSignature of(LineBytes line, long from) throws IOException {
        for (FileSignature s : values()) {
            if (s.matches(line, from)) {
                return s;
            }
        }
        return null;
    }

    private boolean matches(LineBytes line, long from) throws IOException {
        if (line.length() - from < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (magic[i] >= 0 && line.at(from + i) != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
