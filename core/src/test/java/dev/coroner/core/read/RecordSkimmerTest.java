package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The skimmer is a subset reader of {@link TranscriptJson}'s parser (docs/ARCHITECTURE.md, "The pass"): whatever it
 * reads, it reads exactly as that parser does — the same tokens, names, texts, number types and values, and token byte
 * offsets, skipping included — and whatever that parser or the strict UTF-8 check refuses, the skimmer gives up on.
 * Compared on every line of every fixture and on many thousands of damaged copies of them.
 */
class RecordSkimmerTest {

    /** Names stepped to by their bytes now and then: keys of the fixtures and of the corners below. */
    private static final KnownNames KNOWN = new KnownNames("type", "message", "usage", "input_tokens", "output_tokens",
            "cache_creation", "a", "n", "id", "");

    /** What one parser said about a line: every event, or "refused". */
    private static String events(JsonParser p, long skipSeed) throws IOException {
        StringBuilder out = new StringBuilder();
        Random skip = new Random(skipSeed);
        JsonToken t = p.nextToken();
        if (t != JsonToken.START_OBJECT) {
            return "not an object";
        }
        out.append("{@").append(p.currentTokenLocation().getByteOffset());
        int depth = 1;
        java.util.ArrayDeque<Boolean> objects = new java.util.ArrayDeque<>(List.of(true));
        while (depth > 0) {
            if (objects.peek() && p.currentToken() != JsonToken.FIELD_NAME && skip.nextInt(3) == 0) {
                // a member stepped to by its name's bytes (KnownNames), as the pass reads message.usage
                int k = KNOWN.next(p);
                out.append(" k").append(k).append('@').append(p.currentTokenLocation().getByteOffset());
                if (k == KnownNames.END) {
                    out.append(' ').append(p.currentToken().id());
                    depth--;
                    objects.pop();
                } else if (k >= 0) {
                    out.append(' ').append(p.currentName());
                }
                continue;
            }
            t = p.nextToken();
            if (t == null) {
                return "ended early";
            }
            out.append(' ').append(t.id()).append('@').append(p.currentTokenLocation().getByteOffset());
            switch (t) {
                case FIELD_NAME -> out.append(' ').append(p.currentName());
                case VALUE_STRING -> out.append(" s").append(p.getTextLength()).append(':').append(p.getText());
                case VALUE_NUMBER_INT -> {
                    JsonParser.NumberType type = p.getNumberType();
                    out.append(' ').append(type).append(':').append(p.getBigIntegerValue());
                    if (type == JsonParser.NumberType.INT) {
                        out.append('/').append(p.getIntValue());
                    }
                    out.append(" count ").append(KnownNames.count(p, t));
                }
                case VALUE_NUMBER_FLOAT -> out.append(" d:").append(p.getDoubleValue());
                case START_OBJECT, START_ARRAY -> {
                    if (skip.nextInt(4) == 0) {
                        p.skipChildren();
                        out.append(" skipped to ").append(p.currentToken().id()).append('@')
                                .append(p.currentTokenLocation().getByteOffset());
                    } else {
                        depth++;
                        objects.push(t == JsonToken.START_OBJECT);
                    }
                }
                case END_OBJECT, END_ARRAY -> {
                    depth--;
                    objects.pop();
                }
                default -> { }
            }
        }
        if (p.nextToken() != null) {
            return "trailing tokens";
        }
        return out.toString();
    }

    private static String general(byte[] line, long seed) {
        if (Utf8.firstError(line, 0, line.length) >= 0) {
            return null;
        }
        try (JsonParser p = TranscriptJson.parser(line, 0, line.length)) {
            String e = events(p, seed);
            return e.startsWith("{") ? e : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String skimmed(RecordSkimmer skimmer, byte[] line, long seed) {
        try {
            String e = events(skimmer.reset(line, 0, line.length), seed);
            assertTrue(e.startsWith("{"), () -> "the skimmer read a line it should have given up on: " + e);
            return e;
        } catch (RecordSkimmer.Bail e) {
            return null;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The skimmer either gives up, or says exactly what the general parser says; it never reads what that refuses. */
    private static boolean agree(RecordSkimmer skimmer, byte[] line, long seed) {
        String mine = skimmed(skimmer, line, seed);
        String theirs = general(line, seed);
        if (mine != null) {
            assertEquals(theirs, mine, () -> "on " + new String(line, StandardCharsets.UTF_8));
        }
        return mine != null;
    }

    private static List<byte[]> fixtureLines() throws IOException {
        return linesUnder(Fixtures.root());
    }

    private static List<byte[]> linesUnder(Path root) throws IOException {
        List<byte[]> lines = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList()) {
                byte[] all = Files.readAllBytes(f);
                int from = 0;
                for (int i = 0; i <= all.length; i++) {
                    if (i == all.length || all[i] == '\n') {
                        if (i > from) {
                            lines.add(java.util.Arrays.copyOfRange(all, from, i));
                        }
                        from = i + 1;
                    }
                }
            }
        }
        return lines;
    }

    @Test
    void readsEveryWellFormedFixtureRecordAsTheGeneralParserDoes() throws IOException {
        RecordSkimmer skimmer = new RecordSkimmer();
        int read = 0;
        int objects = 0;
        for (byte[] line : fixtureLines()) {
            if (general(line, 7) != null) {
                objects++;
            }
            if (agree(skimmer, line, 7)) {
                read++;
            }
        }
        assertTrue(objects > 500, "the fixtures hold " + objects + " object lines");
        // the skimmer gives up only on what it leaves to the general reader on purpose (NaN, Infinity and the like)
        assertTrue(read > objects * 0.98, read + " of " + objects + " object lines skimmed");
    }

    /** Every line of the real transcripts in ../shared/corpus (the "corpus" profile). */
    @Test
    @Tag("corpus")
    void readsEveryRealRecordAsTheGeneralParserDoes() throws IOException {
        Path root = Path.of(System.getProperty("coroner.corpus", "../shared/corpus"));
        assertTrue(Files.isDirectory(root), "corpus profile enabled but no corpus at " + root.toAbsolutePath());
        RecordSkimmer skimmer = new RecordSkimmer();
        int read = 0;
        int objects = 0;
        List<byte[]> lines = linesUnder(root);
        for (int i = 0; i < lines.size(); i++) {
            byte[] line = lines.get(i);
            if (general(line, i) != null) {
                objects++;
            }
            if (agree(skimmer, line, i)) {
                read++;
            }
        }
        assertTrue(objects > 10_000, "the corpus holds " + objects + " object lines");
        assertEquals(objects, read, "every real record is skimmed");
    }

    @Test
    void damagedLinesAreReadAlikeOrLeftToTheGeneralReader() throws IOException {
        List<byte[]> lines = fixtureLines();
        RecordSkimmer skimmer = new RecordSkimmer();
        Random random = new Random(20261130);
        byte[] alphabet = "{}[],:\"\\/ btnrfu0123456789.eE+-aAxNIl\t\r\u0001".getBytes(StandardCharsets.ISO_8859_1);
        int read = 0;
        for (int round = 0; round < 20_000; round++) {
            byte[] line = lines.get(random.nextInt(lines.size()));
            if (line.length > 4_000) {
                line = java.util.Arrays.copyOf(line, 4_000);
            }
            byte[] damaged = line.clone();
            int edits = 1 + random.nextInt(3);
            for (int e = 0; e < edits; e++) {
                int at = random.nextInt(damaged.length);
                switch (random.nextInt(5)) {
                    case 0 -> damaged[at] = alphabet[random.nextInt(alphabet.length)];
                    case 4 -> damaged = insert(damaged, at, badHexEscape(random));
                    case 1 -> damaged[at] = (byte) random.nextInt(256);
                    case 2 -> damaged = java.util.Arrays.copyOf(damaged, Math.max(1, at));
                    default -> {
                        byte[] grown = new byte[damaged.length + 1];
                        System.arraycopy(damaged, 0, grown, 0, at);
                        grown[at] = alphabet[random.nextInt(alphabet.length)];
                        System.arraycopy(damaged, at, grown, at + 1, damaged.length - at);
                        damaged = grown;
                    }
                }
            }
            if (agree(skimmer, damaged, round)) {
                read++;
            }
        }
        assertTrue(read > 1_000, "only " + read + " damaged lines were still records: the damage is too heavy to test");
    }

    /**
     * A backslash-u escape with one of its four hex digits wrong ({@code u004g}, {@code u00/4}): the general parser
     * refuses it wherever it stands, a skipped string included, so the skimmer must give up on it too.
     */
    private static byte[] badHexEscape(Random random) {
        byte[] escape = "\\u0000".getBytes(StandardCharsets.US_ASCII);
        byte[] hex = "0123456789abcdefABCDEF".getBytes(StandardCharsets.US_ASCII);
        for (int i = 2; i < 6; i++) {
            escape[i] = hex[random.nextInt(hex.length)];
        }
        byte[] notHex = "gGxz/:@`\" }]\\".getBytes(StandardCharsets.US_ASCII);
        escape[2 + random.nextInt(4)] = notHex[random.nextInt(notHex.length)];
        return escape;
    }

    private static byte[] insert(byte[] line, int at, byte[] bytes) {
        byte[] grown = new byte[line.length + bytes.length];
        System.arraycopy(line, 0, grown, 0, at);
        System.arraycopy(bytes, 0, grown, at, bytes.length);
        System.arraycopy(line, at, grown, at + bytes.length, line.length - at);
        return grown;
    }

    @Test
    void aBadHexDigitInAnEscapeIsGivenUpOnInEveryPlaceEvenInASkippedString() throws IOException {
        RecordSkimmer skimmer = new RecordSkimmer();
        Random random = new Random(30);
        int given = 0;
        for (String valid : List.of("{\"a\":\"x\\u0041y\",\"b\":{\"c\":[\"\\u00e9\",{\"d\":\"\\u2014\"}]}}",
                "{\"\\u0074ype\":\"user\",\"toolUseResult\":{\"stdout\":\"\\u001b[0m\\u0041\"}}")) {
            byte[] line = valid.getBytes(StandardCharsets.UTF_8);
            for (long seed = 0; seed < 8; seed++) {
                assertTrue(agree(skimmer, line, seed), valid);
            }
            for (int at = 0; at + 6 <= line.length; at++) {
                if (line[at] != '\\' || line[at + 1] != 'u') {
                    continue;
                }
                for (int digit = 0; digit < 4; digit++) {
                    byte[] bad = line.clone();
                    bad[at + 2 + digit] = (byte) "gG/:@`x".charAt(random.nextInt(7));
                    for (long seed = 0; seed < 8; seed++) { // some seeds skip the string's container
                        assertNull(general(bad, seed), "the general parser refuses " + new String(bad, StandardCharsets.UTF_8));
                        assertNull(skimmed(skimmer, bad, seed), () -> "read " + new String(bad, StandardCharsets.UTF_8));
                    }
                    given++;
                }
            }
        }
        assertEquals(4 * 6, given);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"a\":\"caf\u00e9 \u2014 \uD83D\uDE00\",\"b\":\"\\u00e9\\ud83d\\ude00\\ud800 x\\n\\t\\\"\\\\\\/\"}",
        "{\"n\":[0,-0,1,-1,2147483647,2147483648,-2147483648,-2147483649,9223372036854775807,9223372036854775808,"
                + "123456789012345678901234567890,1.5,-0.0,1e5,1E-5,2.5e+10]}",
        "{ \"a\" : { \"b\" : [ true , false , null , { } , [ ] ] } , \"a\" : 1 }",
        "{\"long\":\"0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz\\\"\"}",
        "{\"\":\"\",\"\\u0074ype\":\"x\"}",
    })
    void readsTheCornersAsTheGeneralParserDoes(String json) {
        byte[] line = json.getBytes(StandardCharsets.UTF_8);
        for (long seed = 0; seed < 8; seed++) {
            assertTrue(agree(new RecordSkimmer(), line, seed), () -> "gave up on " + json);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"a\":NaN}", "{\"a\":-Infinity}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":.5}", "{\"a\":+1}", "{\"a\":tru}",
        "{\"a\":truex}", "{\"a\":1}x", "{\"a\":1} {}", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[1]", "\"x\"", "{\"a\":\"\\x\"}",
        "{\"a\":\"\\u12\"}", "{\"a\":\"\\u004g\"}", "{\"a\":{\"b\":\"\\u00/4\"},\"c\":1}", "{\"a\":\"\t\"}", "{\"a\":\"x", "{\"a\":[1,2}", "{\"a\":{\"b\":1]}", "{", "{\"a\":1",
        "{\"a\":1}}", "\uFEFF{\"a\":1}", "{\"a\":\"\u00e9\"}\u00a0",
    })
    void givesUpOnWhatItDoesNotVouchFor(String json) {
        byte[] line = json.getBytes(StandardCharsets.UTF_8);
        assertNull(skimmed(new RecordSkimmer(), line, 1), () -> "read " + json);
    }

    @Test
    void givesUpOnBadUtf8AnywhereInAString() {
        byte[][] bad = {
            {(byte) 0xC0, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            {(byte) 0xE2, (byte) 0x82}, {(byte) 0x80}, {(byte) 0xFF},
        };
        for (byte[] seq : bad) {
            for (int at = 0; at < 20; at++) {
                byte[] line = new byte[8 + 20 + seq.length + 2];
                byte[] head = "{\"a\":\"".getBytes(StandardCharsets.US_ASCII);
                System.arraycopy(head, 0, line, 0, head.length);
                int p = head.length;
                for (int i = 0; i < at; i++) {
                    line[p++] = 'x';
                }
                System.arraycopy(seq, 0, line, p, seq.length);
                p += seq.length;
                line[p++] = '"';
                line[p++] = '}';
                byte[] exact = java.util.Arrays.copyOf(line, p);
                assertTrue(Utf8.firstError(exact, 0, exact.length) >= 0);
                assertNull(skimmed(new RecordSkimmer(), exact, 1));
            }
        }
    }

    /**
     * The string scan's word test flags, as its lowest flag, exactly the first byte a byte-by-byte scan stops at: every
     * byte value at every place of a word, below it random plain bytes (the borrows come from there), above it any
     * bytes at all (which may be flagged wrongly, unseen); and a million random words drawn mostly from the bytes near
     * the edges (0x1F/0x20, quote, backslash, 0x7F/0x80, and 0xA2 and 0xDC, which one XOR turns into 0x80).
     */
    @Test
    void flagsTheFirstByteAStringScanStopsAtAndNoneBefore() {
        Random random = new Random(9);
        byte[] edges = {0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, (byte) 0x80, (byte) 0x81,
            (byte) 0xA0, (byte) 0xA2, (byte) 0xDC, (byte) 0xDF, (byte) 0xE0, (byte) 0xFF};
        byte[] word = new byte[8];
        int checked = 0;
        for (int at = 0; at < 8; at++) {
            for (int value = 0; value < 256; value++) {
                for (int round = 0; round < 40; round++) {
                    for (int i = 0; i < 8; i++) {
                        byte any = random.nextBoolean() ? edges[random.nextInt(edges.length)] : (byte) random.nextInt();
                        word[i] = i < at ? plain(random) : i == at ? (byte) value : any;
                    }
                    assertFirstSpecialFlagged(word);
                    checked++;
                }
            }
        }
        for (int round = 0; round < 1_000_000; round++) {
            for (int i = 0; i < 8; i++) {
                word[i] = random.nextInt(4) == 0 ? (byte) random.nextInt() : edges[random.nextInt(edges.length)];
            }
            assertFirstSpecialFlagged(word);
            checked++;
        }
        assertEquals(8 * 256 * 40 + 1_000_000, checked);
    }

    /** A byte a string scan steps over: printable ASCII but a quote or a backslash. */
    private static byte plain(Random random) {
        while (true) {
            int c = 0x20 + random.nextInt(0x60);
            if (c != '"' && c != '\\') {
                return (byte) c;
            }
        }
    }

    private static void assertFirstSpecialFlagged(byte[] word) {
        int first = 8;
        for (int i = 0; i < 8; i++) {
            int c = word[i] & 0xFF;
            if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) {
                first = i;
                break;
            }
        }
        long flags = RecordSkimmer.specialFlags(littleEndian(word));
        int flagged = flags == 0 ? 8 : Long.numberOfTrailingZeros(flags) >>> 3;
        assertEquals(first, flagged, () -> String.format("word %016x", littleEndian(word)));
    }

    private static long littleEndian(byte[] word) {
        long x = 0;
        for (int i = 7; i >= 0; i--) {
            x = (x << 8) | (word[i] & 0xFF);
        }
        return x;
    }

    @Test
    void namesAreSharedAcrossLinesAndStillRight() throws IOException {
        RecordSkimmer skimmer = new RecordSkimmer();
        for (String json : new String[] {"{\"type\":1}", "{\"typf\":1}", "{\"type\":2}", "{\"tool_use_id\":\"x\"}"}) {
            byte[] line = json.getBytes(StandardCharsets.UTF_8);
            skimmer.reset(line, 0, line.length);
            assertEquals(JsonToken.START_OBJECT, skimmer.nextToken());
            assertEquals(JsonToken.FIELD_NAME, skimmer.nextToken());
            assertEquals(json.substring(2, json.indexOf('"', 2)), skimmer.currentName());
        }
        byte[] line = "{\"type\":1}".getBytes(StandardCharsets.UTF_8);
        skimmer.reset(line, 0, line.length).nextToken();
        skimmer.nextToken();
        String first = skimmer.currentName();
        skimmer.reset(line, 0, line.length).nextToken();
        skimmer.nextToken();
        assertNotNull(first);
        assertTrue(first == skimmer.currentName(), "a name read twice is one string");
    }
}
