package dev.coroner.core.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** docs/ARCHITECTURE.md, "Redaction": each well-known shape, what it hides and what it leaves alone. Every key here is fake. */
class RedactionTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "anthropic-key     | key sk-ant-api03-FAKEfake0123456789_abcdEFGH-xyz here     | key [REDACTED:anthropic-key] here",
            "anthropic-key     | ANTHROPIC=sk-ant-admin01-FAKE0123456789abcdef              | ANTHROPIC=[REDACTED:anthropic-key]",
            "openai-key        | export OPENAI=sk-FAKE0123456789abcdefghijKLMNOP           | export OPENAI=[REDACTED:openai-key]",
            "openai-key        | sk-proj-FAKE_0123456789-abcdefghijklmnop and more           | [REDACTED:openai-key] and more",
            "github-token      | token ghp_FAKE00000000000000000000000000000000 ok            | token [REDACTED:github-token] ok",
            "github-token      | gho_FAKE00000000000000000000000000000000                     | [REDACTED:github-token]",
            "github-token      | ghs_FAKE00000000000000000000000000000000                     | [REDACTED:github-token]",
            "github-token      | github_pat_11FAKE0000000000000000_abcdefghijklmnop         | [REDACTED:github-token]",
            "slack-token       | xoxb-0000000000-FAKEFAKEFAKE                                 | [REDACTED:slack-token]",
            "slack-token       | (xoxp-1111-2222-FAKE)                                        | ([REDACTED:slack-token])",
            "aws-access-key-id | aws_access_key_id AKIAIOSFODNN7EXAMPLE                       | aws_access_key_id [REDACTED:aws-access-key-id]",
            "aws-access-key-id | ASIAFAKE0000EXAMPLE0,                                        | [REDACTED:aws-access-key-id],",
            "google-api-key    | key=AIzaFAKE0000000000000000000000000000000                  | key=[REDACTED:google-api-key]",
            "authorization     | curl -H 'Authorization: Bearer abc.DEF-123_fake' x           | curl -H 'Authorization: Bearer [REDACTED:authorization]' x",
            "authorization     | authorization: basic dXNlcjpwYXNzd29yZA==                    | authorization: basic [REDACTED:authorization]",
            "url-password      | git clone https://me:hunter2hunter@example.com/r.git        | git clone https://me:[REDACTED:url-password]@example.com/r.git",
            "url-password      | postgres://app:p4ss@db:5432/x                                | postgres://app:[REDACTED:url-password]@db:5432/x",
            "secret-assignment | OPENAI_API_KEY=abc123def456ghi                              | OPENAI_API_KEY=[REDACTED:secret-assignment]",
            "secret-assignment | {\"client_secret\": \"Zx9-fake-secret-42\"}                 | {\"client_secret\": \"[REDACTED:secret-assignment]\"}",
            "secret-assignment | password: Correct4Horse                                      | password: [REDACTED:secret-assignment]",
            "secret-assignment | access_token=ya29.FAKE0123                                   | access_token=[REDACTED:secret-assignment]",
            // issue 30: the shapes that reached a report
            "jwt               | t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJGQUtFIn0.FAKEsig0123_-x ok   | t=[REDACTED:jwt] ok",
            "jwt               | eyJhbGciOiJub25lIn0.eyJzdWIiOiJGQUtFIn0.                     | [REDACTED:jwt]",
            "slack-token       | SLACK_APP_TOKEN=xapp-1-A0FAKE0000-0000000000-fakefakefake    | SLACK_APP_TOKEN=[REDACTED:slack-token]",
            "slack-webhook     | POST https://hooks.slack.com/services/T0FAKE/B0FAKE/FAKEfake0000 | POST https://hooks.slack.com/services/[REDACTED:slack-webhook]",
            "stripe-key        | stripe.api_key = 'sk_live_FAKE0000abcdEFGH1234'              | stripe.api_key = '[REDACTED:stripe-key]'",
            "stripe-key        | rk_live_FAKE0000abcdEFGH1234                                 | [REDACTED:stripe-key]",
            "npm-token         | //registry.npmjs.org/:_authToken=npm_FAKEabcdefghijklmnopqrstuvwxyz0123456789 | //registry.npmjs.org/:_authToken=[REDACTED:npm-token]",
            "huggingface-token | HF_TOKEN=hf_FAKEabcdefghijklmnopqrstuvwxyzABCD              | HF_TOKEN=[REDACTED:huggingface-token]",
            "gitlab-token      | glpat-FAKEabcdefghij0123456789 pushed                        | [REDACTED:gitlab-token] pushed",
            "sendgrid-key      | SG.FAKEabcdefghij0123456.FAKEabcdefghijklmnopqrstuvwxyz01234567 | [REDACTED:sendgrid-key]",
            "secret-assignment | AccountName=acct;AccountKey=FAKEbase64+/abc==;EndpointSuffix=x | AccountName=acct;AccountKey=[REDACTED:secret-assignment];EndpointSuffix=x",
            "secret-assignment | \"private_key_id\": \"0123456789abcdef0123456789abcdef01234567\", | \"private_key_id\": \"[REDACTED:secret-assignment]\",",
            "secret-assignment | \"private_key\": \"MIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\nFAKE\"  | \"private_key\": \"[REDACTED:secret-assignment]\"",
            "secret-assignment | aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYFAKEKEY | aws_secret_access_key = [REDACTED:secret-assignment]",
            "authorization     | curl -H \"Authorization: Bearer F4K3\" https://x              | curl -H \"Authorization: Bearer [REDACTED:authorization]\" https://x",
            "secret-assignment | PASSWORD=correcthorsebatterystaple                          | PASSWORD=[REDACTED:secret-assignment]",
            "secret-assignment | password=hunter2                                            | password=[REDACTED:secret-assignment]",
            "secret-assignment | secret: abc1                                                | secret: [REDACTED:secret-assignment]",
            "secret-assignment | {\"password\": \"Tr0ub4dor&3\"}                            | {\"password\": \"[REDACTED:secret-assignment]\"}",
            "secret-assignment | DB_PASS='it has spaces & more'                               | DB_PASS='[REDACTED:secret-assignment]'",
            "secret-assignment | $db_password => 'FAKE'                                      | $db_password => '[REDACTED:secret-assignment]'",
            "secret-assignment | password: \"cut short                                       | password: \"[REDACTED:secret-assignment]",
            "password-option   | mysql -u root -pS3cr3t app                                  | mysql -u root -p[REDACTED:password-option] app",
            "password-option   | mysqldump -h db -p'S3 cr3t' app                             | mysqldump -h db -p'[REDACTED:password-option]' app",
            "password-option   | sshpass -p hunter2 ssh me@host                              | sshpass -p [REDACTED:password-option] ssh me@host",
            "password-option   | docker login --password FAKE --username me                  | docker login --password [REDACTED:password-option] --username me",
            "password-option   | psql --db-password=FAKE x                                   | psql --db-password=[REDACTED:password-option] x",
            "github-token      | ghu_FAKE00000000000000000000000000000000                     | [REDACTED:github-token]",
            "github-token      | ghr_FAKE00000000000000000000000000000000                     | [REDACTED:github-token]",
    })
    void hides(String kind, String text, String expected) {
        Redaction r = Redactor.standard(List.of()).start();
        assertEquals(expected, r.apply(text));
        assertEquals(Map.of(kind, 1L), r.counts());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "anthropic-key     | sk-ant-short",
            "anthropic-key     | the prefix sk-ant- alone",
            "openai-key        | pip install sk-learn-is-not-a-package-name",
            "openai-key        | task-0123456789abcdefghijklmnop",
            "openai-key        | sk-12345",
            "github-token      | ghp_tooShort0000",
            "github-token      | myghp_FAKE00000000000000000000000000000000",
            "slack-token       | xoxz-0000000000-FAKEFAKEFAKE",
            "slack-token       | xoxb-short",
            "aws-access-key-id | AKIA1234",
            "aws-access-key-id | XAKIAIOSFODNN7EXAMPLE",
            "aws-access-key-id | AKIAIOSFODNN7EXAMPLEXY",
            "private-key       | -----BEGIN PUBLIC KEY-----MIIBIjAN-----END PUBLIC KEY-----",
            "private-key       | -----BEGIN CERTIFICATE-----",
            "authorization     | Authorization: Bearer $TOKEN",
            "authorization     | Authorization: Bearer <token>",
            "authorization     | the authorization step failed",
            "url-password      | https://example.com:8443/path",
            "url-password      | git@github.com:org/repo.git",
            "url-password      | postgres://user:${PGPASSWORD}@db/x",
            "url-password      | https://user@example.com/",
            "secret-assignment | max_tokens=8192",
            "secret-assignment | max_token=16000",
            "secret-assignment | password = get_password2()",
            "secret-assignment | token = os.environ[\"GH_TOKEN1\"]",
            "secret-assignment | token=${TOKEN}",
            "secret-assignment | password: str",
            "secret-assignment | passwordless=enabled1",
            "secret-assignment | tokenizer=bert-base-uncased1",
            "secret-assignment | token = process.env[name]",
            "secret-assignment | def login(password: str) -> None",
            "secret-assignment | {\"token\": null, \"secret\": false}",
            "secret-assignment | password: '<your password>'",
            "secret-assignment | password=***",
            "password-option   | git-sync --source-token ... --target-token …",
            "password-option   | --source-token string  the token to read with",
            "secret-assignment | if password == expected",
            "secret-assignment | token::Kind",
            "password-option   | mysql -u root -p app",
            "password-option   | mkdir -p build",
            "password-option   | docker login --password-stdin",
            "password-option   | run --token $GH_TOKEN",
            "jwt               | eyJhbGciOiJIUzI1NiJ9 alone",
            "stripe-key        | sk_live_short",
            "slack-webhook     | see https://hooks.slack.com/ for help",
    })
    void leavesAlone(String kind, String text) {
        Redaction r = Redactor.standard(List.of()).start();
        assertEquals(text, r.apply(text), kind);
        assertEquals(Map.of(), r.counts());
    }

    @Test
    void aTokenSplitByAnInvisibleCharacterGoesWholeAndTheTextAroundItStaysAsItWas() {
        Redaction r = Redactor.standard(List.of()).start();
        assertEquals("a\u200bb [REDACTED:github-token] c\u2060d",
                r.apply("a\u200bb ghp_FAKE\u200b00000000000000000000000000000000 c\u2060d"));
        assertEquals("key [REDACTED:anthropic-key].", r.apply("key sk-ant-\u00adapi03-FAKE\ufeff0123456789abcdef."));
        assertEquals(Map.of("anthropic-key", 1L, "github-token", 1L), r.counts());
    }

    @Test
    void aTokenWrittenWithJsonEscapesInRawRecordTextGoesWhole() {
        Redaction r = Redactor.standard(List.of()).start();
        assertEquals("{\\\"text\\\":\\\"[REDACTED:github-token]\\\"}",
                r.apply("{\\\"text\\\":\\\"\\u0067hp_FAKE00000000000000000000000000000000\\\"}"));
        assertEquals("{\\\"password\\\": \\\"[REDACTED:secret-assignment]\\\"}",
                r.apply("{\\\"password\\\": \\\"Tr0ub4dor&3\\\"}"));
        assertEquals(Map.of("github-token", 1L, "secret-assignment", 1L), r.counts());
        String notSecret = "C:\\Users\\me\\u0041 \\\"quoted\\\" \\";
        assertEquals(notSecret, r.apply(notSecret));
    }

    @Test
    void aPrivateKeyBlockGoesWholeAndOneCutShortGoesToTheEnd() {
        Redaction r = Redactor.standard(List.of()).start();
        String whole = "before\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAfake\nline2\n-----END RSA PRIVATE KEY-----\nafter";
        assertEquals("before\n[REDACTED:private-key]\nafter", r.apply(whole));
        String cut = "see -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAAfake";
        assertEquals("see [REDACTED:private-key]", r.apply(cut));
        assertEquals(Map.of("private-key", 2L), r.counts());
    }

    @Test
    void aKeyIsCountedByItsProviderNotAlsoAsAnAssignment() {
        Redaction r = Redactor.standard(List.of()).start();
        assertEquals("ANTHROPIC_API_KEY=[REDACTED:anthropic-key] OPENAI_API_KEY=[REDACTED:openai-key]",
                r.apply("ANTHROPIC_API_KEY=sk-ant-api03-FAKE0123456789abcdef OPENAI_API_KEY=sk-FAKE0123456789abcdefghijKL"));
        assertEquals(Map.of("anthropic-key", 1L, "openai-key", 1L), r.counts());
        assertEquals(2, r.total());
    }

    @Test
    void countsAddUpAcrossStringsInByteWiseOrderOfKind() {
        Redaction r = Redactor.standard(List.of()).start();
        r.apply("AKIAIOSFODNN7EXAMPLE");
        r.apply("xoxb-0000000000-FAKEFAKEFAKE and AKIAIOSFODNN7EXAMPLE");
        assertEquals(List.of("aws-access-key-id", "slack-token"), List.copyOf(r.counts().keySet()));
        assertEquals(2L, r.counts().get("aws-access-key-id"));
        assertEquals(3, r.total());
    }

    @Test
    void userPatternsAreAppliedAfterTheWellKnownOnesAndNamedByPosition() {
        Redaction r = Redactor.standard(List.of("ACME-[0-9]{6}", "(?i)project\\s+falcon")).start();
        assertEquals("ticket [REDACTED:user-pattern-1] for [REDACTED:user-pattern-2]",
                r.apply("ticket ACME-123456 for Project Falcon"));
        assertEquals(Map.of("user-pattern-1", 1L, "user-pattern-2", 1L), r.counts());
    }

    @Test
    void aUserPatternThatMatchesNothingHidesNothing() {
        Redaction r = Redactor.standard(List.of("x*")).start();
        assertEquals("abc", r.apply("abc"));
        assertEquals(0, r.total());
    }

    @Test
    void aBrokenUserPatternIsRefused() {
        assertThrows(PatternSyntaxException.class, () -> Redactor.standard(List.of("(unclosed")));
    }

    @Test
    void offPassesEverythingThroughAndNullStaysNull() {
        Redaction off = Redactor.OFF.start();
        assertFalse(off.on());
        assertEquals("sk-ant-api03-FAKE0123456789abcdef", off.apply("sk-ant-api03-FAKE0123456789abcdef"));
        assertEquals(0, off.total());
        assertNull(Redactor.standard(List.of()).start().apply(null));
        assertTrue(Redactor.standard(List.of()).on());
    }
}
