package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.coroner.app.ui.model.StyledText;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.fxmisc.richtext.model.StyleSpan;
import org.junit.jupiter.api.Test;

/** Style runs that overlap (a strong word inside a quote) both reach the text; a stale run breaks nothing. */
class StyledAreaSpansTest {
    private static List<String> spans(StyledText t) {
        List<String> out = new ArrayList<>();
        int at = 0;
        for (StyleSpan<Collection<String>> s : StyledArea.spans(t)) {
            out.add(t.text().substring(at, at + s.getLength()) + "=" + s.getStyle());
            at += s.getLength();
        }
        return out;
    }

    @Test
    void overlappingRunsEachStyleTheirCharacters() {
        StyledText t = new StyledText("> a **b** c\nrest", List.of(new StyledText.Run(0, 11, "md-quote"),
                new StyledText.Run(4, 9, "md-strong"), new StyledText.Run(12, 99, "stale")));
        assertEquals(List.of("> a =[md-quote]", "**b**=[md-quote, md-strong]", " c=[md-quote]", "\nrest=[]"), spans(t));
    }
}
