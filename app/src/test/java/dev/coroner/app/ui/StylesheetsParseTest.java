package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.util.List;
import javafx.css.CssParser;
import javafx.css.Stylesheet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our stylesheets parse without a single error. A CSS error does not fail anything at run time: JavaFX logs a warning
 * and drops every rule after it, so a lost brace once turned off the keyboard focus ring and all the later rules.
 */
class StylesheetsParseTest {
    @ParameterizedTest
    @ValueSource(strings = {"coroner.css", "coroner-dark.css"})
    void parsesWithoutErrors(String name) throws IOException {
        URL url = Workbench.class.getResource(name);
        assertTrue(url != null, name + " is on the class path");
        CssParser.errorsProperty().clear();
        Stylesheet sheet = new CssParser().parse(url);
        List<String> errors = CssParser.errorsProperty().stream().map(Object::toString).toList();
        assertEquals(List.of(), errors, name);
        assertTrue(sheet.getRules().size() > 10, name + " has its rules");
    }
}
