package dev.coroner.app.ui;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.layout.Pane;

/**
 * A cell's pieces (text and tokens) on one line, left to right, as a line of text is: each at its own width until the
 * line is full, the one that reaches the end cut there (a label ends in "…"), the rest not drawn. An {@code HBox}
 * shrank every text piece at once instead, so a row with many tokens showed "D…" and the tokens whole.
 */
final class PiecesLine extends Pane {
    private final double gap;

    PiecesLine(double gap, Node... pieces) {
        this.gap = gap;
        getChildren().addAll(pieces);
    }

    @Override
    protected double computePrefWidth(double height) {
        Insets in = getInsets();
        double w = in.getLeft() + in.getRight();
        for (Node n : getManagedChildren()) {
            w += n.prefWidth(-1);
        }
        return w + gap * Math.max(0, getManagedChildren().size() - 1);
    }

    @Override
    protected double computePrefHeight(double width) {
        Insets in = getInsets();
        double h = 0;
        for (Node n : getManagedChildren()) {
            h = Math.max(h, n.prefHeight(-1));
        }
        return in.getTop() + h + in.getBottom();
    }

    @Override
    protected double computeMinWidth(double height) {
        return getInsets().getLeft() + getInsets().getRight();
    }

    @Override
    protected void layoutChildren() {
        Insets in = getInsets();
        double x = in.getLeft();
        double end = getWidth() - in.getRight();
        double height = getHeight() - in.getTop() - in.getBottom();
        for (Node n : getManagedChildren()) {
            double room = end - x;
            n.setVisible(room > 0);
            if (room <= 0) {
                continue;
            }
            double w = Math.min(n.prefWidth(-1), room);
            double h = Math.min(n.prefHeight(w), height);
            n.resizeRelocate(snapPositionX(x), snapPositionY(in.getTop() + (height - h) / 2), snapSizeX(w), snapSizeY(h));
            x += w + gap;
        }
    }
}
