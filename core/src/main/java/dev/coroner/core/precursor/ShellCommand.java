package dev.coroner.core.precursor;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A shell command as the grammar's command lookups read it (docs/VERDICTS.md, "Command lookups"): the simple commands
 * it runs, each as its words with the shell's quoting taken off, or nothing when the command is not one Coroner can
 * read without guessing. Never run, never expanded: this only reads the text.
 *
 * <p>Taken off before the words are compared: {@code cd DIR} steps of a sequence, leading environment assignments
 * ({@code A=b}, also after {@code env}), and the wrappers {@code bash|sh|zsh -c|-lc 'SCRIPT'}, whose script is read the
 * same way. Split at {@code |}, {@code ||}, {@code &&}, {@code ;}, {@code &} and line ends.
 *
 * <p>Refused (no simple commands at all, so never a lookup): a command substitution ({@code $(…)}, backquotes), a
 * subshell or process substitution ({@code (}, {@code <(…)}), a here-document or here-string ({@code <<}), an output
 * redirection to anything but {@code /dev/null} or another descriptor ({@code > file} writes it), unclosed quotes, a
 * wrapper with more than its script, wrappers nested deeper than {@link #MAX_DEPTH}.
 */
public final class ShellCommand {
    /** {@code bash -lc "bash -lc '…'"}: deeper than this is refused, not unwrapped. */
    static final int MAX_DEPTH = 4;

    private static final Set<String> SHELLS = Set.of("bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/bin/zsh",
            "/usr/bin/bash", "/usr/bin/sh", "/usr/bin/zsh");

    private ShellCommand() {
    }

    /**
     * The simple commands {@code command} runs, each a non-empty list of words, in order; null when the command is
     * refused (above). An empty list: it runs nothing but {@code cd} and assignments.
     */
    public static List<List<String>> simpleCommands(String command) {
        return command == null ? null : read(command, 0);
    }

    private static List<List<String>> read(String command, int depth) {
        List<List<String>> parts = new Lexer(command).parts();
        if (parts == null) {
            return null;
        }
        List<List<String>> out = new ArrayList<>();
        for (List<String> words : parts) {
            int w = 0;
            while (w < words.size() && assignment(words.get(w))) {
                w++;
            }
            if (w < words.size() && words.get(w).equals("env")) {
                w++;
                while (w < words.size() && assignment(words.get(w))) {
                    w++;
                }
            }
            List<String> rest = words.subList(w, words.size());
            if (rest.isEmpty() || rest.get(0).equals("cd") && rest.size() <= 2) {
                continue; // only assignments, or a change of directory: reads nothing, writes nothing
            }
            if (SHELLS.contains(rest.get(0)) && rest.size() > 1 && rest.get(1).startsWith("-")) {
                List<List<String>> inner = wrapped(rest, depth);
                if (inner == null) {
                    return null;
                }
                out.addAll(inner);
                continue;
            }
            out.add(List.copyOf(rest));
        }
        return out;
    }

    /** {@code bash -lc SCRIPT}: the script's simple commands; null for any other use of a shell with options. */
    private static List<List<String>> wrapped(List<String> words, int depth) {
        int w = 1;
        boolean script = false;
        while (w < words.size() && words.get(w).matches("-[A-Za-z]+")) {
            script |= words.get(w).indexOf('c') >= 0;
            w++;
        }
        if (!script || w != words.size() - 1 || depth >= MAX_DEPTH) {
            return null;
        }
        return read(words.get(w), depth + 1);
    }

    /** {@code NAME=value}, a shell variable assignment. */
    private static boolean assignment(String word) {
        int eq = word.indexOf('=');
        if (eq <= 0) {
            return false;
        }
        for (int i = 0; i < eq; i++) {
            char c = word.charAt(i);
            boolean ok = c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Words and control operators, as the shell would split them; any construct it refuses ends it with null. */
    private static final class Lexer {
        private final String s;
        private int i;
        private final List<List<String>> parts = new ArrayList<>();
        private List<String> words = new ArrayList<>();
        private final StringBuilder word = new StringBuilder();
        private boolean inWord;

        Lexer(String s) {
            this.s = s;
        }

        List<List<String>> parts() {
            while (i < s.length()) {
                char c = s.charAt(i);
                switch (c) {
                    case ' ', '\t' -> {
                        endWord();
                        i++;
                    }
                    case '\n', ';', '|' -> {
                        endPart();
                        i++;
                    }
                    case '&' -> {
                        if (i + 1 < s.length() && s.charAt(i + 1) == '>') {
                            i++; // &> FILE: both streams
                            if (!redirect()) {
                                return null;
                            }
                        } else {
                            endPart();
                            i++;
                        }
                    }
                    case '\'' -> {
                        int end = s.indexOf('\'', i + 1);
                        if (end < 0) {
                            return null;
                        }
                        word.append(s, i + 1, end);
                        inWord = true;
                        i = end + 1;
                    }
                    case '"' -> {
                        if (!doubleQuoted()) {
                            return null;
                        }
                    }
                    case '\\' -> {
                        if (i + 1 < s.length() && s.charAt(i + 1) == '\n') {
                            i += 2; // a line continued
                        } else if (i + 1 < s.length()) {
                            word.append(s.charAt(i + 1));
                            inWord = true;
                            i += 2;
                        } else {
                            return null;
                        }
                    }
                    case '`', '(', ')' -> {
                        return null;
                    }
                    case '$' -> {
                        if (i + 1 < s.length() && s.charAt(i + 1) == '(') {
                            return null;
                        }
                        word.append(c);
                        inWord = true;
                        i++;
                    }
                    case '>' -> {
                        if (inWord && !word.chars().allMatch(Character::isDigit)) {
                            endWord(); // a>b is the word a, then a redirection
                        } else {
                            word.setLength(0); // 2>…: the descriptor is no word
                            inWord = false;
                        }
                        if (!redirect()) {
                            return null;
                        }
                    }
                    case '<' -> {
                        if (i + 1 < s.length() && (s.charAt(i + 1) == '<' || s.charAt(i + 1) == '(')) {
                            return null; // here-document, here-string, process substitution
                        }
                        endWord();
                        i++;
                        skipBlanks();
                        if (target() == null) {
                            return null;
                        }
                    }
                    case '#' -> {
                        if (inWord) {
                            word.append(c);
                            i++;
                        } else {
                            int end = s.indexOf('\n', i);
                            i = end < 0 ? s.length() : end;
                        }
                    }
                    default -> {
                        word.append(c);
                        inWord = true;
                        i++;
                    }
                }
            }
            endPart();
            return parts;
        }

        /** At a {@code >}: to {@code /dev/null} or another descriptor is harmless; to anything else writes a file. */
        private boolean redirect() {
            i++; // past '>'
            if (i < s.length() && (s.charAt(i) == '>' || s.charAt(i) == '|')) {
                i++;
            }
            if (i < s.length() && s.charAt(i) == '&') {
                int start = ++i;
                while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '-')) {
                    i++;
                }
                return i > start;
            }
            skipBlanks();
            return "/dev/null".equals(target());
        }

        /** The plain word a redirection names (null when it is quoted, empty or made of operators). */
        private String target() {
            int start = i;
            while (i < s.length() && " \t\n;|&<>()'\"`$\\".indexOf(s.charAt(i)) < 0) {
                i++;
            }
            return i > start ? s.substring(start, i) : null;
        }

        private void skipBlanks() {
            while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                i++;
            }
        }

        private boolean doubleQuoted() {
            inWord = true;
            i++;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == '"') {
                    i++;
                    return true;
                }
                if (c == '`' || c == '$' && i + 1 < s.length() && s.charAt(i + 1) == '(') {
                    return false;
                }
                if (c == '\\' && i + 1 < s.length() && "\"\\$`\n".indexOf(s.charAt(i + 1)) >= 0) {
                    if (s.charAt(i + 1) != '\n') {
                        word.append(s.charAt(i + 1));
                    }
                    i += 2;
                    continue;
                }
                word.append(c);
                i++;
            }
            return false;
        }

        private void endWord() {
            if (inWord) {
                words.add(word.toString());
                word.setLength(0);
                inWord = false;
            }
        }

        private void endPart() {
            endWord();
            if (!words.isEmpty()) {
                parts.add(words);
                words = new ArrayList<>();
            }
        }
    }
}
