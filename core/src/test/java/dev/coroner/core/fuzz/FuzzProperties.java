package dev.coroner.core.fuzz;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The fuzz targets of {@link FuzzTargets} driven by jqwik over arbitrary and transcript-shaped bytes: run briefly in
 * every build (jqwik.tries.default in junit-platform.properties), longer with
 * {@code -Djqwik.tries.default=100000} (docs/ARCHITECTURE.md, "Properties and fuzzing"). A failing input is shrunk
 * and kept in target/jqwik-database, so the next run tries it first.
 */
class FuzzProperties {
    /** Bytes biased to what the readers care about: JSON punctuation, white space, LF, CR, BOM, invalid UTF-8. */
    @Provide
    Arbitrary<byte[]> transcriptBytes() {
        Arbitrary<Byte> interesting = Arbitraries.of((byte) '{', (byte) '}', (byte) '[', (byte) ']', (byte) '"', (byte) ':',
                (byte) ',', (byte) '\\', (byte) '\n', (byte) '\r', (byte) ' ', (byte) '\t', (byte) 'a', (byte) '1',
                (byte) 0xEF, (byte) 0xBB, (byte) 0xBF, (byte) 0xC2, (byte) 0xA0, (byte) 0xE3, (byte) 0x80, (byte) 0xFF,
                (byte) 0x1F, (byte) 0x8B, (byte) 0);
        Arbitrary<byte[]> pieces = Arbitraries.of(
                "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"m\",\"content\":[{\"type\":\"text\",\"text\":\"x\"}]}}\n",
                "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}\n", "NaN", "\u3000\n", "\uFEFF")
                .map(s -> s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Arbitrary<byte[]> mixed = Arbitraries.oneOf(interesting.array(byte[].class).ofMaxSize(8), pieces)
                .list().ofMaxSize(30).map(FuzzProperties::concat);
        return Arbitraries.oneOf(Arbitraries.bytes().array(byte[].class).ofMaxSize(300), mixed);
    }

    private static byte[] concat(java.util.List<byte[]> parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        parts.forEach(out::writeBytes);
        return out.toByteArray();
    }

    @Property
    void lineReader(@ForAll("transcriptBytes") byte[] data) throws Exception {
        FuzzTargets.lineReader(data);
    }

    @Property
    void tailReaderEqualsForwardReader(@ForAll("transcriptBytes") byte[] data) throws Exception {
        FuzzTargets.tailReader(data);
    }

    @Property
    void fenceScanner(@ForAll("fenceText") String text) {
        FuzzTargets.fenceScanner(text);
    }

    @Provide
    Arbitrary<String> fenceText() {
        Arbitrary<String> pieces = Arbitraries.of("```", "~~~", "````", "\n", "\r\n", "\r", "   ", "\t", "> ", "- ", "1. ",
                "ls -la", "`", "~", "\ud83d", "\u00e9");
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(200), pieces.list().ofMaxSize(40).map(l -> String.join("", l)));
    }

    @Property
    void grammarLoader(@ForAll("tomlBytes") byte[] data) {
        FuzzTargets.grammarLoader(data);
    }

    @Provide
    Arbitrary<byte[]> tomlBytes() {
        Arbitrary<String> pieces = Arbitraries.of("[precursor]\n", "[[", "]]", "[", "]", "{", "}", "=", "\"", "'", "\"\"\"",
                "Edit", "required = [\"Read\"]", "gated", "\n", "#", ",", "a.b", "x = 1\n", "\\u0000", "\u00ff");
        return Arbitraries.oneOf(Arbitraries.bytes().array(byte[].class).ofMaxSize(300),
                pieces.list().ofMaxSize(40).map(l -> String.join("", l).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    @Property
    void workspaceReader(@ForAll("workspaceBytes") byte[] data) throws Exception {
        FuzzTargets.workspaceReader(data);
    }

    /** Arbitrary bytes, and workspace-shaped JSON: its keys, values of the wrong kind, lone surrogates, -0.0, NUL. */
    @Provide
    Arbitrary<byte[]> workspaceBytes() {
        Arbitrary<String> pieces = Arbitraries.of("{", "}", "[", "]", ",", ":", "null", "true", "1", "-3", "0.5", "-0.0",
                "1e400", "1e-400", "99999999999999999999", "\"x\"", "\"\\ud800\"", "\"\\u0000\"", "\" \"",
                "\"schema\":{\"family\":\"coroner-workspace\",\"version\":1}", "\"schema\":{\"family\":\"coroner-report\",\"version\":1}",
                "\"schema\":{\"family\":\"coroner-workspace\",\"version\":2}", "\"transcripts\":", "{\"path\":\"/a\",\"sha256\":null,\"size\":5}",
                "\"grammar\":", "{\"path\":\"/g.toml\",\"sha256\":\"ab\"}", "{\"inline\":\"[precursor]\"}", "\"annotations\":",
                "{\"transcript\":\"/a\",\"line\":3,\"note\":\"n\"}", "\"override\":{\"human\":\"OK\",\"reason\":\"r\"}",
                "\"transcript\":", "\"line\":", "\"note\":", "\"rejected_proposals\":", "\"selection\":", "\"layout\":",
                "\"dividers\":", "\"panels\":", "{\"a\":[0.5,1,2]}", "{\"p\":true}");
        return Arbitraries.oneOf(Arbitraries.bytes().array(byte[].class).ofMaxSize(300),
                pieces.list().ofMaxSize(40).map(l -> String.join("", l).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
}
