package dev.coroner.core.terminal;

/**
 * A file that holds no run (docs/VERDICTS.md, "Files that hold no run"): Claude Code writes them routinely. Their
 * verdict stays the reference's (EMPTY, dead); they are counted apart from the workers, never in the death count, never
 * the file the window lands on and never the worst finding.
 */
public enum NoRun {
    /** A 0-byte file. */
    ZERO_BYTES("0 bytes"),
    /** Only metadata records (summaries, snapshots): no user or assistant record. */
    METADATA_ONLY("metadata only");

    private final String label;

    NoRun(String label) {
        this.label = label;
    }

    /** "0 bytes", "metadata only": what the file holds, as rows and totals say it. */
    public String label() {
        return label;
    }

    /** "no run: 0 bytes". */
    public String describe() {
        return "no run: " + label;
    }
}
