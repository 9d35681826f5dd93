package dev.coroner.core.durable;

/** What a reader may do with a durable file, from the schema tag it declares (docs/ARCHITECTURE.md, "Files Coroner writes"). */
public enum Readability {
    /** This family, at a version this reader knows: read it. */
    READABLE,
    /** This family, at a version newer than this reader knows: refuse; never guess at a newer shape. */
    UNREADABLE_NEWER,
    /** No tag (no {@code "schema"} object naming a family): written before tags, torn, or not ours. The caller decides, visibly. */
    UNTAGGED,
    /**
     * A tag naming a family, with a version that is not a whole number from 1 to 2147483647 ({@code "2"}, {@code 2.0},
     * {@code -1}, {@code 3000000000}, none): no Coroner wrote it, so no reader can know its shape. Never read, never
     * replaced.
     */
    MALFORMED,
    /** A tag of another family: not the file this reader reads. */
    WRONG_FAMILY
}
