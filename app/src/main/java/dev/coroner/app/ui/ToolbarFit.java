package dev.coroner.app.ui;

import java.util.ArrayList;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * Keeps every control of the tool bar whole at any width (docs/WORKBENCH.md, "Layout"): no button is ever drawn
 * clipped ("Op…"). When the bar is narrower than it needs, it turns compact: buttons take their short labels, the
 * least used controls move into an overflow menu ({@code »}), and it turns back once there is room again.
 */
final class ToolbarFit {
    private static final PseudoClass COMPACT = PseudoClass.getPseudoClass("compact");

    /** A control and the label it wears when the bar is compact. */
    record Short(Labeled control, String text) {
    }

    private final HBox bar;
    private final List<Short> shorts;
    private final List<String> longs = new ArrayList<>();
    private final List<Node> overflowing;
    private final MenuButton overflow;
    private boolean compact;
    /** The width the bar needs with every control whole and long: where it turns back from compact. */
    private double full;

    private ToolbarFit(HBox bar, List<Short> shorts, List<Node> overflowing, MenuButton overflow) {
        this.bar = bar;
        this.shorts = shorts;
        this.overflowing = overflowing;
        this.overflow = overflow;
        shorts.forEach(s -> longs.add(s.control().getText()));
        for (Node n : bar.getChildren()) {
            if (n instanceof Region r && !(n instanceof javafx.scene.control.TextField) && r.getStyleClass().stream()
                    .noneMatch(c -> c.equals("grow"))) {
                r.setMinWidth(Region.USE_PREF_SIZE); // a control is drawn whole or not at all
            }
        }
        overflow.setVisible(false);
        overflow.setManaged(false);
    }

    /** Makes {@code bar} fit its width from now on. */
    static ToolbarFit install(HBox bar, List<Short> shorts, List<Node> overflowing, MenuButton overflow) {
        ToolbarFit fit = new ToolbarFit(bar, shorts, overflowing, overflow);
        bar.widthProperty().addListener((o, was, now) -> fit.fit(now.doubleValue()));
        return fit;
    }

    boolean compact() {
        return compact;
    }

    private void fit(double width) {
        if (!compact) {
            double needed = bar.prefWidth(-1);
            if (width < needed) {
                full = needed;
                set(true);
            }
        } else if (width >= full) {
            set(false);
        }
    }

    private void set(boolean on) {
        compact = on;
        for (int i = 0; i < shorts.size(); i++) {
            Short s = shorts.get(i);
            s.control().setText(on ? s.text() : longs.get(i));
        }
        for (Node n : overflowing) {
            n.setVisible(!on);
            n.setManaged(!on);
        }
        overflow.setVisible(on);
        overflow.setManaged(on);
        bar.pseudoClassStateChanged(COMPACT, on);
    }
}
