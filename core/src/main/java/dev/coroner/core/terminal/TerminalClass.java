package dev.coroner.core.terminal;

/** Why a SYNTHETIC terminal died: detail for the reader, never the gate (docs/VERDICTS.md, "Terminal verdict"). NONE when not synthetic. */
public enum TerminalClass {
    RATE_LIMIT, USAGE_LIMIT, AUTH, SERVER, OTHER, NONE
}
