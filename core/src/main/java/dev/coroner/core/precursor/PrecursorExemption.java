package dev.coroner.core.precursor;

/**
 * A forensic exemption a grammar may declare in its {@code [coroner.precursor]} table (docs/VERDICTS.md, "Forensic
 * exemptions"): a reason a REFUTED call needed no lookup. Coroner's own; the runtime gate never reads that table.
 * An exemption never applies to a call whose own result is an error or never came: a refusal such as Claude Code's
 * "File has not been read yet" is the harness's own evidence that no lookup was in effect.
 */
public enum PrecursorExemption {
    /** The call's result says it created the file: there was nothing to look up before it. */
    CREATED_FILE("created_file"),
    /** A successful earlier call of an {@code own_write} tool on the same {@code file_path} counts as its lookup. */
    OWN_WRITE("own_write");

    private final String key;

    PrecursorExemption(String key) {
        this.key = key;
    }

    /** The key that declares it in {@code [coroner.precursor]}. */
    public String key() {
        return key;
    }
}
