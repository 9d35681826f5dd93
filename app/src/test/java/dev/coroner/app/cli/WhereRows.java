package dev.coroner.app.cli;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** The --json lines a command printed, each with its parsed map: what the --where tests filter themselves. */
record WhereRows(String line, Map<String, Object> row) {
    private static final ObjectMapper JSON = new ObjectMapper();

    static List<WhereRows> of(String out) {
        List<WhereRows> rows = new ArrayList<>();
        for (String line : out.lines().toList()) {
            try {
                rows.add(new WhereRows(line, JSON.readValue(line, new TypeReference<Map<String, Object>>() { })));
            } catch (Exception e) {
                throw new AssertionError("not a JSON row: " + line, e);
            }
        }
        return rows;
    }

    /** The rows of a command's row kind (a verdict row has "state", a call row "stance" …). */
    static Predicate<WhereRows> has(String key) {
        return r -> r.row().containsKey(key);
    }
}
