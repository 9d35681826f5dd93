package dev.coroner.app.launch;

/**
 * The window, as the command line sees it: it opens the workbench or renders it to a picture. The one
 * implementation lives with the views and is loaded by name ({@link #load()}), so that only these two commands load
 * JavaFX and every other command runs without it (docs/ARCHITECTURE.md, "Modules"). Nothing in this package
 * touches JavaFX.
 */
public interface WindowFrontend {
    /** The implementation, named rather than referenced: a reference would load it, and JavaFX with it. */
    String IMPLEMENTATION = "dev.coroner.app.ui.WorkbenchLauncher";

    /** Opens the workbench window; returns when it is closed. Throws when the toolkit cannot start (no display). */
    void open(WindowRequest request);

    /**
     * Renders the workbench to a PNG, headless. The caller has set the headless Monocle properties before this
     * frontend was loaded.
     */
    void snapshot(SnapshotRequest request) throws Exception;

    /** Loads the implementation: the one place the command line crosses into JavaFX. */
    static WindowFrontend load() {
        try {
            return Class.forName(IMPLEMENTATION).asSubclass(WindowFrontend.class).getDeclaredConstructor()
                    .newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this build has no window: " + IMPLEMENTATION + " is missing", e);
        }
    }
}
