package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.text.ControlChars;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Thousands of generated Markdown texts mixing fences with every block kind that decides where a fence can start
 * (block quotes, list items, lazy paragraphs, indented code, HTML blocks, headings, thematic breaks, tabs, CRLF and
 * CR line endings): the scanner must find exactly the fenced blocks commonmark-java finds, with the same content
 * modulo line terminators. The seed is fixed, so a failure is reproducible and names the text.
 */
class FenceScannerDifferentialTest {
    private static final int TEXTS = 25_000;

    private static final String[] PREFIXES = {"", "", "", " ", "  ", "   ", "    ", "\t", " \t", "> ", ">", ">\t", " > ",
            "- ", "-", "-\t", "* ", "+ ", "1. ", "1) ", "2. ", "10) ", "  - ", "-    ", "-     ", "1.  "};
    private static final String[] BODIES = {"```", "```", "````", "~~~", "~~~", "~~~~", "```sh", "``` x y ", "~~~ `a` ",
            "``` `a`", "`````", "foo", "foo", "bar baz", "", "", "   ", "\t", "<div>", "</div>", "<!-- c", "-->",
            "<pre>", "</pre>", "<span a=\"1\">", "# h", "## ", "---", "***", "- - -", "===", "`code`", "a\tb", "\tx",
            "  y", "<?x", "?>"};
    private static final String[] TERMINATORS = {"\n", "\n", "\n", "\n", "\r\n", "\r"};

    @Test
    void generatedTextsGiveTheFencesCommonmarkJavaGives() {
        Random random = new Random(20261129L);
        int withFences = 0;
        int withCarriageReturns = 0;
        for (int n = 0; n < TEXTS; n++) {
            String text = generate(random);
            String where = "text #" + n + " \"" + ControlChars.escape(text) + "\"";
            // First with every line ending written as \n, where CommonMark's form and ours differ only by the last \n.
            String unix = text.replace("\r\n", "\n").replace('\r', '\n');
            List<CommonMarkReference.Code> reference = CommonMarkReference.codeBlocks(CommonMarkReference.parse(unix))
                    .stream().filter(CommonMarkReference.Code::fenced).toList();
            List<FencedBlock> onUnix = FenceScanner.scan(unix);
            assertEquals(reference.size(), onUnix.size(), where + ": number of fenced blocks");
            for (int i = 0; i < onUnix.size(); i++) {
                assertEquals(reference.get(i).literal(), CommonMarkReference.asCommonMark(onUnix.get(i)),
                        where + ": content of block " + (i + 1));
                assertEquals(reference.get(i).info(), onUnix.get(i).info(), where + ": info of block " + (i + 1));
            }
            // Then as written: the same blocks, whose lines now end with the source's own terminators.
            List<FencedBlock> asWritten = FenceScanner.scan(text);
            assertEquals(onUnix.size(), asWritten.size(), where + ": line endings changed the blocks found");
            for (int i = 0; i < asWritten.size(); i++) {
                assertEquals(withSourceTerminators(text, asWritten.get(i), onUnix.get(i)), asWritten.get(i).content(),
                        where + ": block " + (i + 1) + " must keep the line terminators as written");
                assertEquals(onUnix.get(i).lines(), asWritten.get(i).lines(), where + ": lines of block " + (i + 1));
            }
            withFences += onUnix.isEmpty() ? 0 : 1;
            withCarriageReturns += !asWritten.isEmpty() && text.indexOf('\r') >= 0 ? 1 : 0;
        }
        assertTrue(withFences > TEXTS / 3, "most generated texts hold fences: " + withFences);
        assertTrue(withCarriageReturns > TEXTS / 10, "many hold CR or CRLF line endings: " + withCarriageReturns);
    }

    /**
     * The content {@code onUnix} has, with each line joined to the next by the terminator that ends that line in
     * {@code text}: content lines are the source lines right after the opener's line.
     */
    private static String withSourceTerminators(String text, FencedBlock asWritten, FencedBlock onUnix) {
        if (onUnix.lines() == 0) {
            return "";
        }
        List<String> terminators = new ArrayList<>();
        int openerLine = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                if (i < asWritten.start()) {
                    openerLine++;
                }
                boolean crlf = c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n';
                terminators.add(crlf ? "\r\n" : String.valueOf(c));
                i += crlf ? 1 : 0;
            }
        }
        String[] lines = onUnix.content().split("\n", -1);
        StringBuilder s = new StringBuilder(lines[0]);
        for (int k = 1; k < lines.length; k++) {
            s.append(terminators.get(openerLine + k)).append(lines[k]);
        }
        return s.toString();
    }

    private static String generate(Random random) {
        StringBuilder s = new StringBuilder();
        int lines = 1 + random.nextInt(12);
        for (int l = 0; l < lines; l++) {
            int prefixes = random.nextInt(4);
            for (int p = 0; p < prefixes; p++) {
                s.append(PREFIXES[random.nextInt(PREFIXES.length)]);
            }
            s.append(BODIES[random.nextInt(BODIES.length)]);
            if (random.nextInt(5) == 0) {
                s.append(' ').append(BODIES[random.nextInt(BODIES.length)]);
            }
            if (l < lines - 1 || random.nextBoolean()) {
                s.append(TERMINATORS[random.nextInt(TERMINATORS.length)]);
            }
        }
        return s.toString();
    }
}
