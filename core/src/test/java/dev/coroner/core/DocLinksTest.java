package dev.coroner.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The repository's documents link to each other (README.md, "Where the rest is"): every relative link and picture in
 * README.md, docs/*.md and bench/*.md names a file that is there, and an {@code #anchor} into a Markdown file names one
 * of its headings as GitHub spells it. A link the docs split broke, or a heading renamed under a link, fails here
 * rather than on a reader's click. Links inside code are not links, and addresses with a scheme are not checked.
 */
class DocLinksTest {
    private static final Parser MARKDOWN = Parser.builder().build();

    /** The repository's root: the tests run in a module's folder, under it. */
    static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isRegularFile(dir.resolve("docs/VERDICTS.md"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath());
    }

    static Stream<String> documents() {
        return documentsUnder(repositoryRoot()).stream().map(p -> repositoryRoot().relativize(p).toString());
    }

    private static List<Path> documentsUnder(Path root) {
        List<Path> docs = new ArrayList<>();
        docs.add(root.resolve("README.md"));
        for (String folder : List.of("docs", "bench")) {
            try (Stream<Path> files = Files.list(root.resolve(folder))) {
                files.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(docs::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return docs;
    }

    @Test
    void theDocumentsAreThereToCheck() {
        List<String> docs = documents().toList();
        for (String expected : List.of("README.md", "docs/CLI.md", "docs/WORKBENCH.md", "docs/ARCHITECTURE.md",
                "docs/VERDICTS.md", "bench/README.md", "bench/LOG.md")) {
            assertTrue(docs.contains(expected), expected + " in " + docs);
        }
    }

    @ParameterizedTest
    @MethodSource("documents")
    void everyRelativeLinkLandsOnAFileAndAHeading(String document) {
        Path root = repositoryRoot();
        List<String> broken = brokenLinks(root.resolve(document));
        assertEquals(List.of(), broken, document + ": links that land nowhere");
    }

    @Test
    void aMissingFileAndAMissingHeadingAreBothCaught(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("A.md"), """
                # A

                ## Where it lands

                [fine](B.md#the-rules) [fine too](#where-it-lands) [gone](C.md) [renamed](B.md#old-name)
                `[in code](D.md)` [web](https://example.com/x.md#y) ![picture](B.md)
                """);
        Files.writeString(dir.resolve("B.md"), "# B\n\n## The rules\n");
        assertEquals(List.of("C.md: no such file", "B.md#old-name: no heading 'old-name' in B.md"),
                brokenLinks(dir.resolve("A.md")));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "Forensic exemptions | forensic-exemptions",
        "Reading transcripts: bad input | reading-transcripts-bad-input",
        "`coroner verdict [--json] PATH…` | coroner-verdict---json-path",
        "Where the targets stand (measured 2026-12-02, 01:15–02:35 UTC, load 1–2) | where-the-targets-stand-measured-2026-12-02-01150235-utc-load-12",
        "The pass's last cheap CPU, and reads of 64 KB | the-passs-last-cheap-cpu-and-reads-of-64-kb",
        "`system` subtypes | system-subtypes",
        "own_write and [the link](X.md) | own_write-and-the-link",
    })
    void headingsAreSpeltAsGitHubSpellsTheirAnchors(String heading, String anchor) {
        Node doc = MARKDOWN.parse("## " + heading + "\n");
        assertEquals(anchor, slug(text(doc.getFirstChild())));
    }

    @Test
    void aRepeatedHeadingGetsANumberedAnchor() {
        assertEquals(Set.of("notes", "notes-1", "notes-2"), anchors("# Notes\n\n## Notes\n\n### Notes\n"));
    }

    @Test
    void theReadmeKeepsTheTwoSetUpCommandsAndStaysANewcomersPage() throws IOException {
        String readme = Files.readString(repositoryRoot().resolve("README.md"));
        // .ci/run runs "the README's test command"; the first is what a newcomer types to see the window
        assertTrue(readme.contains("\nmvn -B -q -DskipTests package && app/target/coroner\n"), "the build-and-open command");
        assertTrue(readme.contains("\nmvn -B verify\n"), "the test command");
        assertTrue(readme.contains("](docs/screenshot.png)"), "the picture");
        int bytes = readme.getBytes(StandardCharsets.UTF_8).length;
        assertTrue(bytes < 8 * 1024, "README.md is " + bytes + " bytes: the manual belongs in docs/CLI.md or docs/WORKBENCH.md");
    }

    /** Each link of {@code document} that names no file, or a heading its Markdown file does not have. */
    static List<String> brokenLinks(Path document) {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchorsOf = new HashMap<>();
        for (String destination : destinations(read(document))) {
            if (destination.isEmpty() || destination.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*")) {
                continue; // a web address, mailto: and the like
            }
            int hash = destination.indexOf('#');
            String file = URLDecoder.decode(hash < 0 ? destination : destination.substring(0, hash), StandardCharsets.UTF_8);
            String anchor = hash < 0 ? null : URLDecoder.decode(destination.substring(hash + 1), StandardCharsets.UTF_8);
            Path target = file.isEmpty() ? document : document.getParent().resolve(file).normalize();
            if (!Files.exists(target)) {
                broken.add(destination + ": no such file");
            } else if (anchor != null && target.getFileName().toString().endsWith(".md")
                    && !anchorsOf.computeIfAbsent(target, t -> anchors(read(t))).contains(anchor)) {
                broken.add(destination + ": no heading '" + anchor + "' in " + target.getFileName());
            }
        }
        return broken;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> destinations(String markdown) {
        List<String> out = new ArrayList<>();
        MARKDOWN.parse(markdown).accept(new AbstractVisitor() {
            @Override
            public void visit(Link link) {
                out.add(link.getDestination());
                visitChildren(link);
            }

            @Override
            public void visit(Image image) {
                out.add(image.getDestination());
                visitChildren(image);
            }
        });
        return out;
    }

    /** The anchors GitHub gives the headings of a Markdown text; a repeated one gets -1, -2, … */
    static Set<String> anchors(String markdown) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        MARKDOWN.parse(markdown).accept(new AbstractVisitor() {
            @Override
            public void visit(Heading heading) {
                String slug = slug(text(heading));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
        });
        return anchors;
    }

    /** The text of each heading of a Markdown text, as it renders: words and code, without the Markdown around them. */
    static List<String> headings(String markdown) {
        List<String> headings = new ArrayList<>();
        MARKDOWN.parse(markdown).accept(new AbstractVisitor() {
            @Override
            public void visit(Heading heading) {
                headings.add(text(heading));
            }
        });
        return headings;
    }

    /** The text a heading renders: its words and code, without the Markdown around them. */
    private static String text(Node node) {
        StringBuilder out = new StringBuilder();
        node.accept(new AbstractVisitor() {
            @Override
            public void visit(Text text) {
                out.append(text.getLiteral());
            }

            @Override
            public void visit(Code code) {
                out.append(code.getLiteral());
            }
        });
        return out.toString();
    }

    /** GitHub's rule: lower case, every character but letters, marks, digits, '_', '-' and ' ' dropped, ' ' to '-'. */
    static String slug(String text) {
        return text.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc}\\- ]", "").replace(' ', '-');
    }
}
