package dev.coroner.core.redact;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The secret shapes every export looks for, in the order they are applied (docs/ARCHITECTURE.md, "Redaction"). Each
 * is anchored on a prefix or a name that real secrets carry, so that ordinary text is left alone: a bare 40-letter
 * word is never taken for a key. What is matched, and what is deliberately not, is listed with each.
 */
public final class SecretShapes {
    /** Characters a token, key or password value is made of when it is written without quotes. */
    private static final String VALUE = "[A-Za-z0-9._~+/=-]";

    /**
     * Applied first to last. The specific prefixes come before the generic name-based ones, so a key is counted by
     * its provider, and what a shape already replaced ({@code [REDACTED:…]}) is never matched again.
     */
    public static final List<SecretShape> WELL_KNOWN = List.of(
            // a PEM private key (RSA, EC, OPENSSH, ENCRYPTED, PGP …), to its END line or, cut short, to the end of the text
            new SecretShape("private-key", Pattern.compile(
                    "-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\\s\\S]*?"
                            + "(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\\z)"), 0),
            // Anthropic: sk-ant-api03-…, sk-ant-admin01-…
            new SecretShape("anthropic-key", Pattern.compile("(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{16,}"), 0),
            // OpenAI: sk-…, sk-proj-…, sk-svcacct-…, sk-admin-…: at least 20 characters holding a digit and a letter,
            // so "sk-learn" or a hyphenated slug is not taken for one
            new SecretShape("openai-key", Pattern.compile("(?<![A-Za-z0-9_-])sk-(?:proj-|svcacct-|admin-)?"
                    + "(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}"), 0),
            // GitHub: classic and OAuth/app/refresh tokens (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained github_pat_
            new SecretShape("github-token", Pattern.compile(
                    "(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})"), 0),
            // Slack: bot, app, user, refresh and legacy tokens
            new SecretShape("slack-token", Pattern.compile("(?<![A-Za-z0-9])xox[baprs]-[A-Za-z0-9-]{10,}"), 0),
            // AWS access key ids (long-term AKIA, temporary ASIA): exactly 16 more upper-case letters or digits
            new SecretShape("aws-access-key-id", Pattern.compile(
                    "(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])"), 0),
            // Google API keys
            new SecretShape("google-api-key", Pattern.compile("(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])"), 0),
            // Authorization: Bearer/Basic/Token/Digest <credential>; the header and scheme stay. A shell variable
            // ($TOKEN) or a placeholder (<token>) is not a credential and is left alone.
            new SecretShape("authorization", Pattern.compile("(?i)(\\bauthorization[\"']?\\s*[:=]\\s*[\"']?"
                    + "(?:bearer|basic|token|digest)\\s+)(" + VALUE + "{8,})"), 2),
            // scheme://user:password@host: the password goes, user and host stay; ${VAR} and $VAR are left alone
            new SecretShape("url-password", Pattern.compile(
                    "(?i)\\b([a-z][a-z0-9+.-]*://[^\\s:/?#@\"'<>]+:)(?![$])([^\\s/?#@\"'<>]+)(?=@)"), 2),
            // NAME = value, NAME: value, "NAME": "value" where NAME ends in api_key, access_token, secret, password …
            // (OPENAI_API_KEY=…, "client_secret": "…"). The value must be 8 or more token characters holding a letter
            // and a digit, and must not be a call or an index (get_token(), env["X"]): so max_tokens=8192,
            // password=str and token=${TOKEN} are left alone.
            new SecretShape("secret-assignment", Pattern.compile("(?i)(?<![A-Za-z0-9_-])([A-Za-z0-9_-]*?"
                    + "(?:api[_-]?key|apikey|access[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token"
                    + "|secret[_-]?key|client[_-]?secret|token|secret|password|passwd)"
                    + "[\"']?\\s*[:=]\\s*[\"']?)"
                    + "(?!" + VALUE + "*[(\\[])(?=" + VALUE + "*[0-9])(?=" + VALUE + "*[A-Za-z])(" + VALUE + "{8,})"), 2));

    private SecretShapes() {
    }
}
