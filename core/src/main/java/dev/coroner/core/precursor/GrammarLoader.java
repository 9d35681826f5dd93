package dev.coroner.core.precursor;

import java.io.IOException;
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

    private GrammarLoader() {
    }

    public static GrammarResult load(Path file) {
        try {
            if (Files.isDirectory(file)) {
                return fileError("is a directory, not a grammar file");
            }
            long size = Files.size(file);
            if (size > MAX_GRAMMAR_BYTES) {
                return fileError("is " + size + " bytes; a grammar over " + MAX_GRAMMAR_BYTES
                        + " bytes is refused (is this the right file?)");
            }
            return parse(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return fileError("no such file");
        } catch (AccessDeniedException e) {
            return fileError("permission denied");
        } catch (IOException | SecurityException e) {
            return fileError("cannot read: " + e.getMessage());
        }
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
        TomlParseResult toml = Toml.parse(stripBom(text));
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
