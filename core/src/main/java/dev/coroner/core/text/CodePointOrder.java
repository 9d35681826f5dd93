package dev.coroner.core.text;

import java.util.Comparator;

/**
 * Strings in Unicode code point order, which is byte-wise UTF-8 order and the order Python's {@code sorted}
 * gives. {@link String#compareTo} differs from it above U+FFFF (it compares UTF-16 units), and a Collator or
 * the default locale would differ from machine to machine.
 */
public final class CodePointOrder {
    public static final Comparator<String> COMPARATOR = CodePointOrder::compare;

    private CodePointOrder() {
    }

    public static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
