package dev.coroner.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * docs/CLI.md, "File names and the locale": a file name is bytes, and its text names those bytes. The paths are made
 * from percent-encoded bytes ({@code file:} URIs), so each case holds exactly the bytes a shell's printf would make.
 */
class PathTextTest {
    /** A path whose bytes are {@code percentEncoded} (absolute). */
    private static Path bytes(String percentEncoded) {
        return Path.of(URI.create("file://" + percentEncoded));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        // valid UTF-8 with no backslash: Path.toString(), unchanged
        "/t/plain.jsonl | /t/plain.jsonl",
        "/t/caf%C3%A9.jsonl | /t/café.jsonl",
        "/t/%E2%82%AC%F0%9F%98%80 | /t/€😀",
        "/t/%EF%BF%BD.jsonl | /t/\uFFFD.jsonl",
        // a lone Latin-1 byte, as `printf 'caf\xe9'` makes it
        "/t/caf%E9.jsonl | /t/caf\\xe9.jsonl",
        "/t/%FF%FE | /t/\\xff\\xfe",
        // truncated multi-byte sequences: each byte that starts or continues nothing valid
        "/t/caf%C3.jsonl | /t/caf\\xc3.jsonl",
        "/t/%E2%82x | /t/\\xe2\\x82x",
        "/t/%F0%9F%98 | /t/\\xf0\\x9f\\x98",
        // well-formed only: overlong, surrogate, above U+10FFFF, a stray continuation byte
        "/t/%C0%AF | /t/\\xc0\\xaf",
        "/t/%ED%A0%80 | /t/\\xed\\xa0\\x80",
        "/t/%F4%90%80%80 | /t/\\xf4\\x90\\x80\\x80",
        "/t/a%80%C3%A9 | /t/a\\x80é",
        // an invalid byte in a folder's name too
        "/t%E9/x.jsonl | /t\\xe9/x.jsonl",
        // a backslash is written \\ so the text reads back to one name only
        "/t/caf%5Cxe9.jsonl | /t/caf\\\\xe9.jsonl",
        "/t/a%5C%E9 | /t/a\\\\\\xe9",
    })
    void anAbsolutePathNamesItsBytes(String percentEncoded, String text) {
        assertEquals(text, PathText.of(bytes(percentEncoded)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "/t/caf%E9.jsonl | caf\\xe9.jsonl",
        "/t/d%E9/caf%C3.jsonl | d\\xe9/caf\\xc3.jsonl",
        "/t/caf%C3%A9.jsonl | café.jsonl",
    })
    void aRelativePathStaysRelative(String percentEncoded, String text) {
        Path relative = Path.of("/t").relativize(bytes(percentEncoded));
        assertEquals(text, PathText.of(relative));
    }

    @Test
    void dotsInARelativePathAreKept() {
        Path p = Path.of("./..").resolve(Path.of("/t").relativize(bytes("/t/caf%E9.jsonl")));
        assertEquals("./../caf\\xe9.jsonl", PathText.of(p));
    }

    @Test
    void aValidNameIsTheSameString(@TempDir Path dir) {
        Path p = dir.resolve("session one.jsonl");
        assertSame(p.toString(), PathText.of(p));
    }

    @Test
    void twoFilesThatJavaPrintsAlikeAreNamedApart() {
        Path e9 = bytes("/t/caf%E9.jsonl");
        Path e8 = bytes("/t/caf%E8.jsonl");
        assertEquals(e9.toString(), e8.toString());
        assertNotEquals(PathText.of(e9), PathText.of(e8));
    }

    @Test
    void anExistingFolderHasNoTrailingSlash(@TempDir Path dir) throws IOException {
        Path folder = Files.createDirectory(bytes(dir.toUri().getRawPath() + "sub%FF"));
        assertEquals(PathText.of(dir) + "/sub\\xff", PathText.of(folder));
        assertEquals("sub\\xff", PathText.of(dir.relativize(folder)));
        Path file = Files.writeString(folder.resolve("x.jsonl"), "{}");
        assertEquals("sub\\xff/x.jsonl", PathText.of(dir.relativize(file)));
    }
}
