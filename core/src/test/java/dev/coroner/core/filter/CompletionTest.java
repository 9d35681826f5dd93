package dev.coroner.core.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Completion at the caret: field names, the operators after a field, an enum's words after its operator. */
class CompletionTest {
    private static final FieldSchema S = FieldSchemas.TRANSCRIPT;

    private static List<String> at(String textWithCaret) {
        int caret = textWithCaret.indexOf('|');
        String text = textWithCaret.substring(0, caret) + textWithCaret.substring(caret + 1);
        return S.complete(text, caret);
    }

    @Test
    void aFieldNameAtTheStartPrefixMatchesFirst() {
        assertEquals(List.of("state", "trailing.status", "api_status"), at("st|"));
        assertEquals(List.of("trailing.class"), at("dead and (trailing.cl|"));
        assertEquals(List.of("class", "trailing.class"), at("not cla|"));
        assertTrue(at("|").containsAll(List.of("path", "state", "harness", "parent", "not")));
        assertEquals(0, FieldSchema.wordStart("st", 2));
        assertEquals(9, FieldSchema.wordStart("dead and st", 11));
    }

    @Test
    void afterAFieldTheOperatorsThatApply() {
        assertEquals(List.of("==", "!=", "contains", "matches", "in", "and", "or"), at("state |"));
        assertEquals(List.of("==", "!=", "<", "<=", ">", ">=", "in", "and", "or"), at("api_status |"));
        assertEquals(List.of("==", "!=", "and", "or"), at("dead |"));
        assertEquals(List.of("contains"), at("reason co|"));
    }

    @Test
    void afterAnOperatorTheFieldsWords() {
        assertEquals(List.of("SYNTHETIC"), at("state == SY|"));
        assertEquals(List.of("HEALTHY", "SYNTHETIC", "EMPTY", "UNREADABLE"), at("state != |"));
        assertEquals(List.of("RATE_LIMIT"), at("trailing.class in {AUTH, RAT|"));
        assertEquals(List.of("CLAUDE_CODE", "CODEX"), at("harness in {|"));
        assertEquals(List.of("true", "false"), at("dead == |"));
        assertEquals(List.of("SESSION", "SUBAGENT", "HARNESS"), at("kind == s|")); // any case; found inside last
    }

    @Test
    void afterAValueAndOrOr() {
        assertEquals(List.of("and", "or"), at("state == EMPTY |"));
        assertEquals(List.of("and"), at("(dead) a|"));
        assertEquals(List.of("or"), at("state in {EMPTY} o|"));
    }

    @Test
    void insideAStringNothing() {
        assertEquals(List.of(), at("reason contains \"ab|"));
    }
}
