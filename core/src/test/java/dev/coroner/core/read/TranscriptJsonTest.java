package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.coroner.fixtures.Fixtures;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link TranscriptJson} builds its trees from the parser's tokens instead of through Jackson's object mapper, which a
 * short command-line run paid about 60 ms to make (docs/ARCHITECTURE.md, "Start fast"). What it builds must be what the
 * mapper built, node for node: the same node classes, keys in the same order (a repeated key keeps the first one's
 * place), and, for a line that does not read, the same refusal in the same words at the same place, since problem
 * rows print them. The oracle here is the mapper configured as the reader was before.
 */
class TranscriptJsonTest {
    /** The mapper as the reader was before, over the same factory: only how the tree is built differs. */
    private static final ObjectReader MAPPER = new ObjectMapper(TranscriptJson.factory())
            .disable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** What reading gave: a tree drawn with its node classes, or the refusal with its words and place. */
    private static String outcome(byte[] line, boolean stream) {
        try {
            JsonNode n = stream ? TranscriptJson.readTree(new ByteArrayInputStream(line))
                    : TranscriptJson.readTree(line, 0, line.length);
            return shape(n);
        } catch (JsonProcessingException e) {
            return refusal(e);
        } catch (IOException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    private static String oracle(byte[] line, boolean stream) {
        try {
            JsonNode n = stream ? MAPPER.readTree(new ByteArrayInputStream(line)) : MAPPER.readTree(line, 0, line.length);
            return shape(n);
        } catch (JsonProcessingException e) {
            return refusal(e);
        } catch (IOException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    private static String refusal(JsonProcessingException e) {
        var at = e.getLocation();
        return "refused (" + (e instanceof com.fasterxml.jackson.core.exc.StreamConstraintsException ? "limit" : "malformed")
                + "): " + e.getOriginalMessage() + (at == null ? "" : " at " + at.getLineNr() + ":" + at.getColumnNr()
                + " byte " + at.getByteOffset());
    }

    /** The tree with each node's class: an IntNode and a LongNode of the same number differ, as they print alike. */
    private static String shape(JsonNode n) {
        StringBuilder out = new StringBuilder();
        shape(n, out);
        return out.toString();
    }

    private static void shape(JsonNode n, StringBuilder out) {
        out.append(n.getClass().getSimpleName());
        if (n.isObject()) {
            out.append('{');
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                out.append(e.getKey()).append('=');
                shape(e.getValue(), out);
                out.append(',');
            }
            out.append('}');
        } else if (n.isArray()) {
            out.append('[');
            for (JsonNode e : n) {
                shape(e, out);
                out.append(',');
            }
            out.append(']');
        } else if (!n.isMissingNode()) {
            out.append('(').append(n.asText()).append(')');
        }
    }

    private static void same(byte[] line) {
        for (boolean stream : new boolean[] {false, true}) {
            String theirs = oracle(line, stream);
            assertEquals(theirs, outcome(line, stream),
                    () -> (stream ? "stream " : "bytes ") + new String(line, StandardCharsets.UTF_8));
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readsEveryShapeOfValueAsTheMapperDid() {
        List<String> lines = List.of(
                "{\"a\":1,\"b\":2,\"a\":3}", // repeated key: last wins, first place
                "{\"a\":{\"x\":1},\"b\":[1,2],\"a\":{\"y\":2}}",
                "{\"i\":1,\"l\":12345678901,\"big\":123456789012345678901234567890,\"neg\":-0,\"f\":1.5,\"e\":1e400,"
                        + "\"tiny\":-1e-400,\"nan\":NaN,\"inf\":Infinity,\"ninf\":-Infinity}",
                "{\"s\":\"\",\"t\":\"é\\u00e9\\n\\ud83d\\ude00\",\"n\":null,\"y\":true,\"f\":false,\"o\":{},\"a\":[]}",
                "[1,[2,[3,{\"k\":[]}]]]", "\"just a string\"", "42", "null", "true", "",
                "   ", "{} {}", "{}x", "1 2", "{\"a\":1}]", "{\"a\":", "{\"a\" 1}", "[1,2", "{'a':1}", "{\"a\":01}",
                "{\"a\":-}", "{\"a\":nan}", "{\"a\":\"unterminated}", "{\"a\":\"bad \\x escape\"}",
                "{\"a\":1,}", "[1,]", "\u0000\u0000{}", "{\"a\":\"\t\"}",
                "[".repeat(ReadLimits.MAX_NESTING_DEPTH + 1) + "]".repeat(ReadLimits.MAX_NESTING_DEPTH + 1),
                "[".repeat(ReadLimits.MAX_NESTING_DEPTH) + "]".repeat(ReadLimits.MAX_NESTING_DEPTH),
                "{\"n\":" + "9".repeat(ReadLimits.MAX_NUMBER_CHARS + 1) + "}");
        for (String l : lines) {
            same(utf8(l));
        }
        same(new byte[] {(byte) 0xFE, (byte) 0xFF, 0, '{', 0, '}'}); // UTF-16 by its mark, as the factory detects
    }

    /** Every line of every transcript under {@code root}, as bytes (invalid UTF-8 too). */
    private static List<byte[]> linesUnder(Path root) throws IOException {
        List<byte[]> lines = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList()) {
                for (String l : Files.readString(f, StandardCharsets.ISO_8859_1).split("\n")) {
                    lines.add(l.getBytes(StandardCharsets.ISO_8859_1)); // the bytes as they are
                }
            }
        }
        return lines;
    }

    /** Every line of the real transcripts in ../shared/corpus (the "corpus" profile). */
    @Test
    @org.junit.jupiter.api.Tag("corpus")
    void readsEveryRealLineAsTheMapperDid() throws IOException {
        Path root = Path.of(System.getProperty("coroner.corpus", "../shared/corpus"));
        assertTrue(Files.isDirectory(root), "corpus profile enabled but no corpus at " + root.toAbsolutePath());
        List<byte[]> lines = linesUnder(root);
        assertTrue(lines.size() > 10_000, "the corpus holds " + lines.size() + " lines");
        lines.forEach(TranscriptJsonTest::same);
    }

    @Test
    void readsEveryFixtureLineAndThousandsOfTornAndBentOnesAsTheMapperDid() throws IOException {
        List<byte[]> lines = linesUnder(Fixtures.root());
        assertTrue(lines.size() > 500, "the fixtures hold many lines: " + lines.size());
        Random random = new Random(20261201);
        byte[] bent = utf8(" {}[]\":,\\0123456789.eE+-tfnNI");
        int variants = 0;
        for (byte[] line : lines) {
            same(line);
            if (line.length == 0) {
                continue;
            }
            for (int i = 0; i < 3; i++) {
                byte[] torn = java.util.Arrays.copyOf(line, random.nextInt(line.length)); // torn anywhere
                same(torn);
                byte[] changed = line.clone(); // one byte bent to something JSON cares about
                changed[random.nextInt(changed.length)] = bent[random.nextInt(bent.length)];
                same(changed);
                variants += 2;
            }
        }
        assertTrue(variants > 3_000, "variants tried: " + variants);
    }
}
