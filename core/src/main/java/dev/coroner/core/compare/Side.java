package dev.coroner.core.compare;

import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.file.Path;
import java.util.List;

/**
 * One transcript of a comparison: its verdict and what the comparison shows beside it (docs/COMPARE.md, "Output").
 *
 * @param warnings  the precursor gate's WARNs under the grammar given, or null when none was given
 * @param unmatched fenced code blocks that name no call (docs/VERDICTS.md, "Code blocks")
 * @param lines     the 1-based line of each call's record, in call order
 * @param keys      each call's key, in call order
 */
public record Side(Path path, TerminalVerdict verdict, Integer warnings, long unmatched, long[] lines,
                   List<CallKey> keys) {
    public Side {
        keys = List.copyOf(keys);
    }

    public int calls() {
        return keys.size();
    }
}
