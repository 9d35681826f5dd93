package dev.coroner.core.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * docs/VERDICTS.md, "Redaction in linear time": every shape reads each character of any text a bounded number of times.
 * The measure is the characters the matcher reads (a counting CharSequence), not a clock: it is the same on a loaded
 * machine. Inputs are repeated near-misses of every shape, the kind of text that makes a backtracking pattern start
 * again and again.
 */
class RedactionLinearTest {
    /** Reads per character of input allowed to all the shapes together; a quadratic pattern exceeds it by far. */
    static final int READS_PER_CHAR = 200;

    /** Near-misses: each a prefix or a piece of a shape that starts a match attempt which then fails. */
    static final List<String> UNITS = List.of(
            "ab-", "a-", "a", "0", "A", "-", " ", "_", ".", ":", "=", "\"", "'", "\\", "\u200b", "\\u0067",
            "-----BEGIN ", "-----BEGIN A ", "-----BEGIN RSA PRIVATE KEY-----", "-----END ",
            "sk-ant-", "sk-", "sk-a", "sk-0", "ghp_", "ghp_a", "github_pat_", "glpat-", "GR1348941", "xoxb-", "xapp-1-",
            "hooks.slack.com/services/", "sk_live_", "rk_test_", "npm_", "pypi-AgEIcHlwaS5vcmc", "hf_", "api_org_",
            "SG.", "SG.aaaaaaaaaaaaaaaaaaaa.", "shpat_", "dop_v1_", "AKIA", "ASIA0", "AIza", "eyJ",
            "eyJaaaaaaaaaaaa.", "eyJaaaaaaaaaaaa.eyJ", "authorization: bearer ", "Authorization: ",
            "a://", "a://b:", "a://b:c", "http://u:p", "git+ssh://", "mysql ", "mysql -x ", "mysql -p",
            "sshpass -p ", "sshpass ", "--password ", "--password=", "--token", "password=", "password=a(",
            "password:", "password", "\"password\": \"", "'secret': '", "token ", "max_token=", "a=", "a.b_c-",
            "password=$", "password=***", "AccountKey=", "private_key_id");

    /** What follows the repeats: nothing, or a character that makes the last attempt fail late. */
    static final List<String> ENDS = List.of("", "(", "@", "\"", ":", "\n");

    static List<String> units() {
        return UNITS;
    }

    /** {@code unit} repeated to at least {@code n} characters, then {@code end}. */
    static String repeated(String unit, int n, String end) {
        return unit.repeat((n + unit.length() - 1) / unit.length()) + end;
    }

    /** Characters read by every well-known shape's search over {@code text}, as {@link Redaction} runs it. */
    static long reads(String text) {
        Counting c = new Counting(text);
        for (SecretShape shape : SecretShapes.WELL_KNOWN) {
            Matcher m = shape.pattern().matcher(c);
            while (m.find()) {
                int start = m.start(shape.secretGroup());
                int end = m.end(shape.secretGroup());
                if (start >= 0 && end > start) {
                    shape.hides(c, start, end);
                }
            }
        }
        return c.reads;
    }

    @ParameterizedTest(name = "[{index}] '{0}'")
    @MethodSource("units")
    void everyShapeReadsEachCharacterABoundedNumberOfTimes(String unit) {
        // at 16,000 characters a pattern that starts again from every position reads thousands of times per character
        for (String end : ENDS) {
            String text = repeated(unit, 16_000, end);
            long reads = reads(text);
            assertTrue(reads <= (long) READS_PER_CHAR * text.length(), () -> "'" + unit + "' repeated, then '" + end
                    + "': " + reads + " reads for " + text.length() + " characters");
        }
    }

    @Test
    void theIssuesCaseIsLinear() {
        // issue 30: "ab-"×40,000 took 19 s in the url-password shape
        String text = "ab-".repeat(40_000);
        long small = reads("ab-".repeat(10_000));
        long large = reads(text);
        assertTrue(large <= 5 * small, small + " reads for 30,000 characters, " + large + " for 120,000");
    }

    @Test
    void aMegabyteOfNearMissesIsRedactedWithinAGenerousCpuBound() {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        StringBuilder b = new StringBuilder(1 << 20);
        for (int i = 0; b.length() < 1 << 20; i++) {
            b.append(UNITS.get(i % UNITS.size()));
        }
        String megabyte = b.toString();
        for (String text : List.of(megabyte, "ab-".repeat(350_000), "password=".repeat(120_000) + "(",
                "a://b:".repeat(180_000))) {
            long cpu = bean.getCurrentThreadCpuTime();
            String out = Redactor.standard(List.of()).start().apply(text);
            long spent = bean.getCurrentThreadCpuTime() - cpu;
            // generous on purpose (a loaded machine, a cold JIT): a quadratic pattern takes minutes here, linear ones
            // well under a second; the bound that cannot flake is the read count above
            assertTrue(spent < 10_000_000_000L, spent / 1_000_000 + " ms CPU for " + text.length() + " characters");
            assertTrue(out.length() > 0);
        }
    }

    @Test
    void theCountingSequenceCountsEveryRead() {
        Counting c = new Counting("abc");
        c.charAt(0);
        c.charAt(2);
        assertEquals(2, c.reads);
    }

    /** A text that counts how many characters are read from it. */
    static final class Counting implements CharSequence {
        private final String s;
        long reads;

        Counting(String s) {
            this.s = s;
        }

        @Override
        public int length() {
            return s.length();
        }

        @Override
        public char charAt(int index) {
            reads++;
            return s.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            reads += end - start;
            return s.subSequence(start, end);
        }

        @Override
        public String toString() {
            reads += s.length();
            return s;
        }
    }
}
