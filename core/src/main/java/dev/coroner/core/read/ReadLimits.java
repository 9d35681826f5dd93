package dev.coroner.core.read;

/**
 * The reader's bounds, each chosen on purpose (docs/VERDICTS.md, "Reading"). Jackson's defaults would reject a 30 MB string,
 * which real transcripts hold (base64 screenshots, huge tool outputs); these let real files read and turn
 * hostile lines into problem rows instead of crashes.
 */
public final class ReadLimits {
    /** Deepest JSON nesting accepted; Python's json, which the reference uses, stops near 1,000 too. */
    public static final int MAX_NESTING_DEPTH = 1_000;
    /** Longest JSON string, in chars: big enough for any real tool output, small enough to bound a line's heap. */
    public static final int MAX_STRING_CHARS = 512 * 1024 * 1024;
    /** Longest number literal in digits; Python refuses to convert ints longer than 4,300 digits. */
    public static final int MAX_NUMBER_CHARS = 4_300;
    /** Longest object key, in chars. */
    public static final int MAX_NAME_CHARS = 1024 * 1024;
    /** Lines up to this many bytes are parsed from memory; longer ones are streamed from the file. */
    public static final int MAX_IN_MEMORY_LINE = 8 * 1024 * 1024;
    /**
     * The reader's read size. 64 KB, not the megabyte it was: on the 2-core benchmark machine it halved the command
     * line's system time over the generated corpus (bench/LOG.md, "The pass's last cheap CPU, and reads of 64 KB").
     * A longer line is carried across reads.
     */
    public static final int CHUNK_BYTES = 64 * 1024;

    private ReadLimits() {
    }
}
