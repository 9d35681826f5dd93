package dev.coroner.core.precursor;

import dev.coroner.core.read.PyWhitespace;
import dev.coroner.core.text.CaseFold;

/**
 * The canonical form a tool name is matched by (docs/VERDICTS.md, "Precursor gate"): white space trimmed from both ends, {@code -} and
 * {@code .} written as {@code _}, then case-folded unless the grammar is case-sensitive. So
 * {@code check-access}, {@code check.access} and {@code Check_Access} name one tool; with
 * {@code case_sensitive = true}, {@code Read} stays {@code Read} and matches only {@code Read}.
 */
public final class ToolNames {
    private ToolNames() {
    }

    public static String canonical(String name, boolean caseSensitive) {
        String s = PyWhitespace.strip(name).replace('-', '_').replace('.', '_');
        return caseSensitive ? s : CaseFold.fold(s);
    }
}
