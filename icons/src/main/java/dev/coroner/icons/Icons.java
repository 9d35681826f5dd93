package dev.coroner.icons;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SVG icon set, read from its own files: the SVG is the single source, and the window draws the path data it
 * holds (as JavaFX {@code SVGPath} shapes), so the icons in the window and the files are the same drawings.
 */
public final class Icons {
    private static final String ROOT = "/dev/coroner/icons/";
    private static final Pattern PATH = Pattern.compile("<path\\s+([^>]*?)/>");
    private static final Pattern ATTR = Pattern.compile("([a-z-]+)=\"([^\"]*)\"");
    private static final Pattern VIEW_BOX = Pattern.compile("viewBox=\"0 0 ([0-9.]+) ([0-9.]+)\"");
    private static final Map<Icon, List<Layer>> CACHE = new EnumMap<>(Icon.class);
    private static final Map<Icon, Double> VIEW_BOXES = new EnumMap<>(Icon.class);
    /** The sizes of the app icon PNGs rendered from {@code app.svg}. */
    public static final List<Integer> APP_PNG_SIZES = List.of(16, 32, 48, 64, 128, 256);

    /**
     * One filled path of an icon.
     *
     * @param fill    a colour, or {@code currentColor} for icons the window colours by meaning
     * @param evenOdd whether the path uses the even-odd fill rule (holes are cut that way)
     */
    public record Layer(String path, String fill, boolean evenOdd) {
    }

    private Icons() {
    }

    /** The SVG text of {@code icon}. */
    public static String svg(Icon icon) {
        try (InputStream in = resource(icon.fileName()).openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The icon's filled paths, in drawing order. */
    public static synchronized List<Layer> layers(Icon icon) {
        return CACHE.computeIfAbsent(icon, i -> {
            List<Layer> out = new ArrayList<>();
            Matcher m = PATH.matcher(svg(i));
            while (m.find()) {
                Map<String, String> attrs = new java.util.HashMap<>();
                Matcher a = ATTR.matcher(m.group(1));
                while (a.find()) {
                    attrs.put(a.group(1), a.group(2));
                }
                out.add(new Layer(attrs.get("d"), attrs.getOrDefault("fill", "currentColor"),
                        "evenodd".equals(attrs.get("fill-rule"))));
            }
            return List.copyOf(out);
        });
    }

    /** The path data of a one-colour icon (its first path). */
    public static String path(Icon icon) {
        return layers(icon).get(0).path();
    }

    /**
     * The side of the icon's square view box (16 for the small icons). Read once per icon: the window asks for it
     * whenever it draws an icon in a cell.
     */
    public static synchronized double viewBox(Icon icon) {
        return VIEW_BOXES.computeIfAbsent(icon, i -> {
            Matcher m = VIEW_BOX.matcher(svg(i));
            return m.find() ? Double.parseDouble(m.group(1)) : 16;
        });
    }

    /** The app icon rendered at {@code size} pixels (one of {@link #APP_PNG_SIZES}). */
    public static URL appPng(int size) {
        return resource("app-" + size + ".png");
    }

    private static URL resource(String name) {
        URL url = Icons.class.getResource(ROOT + name);
        if (url == null) {
            throw new IllegalStateException("icon resource missing: " + name);
        }
        return url;
    }
}
