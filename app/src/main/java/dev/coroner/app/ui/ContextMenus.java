package dev.coroner.app.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Control;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/**
 * A panel's right-click menu, assembled from sections each time it opens: each section gives the items for what was
 * clicked (or none), and sections are separated. Features add their own section ({@link #add}) — Copy here,
 * annotations or grammar edits elsewhere — without knowing of each other.
 *
 * @param <T> what the menu is about: a timeline row, a corpus node, a finding
 */
final class ContextMenus<T> {
    private final List<Function<T, List<MenuItem>>> sections = new ArrayList<>();
    private ContextMenu showing;

    /**
     * Opens the menu on {@code control} for what {@code subject} says is selected (nothing: no menu): on the secondary
     * press itself (after the row under it is selected; the same on every platform, and what a headless robot sends),
     * and on the keyboard's context-menu request. The one menu of the control: every feature adds its section here.
     */
    ContextMenus(Control control, Supplier<T> subject) {
        control.addEventHandler(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() == javafx.scene.input.MouseButton.SECONDARY) {
                open(control, subject.get(), e.getScreenX(), e.getScreenY());
                e.consume();
            }
        });
        control.setOnContextMenuRequested(e -> {
            if (showing == null || !showing.isShowing()) { // a press already opened it
                open(control, subject.get(), e.getScreenX(), e.getScreenY());
            }
            e.consume();
        });
    }

    private void open(Control control, T s, double x, double y) {
        if (showing != null) {
            showing.hide();
        }
        if (s == null) {
            return;
        }
        ContextMenu menu = build(s);
        if (!menu.getItems().isEmpty()) {
            showing = menu;
            menu.show(control, x, y);
        }
    }

    /** Appends a section: the items it gives for a subject, in order, after those of the sections before it. */
    void add(Function<T, List<MenuItem>> section) {
        sections.add(section);
    }

    /** The menu for {@code subject}: every section's items, a separator between sections. */
    ContextMenu build(T subject) {
        ContextMenu menu = new ContextMenu();
        menu.getStyleClass().add("coroner-context-menu");
        for (Function<T, List<MenuItem>> section : sections) {
            List<MenuItem> items = section.apply(subject);
            if (items.isEmpty()) {
                continue;
            }
            if (!menu.getItems().isEmpty()) {
                menu.getItems().add(new SeparatorMenuItem());
            }
            menu.getItems().addAll(items);
        }
        return menu;
    }

    /** A menu item that puts {@code text} on the clipboard. */
    static MenuItem copy(String label, Supplier<String> text) {
        MenuItem i = new MenuItem(label);
        i.getStyleClass().add("copy-item");
        i.setOnAction(e -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(text.get());
            Clipboard.getSystemClipboard().setContent(c);
        });
        return i;
    }
}
