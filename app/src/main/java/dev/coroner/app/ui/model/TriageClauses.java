package dev.coroner.app.ui.model;

import dev.coroner.app.ui.model.CorpusTriage.HarnessChoice;
import dev.coroner.app.ui.model.CorpusTriage.KindChoice;
import dev.coroner.app.ui.model.CorpusTriage.StateChoice;
import dev.coroner.core.filter.FieldSchema;
import dev.coroner.core.filter.Filter;
import dev.coroner.core.filter.Parsed;
import dev.coroner.core.terminal.TerminalClass;
import java.util.ArrayList;
import java.util.List;

/**
 * The triage choices as filter expressions (docs/WORKBENCH.md, "Filter bars"): the clause a choice writes into the
 * corpus filter bar, and the top-level {@code and} terms of the bar's text, where a clause is looked for to tick its
 * choice back. A clause keeps at least the transcripts its choice keeps, so the bar and the choice together keep what
 * the choice keeps. A choice the verdict row has no words for (folds dead sub-agents, HEALTHY and all clear, no run,
 * being judged, sessions, sub-agents) writes no clause.
 */
final class TriageClauses {
    static final String WARNS = "warns > 0";
    static final String UNMATCHED = "blocks.unmatched > 0";

    private TriageClauses() {
    }

    static String of(StateChoice s) {
        return switch (s) {
            case DEAD -> "(dead or trailing.class)";
            case SYNTHETIC -> "state == SYNTHETIC";
            case EMPTY -> "state == EMPTY";
            case DIED_AFTER -> "(state == HEALTHY and trailing.class)";
            case UNREADABLE -> "state == UNREADABLE";
            default -> null;
        };
    }

    static String of(TerminalClass c) {
        return c == null || c == TerminalClass.NONE ? null
                : "(class == " + c.name() + " or trailing.class == " + c.name() + ")";
    }

    static String of(KindChoice k) {
        return switch (k) {
            case WORKERS -> "kind in {SESSION, SUBAGENT}";
            case HARNESS -> "kind == HARNESS";
            default -> null;
        };
    }

    static String of(HarnessChoice h) {
        return switch (h) {
            case CLAUDE_CODE -> "harness == CLAUDE_CODE";
            case CODEX -> "harness == CODEX";
            default -> null;
        };
    }

    /** The clause's canonical text, to compare with what a person typed; the text itself when it does not parse. */
    static String canonical(String clause, FieldSchema schema) {
        Parsed p = Filter.parse(clause, schema);
        return p.ok() ? p.filter().toString() : clause.strip();
    }

    /**
     * The text's top-level {@code and} (or {@code &&}) terms, as written; the whole text as one term when an
     * {@code or} stands at its top level too (then its {@code and}s bind inside the {@code or}'s terms).
     */
    static List<String> terms(String text) {
        List<String> out = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        int depth = 0;
        int from = 0;
        boolean or = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                for (i++; i < text.length() && text.charAt(i) != '"'; i++) {
                    if (text.charAt(i) == '\\') {
                        i++;
                    }
                }
            } else if (c == '(' || c == '{') {
                depth++;
            } else if (c == ')' || c == '}') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0) {
                if (text.startsWith("&&", i)) {
                    out.add(text.substring(from, i).strip());
                    from = i + 2;
                    i++;
                } else if (text.startsWith("||", i) || word(text, i, "or")) {
                    or = true;
                } else if (word(text, i, "and")) {
                    out.add(text.substring(from, i).strip());
                    from = i + 3;
                    i += 2;
                }
            }
        }
        if (or) {
            return List.of(text.strip());
        }
        out.add(text.substring(from).strip());
        out.removeIf(String::isEmpty);
        return out;
    }

    /** The terms joined by {@code and}; a term with a top-level {@code or} in parentheses, so it stays one term. */
    static String join(List<String> terms) {
        if (terms.size() == 1) {
            return terms.get(0);
        }
        List<String> parts = new ArrayList<>();
        for (String t : terms) {
            parts.add(terms(t).size() == 1 && hasTopLevelOr(t) ? "(" + t + ")" : t);
        }
        return String.join(" and ", parts);
    }

    private static boolean hasTopLevelOr(String t) {
        int depth = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '"') {
                for (i++; i < t.length() && t.charAt(i) != '"'; i++) {
                    if (t.charAt(i) == '\\') {
                        i++;
                    }
                }
            } else if (c == '(' || c == '{') {
                depth++;
            } else if (c == ')' || c == '}') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0 && (t.startsWith("||", i) || word(t, i, "or"))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the word {@code w} stands at {@code i}, not inside a longer name ({@code order}, {@code band}). */
    private static boolean word(String t, int i, String w) {
        if (!t.startsWith(w, i)) {
            return false;
        }
        boolean startOk = i == 0 || !nameChar(t.charAt(i - 1));
        int end = i + w.length();
        boolean endOk = end >= t.length() || !nameChar(t.charAt(end));
        return startOk && endOk;
    }

    private static boolean nameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.';
    }
}
