package dev.coroner.core.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/FILTER.md lists every field of every row kind with its type, and its examples parse. */
class FilterDocTest {
    private static String doc() throws Exception {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("docs/FILTER.md")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                return Files.readString(dir.resolve("docs/FILTER.md"));
            }
        }
        throw new IllegalStateException("no docs/FILTER.md above " + Path.of("").toAbsolutePath());
    }

    private static String section(String doc, String heading) {
        String section = doc.substring(doc.indexOf("### " + heading + "\n"));
        int next = section.indexOf("\n### ", 4);
        return next < 0 ? section : section.substring(0, next);
    }

    private static boolean listed(String section, Field f) {
        return section.contains("| `" + f.name() + "` | " + f.type().name().toLowerCase() + " |");
    }

    @Test
    void everyFieldIsDocumentedWithItsType() throws Exception {
        String doc = doc();
        List<String> missing = new ArrayList<>();
        String usage = section(doc, "usage");
        for (FieldSchema s : FieldSchemas.all()) {
            String section = section(doc, s.rowKind());
            for (Field f : s.fields()) {
                boolean side = s == FieldSchemas.COMPARE_PAIR && f.name().matches("[ab]\\..*")
                        && FieldSchemas.TRANSCRIPT.field(f.name().substring(2)) != null;
                // a cost row's usage fields are in the usage section, which lists them once for every row that has them
                boolean usageField = s == FieldSchemas.COST && FieldSchemas.USAGE.contains(f);
                if (!side && !listed(usageField ? usage : section, f)) {
                    missing.add(s.rowKind() + ": " + f.name());
                }
            }
        }
        for (Field f : FieldSchemas.USAGE) {
            if (!listed(usage, f)) {
                missing.add("usage: " + f.name());
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void theExamplesParse() throws Exception {
        String doc = doc();
        int n = 0;
        for (String line : doc.lines().toList()) {
            int at = line.indexOf("--where '");
            if (line.startsWith("coroner ") && at >= 0) {
                String expr = line.substring(at + 9, line.indexOf('\'', at + 9));
                String command = line.split(" ")[1];
                FieldSchema s = switch (command) {
                    case "precursor" -> FieldSchemas.CALL;
                    case "scripts" -> FieldSchemas.BLOCK;
                    case "propose" -> FieldSchemas.PROPOSAL;
                    case "compare" -> FieldSchemas.COMPARE_PAIR;
                    case "cost" -> FieldSchemas.COST;
                    default -> line.contains(" --usage ") ? FieldSchemas.TRANSCRIPT_USAGE : FieldSchemas.TRANSCRIPT;
                };
                Parsed p = Filter.parse(expr, s);
                assertTrue(p.ok(), () -> line + " -> " + p.error());
                n++;
            }
        }
        assertTrue(n >= 7, "examples found: " + n);
    }
}
