package dev.coroner.core.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A row as a filter reads it: the value at a dotted path, as a String, a Number (Long or Double), a Boolean, a
 * List, a Map, or null when the field is null or absent (every comparison with it is then false).
 */
@FunctionalInterface
public interface FieldValues {
    Object get(String dottedPath);

    /**
     * A JSON row (the map a command prints): {@code trailing.class} is {@code row.get("trailing").get("class")}; a list
     * of objects on the way gives the list of each one's value ({@code misses.path}: every miss's path).
     */
    static FieldValues of(Map<String, ?> row) {
        return path -> walk(row, path, 0);
    }

    private static Object walk(Object at, String path, int from) {
        while (true) {
            if (at instanceof List<?> list && from > 0) {
                List<Object> each = new ArrayList<>();
                for (Object x : list) {
                    Object v = walk(x, path, from);
                    if (v != null) {
                        each.add(v);
                    }
                }
                return each;
            }
            if (!(at instanceof Map<?, ?> m)) {
                return null;
            }
            int dot = path.indexOf('.', from);
            if (dot < 0) {
                return m.get(from == 0 ? path : path.substring(from));
            }
            at = m.get(path.substring(from, dot));
            from = dot + 1;
        }
    }
}
