package dev.coroner.core.redact;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One kind of secret and how to find it (docs/VERDICTS.md, "Redaction"): its name (what a report counts it as,
 * {@code [REDACTED:kind]}), a pattern, and which group of the pattern is the secret itself — 0 for the whole match;
 * a header or an assignment keeps its name and loses only its value. A shape that names its secret
 * ({@code password=…}) sets {@code namedValue}: what follows the name is hidden whatever it looks like, unless it is
 * plainly not a value ({@link SecretShapes#notAValue}: a variable, a placeholder, a call, a type). {@code hints} are
 * strings one of which every match holds: a text with none of them is not searched at all (none: always searched).
 */
public record SecretShape(String kind, Pattern pattern, int secretGroup, boolean namedValue, List<String> hints) {
    public SecretShape {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(pattern);
        hints = List.copyOf(hints);
        if (secretGroup < 0 || secretGroup > pattern.matcher("").groupCount()) {
            throw new IllegalArgumentException(kind + ": no group " + secretGroup + " in " + pattern);
        }
    }

    public SecretShape(String kind, Pattern pattern, int secretGroup) {
        this(kind, pattern, secretGroup, false, List.of());
    }

    /** Whether {@code text} may hold a match: it holds one of the hints, or there are none. */
    boolean mayMatch(String text) {
        if (hints.isEmpty()) {
            return true;
        }
        for (String h : hints) {
            if (text.contains(h)) {
                return true;
            }
        }
        return false;
    }

    /** What a secret of this kind is replaced by. */
    public String replacement() {
        return "[REDACTED:" + kind + "]";
    }

    /** Whether {@code text[start, end)}, which this shape's secret group matched, is to be hidden. */
    boolean hides(CharSequence text, int start, int end) {
        return !namedValue || !SecretShapes.notAValue(text, start, end);
    }
}
