package dev.coroner.core.precursor;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * A rule the proposer suggests: "a result of {@code precursor} before {@code tool} is its lookup", with the evidence
 * for it (docs/VERDICTS.md, "Coverage and proposals"). Only a person accepts it; the proposer never grades its own
 * output.
 *
 * <p>Its {@link #id} is the SHA-256 of {@link #canonicalBytes}: the rule alone — the two canonical names and whether
 * the grammar matches case — never the evidence, so a rejected proposal stays recognisable when the corpus grows.
 *
 * @param id                 64 lower-case hex digits
 * @param tool               the gated tool as the grammar spells it, or (a new rule) as most of its calls do
 * @param toolCanonical      its canonical name
 * @param precursor          the lookup as most of its calls spell it
 * @param precursorCanonical its canonical name
 * @param caseSensitive      whether the grammar matches case (part of the canonical names' meaning)
 * @param widens             true when the tool is gated already and the lookup joins its rule; false for a new rule
 * @param held               calls of the tool, in transcripts that ended HEALTHY, that a result of the lookup preceded
 * @param calls              all calls of the tool in those transcripts
 * @param baseHeld           calls, in those transcripts, of every tool but the lookup that a result of it preceded
 * @param baseCalls          all calls, in those transcripts, of every tool but the lookup
 * @param misses             the first {@link Proposer#MISSES} calls it did not precede, in path and line order
 * @param missesTotal        how many it did not precede ({@code calls - held})
 * @param warnsAdded         calls, in every transcript given, that WARN with the rule and did not without it
 * @param warnsRemoved       calls that WARNed without it and do not with it (a widened rule only removes)
 */
public record Proposal(String id, String tool, String toolCanonical, String precursor, String precursorCanonical,
                       boolean caseSensitive, boolean widens, int held, int calls, long baseHeld, long baseCalls,
                       List<CallSite> misses,
                       int missesTotal, int warnsAdded, int warnsRemoved) {
    /** The version of the canonical form; a new form is a new version, and gives new ids. */
    public static final int CANONICAL_VERSION = 1;

    /**
     * Highest lift first, compared as exact fractions: {@code held * baseCalls / (calls * baseHeld)}; a proposal whose
     * lookup preceded nothing at all ({@code baseHeld == 0}) has no lift and goes last.
     */
    public static final Comparator<Proposal> BY_LIFT = (a, b) -> {
        if (a.baseHeld == 0 || b.baseHeld == 0) {
            return Boolean.compare(a.baseHeld == 0, b.baseHeld == 0);
        }
        BigInteger left = big(a.held).multiply(big(a.baseCalls)).multiply(big(b.calls)).multiply(big(b.baseHeld));
        BigInteger right = big(b.held).multiply(big(b.baseCalls)).multiply(big(a.calls)).multiply(big(a.baseHeld));
        return right.compareTo(left);
    };

    public Proposal {
        Objects.requireNonNull(id);
        Objects.requireNonNull(tool);
        Objects.requireNonNull(precursor);
        misses = List.copyOf(misses);
        if (!id.equals(idOf(toolCanonical, precursorCanonical, caseSensitive))) {
            throw new IllegalArgumentException("a proposal's id is the hash of its canonical bytes");
        }
    }

    /** held / calls, to three decimals (half-even), computed in decimal: no floating point reaches the output. */
    public BigDecimal support() {
        return calls == 0 ? BigDecimal.ZERO.setScale(3)
                : BigDecimal.valueOf(held).divide(BigDecimal.valueOf(calls), 3, RoundingMode.HALF_EVEN);
    }

    /**
     * How much more often the lookup came before this tool's calls than before calls in general (of every tool but
     * itself, which it cannot precede the first time):
     * {@code (held / calls) / (baseHeld / baseCalls)}, to three decimals (half-even), computed in decimal; zero when
     * either ratio is undefined.
     */
    public BigDecimal lift() {
        if (calls == 0 || baseHeld == 0) {
            return BigDecimal.ZERO.setScale(3);
        }
        return new BigDecimal(big(held).multiply(big(baseCalls))).divide(
                new BigDecimal(big(calls).multiply(big(baseHeld))), 3, RoundingMode.HALF_EVEN);
    }

    /** baseHeld / baseCalls, to three decimals (half-even): how often the lookup came before any other tool's call. */
    public BigDecimal baseSupport() {
        return baseCalls == 0 ? BigDecimal.ZERO.setScale(3)
                : BigDecimal.valueOf(baseHeld).divide(BigDecimal.valueOf(baseCalls), 3, RoundingMode.HALF_EVEN);
    }

    private static BigInteger big(long n) {
        return BigInteger.valueOf(n);
    }

    /**
     * The canonical bytes of a proposal (docs/VERDICTS.md, "Coverage and proposals"): UTF-8 of one line of JSON,
     * keys in this order, no white space, no line end:
     * {@code {"kind":"coroner-proposal","version":1,"tool":T,"precursor":P,"case_sensitive":B}}, where T and P are
     * canonical names written as JSON strings with only {@code "}, {@code \} and U+0000–U+001F escaped ({@code \"},
     * {@code \\}, {@code \}{@code u00xx} in lower-case hex) and a lone surrogate written as {@code \}{@code udxxx}.
     */
    public static byte[] canonicalBytes(String toolCanonical, String precursorCanonical, boolean caseSensitive) {
        String s = "{\"kind\":\"coroner-proposal\",\"version\":" + CANONICAL_VERSION + ",\"tool\":"
                + jsonString(toolCanonical) + ",\"precursor\":" + jsonString(precursorCanonical)
                + ",\"case_sensitive\":" + caseSensitive + "}";
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The id of the proposal with these canonical names: SHA-256 of its canonical bytes, lower-case hex. */
    public static String idOf(String toolCanonical, String precursorCanonical, boolean caseSensitive) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256")
                    .digest(canonicalBytes(toolCanonical, precursorCanonical, caseSensitive));
            return HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    static String jsonString(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean loneSurrogate = Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1)));
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20 || loneSurrogate) {
                b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
                if (Character.isHighSurrogate(c)) {
                    b.append(s.charAt(++i));
                }
            }
        }
        return b.append('"').toString();
    }
}
