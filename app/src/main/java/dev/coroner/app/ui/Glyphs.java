package dev.coroner.app.ui;

import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.Severity;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.icons.Icon;
import dev.coroner.icons.Icons;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import javafx.scene.layout.Region;
import javafx.scene.shape.FillRule;
import javafx.scene.shape.SVGPath;

/**
 * Icons as shapes from the icons module's SVGs, coloured by CSS class ({@code icon-synthetic}, {@code icon-warn}…),
 * so an icon's meaning is in its shape and its colour only repeats it.
 */
final class Glyphs {
    private Glyphs() {
    }

    /** A {@code size}-pixel icon with the style classes {@code icon} and {@code icon-<name>}. */
    static Region icon(Icon icon, double size) {
        Region r = new Region();
        SVGPath shape = new SVGPath();
        shape.setContent(content(icon));
        shape.setFillRule(FillRule.EVEN_ODD);
        r.setShape(shape);
        r.setScaleShape(true);
        r.setMinSize(size, size);
        r.setPrefSize(size, size);
        r.setMaxSize(size, size);
        r.getStyleClass().addAll("icon", "icon-" + icon.name().toLowerCase(Locale.ROOT));
        return r;
    }

    /** Each icon's path, made once: cells ask for icons as they scroll. */
    private static final Map<Icon, String> CONTENT = new EnumMap<>(Icon.class);

    private static synchronized String content(Icon icon) {
        return CONTENT.computeIfAbsent(icon, i -> {
            double box = Icons.viewBox(i);
            // two invisible specks at the view box's corners keep the shape's proportions when the region scales it
            return Icons.path(i) + " M0 0h0.01v0.01h-0.01Z M" + box + " " + box + "h-0.01v-0.01h0.01Z";
        });
    }

    static Icon of(TerminalState s) {
        return switch (s) {
            case HEALTHY -> Icon.HEALTHY;
            case SYNTHETIC -> Icon.SYNTHETIC;
            case EMPTY -> Icon.EMPTY;
            case UNREADABLE -> Icon.UNREADABLE;
        };
    }

    static Icon of(MarkerKind k, TerminalState terminal) {
        return switch (k) {
            case STATE -> terminal == null ? Icon.HEALTHY : of(terminal);
            case WARN -> Icon.WARN;
            case BLOCK_MATCHED -> Icon.BLOCK;
            case BLOCK_UNMATCHED -> Icon.UNMATCHED;
            case TOOL_ERROR -> Icon.ERROR;
            case PROBLEM -> Icon.PROBLEM;
            case DEAD_SUBAGENT -> Icon.SYNTHETIC;
            case LINK -> Icon.LINK;
            case HARNESS -> Icon.HARNESS;
            case TRAILING -> Icon.SYNTHETIC;
            case WAITING -> Icon.EMPTY;
        };
    }

    /** A finding is drawn with the icon of the marker its kind declares; a death, whatever its state, as a death. */
    static Icon of(FindingKind k) {
        if (k == FindingKind.NO_RUN) {
            return Icon.UNREADABLE; // grey: not a run, so no death's icon
        }
        return k.marker() == MarkerKind.STATE ? Icon.SYNTHETIC : of(k.marker(), null);
    }

    static Icon of(Severity s) {
        return switch (s) {
            case DEATH -> Icon.SYNTHETIC;
            case WARN -> Icon.WARN;
            case UNMATCHED -> Icon.UNMATCHED;
            case PROBLEM -> Icon.PROBLEM;
            case INFO -> Icon.ERROR;
        };
    }

    /** The CSS name of a kind: {@code dead-subagent}, {@code block-matched}… */
    static String css(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
