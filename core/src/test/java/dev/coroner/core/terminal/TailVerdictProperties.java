package dev.coroner.core.terminal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Property (jqwik): the verdict read from the end equals the full forward read's and the one pass's on any transcript
 * made of records, problems, blank lines, BOM, CRLF and torn ends (docs/VERDICTS.md, "Reading"). A failure is shrunk to
 * the smallest list of lines that shows it.
 */
class TailVerdictProperties {
    private static final String[] PIECES = {
            "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}",
            "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}",
            "{\"type\":\"assistant\",\"isApiErrorMessage\":true,\"apiErrorStatus\":429,\"message\":{\"role\":\"assistant\",\"model\":\"<synthetic>\",\"content\":[{\"type\":\"text\",\"text\":\"Rate limited\"}]}}",
            "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"claude-x\",\"content\":[]}}",
            "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"claude-x\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"Bash\",\"input\":{\"command\":\"ls\"}}]}}",
            "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t\",\"content\":\"x\",\"is_error\":true}]}}",
            "{\"type\":\"system\",\"subtype\":\"api_error\",\"level\":\"error\",\"retryAttempt\":2,\"maxRetries\":10,\"error\":{\"status\":529}}",
            "{\"type\":\"system\",\"subtype\":\"turn_duration\"}",
            "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"claude-x\",\"content\":\"  \\u2028 answer \"}}",
            "not json", "[1,2,3]", "", "   ", "\t\u3000", "\uFEFF{\"type\":\"user\"}", "{\"a\":\"\u00ff\"}"};

    @Provide
    Arbitrary<List<Integer>> lines() {
        return Arbitraries.integers().between(0, PIECES.length - 1).list().ofMaxSize(25);
    }

    @Property
    void theTailVerdictIsTheForwardVerdict(@ForAll("lines") List<Integer> lines, @ForAll boolean bom, @ForAll boolean crlf,
                                           @ForAll boolean lastTerminated, @ForAll("cuts") int tear) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (bom) {
            out.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
        }
        for (int i = 0; i < lines.size(); i++) {
            out.write(PIECES[lines.get(i)].getBytes(StandardCharsets.UTF_8));
            if (i < lines.size() - 1 || lastTerminated) {
                out.write((crlf ? "\r\n" : "\n").getBytes(StandardCharsets.US_ASCII));
            }
        }
        byte[] all = out.toByteArray();
        all = java.util.Arrays.copyOf(all, Math.max(0, all.length - Math.min(tear, all.length)));
        Path p = Files.createTempFile("tail-property", ".jsonl");
        try {
            Files.write(p, all);
            TailEquivalenceTest.assertSame(p);
        } finally {
            Files.delete(p);
        }
    }

    @Provide
    Arbitrary<Integer> cuts() {
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, Arbitraries.just(0)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(1, 40)));
    }
}
