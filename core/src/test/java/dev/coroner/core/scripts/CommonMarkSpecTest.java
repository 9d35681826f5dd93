package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.commonmark.node.Node;
import org.commonmark.testutil.TestResources;
import org.commonmark.testutil.example.Example;
import org.commonmark.testutil.example.ExampleReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scanner against the CommonMark spec's own examples (spec.txt 0.31.2, shipped in commonmark-java's test-util
 * artifact). Contents are compared modulo line terminators only: CommonMark writes each line with {@code \n}, we keep
 * the terminators as written and drop the last one.
 */
class CommonMarkSpecTest {
    private static final List<Example> EXAMPLES = ExampleReader.readExamples(TestResources.getSpec());

    static Stream<Arguments> examplesIn(String section) {
        return IntStream.range(0, EXAMPLES.size()).filter(i -> EXAMPLES.get(i).getSection().equals(section))
                .mapToObj(i -> Arguments.of(i + 1, EXAMPLES.get(i).getSource(), EXAMPLES.get(i).getHtml()));
    }

    static Stream<Arguments> fencedCodeExamples() {
        return examplesIn("Fenced code blocks");
    }

    static Stream<Arguments> everyExample() {
        return IntStream.range(0, EXAMPLES.size())
                .mapToObj(i -> Arguments.of(i + 1, EXAMPLES.get(i).getSection(), EXAMPLES.get(i).getSource()));
    }

    @Test
    void theSpecIsTheOneWeTargetAndHasItsFencedSection() {
        assertEquals(652, EXAMPLES.size(), "CommonMark 0.31.2 has 652 examples");
        assertEquals(29, fencedCodeExamples().count(), "the 'Fenced code blocks' section has examples 119-147");
    }

    @ParameterizedTest(name = "spec example {0}")
    @MethodSource("fencedCodeExamples")
    void fencedCodeSectionMatchesTheSpecsHtmlAndTheRenderers(int number, String markdown, String expectedHtml) {
        Node doc = CommonMarkReference.parse(markdown);
        List<String> expected = CommonMarkReference.fencedFromHtml(doc, expectedHtml);
        List<String> ours = new ArrayList<>();
        for (FencedBlock b : FenceScanner.scan(markdown)) {
            ours.add(CommonMarkReference.asCommonMark(b));
        }
        assertEquals(expected, ours, "spec example " + number + ": fenced block contents differ from the spec's HTML");
        assertEquals(CommonMarkReference.fencedFromHtml(markdown), ours,
                "spec example " + number + ": fenced block contents differ from commonmark-java's HtmlRenderer");
    }

    @ParameterizedTest(name = "spec example {0} ({1})")
    @MethodSource("everyExample")
    void everyExampleFindsTheFencesCommonmarkJavaFinds(int number, String section, String markdown) {
        List<CommonMarkReference.Code> reference = CommonMarkReference.codeBlocks(CommonMarkReference.parse(markdown))
                .stream().filter(CommonMarkReference.Code::fenced).toList();
        List<FencedBlock> ours = FenceScanner.scan(markdown);
        assertEquals(reference.size(), ours.size(), "spec example " + number + " (" + section + "): number of fenced blocks");
        for (int i = 0; i < ours.size(); i++) {
            FencedBlock b = ours.get(i);
            assertEquals(reference.get(i).literal(), CommonMarkReference.asCommonMark(b),
                    "spec example " + number + " (" + section + "): content of block " + (i + 1));
            String info = reference.get(i).info();
            if (!b.info().contains("\\") && !b.info().contains("&")) { // we keep escapes and entities as written
                assertEquals(info, b.info(), "spec example " + number + ": info string of block " + (i + 1));
            }
            assertTrue(b.start() <= b.end() && b.end() <= markdown.length(), "offsets within the text");
        }
    }

    @Test
    void containerExamplesWithFencesAreAmongThoseChecked() {
        long inContainers = everyExample().filter(a -> {
            String section = (String) a.get()[1];
            String md = (String) a.get()[2];
            return (section.equals("List items") || section.equals("Block quotes") || section.equals("Lists"))
                    && (md.contains("```") || md.contains("~~~"));
        }).count();
        assertTrue(inContainers >= 5, "fences inside list items and block quotes are exercised: " + inContainers);
    }
}
