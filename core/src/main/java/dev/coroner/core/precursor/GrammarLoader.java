package dev.coroner.core.precursor;

import dev.coroner.core.read.TranscriptFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import org.tomlj.Toml;
import org.tomlj.TomlParseError;
import org.tomlj.TomlParseResult;

/**
 * Reads a precursor grammar from TOML (docs/VERDICTS.md, "Precursor gate"). Every mistake comes back as a {@link GrammarError} with its
 * line and column; nothing is silently skipped and nothing falls back to a default. The grammar is the
 * {@code [precursor]} table (and Coroner's {@code [coroner.precursor]}) of any TOML file, a runtime's whole
 * {@code dos.toml} included: its other tables are named in notes and left alone. An empty {@code [precursor]} table
 * is the empty grammar, which gates nothing; a file with none is an error.
 */
public final class GrammarLoader {
    /** A grammar is a few dozen lines; a file over this size is refused rather than read into memory. */
    public static final int MAX_GRAMMAR_BYTES = 1024 * 1024;
    /**
     * Arrays and inline tables nest at most this deep: a grammar needs two or three levels, and the TOML parser
     * descends one stack frame per level, so a deeper file is refused before it is parsed.
     */
    public static final int MAX_NESTING = 64;

    private GrammarLoader() {
    }

    public static GrammarResult load(Path file) {
        try {
            // attributes first: opening a named pipe blocks, and a device never ends (docs/VERDICTS.md, "Reading")
            BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
            if (attrs.isDirectory()) {
                return fileError("is a directory, not a grammar file");
            }
            if (!attrs.isRegularFile()) {
                return fileError(TranscriptFile.NOT_A_REGULAR_FILE);
            }
            if (attrs.size() > MAX_GRAMMAR_BYTES) {
                return fileError(tooBig(attrs.size()));
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes(MAX_GRAMMAR_BYTES + 1); // it may have grown since its size was read
            }
            if (bytes.length > MAX_GRAMMAR_BYTES) {
                return fileError(tooBig(bytes.length));
            }
            return parse(bytes);
        } catch (NoSuchFileException e) {
            return fileError("no such file");
        } catch (AccessDeniedException e) {
            return fileError("permission denied");
        } catch (IOException | SecurityException e) {
            return fileError("cannot read: " + e.getMessage());
        }
    }

    private static String tooBig(long size) {
        return "is " + size + " bytes; a grammar over " + MAX_GRAMMAR_BYTES
                + " bytes is refused (is this the right file?)";
    }

    /** Parses UTF-8 bytes; a UTF-8 byte order mark at the start is dropped. */
    public static GrammarResult parse(byte[] utf8) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(utf8);
        CharBuffer out = CharBuffer.allocate(utf8.length + 1);
        CoderResult r = decoder.decode(in, out, true);
        if (!r.isError()) {
            r = decoder.flush(out);
        }
        if (r.isError()) {
            String before = new String(utf8, 0, in.position(), StandardCharsets.UTF_8);
            int[] at = endOf(stripBom(before));
            return GrammarResult.failed(List.of(new GrammarError(at[0], at[1], GrammarError.Kind.ENCODING,
                    "byte 0x" + String.format("%02x", utf8[in.position()] & 0xFF)
                            + " is not UTF-8; save the grammar as UTF-8")));
        }
        out.flip();
        return parse(out.toString());
    }

    /** Parses grammar text (the editor's buffer); a leading byte order mark is dropped. */
    public static GrammarResult parse(String text) {
        String toml = stripBom(text);
        TomlNesting.TooDeep deep = TomlNesting.firstBeyond(toml, MAX_NESTING);
        if (deep != null) {
            return GrammarResult.failed(List.of(new GrammarError(deep.line(), deep.column(), GrammarError.Kind.LIMIT,
                    "arrays and tables nest deeper than " + MAX_NESTING + " levels here; a grammar needs two or three")));
        }
        try {
            return parseToml(toml);
        } catch (StackOverflowError e) {
            // a safety net only: the nesting limit above stops deep input long before the stack runs out
            return GrammarResult.failed(List.of(new GrammarError(0, 0, GrammarError.Kind.LIMIT,
                    "nests too deeply to read")));
        } catch (AssertionError e) {
            // tomlj 1.1.1 asserts that a backslash-u (or -U) escape its lexer matched has all its hex digits: run with
            // -ea (as the tests are), a short one trips that instead of becoming the syntax error it is without -ea
            StackTraceElement[] at = e.getStackTrace();
            if (at.length == 0 || !at[0].getClassName().equals("org.tomlj.QuotedStringVisitor")) {
                throw e; // not the escape check: a failure of its own, not to be dressed as a syntax error
            }
            int[] where = shortEscape(toml);
            return GrammarResult.failed(List.of(new GrammarError(where[0], where[1], GrammarError.Kind.SYNTAX,
                    "TOML syntax: Invalid unicode escape sequence")));
        }
    }

    /**
     * Where the first backslash-u (4 hex digits) or backslash-U (8) escape short of its digits starts, or line 1
     * column 1 when there is none; a backslash escaping a backslash is skipped. Comments and literal strings are not
     * told apart: it places an error tomlj already found, it does not decide one.
     */
    private static int[] shortEscape(String toml) {
        for (int i = 0; i + 1 < toml.length(); i++) {
            if (toml.charAt(i) != '\\') {
                continue;
            }
            char c = toml.charAt(i + 1);
            int digits = c == 'u' ? 4 : c == 'U' ? 8 : 0;
            int hex = 0;
            while (hex < digits && i + 2 + hex < toml.length()
                    && Character.digit(toml.charAt(i + 2 + hex), 16) >= 0 && toml.charAt(i + 2 + hex) < 128) {
                hex++;
            }
            if (hex < digits) {
                return endOf(toml.substring(0, i));
            }
            i++; // past the escaped character: two backslashes and a u are a backslash and a u
        }
        return new int[] {1, 1};
    }

    private static GrammarResult parseToml(String text) {
        TomlParseResult toml;
        try {
            toml = Toml.parse(text);
        } catch (TomlParseError e) {
            // tomlj 1.1.1 collects its errors, except a bad escape in a quoted key of a table header ([a."\q"]),
            // which it throws: the same error, with its place
            return GrammarResult.failed(List.of(syntaxError(e)));
        }
        if (toml.hasErrors()) {
            // A table parsed past a syntax error is a guess; checking it would report mistakes that are not there.
            return GrammarResult.failed(toml.errors().stream().map(GrammarLoader::syntaxError).toList());
        }
        return new GrammarValidator(toml).validate();
    }

    private static GrammarError syntaxError(TomlParseError e) {
        int line = e.position() == null ? 1 : Math.max(1, e.position().line());
        int column = e.position() == null ? 1 : Math.max(1, e.position().column());
        String m = e.getMessage();
        // tomlj says what it expected; add what to do for the two slips grammar authors make most.
        if (m.contains("previously defined")) {
            m += "; keep one of the two lines";
        } else if (m.startsWith("Unexpected") && m.contains("expected ', \"")) {
            m += "; a tool name is a string: put it in quotes, e.g. Edit = \"Read\"";
        }
        return new GrammarError(line, column, GrammarError.Kind.SYNTAX, "TOML syntax: " + m);
    }

    private static GrammarResult fileError(String message) {
        return GrammarResult.failed(List.of(new GrammarError(0, 0, GrammarError.Kind.FILE, message)));
    }

    private static String stripBom(String s) {
        return s.startsWith("\uFEFF") ? s.substring(1) : s;
    }

    /** The 1-based line and column just past {@code text} (columns count code points, as tomlj's do). */
    private static int[] endOf(String text) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new int[] {line, column};
    }
}
