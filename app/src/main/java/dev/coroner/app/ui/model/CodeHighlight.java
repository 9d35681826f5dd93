package dev.coroner.app.ui.model;

import dev.coroner.core.scripts.FencedBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Syntax colours for the program in a fenced code block of the detail (docs/WORKBENCH.md, "The detail panel"):
 * comments, strings, keywords, numbers and shell variables, each a style run over its own characters. The language is
 * the first word of the block's info string ({@code ```python}); a block without one, or in a language not listed here,
 * is left plain rather than guessed at. It is a lexer of a few rules, not a parser: it never changes a character, and a
 * program it reads wrongly is only coloured wrongly.
 */
final class CodeHighlight {
    /** How one language is lexed. */
    record Lang(Set<String> keywords, boolean ignoreCase, List<String> lineComments, String blockOpen,
                String blockClose, String quotes, boolean tripleQuotes, boolean multiLineStrings, boolean shell) {
    }

    private static final Lang PYTHON = new Lang(words("False None True and as assert async await break class continue "
            + "def del elif else except finally for from global if import in is lambda nonlocal not or pass raise "
            + "return try while with yield match case self print"), false, List.of("#"), null, null, "'\"", true,
            false, false);
    private static final Lang SHELL = new Lang(words("if then else elif fi for while until do done case esac function "
            + "in return local export select time set unset source exit cd echo sudo"), false, List.of("#"), null,
            null, "'\"", false, true, true);
    private static final Lang JAVASCRIPT = new Lang(words("break case catch class const continue debugger default "
            + "delete do else export extends finally for function if import in instanceof let new return super switch "
            + "this throw try typeof var void while with yield async await of from as interface type enum implements "
            + "private public protected readonly static true false null undefined"), false, List.of("//"), "/*", "*/",
            "'\"`", false, false, false);
    private static final Lang JAVA = new Lang(words("abstract assert boolean break byte case catch char class const "
            + "continue default do double else enum extends final finally float for goto if implements import "
            + "instanceof int interface long native new package private protected public return short static super "
            + "switch synchronized this throw throws transient try void volatile while var record sealed permits yield "
            + "true false null fun val when object"), false, List.of("//"), "/*", "*/", "'\"", false, false, false);
    private static final Lang C = new Lang(words("auto break case char const continue default do double else enum "
            + "extern float for goto if inline int long register return short signed sizeof static struct switch "
            + "typedef union unsigned void volatile while class namespace template typename public private protected "
            + "virtual new delete this true false nullptr using include define ifdef ifndef endif"), false,
            List.of("//"), "/*", "*/", "'\"", false, false, false);
    private static final Lang GO = new Lang(words("break case chan const continue default defer else fallthrough for "
            + "func go goto if import interface map package range return select struct switch type var true false nil"),
            false, List.of("//"), "/*", "*/", "'\"`", false, false, false);
    private static final Lang RUST = new Lang(words("as async await break const continue crate dyn else enum extern "
            + "false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait "
            + "true type unsafe use where while"), false, List.of("//"), "/*", "*/", "\"", false, false, false);
    private static final Lang SQL = new Lang(words("select from where and or not insert into values update set delete "
            + "create table drop alter index join left right inner outer on group by order having limit offset as "
            + "distinct union all null is in like between case when then else end primary key foreign references"),
            true, List.of("--"), "/*", "*/", "'\"", false, false, false);
    private static final Lang DATA = new Lang(words("true false null yes no"), false, List.of("#"), null, null, "'\"",
            false, false, false);
    private static final Lang JSON = new Lang(words("true false null"), false, List.of(), null, null, "\"", false,
            false, false);
    private static final Map<String, Lang> BY_NAME = Map.ofEntries(
            Map.entry("python", PYTHON), Map.entry("py", PYTHON), Map.entry("python3", PYTHON),
            Map.entry("bash", SHELL), Map.entry("sh", SHELL), Map.entry("shell", SHELL), Map.entry("zsh", SHELL),
            Map.entry("console", SHELL), Map.entry("shellscript", SHELL),
            Map.entry("javascript", JAVASCRIPT), Map.entry("js", JAVASCRIPT), Map.entry("jsx", JAVASCRIPT),
            Map.entry("mjs", JAVASCRIPT), Map.entry("typescript", JAVASCRIPT), Map.entry("ts", JAVASCRIPT),
            Map.entry("tsx", JAVASCRIPT), Map.entry("java", JAVA), Map.entry("kotlin", JAVA), Map.entry("kt", JAVA),
            Map.entry("c", C), Map.entry("cpp", C), Map.entry("c++", C), Map.entry("h", C), Map.entry("go", GO),
            Map.entry("rust", RUST), Map.entry("rs", RUST), Map.entry("sql", SQL), Map.entry("yaml", DATA),
            Map.entry("yml", DATA), Map.entry("toml", DATA), Map.entry("json", JSON), Map.entry("jsonl", JSON));

    private CodeHighlight() {
    }

    /** The language named by a fenced block's info string, or null: a block left plain. */
    static Lang language(String info) {
        String first = info.strip().split("[\\s{,]", 2)[0].toLowerCase(Locale.ROOT);
        return BY_NAME.get(first);
    }

    /**
     * The style runs of {@code code} lexed as {@code lang}, at their offsets in {@code code}: {@code code-comment},
     * {@code code-string}, {@code code-keyword}, {@code code-number}, {@code code-variable}.
     */
    static List<StyledText.Run> runs(String code, Lang lang) {
        List<StyledText.Run> out = new ArrayList<>();
        int n = code.length();
        for (int i = 0; i < n; ) {
            char c = code.charAt(i);
            int end;
            if (lang.blockOpen() != null && code.startsWith(lang.blockOpen(), i)) {
                int close = code.indexOf(lang.blockClose(), i + lang.blockOpen().length());
                end = close < 0 ? n : close + lang.blockClose().length();
                out.add(new StyledText.Run(i, end, "code-comment"));
            } else if (lineComment(code, i, lang)) {
                int nl = code.indexOf('\n', i);
                end = nl < 0 ? n : nl;
                out.add(new StyledText.Run(i, end, "code-comment"));
            } else if (lang.quotes().indexOf(c) >= 0) {
                end = string(code, i, lang);
                out.add(new StyledText.Run(i, end, "code-string"));
            } else if (lang.shell() && c == '$' && i + 1 < n) {
                end = variable(code, i);
                if (end > i + 1) {
                    out.add(new StyledText.Run(i, end, "code-variable"));
                }
            } else if (Character.isDigit(c) && (i == 0 || !word(code.charAt(i - 1)))) {
                end = i + 1;
                while (end < n && (Character.isLetterOrDigit(code.charAt(end)) || code.charAt(end) == '_'
                        || code.charAt(end) == '.' && end + 1 < n && Character.isDigit(code.charAt(end + 1)))) {
                    end++;
                }
                out.add(new StyledText.Run(i, end, "code-number"));
            } else if (word(c)) {
                end = i + 1;
                while (end < n && word(code.charAt(end))) {
                    end++;
                }
                String w = code.substring(i, end);
                boolean shellFlag = lang.shell() && i > 0 && code.charAt(i - 1) == '-'; // `--in` is no keyword
                if (!shellFlag && lang.keywords().contains(lang.ignoreCase() ? w.toLowerCase(Locale.ROOT) : w)) {
                    out.add(new StyledText.Run(i, end, "code-keyword"));
                }
            } else {
                end = i + 1;
            }
            i = Math.max(end, i + 1);
        }
        return out;
    }

    /**
     * The style runs of fenced block {@code f}'s program where it stands in {@code text} (the text it was found in),
     * or none when its language is not known. The program is lexed as the block's content — without the {@code > } of a
     * quote or a list item's indentation — and each run is cut at line ends and put back on its line in {@code text}.
     */
    static List<StyledText.Run> ofBlock(String text, FencedBlock f) {
        Lang lang = language(f.info());
        int first = text.indexOf('\n', f.start());
        if (lang == null || f.lines() == 0 || first < 0) {
            return List.of();
        }
        String[] lines = f.content().split("\n", -1);
        int[] from = new int[lines.length]; // where content line k starts in the content
        int[] at = new int[lines.length]; // and in the text
        int lineStart = first + 1;
        for (int k = 0, c = 0; k < lines.length; k++) {
            int nl = text.indexOf('\n', lineStart);
            int lineEnd = nl < 0 ? text.length() : nl;
            if (lineStart > text.length() || !text.substring(lineStart, lineEnd).endsWith(lines[k])) {
                return List.of(); // the text is not what the block was found in: colour nothing
            }
            from[k] = c;
            at[k] = lineEnd - lines[k].length();
            c += lines[k].length() + 1;
            lineStart = lineEnd + 1;
        }
        List<StyledText.Run> out = new ArrayList<>();
        for (StyledText.Run r : runs(f.content(), lang)) {
            int k = java.util.Arrays.binarySearch(from, r.start());
            for (k = k >= 0 ? k : -k - 2; k < lines.length && from[k] < r.end(); k++) {
                int a = Math.max(r.start(), from[k]);
                int b = Math.min(r.end(), from[k] + lines[k].length());
                if (a < b) {
                    out.add(new StyledText.Run(at[k] + a - from[k], at[k] + b - from[k], r.styleClass()));
                }
            }
        }
        return out;
    }

    private static boolean lineComment(String code, int i, Lang lang) {
        for (String p : lang.lineComments()) {
            if (code.startsWith(p, i)) {
                // in a shell a # starts a comment only as a word of its own: `a#b` and `${#x}` are not comments
                return !lang.shell() || i == 0 || Character.isWhitespace(code.charAt(i - 1));
            }
        }
        return false;
    }

    /** Where the string opening at {@code i} ends: past its closing quote, at the line's end, or at the code's end. */
    private static int string(String code, int i, Lang lang) {
        char q = code.charAt(i);
        int n = code.length();
        if (lang.tripleQuotes() && code.startsWith(String.valueOf(q).repeat(3), i)) {
            int close = code.indexOf(String.valueOf(q).repeat(3), i + 3);
            return close < 0 ? n : close + 3;
        }
        boolean escapes = !(lang.shell() && q == '\''); // a shell's single quotes take no escapes
        boolean lines = lang.multiLineStrings() || q == '`';
        for (int j = i + 1; j < n; j++) {
            char c = code.charAt(j);
            if (escapes && c == '\\') {
                j++;
            } else if (c == q) {
                return j + 1;
            } else if (c == '\n' && !lines) {
                return j;
            }
        }
        return n;
    }

    /** Where the shell variable at {@code i} ({@code $x}, {@code ${x}}, {@code $1}, {@code $?}) ends. */
    private static int variable(String code, int i) {
        int n = code.length();
        char c = code.charAt(i + 1);
        if (c == '{') {
            int close = code.indexOf('}', i + 2);
            int nl = code.indexOf('\n', i + 2);
            return close < 0 || nl >= 0 && nl < close ? i + 1 : close + 1;
        }
        if ("?!#$@*-0123456789".indexOf(c) >= 0) {
            return i + 2;
        }
        int end = i + 1;
        while (end < n && (Character.isLetterOrDigit(code.charAt(end)) || code.charAt(end) == '_')) {
            end++;
        }
        return end;
    }

    private static boolean word(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static Set<String> words(String s) {
        return Set.of(s.split(" "));
    }
}
