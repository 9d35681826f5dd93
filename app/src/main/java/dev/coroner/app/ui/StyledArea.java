package dev.coroner.app.ui;

import dev.coroner.app.ui.model.StyledText;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.StyleClassedTextArea;
import org.fxmisc.richtext.model.StyleSpans;
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
            area.setStyleSpans(0, spans(t));
        }
        area.moveTo(0);
        area.requestFollowCaret();
    }

    /**
     * The text's runs as RichTextFX spans: runs may overlap (a strong word in a quote), so the text is cut at every
     * run's start and end and each piece carries the classes of all runs over it. A run out of the text (stale) is
     * left out: never let a style run break the text.
     */
    static StyleSpans<Collection<String>> spans(StyledText t) {
        int length = t.text().length();
        java.util.TreeSet<Integer> at = new java.util.TreeSet<>(List.of(0, length));
        for (StyledText.Run r : t.runs()) {
            if (r.start() >= 0 && r.start() < r.end() && r.end() <= length) {
                at.add(r.start());
                at.add(r.end());
            }
        }
        int[] cuts = at.stream().mapToInt(Integer::intValue).toArray();
        List<List<String>> classes = new java.util.ArrayList<>(Collections.nCopies(cuts.length - 1, List.of()));
        for (StyledText.Run r : t.runs()) {
            if (r.start() >= 0 && r.start() < r.end() && r.end() <= length) {
                for (int i = java.util.Arrays.binarySearch(cuts, r.start()); cuts[i] < r.end(); i++) {
                    List<String> with = new java.util.ArrayList<>(classes.get(i));
                    with.add(r.styleClass());
                    classes.set(i, with);
                }
            }
        }
        StyleSpansBuilder<Collection<String>> spans = new StyleSpansBuilder<>();
        for (int i = 0; i + 1 < cuts.length; i++) {
            spans.add(classes.get(i), cuts[i + 1] - cuts[i]);
        }
        return spans.create();
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
