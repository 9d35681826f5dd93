package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.util.List;
import java.util.stream.Collectors;
import javafx.css.CssParser;
import javafx.css.Rule;
import javafx.css.Stylesheet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our stylesheets parse without an error. One brace lost in a merge made JavaFX read every rule after it as part of
 * one declaration block, silently: the focus ring, the search highlights and the finding chips were gone together.
 */
class StylesheetsTest {

    @ParameterizedTest
    @ValueSource(strings = {"coroner.css", "coroner-dark.css"})
    void parsesWithoutErrorsAndKeepsItsLastRule(String name) throws IOException {
        URL url = Workbench.class.getResource(name);
        CssParser.errorsProperty().clear();
        Stylesheet sheet = new CssParser().parse(url);
        String errors = CssParser.errorsProperty().stream().map(Object::toString).collect(Collectors.joining("\n"));
        CssParser.errorsProperty().clear();
        assertEquals("", errors, name);
        List<Rule> rules = sheet.getRules();
        assertTrue(rules.stream().allMatch(r -> r.getDeclarations().stream()
                        .allMatch(d -> d.getProperty().startsWith("-"))),
                "every property of " + name + " is a -fx-, -rtfx- or looked-up name");
    }

    @ParameterizedTest
    @ValueSource(strings = {"coroner.css", "coroner-dark.css"})
    void bracesBalance(String name) throws IOException {
        String text;
        try (var in = Workbench.class.getResourceAsStream(name)) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).replaceAll("(?s)/\\*.*?\\*/", "");
        }
        int depth = 0;
        int line = 1;
        for (char c : text.toCharArray()) {
            if (c == '\n') line++;
            if (c == '{') depth++;
            if (c == '}') depth--;
            assertTrue(depth == 0 || depth == 1, name + ": a rule opened inside another near line " + line);
        }
        assertEquals(0, depth, name + ": every rule is closed");
    }
}
