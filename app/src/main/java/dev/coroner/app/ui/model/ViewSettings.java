package dev.coroner.app.ui.model;

import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * How the window looks to the person reading it (docs/WORKBENCH.md, "Theme and zoom"): light or dark, and the type
 * size as a percentage. Remembered across runs in a {@link Preferences} node once {@link #remember} is called; the
 * tests pass a node of their own and remove it.
 */
public final class ViewSettings {
    /** The zoom steps, in percent: Ctrl+plus and Ctrl+minus move one step, Ctrl+0 goes back to 100. */
    private static final int[] STEPS = {70, 80, 90, 100, 110, 125, 150, 175, 200};
    static final String DARK = "dark";
    static final String ZOOM = "zoom";
    static final String LAST_FOLDER = "lastFolder";

    private final BooleanProperty dark = new SimpleBooleanProperty(this, "dark");
    private final ReadOnlyIntegerWrapper zoom = new ReadOnlyIntegerWrapper(this, "zoom", 100);
    private final javafx.beans.property.StringProperty lastFolder =
            new javafx.beans.property.SimpleStringProperty(this, "lastFolder", "");
    private Preferences store;

    public BooleanProperty darkProperty() {
        return dark;
    }

    /** The folder transcripts were last opened from ("" for none yet): File ▸ Open starts there. */
    public javafx.beans.property.StringProperty lastFolderProperty() {
        return lastFolder;
    }

    /** Where a file dialog starts: the folder last opened, while it is still there; else null (the system's choice). */
    public java.nio.file.Path startFolder() {
        String f = lastFolder.get();
        if (f.isEmpty()) {
            return null;
        }
        java.nio.file.Path p = java.nio.file.Path.of(f);
        return java.nio.file.Files.isDirectory(p) ? p : null;
    }

    /** The type size in percent of the default; one of the steps. */
    public ReadOnlyIntegerProperty zoomProperty() {
        return zoom.getReadOnlyProperty();
    }

    public void zoomIn() {
        step(1);
    }

    public void zoomOut() {
        step(-1);
    }

    public void resetZoom() {
        zoom.set(100);
    }

    private void step(int by) {
        int at = nearest(zoom.get());
        zoom.set(STEPS[Math.max(0, Math.min(STEPS.length - 1, at + by))]);
    }

    private static int nearest(int percent) {
        int best = 0;
        for (int i = 1; i < STEPS.length; i++) {
            if (Math.abs(STEPS[i] - percent) < Math.abs(STEPS[best] - percent)) {
                best = i;
            }
        }
        return best;
    }

    /**
     * Loads what {@code node} remembers and saves every later change to it. A value that is not a step (edited by
     * hand) is taken to the nearest step.
     */
    public void remember(Preferences node) {
        store = node;
        dark.set(node.getBoolean(DARK, dark.get()));
        zoom.set(STEPS[nearest(node.getInt(ZOOM, zoom.get()))]);
        lastFolder.set(node.get(LAST_FOLDER, lastFolder.get()));
        dark.addListener((o, was, now) -> save());
        lastFolder.addListener((o, was, now) -> save());
        zoom.addListener((o, was, now) -> save());
    }

    private void save() {
        if (store == null) {
            return;
        }
        store.putBoolean(DARK, dark.get());
        store.putInt(ZOOM, zoom.get());
        store.put(LAST_FOLDER, lastFolder.get());
        try {
            store.flush();
        } catch (BackingStoreException e) {
            // not remembered this time: the window still shows the change; the next change tries again
            System.getLogger(ViewSettings.class.getName()).log(System.Logger.Level.WARNING,
                    "could not save the window's settings: " + e.getMessage());
        }
    }
}
