package dev.coroner.app.ui;

import dev.coroner.app.ui.model.StyledText;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.StyleClassedTextArea;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/** A read-only RichTextFX area that shows a {@link StyledText}: the text, then its style runs as CSS classes. */
final class StyledArea {
    private final StyleClassedTextArea area = new StyleClassedTextArea();
    private final VirtualizedScrollPane<StyleClassedTextArea> pane = new VirtualizedScrollPane<>(area);

    StyledArea(String styleClass) {
        area.setEditable(false);
        area.setWrapText(true);
        // read-only text keeps no Tab for itself: Tab and Shift+Tab move on to the next control (a keyboard trap otherwise)
        org.fxmisc.wellbehaved.event.Nodes.addInputMap(area, org.fxmisc.wellbehaved.event.InputMap.ignore(
                org.fxmisc.wellbehaved.event.EventPattern.keyPressed(javafx.scene.input.KeyCode.TAB,
                        javafx.scene.input.KeyCombination.SHIFT_ANY)));
        area.getStyleClass().addAll("detail-text", styleClass);
        pane.getStyleClass().add("detail-scroll");
    }

    VirtualizedScrollPane<StyleClassedTextArea> node() {
        return pane;
    }

    StyleClassedTextArea area() {
        return area;
    }

    void show(StyledText t) {
        area.replaceText(t.text());
        if (!t.text().isEmpty() && !t.runs().isEmpty()) {
            StyleSpansBuilder<Collection<String>> spans = new StyleSpansBuilder<>();
            int at = 0;
            for (StyledText.Run r : t.runs()) {
                if (r.start() < at || r.end() > t.text().length()) {
                    continue; // overlapping or stale: never let a style run break the text
                }
                if (r.start() > at) {
                    spans.add(Collections.emptyList(), r.start() - at);
                }
                spans.add(List.of(r.styleClass()), r.end() - r.start());
                at = r.end();
            }
            if (at < t.text().length()) {
                spans.add(Collections.emptyList(), t.text().length() - at);
            }
            area.setStyleSpans(0, spans.create());
        }
        area.moveTo(0);
        area.requestFollowCaret();
    }

    /**
     * Marks every place the text holds {@code needle} (ignoring ASCII case, as the search does) with the
     * {@code search-hit} class, on top of the styles it has; returns how many. Nothing for an empty needle.
     */
    int highlight(String needle) {
        if (needle == null || needle.isEmpty()) {
            return 0;
        }
        String hay = asciiLower(area.getText());
        String n = asciiLower(needle);
        int count = 0;
        for (int at = hay.indexOf(n); at >= 0; at = hay.indexOf(n, at + n.length())) {
            var spans = area.getStyleSpans(at, at + n.length()).mapStyles(s -> {
                java.util.List<String> with = new java.util.ArrayList<>(s);
                with.add("search-hit");
                return with;
            });
            area.setStyleSpans(at, spans);
            count++;
        }
        return count;
    }

    /** Lower case for A-Z only: the same length, so a place found in it is the same place in the text. */
    static String asciiLower(String s) {
        char[] c = s.toCharArray();
        for (int i = 0; i < c.length; i++) {
            if (c[i] >= 'A' && c[i] <= 'Z') {
                c[i] = (char) (c[i] + 32);
            }
        }
        return new String(c);
    }

    void clear() {
        area.clear();
    }
}
