package dev.coroner.app.ui;

import java.util.List;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.geometry.Rectangle2D;
import javafx.stage.Stage;

/**
 * Where the window opens and at what size (docs/WORKBENCH.md, "Layout"): the first time, 80% of the screen's usable
 * area, centred, never below 1280×720 where the screen has that much; after that, where and how large it was when it was
 * last closed, as long as its title bar is still on a screen (a monitor unplugged since does not leave it out of
 * reach). Maximised is remembered as such, with the size it goes back to.
 */
final class WindowPlacement {
    /** The share of the screen the first window takes, each way. */
    static final double SHARE = 0.8;
    /**
     * The first window is never smaller than this where the screen has it: the size the layout is made and tested for
     * (the compact tool bar, the summary column on screen), so a 1280×720 screen gets all of it, not 1024×576.
     */
    static final double FIRST_MIN_WIDTH = 1280;
    static final double FIRST_MIN_HEIGHT = 720;
    /** Below this the person cannot make it: the panels would be slivers. */
    static final double MIN_WIDTH = 800;
    static final double MIN_HEIGHT = 500;
    /** How much of the title bar must be on a screen for remembered bounds to be used: enough to grab it. */
    private static final double GRAB_WIDTH = 120;
    private static final double TITLE_HEIGHT = 24;
    static final String X = "x";
    static final String Y = "y";
    static final String WIDTH = "width";
    static final String HEIGHT = "height";
    static final String MAXIMIZED = "maximized";

    private WindowPlacement() {
    }

    /** The first window on {@code screen} (its usable area): 80% each way, at least the minimum it allows, centred. */
    static Rectangle2D first(Rectangle2D screen) {
        double w = Math.min(screen.getWidth(), Math.max(FIRST_MIN_WIDTH, Math.round(screen.getWidth() * SHARE)));
        double h = Math.min(screen.getHeight(), Math.max(FIRST_MIN_HEIGHT, Math.round(screen.getHeight() * SHARE)));
        return new Rectangle2D(screen.getMinX() + Math.round((screen.getWidth() - w) / 2),
                screen.getMinY() + Math.round((screen.getHeight() - h) / 2), w, h);
    }

    /**
     * The bounds {@code node} remembers when their title bar is on one of {@code screens}, else the first window on
     * {@code primary}. A remembered size larger than the screen it is on is taken down to that screen.
     */
    static Rectangle2D opening(Preferences node, List<Rectangle2D> screens, Rectangle2D primary) {
        double w = node.getDouble(WIDTH, -1);
        double h = node.getDouble(HEIGHT, -1);
        double x = node.getDouble(X, Double.NaN);
        double y = node.getDouble(Y, Double.NaN);
        if (w > 0 && h > 0 && !Double.isNaN(x) && !Double.isNaN(y)) {
            for (Rectangle2D s : screens) {
                double overlap = Math.min(x + w, s.getMaxX()) - Math.max(x, s.getMinX());
                boolean titleOn = y >= s.getMinY() && y + TITLE_HEIGHT <= s.getMaxY();
                if (overlap >= GRAB_WIDTH && titleOn) {
                    return new Rectangle2D(x, y, Math.max(Math.min(w, s.getWidth()), Math.min(MIN_WIDTH, s.getWidth())),
                            Math.max(Math.min(h, s.getHeight()), Math.min(MIN_HEIGHT, s.getHeight())));
                }
            }
        }
        return first(primary);
    }

    /**
     * Gives {@code stage} the workbench's scene at the size it opens at, puts it where it opens, brings back the
     * layout {@code node} remembers, and remembers bounds and layout there again when the stage hides (closed, or
     * File ▸ Quit). The window's own start and the tests go through here.
     */
    static void dress(Stage stage, Workbench workbench, Preferences node, List<Rectangle2D> screens, Rectangle2D primary) {
        Rectangle2D opening = opening(node, screens, primary);
        stage.setScene(workbench.scene(opening.getWidth(), opening.getHeight()));
        place(stage, node, screens, primary);
        workbench.rememberLayout(node);
        stage.setOnHiding(e -> save(stage, node));
    }

    /** Puts {@code stage} where it opens on this machine's screens, with its minimum size, and keeps its bounds. */
    static void place(Stage stage, Preferences node, List<Rectangle2D> screens, Rectangle2D primary) {
        Rectangle2D b = opening(node, screens, primary);
        stage.setMinWidth(Math.min(MIN_WIDTH, primary.getWidth()));
        stage.setMinHeight(Math.min(MIN_HEIGHT, primary.getHeight()));
        stage.setX(b.getMinX());
        stage.setY(b.getMinY());
        stage.setWidth(b.getWidth());
        stage.setHeight(b.getHeight());
        stage.setMaximized(node.getBoolean(MAXIMIZED, false));
        stage.setOnShown(e -> { // some window managers map the window small and ignore the size asked before
            if (!stage.isMaximized()) {
                stage.setWidth(b.getWidth());
                stage.setHeight(b.getHeight());
            }
        });
    }

    /** Remembers where {@code stage} is and how large; a maximised window keeps the size it had before. */
    static void save(Stage stage, Preferences node) {
        node.putBoolean(MAXIMIZED, stage.isMaximized());
        if (!stage.isMaximized() && !stage.isIconified()) {
            node.putDouble(X, stage.getX());
            node.putDouble(Y, stage.getY());
            node.putDouble(WIDTH, stage.getWidth());
            node.putDouble(HEIGHT, stage.getHeight());
        }
        try {
            node.flush();
        } catch (BackingStoreException e) {
            // not remembered this time: the next run opens at the default
        }
    }
}
