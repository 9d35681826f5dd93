package dev.coroner.app.ui;

import java.util.List;

/**
 * Help ▸ Keyboard shortcuts (docs/WORKBENCH.md, "Keyboard and copy"): every key the menus answer to, in words.
 * A test holds it to the menus: a new accelerator without a line here fails it.
 */
final class KeyboardShortcuts {
    static final List<String> LINES = List.of(
            "Ctrl+O  open transcripts        Ctrl+Shift+O  open a folder        Ctrl+Q  quit",
            "Ctrl+Shift+S  save the workspace        Ctrl+E  export a report",
            "Ctrl+F  search raw records (Enter runs it)     F3 / Shift+F3  next / previous match",
            "F8 / Shift+F8  next / previous finding        F5  present the findings (Esc leaves)",
            "Ctrl+T  go to the terminal record        Ctrl+L  go to a line",
            "Ctrl+Shift+F  the corpus filter bar        Ctrl+/  the timeline filter bar        Ctrl+Space  complete",
            "Ctrl+1 / Ctrl+2 / Ctrl+3 / Ctrl+4  focus the corpus, timeline, detail, findings",
            "Ctrl+Shift+1 / Ctrl+Shift+3  show or fold the corpus / detail panel        Ctrl+G  the grammar panel",
            "Ctrl++ / Ctrl+- / Ctrl+0  larger type, smaller type, actual size",
            "Tab / Shift+Tab  every control in turn   Shift+F10 or right-click  Copy menu",
            "Home / End  first / last row of the timeline",
            "Compare window (File ▸ Compare…): F8 / Shift+F8  next / previous difference   Ctrl+E  export it");

    private KeyboardShortcuts() {
    }

    static String text() {
        return String.join("\n", LINES);
    }
}
