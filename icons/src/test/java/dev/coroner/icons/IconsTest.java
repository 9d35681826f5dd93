package dev.coroner.icons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class IconsTest {
    @ParameterizedTest
    @EnumSource(Icon.class)
    void everyIconIsAnSvgWithAPathAndATitle(Icon icon) {
        String svg = Icons.svg(icon);
        assertTrue(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""), svg);
        assertTrue(svg.contains("<title>"), "a title says what the shape means");
        assertFalse(Icons.layers(icon).isEmpty());
        assertTrue(Icons.path(icon).startsWith("M"));
    }

    @Test
    void noTwoIconsShareAShape() {
        Set<String> shapes = new HashSet<>();
        for (Icon icon : Icon.values()) {
            assertTrue(shapes.add(Icons.path(icon)), icon + " reuses a shape");
        }
    }

    @Test
    void theAppIconHasLayersInColourAndPngs() {
        assertEquals(64, Icons.viewBox(Icon.APP));
        assertEquals(16, Icons.viewBox(Icon.WARN));
        assertTrue(Icons.layers(Icon.APP).size() > 1);
        for (int size : Icons.APP_PNG_SIZES) {
            assertNotNull(Icons.appPng(size));
        }
    }
}
