package dev.coroner.core.filter;

import dev.coroner.core.findings.Finding;

/** A finding's {@link FieldSchemas#FINDING} fields: its kind, severity, evidence span, title and reason. */
public final class FindingValues implements FieldValues {
    private final Finding finding;

    private FindingValues(Finding finding) {
        this.finding = finding;
    }

    public static FindingValues of(Finding finding) {
        return new FindingValues(finding);
    }

    @Override
    public Object get(String field) {
        return switch (field) {
            case "kind" -> finding.kind().name();
            case "severity" -> finding.severity().name();
            case "line" -> finding.line();
            case "offset" -> finding.offset();
            case "length" -> finding.length();
            case "title" -> finding.title();
            case "reason" -> finding.reason();
            default -> null;
        };
    }
}
