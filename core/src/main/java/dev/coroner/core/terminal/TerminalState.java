package dev.coroner.core.terminal;

/** How a transcript ended, judged from its terminal assistant record (docs/VERDICTS.md, "Terminal verdict"). */
public enum TerminalState {
    /** A real model wrote the terminal record, with content: a result a parent may believe. */
    HEALTHY,
    /** The harness wrote it ({@code <synthetic>} model or {@code isApiErrorMessage}): a death, not a result. */
    SYNTHETIC,
    /** No assistant record, or one without content: nothing was delivered. */
    EMPTY,
    /** The file could not be read at all. We cannot witness a death, so we do not claim one. */
    UNREADABLE;

    /** Whether a parent must not fold this transcript's answer in as a finding. UNREADABLE is never dead. */
    public boolean dead() {
        return this == SYNTHETIC || this == EMPTY;
    }
}
