package dev.coroner.core.read;

/**
 * Where a line sits in its file: the 1-based physical line number (0 when the line was found by reading
 * from the end of the file, where counting lines would cost a read of everything before it), the byte offset of its first byte
 * and its length in bytes (without the {@code \n} that ends it, and without a leading UTF-8 BOM).
 */
public record SourceSpan(long line, long offset, long length) {
    public SourceSpan {
        if (line < 0 || offset < 0 || length < 0) {
            throw new IllegalArgumentException("bad span " + line + "/" + offset + "/" + length);
        }
    }

    /** The offset just past the last byte of the line. */
    public long end() {
        return offset + length;
    }
}
