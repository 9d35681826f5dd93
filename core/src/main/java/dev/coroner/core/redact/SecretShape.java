package dev.coroner.core.redact;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One kind of secret and how to find it (docs/ARCHITECTURE.md, "Redaction"): its name (what a report counts it as,
 * {@code [REDACTED:kind]}), a pattern, and which group of the pattern is the secret itself — 0 for the whole match;
 * a header or an assignment keeps its name and loses only its value.
 */
public record SecretShape(String kind, Pattern pattern, int secretGroup) {
    public SecretShape {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(pattern);
        if (secretGroup < 0 || secretGroup > pattern.matcher("").groupCount()) {
            throw new IllegalArgumentException(kind + ": no group " + secretGroup + " in " + pattern);
        }
    }

    /** What a secret of this kind is replaced by. */
    public String replacement() {
        return "[REDACTED:" + kind + "]";
    }
}
