package dev.coroner.app.ui;

import java.util.function.Supplier;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;

/**
 * Tooltips made on first hover. A tooltip is a popup with its own CSS pass, far too costly to build for every cell
 * the tables recycle while they scroll (a profile showed it as the FX thread's main cost), so none is built until the
 * mouse asks for it.
 */
final class Tips {
    /** Text longer than this wraps. */
    private static final double MAX_WIDTH = 520;

    private Tips() {
    }

    /** Gives {@code node} a tooltip with {@code text} when the mouse first enters it; replaces an earlier one. */
    static void lazy(Node node, Supplier<String> text) {
        onFirstHover(node, () -> of(text.get()));
    }

    /**
     * {@link #lazy} for a text that changes while the node shows the same thing (a transcript's note arriving): the
     * tooltip, made on the first hover, is bound to the value {@code text} gives then.
     */
    static void lazyBound(Node node, Supplier<? extends ObservableStringValue> text) {
        onFirstHover(node, () -> {
            Tooltip t = of("");
            t.textProperty().bind(text.get());
            return t;
        });
    }

    private static void onFirstHover(Node node, Supplier<Tooltip> make) {
        clear(node);
        node.setOnMouseEntered(e -> {
            if (node.getProperties().get(Tips.class) == null) {
                Tooltip t = make.get();
                node.getProperties().put(Tips.class, t);
                if (node instanceof Control c) {
                    c.setTooltip(t);
                } else {
                    Tooltip.install(node, t);
                }
            }
        });
    }

    /** Removes a tooltip given by {@link #lazy} (a recycled cell that now shows something else). */
    static void clear(Node node) {
        Object old = node.getProperties().remove(Tips.class);
        if (old instanceof Tooltip t) {
            t.textProperty().unbind();
            if (node instanceof Control c) {
                c.setTooltip(null);
            } else {
                Tooltip.uninstall(node, t);
            }
        }
        node.setOnMouseEntered(null);
    }

    static Tooltip of(String text) {
        Tooltip t = new Tooltip(text);
        t.setWrapText(true);
        t.setMaxWidth(MAX_WIDTH);
        t.setShowDelay(Duration.millis(350));
        return t;
    }
}
