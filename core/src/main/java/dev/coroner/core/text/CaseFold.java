package dev.coroner.core.text;

import java.util.Locale;

/**
 * Unicode full case folding, the comparison form Python's {@code str.casefold()} produces, built from the
 * JDK's locale-free case mappings (Java has no casefold of its own). Never the default locale: a Turkish
 * machine must not fold {@code I} to a dotless {@code ı}.
 *
 * <p>Each code point is upper-cased with the full mappings of {@link Locale#ROOT} ({@code ß} → {@code SS},
 * {@code ﬁ} → {@code FI}) and each resulting code point lower-cased on its own, so no context rule applies
 * ({@code ς} folds to {@code σ} wherever it stands). Four places where that road and CaseFolding.txt part
 * are handled by hand: {@code İ} folds to {@code i} plus a combining dot, {@code ı} does not fold, capital
 * {@code ẞ} folds to {@code ss}, and Cherokee folds to its capitals. Checked against Python 3.11 over every
 * code point: the only differences are letters Java 17's Unicode 13 does not know yet.
 */
public final class CaseFold {
    private CaseFold() {
    }

    public static String fold(String s) {
        if (isAscii(s)) {
            return s.toLowerCase(Locale.ROOT);
        }
        StringBuilder out = new StringBuilder(s.length() + 4);
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            switch (cp) {
                case 0x0130 -> out.append("i\u0307"); // İ: CaseFolding.txt keeps the dot as a combining mark
                case 0x0131 -> out.appendCodePoint(cp); // ı: only the Turkic mappings touch it
                case 0x1E9E -> out.append("ss"); // ẞ: lower-casing alone would give ß
                default -> foldOne(cp, out);
            }
        }
        return out.toString();
    }

    private static void foldOne(int cp, StringBuilder out) {
        String upper = new String(Character.toChars(cp)).toUpperCase(Locale.ROOT);
        for (int j = 0; j < upper.length(); ) {
            int u = upper.codePointAt(j);
            j += Character.charCount(u);
            out.appendCodePoint(isCherokeeCapital(u) ? u : Character.toLowerCase(u));
        }
    }

    /** Cherokee's capitals were encoded first, so case folding maps its small letters up to them. */
    private static boolean isCherokeeCapital(int cp) {
        return cp >= 0x13A0 && cp <= 0x13F5;
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
