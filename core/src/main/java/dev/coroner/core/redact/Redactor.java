package dev.coroner.core.redact;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What an export hides before it is shared (docs/VERDICTS.md, "Redaction"): the {@link SecretShapes#WELL_KNOWN}
 * shapes, then the person's own patterns, each counted under {@code user-pattern-N} (the pattern itself is never
 * written into the report: it may be the secret). Immutable; {@link #start()} begins one export's count.
 */
public final class Redactor {
    /** Redaction turned off: text passes through, nothing is counted. */
    public static final Redactor OFF = new Redactor(List.of(), false);

    private final List<SecretShape> shapes;
    private final boolean on;

    private Redactor(List<SecretShape> shapes, boolean on) {
        this.shapes = List.copyOf(shapes);
        this.on = on;
    }

    /**
     * The well-known shapes and then {@code userPatterns} (Java regular expressions, the whole match redacted).
     *
     * @throws PatternSyntaxException a user pattern does not compile
     */
    public static Redactor standard(List<String> userPatterns) {
        List<SecretShape> all = new ArrayList<>(SecretShapes.WELL_KNOWN);
        for (int i = 0; i < userPatterns.size(); i++) {
            all.add(new SecretShape("user-pattern-" + (i + 1), Pattern.compile(userPatterns.get(i)), 0));
        }
        return new Redactor(all, true);
    }

    public boolean on() {
        return on;
    }

    /** How many user patterns were given. */
    public int userPatterns() {
        return (int) shapes.stream().filter(s -> s.kind().startsWith("user-pattern-")).count();
    }

    /** A new count for one export. */
    public Redaction start() {
        return new Redaction(shapes, on);
    }
}
