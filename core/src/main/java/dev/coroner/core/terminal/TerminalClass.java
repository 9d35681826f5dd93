package dev.coroner.core.terminal;

/**
 * Why a SYNTHETIC terminal died: detail for the reader, never the gate (docs/VERDICTS.md, "Terminal verdict"). The
 * first five are the reference's; CONTEXT_LIMIT, NETWORK and INVALID_REQUEST refine what the reference calls OTHER
 * ("Beyond the reference, from real runs"). A trailing API failure is classed with the same names. NONE when not
 * synthetic.
 */
public enum TerminalClass {
    RATE_LIMIT, USAGE_LIMIT, AUTH, SERVER, CONTEXT_LIMIT, NETWORK, INVALID_REQUEST, OTHER, NONE
}
