package dev.coroner.core.durable;

/** What a reader may do with a durable file, from the schema tag it declares (docs/ARCHITECTURE.md, "Files Coroner writes"). */
public enum Readability {
    /** This family, at a version this reader knows: read it. */
    READABLE,
    /** This family, at a version newer than this reader knows: refuse; never guess at a newer shape. */
    UNREADABLE_NEWER,
    /** No tag, or a malformed one: written before tags, torn, or not ours. The caller decides, visibly. */
    UNTAGGED,
    /** A tag of another family: not the file this reader reads. */
    WRONG_FAMILY
}
