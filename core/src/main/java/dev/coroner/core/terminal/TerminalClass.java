package dev.coroner.core.terminal;

/**
 * Why a SYNTHETIC terminal died: detail for the reader, never the gate (docs/VERDICTS.md, "Terminal verdict"). The
 * first five are the reference's; CONTEXT_LIMIT, NETWORK and INVALID_REQUEST refine what the reference calls OTHER
 * ("Beyond the reference, from real runs"). A trailing API failure is classed with the same names. NONE when not
 * synthetic. INTERRUPTED and CUT_OFF class only a Codex trailing failure (docs/VERDICTS.md, "Codex CLI"): a turn the user
 * interrupted, and a turn still open when the file ended.
 */
public enum TerminalClass {
    RATE_LIMIT, USAGE_LIMIT, AUTH, SERVER, CONTEXT_LIMIT, NETWORK, INVALID_REQUEST, OTHER, NONE, INTERRUPTED, CUT_OFF
}
