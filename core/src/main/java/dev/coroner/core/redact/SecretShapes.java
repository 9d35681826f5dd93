package dev.coroner.core.redact;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The secret shapes every export looks for, in the order they are applied (docs/VERDICTS.md, "Redaction"). Each is
 * anchored on a prefix or a name that real secrets carry, so that ordinary text is left alone: a bare 40-letter word
 * is never taken for a key. The prefixes follow the shapes a maintained secret scanner knows (gitleaks' rule set);
 * the patterns are our own.
 *
 * <p>Every pattern runs in linear time on any input (docs/VERDICTS.md, "Redaction in linear time"): a run of
 * characters is taken possessively ({@code ++}, {@code {n,}+}) and never given back, a repeated group is bounded, a
 * pattern can only start where the run it scans starts (a look-behind for the run's own characters), and nothing that
 * could fail is asked after an unbounded run. What a value must not be (a call, a variable) is decided afterwards in
 * code ({@link #notAValue}), not by a look-ahead that would scan the run again from every start. {@code
 * RedactionLinearTest} counts the characters each pattern reads on adversarial text.
 */
public final class SecretShapes {
    /** Characters of an unquoted value: everything up to a space, a quote, a separator or a bracket. */
    private static final String UNQUOTED = "[^\\s\"'`,;&|<>(){}\\[\\]\\\\]";

    /**
     * A value after its name and separator, maybe quoted: in quotes it is everything up to the closing quote (or the
     * end of the line, when the text was cut), else a run of {@link #UNQUOTED}. Group 1 is the value without quotes.
     * A quote of the value has been consumed just before iff the character before is a quote; the separator never
     * ends in one.
     */
    private static final String VALUE = "[\"'`]?+((?<=\")[^\"\\r\\n]++|(?<=')[^'\\r\\n]++|(?<=`)[^`\\r\\n]++"
            + "|(?<![\"'`])" + UNQUOTED + "++)";

    /** Names whose value is a secret, as the end of an identifier ({@code DB_PASSWORD}, {@code client_secret}). */
    private static final String SECRET_NAMES = "password|passwd|passphrase|[_.-]pass|[_.-]pwd|secret|token"
            + "|api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|private[_-]?key[_-]?id|account[_-]?key"
            + "|shared[_-]?access[_-]?key|(?:auth|signing|encryption|master)[_-]?key";

    /** Names that end like a secret's but count things ({@code max_token=8192}). */
    private static final String COUNT_NAMES = "max[_-]token|min[_-]token|num[_-]token|total[_-]token|n[_-]token";

    /** Words that, as a whole value, are a type or a literal of a language, not a secret ({@code password: str}). */
    private static final Set<String> CODE_WORDS = Set.of("str", "string", "int", "bool", "bytes", "none", "null", "nil",
            "undefined", "true", "false", "any", "object", "secretstr", "optional");

    /**
     * Applied first to last. The specific prefixes come before the generic name-based ones, so a key is counted by
     * its provider, and what a shape already replaced ({@code [REDACTED:…]}) is never matched again.
     */
    public static final List<SecretShape> WELL_KNOWN = List.of(
            // a PEM private key (RSA, EC, OPENSSH, ENCRYPTED, PGP …), to its END line or, cut short, to the end of the text
            shape("private-key", "-----BEGIN (?:(?!PRIVATE )[A-Z0-9]{1,16}+ ){0,4}+PRIVATE KEY(?: BLOCK)?-----[\\s\\S]*?"
                    + "(?:-----END (?:(?!PRIVATE )[A-Z0-9]{1,16}+ ){0,4}+PRIVATE KEY(?: BLOCK)?-----|\\z)",
                    "-----BEGIN "),
            // Anthropic: sk-ant-api03-…, sk-ant-admin01-…
            shape("anthropic-key", "(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{16,}+", "sk-ant-"),
            // OpenAI: sk-…, sk-proj-…, sk-svcacct-…, sk-admin-…: at least 20 characters holding a digit and a letter,
            // so "sk-learn" or a hyphenated slug is not taken for one
            shape("openai-key", "(?<![A-Za-z0-9_-])sk-(?:proj-|svcacct-|admin-)?+"
                    + "(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}+", "sk-"),
            // GitHub: classic, OAuth, user-to-server, server-to-server and refresh tokens, and fine-grained github_pat_
            shape("github-token", "(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,}+|github_pat_[A-Za-z0-9_]{22,}+)",
                    "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
            // GitLab: personal, deploy, runner, pipeline-trigger, CI-job, OAuth … tokens, and runner registration tokens
            shape("gitlab-token", "(?<![A-Za-z0-9_-])(?:gl(?:pat|dt|rt|ptt|cbt|soat|ffct|ft|imt|agent|oas)-"
                    + "|GR1348941)[A-Za-z0-9_-]{20,}+", "gl", "GR1348941"),
            // Slack: bot, app, user, refresh, legacy and configuration tokens, and app-level tokens (xapp-1-…)
            shape("slack-token", "(?<![A-Za-z0-9-])(?:xox[abprse]-|xapp-[0-9]-)[A-Za-z0-9-]{10,}+", "xox", "xapp-"),
            // Slack incoming webhooks and workflow triggers: the path after the host is the secret
            new SecretShape("slack-webhook", Pattern.compile(
                    "(?i)(hooks\\.slack\\.com/(?:services|workflows|triggers)/)([A-Za-z0-9+/_-]{8,}+)"), 2),
            // Stripe secret and restricted keys, live or test
            shape("stripe-key", "(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,}+",
                    "_live_", "_test_", "_prod_"),
            // npm access tokens
            shape("npm-token", "(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36,}+", "npm_"),
            // PyPI upload tokens (a macaroon naming pypi.org)
            shape("pypi-token", "(?<![A-Za-z0-9_-])pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}+", "pypi-"),
            // Hugging Face user and organisation tokens
            shape("huggingface-token", "(?<![A-Za-z0-9_])(?:hf_|api_org_)[A-Za-z0-9]{30,}+", "hf_", "api_org_"),
            // SendGrid: SG.<id>.<secret>
            shape("sendgrid-key", "(?<![A-Za-z0-9_.-])SG\\.[A-Za-z0-9_-]{16,}+\\.[A-Za-z0-9_-]{16,}+", "SG."),
            // Shopify access tokens and shared secrets; DigitalOcean personal, OAuth and refresh tokens
            shape("shopify-token", "(?<![A-Za-z0-9_])shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32,}+", "shp"),
            shape("digitalocean-token", "(?<![A-Za-z0-9_])do[opr]_v1_[a-f0-9]{64,}+", "_v1_"),
            // AWS access key ids (long-term AKIA, temporary ASIA): exactly 16 more upper-case letters or digits
            shape("aws-access-key-id", "(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])", "AKIA", "ASIA"),
            // Google API keys
            shape("google-api-key", "(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])", "AIza"),
            // a JSON Web Token: header.payload.signature, both JSON parts base64url of "{\"…"; the signature may be empty
            shape("jwt", "(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,}+\\.eyJ[A-Za-z0-9_-]{10,}+\\.[A-Za-z0-9_-]*+", "eyJ"),
            // Authorization: Bearer/Basic/Token/Digest <credential>; the header and scheme stay, the credential goes
            // whatever it looks like. A shell variable ($TOKEN) or a placeholder (<token>) is not one and stays.
            new SecretShape("authorization", Pattern.compile("(?i)(\\bauthorization[\"']?+[ \\t]*+[:=][ \\t]*+[\"']?+"
                    + "(?:bearer|basic|token|digest)[ \\t]++)(" + UNQUOTED + "++)"), 2, true, List.of()),
            // scheme://user:password@host: the password goes, user and host stay; ${VAR} and $VAR are left alone
            new SecretShape("url-password", Pattern.compile(
                    "(?i)\\b([a-z][a-z0-9+.-]{0,15}+://[^\\s:/?#@\"'<>]++:)(?![$])([^\\s/?#@\"'<>]++)(?=@)"),
                    2, false, List.of("://")),
            // a password given as an option: mysql … -pSECRET (glued: "-p SECRET" makes mysql prompt), sshpass -p SECRET,
            // --password SECRET, --db-password=SECRET, --token SECRET, --api-key SECRET
            new SecretShape("password-option", Pattern.compile(
                    "(?<![A-Za-z0-9_.-])(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mysqlpump"
                            + "|mysqlsh|mariadb|mariadb-dump|mariadb-admin)(?:[ \\t]++(?!-p)[^\\s;|&]++){0,16}+"
                            + "[ \\t]++-p" + VALUE), 1, true, List.of("mysql", "mariadb")),
            new SecretShape("password-option", Pattern.compile(
                    "(?<![A-Za-z0-9_.-])sshpass[ \\t]++-p[ \\t]*+" + VALUE), 1, true,
                    List.of("sshpass")),
            new SecretShape("password-option", Pattern.compile("(?i)(?<![A-Za-z0-9_-])--[A-Za-z0-9-]*+"
                    + "(?<=[destny])(?<=password|passwd|passphrase|secret|token|api-key|apikey)(?:=|[ \\t]++)(?!-)"
                    + VALUE), 1, true, List.of("--")),
            // NAME = value, NAME: value, "NAME": "value", NAME := value, NAME => value where NAME ends in password,
            // passwd, secret, token, api_key, access_key, private_key(_id), AccountKey … (DB_PASSWORD=…,
            // "client_secret": "…", AccountKey=… in a connection string): the whole value, whatever it looks like,
            // unless it is plainly not one (notAValue). A name that counts (max_token) is not a secret's.
            new SecretShape("secret-assignment", Pattern.compile("(?i)(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]++"
                    + "(?<=[destny])(?<=" + SECRET_NAMES + ")(?<!" + COUNT_NAMES + ")"
                    + "[\"']?+[ \\t]*+(?::=|=>|=(?!=)|:(?![:/]))[ \\t]*+" + VALUE), 1, true, List.of()));

    private SecretShapes() {
    }

    /** A shape whose whole match is the secret, searched only in a text holding one of {@code hints}. */
    private static SecretShape shape(String kind, String regex, String... hints) {
        return new SecretShape(kind, Pattern.compile(regex), 0, false, List.of(hints));
    }

    /**
     * Whether the value {@code text[start, end)} after a secret's name is plainly not a secret: a variable
     * ({@code $TOKEN}, {@code ${TOKEN}}, {@code %TOKEN%}), a template or placeholder ({@code {{ … }}}, {@code <token>},
     * {@code ***}, {@code ...}), what an earlier shape already redacted, a call or an index ({@code get_token()},
     * {@code env["X"]}), or a type or literal of a language ({@code password: str}, {@code "token": null}).
     */
    static boolean notAValue(CharSequence text, int start, int end) {
        char first = text.charAt(start);
        if (first == '$' || first == '%' || first == '<' || first == '{') {
            return true;
        }
        if (end < text.length() && (text.charAt(end) == '(' || text.charAt(end) == '[')) {
            return true;
        }
        if (startsWith(text, start, end, "[REDACTED:")) {
            return true;
        }
        boolean elided = true; // ***, ..., …, ---: a value left out, not one
        for (int i = start; i < end && elided; i++) {
            elided = "*.\u2026-_".indexOf(text.charAt(i)) >= 0;
        }
        return elided || end - start <= 9 && CODE_WORDS.contains(text.subSequence(start, end).toString()
                .toLowerCase(Locale.ROOT));
    }

    private static boolean startsWith(CharSequence text, int start, int end, String prefix) {
        if (end - start < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (text.charAt(start + i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
