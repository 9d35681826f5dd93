package dev.coroner.app.ui;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.coroner.app.ui.model.ViewSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCombination;

/**
 * Puts the {@link ViewSettings} on a scene (docs/WORKBENCH.md, "Theme and zoom"): the AtlantaFX Primer Dark theme
 * and our dark colours, and the type size. Zoom is a stylesheet of its own: our stylesheet with every font size
 * scaled, and the root's size, so each label keeps its size relative to the rest — never an inline style.
 */
final class Appearance {
    static final String DARK_STYLESHEET = Objects.requireNonNull(
            Appearance.class.getResource("coroner-dark.css")).toExternalForm();
    /** The theme's base type size, in pixels at 100%: the root of our stylesheet sets it. */
    private static final Pattern FONT_SIZE = Pattern.compile("-fx-font-size:\\s*([0-9.]+)px");
    private static final String BASE = read();

    private final ViewSettings settings;
    private final Scene scene;
    private String zoomSheet;

    private Appearance(ViewSettings settings, Scene scene) {
        this.settings = settings;
        this.scene = scene;
    }

    /** Applies the settings to {@code scene} now and whenever they change. */
    static void apply(ViewSettings settings, Scene scene) {
        Appearance a = new Appearance(settings, scene);
        a.theme();
        a.zoom();
        settings.darkProperty().addListener((o, was, now) -> a.theme());
        settings.zoomProperty().addListener((o, was, now) -> a.zoom());
    }

    /** View ▸ Dark theme, Zoom in, Zoom out, Actual size. */
    static List<MenuItem> menuItems(ViewSettings settings) {
        CheckMenuItem dark = new CheckMenuItem("Dark theme");
        dark.selectedProperty().bindBidirectional(settings.darkProperty());
        // the menu shows Ctrl++; hidden items take the keys that type + or - on most keyboards: the = key with or
        // without Shift (an accelerator with Shift up does not match a key pressed with it), the keypad's + and -
        return List.of(dark,
                item("Zoom in", "Shortcut+Plus", settings::zoomIn),
                hidden(item("Zoom in", "Shortcut+Equals", settings::zoomIn)),
                hidden(item("Zoom in", "Shortcut+Shift+Equals", settings::zoomIn)),
                hidden(item("Zoom in", "Shortcut+Add", settings::zoomIn)),
                item("Zoom out", "Shortcut+Minus", settings::zoomOut),
                hidden(item("Zoom out", "Shortcut+Subtract", settings::zoomOut)),
                item("Actual size", "Shortcut+0", settings::resetZoom));
    }

    private static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem i = new MenuItem(text);
        i.setAccelerator(KeyCombination.keyCombination(accelerator));
        i.setOnAction(e -> action.run());
        return i;
    }

    /** The same command on another key: in the menu once, under the key it shows. */
    private static MenuItem hidden(MenuItem i) {
        i.setVisible(false);
        return i;
    }

    private void theme() {
        boolean dark = settings.darkProperty().get();
        Application.setUserAgentStylesheet(dark ? new PrimerDark().getUserAgentStylesheet()
                : new PrimerLight().getUserAgentStylesheet());
        if (dark && !scene.getStylesheets().contains(DARK_STYLESHEET)) {
            scene.getStylesheets().add(DARK_STYLESHEET);
        } else if (!dark) {
            scene.getStylesheets().remove(DARK_STYLESHEET);
        }
        if (scene.getRoot() != null) {
            scene.getRoot().getStyleClass().remove("theme-dark");
            if (dark) {
                scene.getRoot().getStyleClass().add("theme-dark");
            }
        }
    }

    private void zoom() {
        if (zoomSheet != null) {
            scene.getStylesheets().remove(zoomSheet);
            zoomSheet = null;
        }
        int percent = settings.zoomProperty().get();
        if (percent != 100) {
            zoomSheet = "data:text/css;base64," + Base64.getEncoder().encodeToString(
                    scaled(percent / 100.0).getBytes(StandardCharsets.UTF_8));
            scene.getStylesheets().add(zoomSheet);
        }
    }

    /** Our stylesheet's font sizes times {@code factor}, and nothing else: laid over it, it scales the type. */
    static String scaled(double factor) {
        StringBuilder out = new StringBuilder();
        // each rule that sets a font size, with only that declaration: the selectors as they are, so the cascade holds
        Matcher rule = Pattern.compile("([^{}]+)\\{([^}]*)}").matcher(BASE.replaceAll("(?s)/\\*.*?\\*/", ""));
        while (rule.find()) {
            Matcher size = FONT_SIZE.matcher(rule.group(2));
            if (size.find()) {
                double px = Double.parseDouble(size.group(1)) * factor;
                out.append(rule.group(1).strip()).append(" { -fx-font-size: ")
                        .append(String.format(Locale.ROOT, "%.2f", px)).append("px; }\n");
            }
        }
        return out.toString();
    }

    private static String read() {
        try (InputStream in = Appearance.class.getResourceAsStream("coroner.css")) {
            return new String(Objects.requireNonNull(in).readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
