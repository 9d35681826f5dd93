package dev.coroner.core.scripts;

/** What became of a call, read from its {@code tool_result} (docs/VERDICTS.md, "Code blocks"). */
public enum Outcome {
    /** A result came and did not say {@code is_error: true}. */
    OK("ok"),
    /** The result said {@code is_error: true}: the command failed, was refused, or the tool could not run it. */
    ERROR("error"),
    /** No result for the call appears in the transcript (an interrupted run, or a file cut short). */
    NO_RESULT("no-result");

    private final String label;

    Outcome(String label) {
        this.label = label;
    }

    /** The label a matched block carries: {@code ok}, {@code error} or {@code no-result}. */
    public String label() {
        return label;
    }
}
