package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.workspace.VerdictOverride;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * View ▸ Dark theme covers every panel (docs/WORKBENCH.md, "Theme and zoom"): the detail, then the grammar panel
 * in its place, an explanation card, a note and an override, and the workspace banner on screen, every piece of text
 * drawn reads against what is behind it (contrast 3:1 or more), no large area stays light, and presentation mode is
 * dark too.
 */
@ExtendWith(ApplicationExtension.class)
class DarkThemeContrastTest {
    private static final Path REFUTED = Fixtures.path("precursor/claude-code/refuted.jsonl").toAbsolutePath().normalize();
    /** WCAG's floor for large text and the parts of a control; our small type mostly clears 4.5. */
    private static final double MIN_CONTRAST = 3.0;

    @TempDir
    Path dir;

    private Workbench workbench;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        workbench.setGrammar(Workbench.bundledGrammar());
        workbench.settings().darkProperty().set(true);
        stage.setScene(workbench.scene(1600, 1000));
        stage.show();
    }

    @AfterEach
    void light() {
        Workbench.useTheme(); // the next test class starts light
    }

    @Test
    void everyNewPanelReadsInTheDarkTheme(FxRobot robot) throws Exception {
        Path file = dir.resolve("untagged.coroner.json");
        Files.writeString(file, "{\"transcripts\":[{\"path\":\"" + json(DemoCorpus.DEAD_EXPORT) + "\"},{\"path\":\""
                + json(REFUTED) + "\"}]}");
        robot.interact(() -> workbench.open(List.of(file)));
        OutsideFolder.readThem(robot); // the demo corpus is outside the workspace's folder
        robot.interact(() -> {
            workbench.annotations().annotate(REFUTED, 6, "checked by hand", new VerdictOverride("WARN",
                    "precursor · Edit · REFUTED", "not a WARN", "the file was read in another session"));
            workbench.navigator().goTo(REFUTED, 6);
        });
        WaitForAsyncUtils.waitForFxEvents();
        for (String shown : List.of(".workspace-banner", ".explanation", ".judgement-box .human-verdict",
                ".judgement-box .machine-verdict", ".human-mark")) {
            assertTrue(robot.lookup(shown).queryAll().stream().anyMatch(DarkThemeContrastTest::shown),
                    shown + " is on screen, so its colours are checked");
        }
        assertEquals(List.of(), unreadable(stage.getScene().getRoot()));
        assertEquals(List.of(), lightAreas(stage.getScene().getRoot()));
        // the grammar panel takes the detail's place while it is open
        robot.interact(() -> workbench.grammar().shownProperty().set(true));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup(".grammar-editor").queryAll().stream().anyMatch(DarkThemeContrastTest::shown),
                ".grammar-editor is on screen, so its colours are checked");
        assertEquals(List.of(), unreadable(stage.getScene().getRoot()));
        assertEquals(List.of(), lightAreas(stage.getScene().getRoot()));
        for (String tab : List.of("Proposals", "Coverage", "Changes")) {
            robot.clickOn(tab);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(List.of(), unreadable(stage.getScene().getRoot()), tab);
            assertEquals(List.of(), lightAreas(stage.getScene().getRoot()), tab);
        }

        robot.clickOn(".timeline-table");
        robot.type(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        Window presenting = Window.getWindows().stream().filter(w -> w != stage && w.isShowing()
                && w.getScene().getRoot().getStyleClass().contains("presentation")).findFirst().orElseThrow();
        Region slide = (Region) presenting.getScene().getRoot();
        assertTrue(brightness(slide) < 0.2, "the presentation's ground is dark: " + brightness(slide));
        assertEquals(List.of(), unreadable(slide));
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(presenting.isShowing());
    }

    private static String json(Path p) {
        return p.toString().replace("\\", "\\\\");
    }

    /** Every shown text whose colour is too close to what is behind it: "class 'text' 1.4:1". */
    private static List<String> unreadable(Node root) {
        List<String> bad = new ArrayList<>();
        walk(root, n -> {
            if (n instanceof Text t && !t.getText().isBlank() && shown(t) && t.getFill() instanceof Color fill
                    && fill.getOpacity() > 0) {
                Color behind = behind(t);
                double ratio = contrast(fill, behind);
                if (ratio < MIN_CONTRAST) {
                    bad.add(owner(t) + " '" + cut(t.getText()) + "' " + fill + " on " + behind + " "
                            + String.format(java.util.Locale.ROOT, "%.1f:1", ratio));
                }
            }
        });
        return bad.stream().distinct().toList();
    }

    /** Every large shown region painted light: a panel the dark theme missed. */
    private static List<String> lightAreas(Node root) {
        List<String> bad = new ArrayList<>();
        walk(root, n -> {
            if (n instanceof Region r && shown(r) && r.getWidth() * r.getHeight() > 20_000) {
                Color c = ownFill(r);
                if (c != null && c.getBrightness() > 0.6 && c.getSaturation() < 0.3) {
                    bad.add(r.getStyleClass() + " " + c + " " + (int) r.getWidth() + "x" + (int) r.getHeight());
                }
            }
        });
        return bad;
    }

    private static void walk(Node n, java.util.function.Consumer<Node> visit) {
        visit.accept(n);
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> walk(c, visit));
        }
    }

    static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible() || p.getOpacity() == 0) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    /** The colour behind {@code n}: the nearest enclosing region's topmost opaque fill. */
    private static Color behind(Node n) {
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (p instanceof Region r) {
                Color c = ownFill(r);
                if (c != null) {
                    return c;
                }
            }
        }
        return Color.WHITE;
    }

    private static Color ownFill(Region r) {
        if (r.getBackground() == null) {
            return null;
        }
        List<BackgroundFill> fills = r.getBackground().getFills();
        for (int i = fills.size() - 1; i >= 0; i--) {
            if (fills.get(i).getFill() instanceof Color c && c.getOpacity() > 0.5) {
                return c;
            }
        }
        return null;
    }

    private static double brightness(Region r) {
        Color c = ownFill(r);
        return c == null ? 1 : c.getBrightness();
    }

    private static String owner(Node t) {
        for (Node p = t; p != null; p = p.getParent()) {
            if (!p.getStyleClass().isEmpty() && !Set.of("text").containsAll(p.getStyleClass())) {
                return p.getStyleClass().toString();
            }
        }
        return "?";
    }

    private static String cut(String s) {
        return s.length() > 30 ? s.substring(0, 30) + "…" : s;
    }

    /** WCAG 2 contrast ratio of two colours. */
    static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        return 0.2126 * channel(c.getRed()) + 0.7152 * channel(c.getGreen()) + 0.0722 * channel(c.getBlue());
    }

    private static double channel(double v) {
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
}
