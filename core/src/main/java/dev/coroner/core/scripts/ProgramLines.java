package dev.coroner.core.scripts;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a block or a program, as "Why unmatched" compares them (docs/VERDICTS.md, "Code blocks"): a line ends at
 * LF, CRLF or CR, the same line ends the fence scanner knows; the terminator is not part of the line, and a final
 * terminator starts no empty line. So {@code "ls\n"} and {@code "ls"} have the same one line, and {@code ""} has none.
 */
final class ProgramLines {
    private ProgramLines() {
    }

    static List<String> of(String s) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\r') {
                lines.add(s.substring(start, i));
                if (c == '\r' && i + 1 < n && s.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (start < n) {
            lines.add(s.substring(start));
        }
        return lines;
    }

    /** Blank: nothing but white space ({@link Character#isWhitespace}); a blank line is never counted as shared. */
    static boolean blank(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (!Character.isWhitespace(line.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
