package dev.coroner.core.scripts;

/** Why a fenced block names no call (docs/VERDICTS.md, "Code blocks"). */
public enum UnmatchedReason {
    /** No call of the block's turn submitted this exact program. A near match is a different program. */
    NO_SUBMISSION_THIS_TURN("no-submission-this-turn"),
    /** The content is over {@link ScriptMatcher#MAX_SCRIPT_BYTES} UTF-8 bytes: never compared. */
    OVER_SIZE("over-size"),
    /** The block comes after the first {@link ScriptMatcher#MAX_BLOCKS_PER_RECORD} of its record: never compared. */
    KEPT_OUT("kept-out");

    private final String label;

    UnmatchedReason(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
