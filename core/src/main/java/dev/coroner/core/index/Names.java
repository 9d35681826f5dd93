package dev.coroner.core.index;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A small dictionary of the strings rows share (record kinds, roles, models, tool names), so a row stores a
 * short code instead of a string. One writer; readers on other threads see a consistent prefix.
 */
final class Names {
    /** Codes are 16 bits; a file with more distinct names than this keeps the rest as {@link #OTHER}. */
    static final int MAX = 0xFFFF;
    /** Code 0: no name (absent, or not a string). */
    static final int NONE = 0;
    private static final String OTHER = "(other)";

    private final Map<String, Integer> codes = new HashMap<>();
    private volatile String[] names = {""};
    private int other = -1;

    int code(String name) {
        if (name == null) {
            return NONE;
        }
        Integer c = codes.get(name);
        if (c != null) {
            return c;
        }
        String[] now = names;
        if (now.length >= MAX) {
            if (other < 0) {
                other = now.length - 1;
                now[other] = OTHER;
            }
            return other;
        }
        String[] next = Arrays.copyOf(now, now.length + 1);
        next[now.length] = name;
        codes.put(name, now.length);
        names = next;
        return now.length;
    }

    String name(int code) {
        String[] now = names;
        return code < now.length ? now[code] : "";
    }

    List<String> all() {
        String[] now = names;
        return List.of(now).subList(1, now.length);
    }
}
