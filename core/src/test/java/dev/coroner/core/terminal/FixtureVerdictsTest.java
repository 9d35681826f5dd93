package dev.coroner.core.terminal;

import dev.coroner.core.index.TerminalVerdicts;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.coroner.fixtures.Fixtures;
import java.math.BigInteger;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The verdict on every terminal fixture. State, dead and (for the rows marked "ref") class and status are what
 * the reference gives; rows marked "refined" are where docs/VERDICTS.md, "Terminal verdict" goes beyond it (the reference says
 * OTHER), "refined-2" where the rules learnt from real runs do (the reference says OTHER; {@link RealRunVerdictsTest}
 * has the rest), and invalid-utf8 is where docs/VERDICTS.md, "Reading" makes a bad line a problem rather than a record.
 */
class FixtureVerdictsTest {

    @ParameterizedTest(name = "{0} -> {1} {2}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
            "healthy.jsonl                          | HEALTHY   | NONE        | -   | -                     | ref",
            "healthy-tool-use-last.jsonl            | HEALTHY   | NONE        | -   | -                     | ref",
            "synthetic-rate-limit-429.jsonl         | SYNTHETIC | RATE_LIMIT  | 429 | -                     | ref",
            "synthetic-usage-limit-no-status.jsonl  | SYNTHETIC | USAGE_LIMIT | -   | -                     | ref",
            "synthetic-weekly-limit.jsonl           | SYNTHETIC | USAGE_LIMIT | -   | -                     | ref",
            "synthetic-auth-401.jsonl               | SYNTHETIC | AUTH        | 401 | -                     | ref",
            "synthetic-server-500.jsonl             | SYNTHETIC | SERVER      | 500 | -                     | ref",
            "synthetic-forbidden-403.jsonl          | SYNTHETIC | USAGE_LIMIT | 403 | -                     | ref",
            "synthetic-other.jsonl                  | SYNTHETIC | NETWORK     | -   | unknown               | refined-2",
            "synthetic-model-404.jsonl              | SYNTHETIC | INVALID_REQUEST | 404 | invalid_request   | refined-2",
            "synthetic-overloaded-529.jsonl         | SYNTHETIC | SERVER      | 529 | server_error          | ref",
            "synthetic-spend-limit-429.jsonl        | SYNTHETIC | RATE_LIMIT  | 429 | rate_limit            | ref",
            "synthetic-no-response-requested.jsonl  | SYNTHETIC | OTHER       | -   | -                     | ref",
            "synthetic-flag-string-false.jsonl      | SYNTHETIC | RATE_LIMIT  | -   | -                     | ref",
            "synthetic-refined-rate-limit.jsonl     | SYNTHETIC | RATE_LIMIT  | -   | rate_limit            | refined",
            "synthetic-refined-billing.jsonl        | SYNTHETIC | USAGE_LIMIT | -   | billing_error         | refined",
            "synthetic-refined-auth.jsonl           | SYNTHETIC | AUTH        | -   | authentication_failed | refined",
            "synthetic-refined-limit-text.jsonl     | SYNTHETIC | USAGE_LIMIT | -   | -                     | refined",
            "synthetic-then-bookkeeping.jsonl       | SYNTHETIC | RATE_LIMIT  | -   | rate_limit            | refined",
            "death-mid-file-then-healthy.jsonl      | HEALTHY   | NONE        | -   | -                     | ref",
            "empty-file.jsonl                       | EMPTY     | NONE        | -   | -                     | ref",
            "empty-no-assistant.jsonl               | EMPTY     | NONE        | -   | -                     | ref",
            "empty-content.jsonl                    | EMPTY     | NONE        | -   | -                     | ref",
            "empty-blank-blocks.jsonl               | EMPTY     | NONE        | -   | -                     | ref",
            "garbled.jsonl                          | EMPTY     | NONE        | -   | -                     | ref",
            "binary.jsonl                           | EMPTY     | NONE        | -   | -                     | ref",
            "gzip.jsonl                             | EMPTY     | NONE        | -   | -                     | ref",
            "torn-last-line.jsonl                   | HEALTHY   | NONE        | -   | -                     | ref",
            "crlf.jsonl                             | SYNTHETIC | RATE_LIMIT  | 429 | -                     | ref",
            "bom.jsonl                              | HEALTHY   | NONE        | -   | -                     | ref",
            "invalid-utf8.jsonl                     | HEALTHY   | NONE        | -   | -                     | design-2",
            "nul-bytes.jsonl                        | HEALTHY   | NONE        | -   | -                     | ref",
            "nan.jsonl                              | HEALTHY   | NONE        | -   | -                     | ref",
            "duplicate-keys.jsonl                   | SYNTHETIC | OTHER       | -   | -                     | ref",
            "top-level-array.jsonl                  | HEALTHY   | NONE        | -   | -                     | ref",
            "raw-line-separator.jsonl               | HEALTHY   | NONE        | -   | -                     | ref",
            "blank-lines.jsonl                      | HEALTHY   | NONE        | -   | -                     | ref"})
    void fixtureVerdict(String file, TerminalState state, TerminalClass cls, Integer status, String error, String source) {
        Path p = Fixtures.path("terminal/" + file);
        TerminalVerdict v = TerminalVerdicts.judge(p);
        assertEquals(state, v.state(), source);
        assertEquals(state.dead(), v.dead());
        assertEquals(cls, v.terminalClass(), source);
        assertEquals(status == null ? null : BigInteger.valueOf(status), v.apiStatus());
        assertEquals(error, v.error());
    }
}
