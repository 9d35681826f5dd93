package dev.coroner.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Comments say why in a sentence and point at the section of docs/ that holds the rule, as
 * {@code (docs/VERDICTS.md, "Agent kind")}. When a section moves (the window's went from docs/ARCHITECTURE.md to
 * docs/WORKBENCH.md, the dated figures from bench/README.md to bench/LOG.md) every such pointer must move with it:
 * each names a document that is there and, in it, a heading, or a rule's label (a line that starts with the name, as
 * VERDICTS.md's "Saving:" does). A dated heading may be cited by its words before the date.
 */
class DocCitationsTest {
    /** A document and the quoted names after it; comment markers at line starts are taken out first. */
    private static final Pattern CITATION = Pattern.compile(
            "((?:docs|bench)/[A-Z]+\\.md|README\\.md|README)((?:,? \"[^\"]+\"(?:,| and| or|;)?)+)");
    private static final Pattern NAME = Pattern.compile("\"([^\"]+)\"");
    private static final Pattern LINE_START = Pattern.compile("\\n[ \\t]*(?:\\*|//|#|<!--)?[ \\t]*");
    private static final Set<String> SOURCE_ENDINGS = Set.of(".java", ".sh", ".py", ".mjs", ".xml", ".css", ".cmd",
            "/coroner", "/run");

    @Test
    void everyCommentThatCitesASectionNamesOneThatIsThere() throws IOException {
        Path root = DocLinksTest.repositoryRoot();
        List<String> wrong = new ArrayList<>();
        int citations = 0;
        Map<String, List<String>> sectionsOf = new HashMap<>();
        for (Path file : sources(root)) {
            Matcher m = CITATION.matcher(LINE_START.matcher(readLeniently(file)).replaceAll(" "));
            while (m.find()) {
                String document = m.group(1).startsWith("README") ? "README.md" : m.group(1);
                Path target = root.resolve(document);
                Matcher names = NAME.matcher(m.group(2));
                while (names.find()) {
                    citations++;
                    String name = names.group(1);
                    String where = root.relativize(file) + ": " + document + ", \"" + name + "\"";
                    if (!Files.isRegularFile(target)) {
                        wrong.add(where + ": no such document");
                    } else if (sectionsOf.computeIfAbsent(document, d -> sections(read(target))).stream()
                            .noneMatch(s -> s.startsWith(name))) {
                        wrong.add(where + ": no such heading or label");
                    }
                }
            }
        }
        assertTrue(citations > 100, "found only " + citations + " citations: the pattern no longer reads the comments");
        assertEquals(List.of(), wrong, "comments that cite a section that is not there");
    }

    @Test
    void aSectionThatMovedIsCaughtWhereItWasCited() {
        String markdown = "# Architecture\n\n## Threads\n\nSaving:\n\n- **Agent kind.** HARNESS for…\n";
        List<String> sections = sections(markdown);
        assertTrue(sections.stream().anyMatch(s -> s.startsWith("Threads")), sections.toString());
        assertTrue(sections.stream().anyMatch(s -> s.startsWith("Saving")), sections.toString());
        assertTrue(sections.stream().anyMatch(s -> s.startsWith("Agent kind")), sections.toString());
        assertTrue(sections.stream().noneMatch(s -> s.startsWith("Triage")), sections.toString());
        Matcher m = CITATION.matcher(LINE_START.matcher(
                "/**\n * The filters (docs/WORKBENCH.md, \"Triage\" and\n * \"Search\"), as in README \"Set up\".\n */")
                .replaceAll(" "));
        assertTrue(m.find());
        assertEquals("docs/WORKBENCH.md", m.group(1));
        assertEquals(List.of("Triage", "Search"), NAME.matcher(m.group(2)).results().map(r -> r.group(1)).toList());
        assertTrue(m.find());
        assertEquals("README", m.group(1));
    }

    /** A document's headings, then the start of each of its lines without list marker or bold: its rules' labels. */
    private static List<String> sections(String markdown) {
        List<String> sections = new ArrayList<>(DocLinksTest.headings(markdown));
        for (String line : markdown.split("\n")) {
            sections.add(line.replaceFirst("^\\s*(?:[-*]|\\d+\\.)?\\s*(?:\\*\\*)?", ""));
        }
        return sections;
    }

    private static List<Path> sources(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        for (String top : List.of("core", "app", "icons", "fixtures", "bench", "tools", ".ci", "pom.xml")) {
            Path start = root.resolve(top);
            if (!Files.exists(start)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(start)) {
                walk.filter(Files::isRegularFile)
                        .filter(p -> !root.relativize(p).toString().replace('\\', '/').matches("(.*/)?target/.*"))
                        .filter(p -> SOURCE_ENDINGS.stream().anyMatch(e -> p.toString().replace('\\', '/').endsWith(e)))
                        .sorted()
                        .forEach(out::add);
            }
        }
        return out;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lenient: a source that is not UTF-8 still has its ASCII citations read. */
    private static String readLeniently(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }
}
