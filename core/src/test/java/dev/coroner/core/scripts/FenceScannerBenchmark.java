package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Prints how fast the fence scanner and the matcher read answer text (mvn -B verify -Pbenchmark). Never asserts time. */
@Tag("benchmark")
class FenceScannerBenchmark {

    @Test
    void scanThroughput() {
        StringBuilder s = new StringBuilder();
        int blocks = 0;
        while (s.length() < 32 * 1024 * 1024) {
            s.append("Some prose about the change, with `inline` code and a list:\n\n- one\n- two\n  > quoted\n\n")
                    .append("```bash\nmake test && echo done\npython -m pytest -q tests/unit\n```\n\n")
                    .append("1. Then:\n   ~~~python\n   print('hi')\n   ~~~\n");
            blocks += 2;
        }
        String text = s.toString();
        FenceScanner.scan(text); // warm up
        long t0 = System.nanoTime();
        int found = FenceScanner.scan(text).size();
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(blocks, found);
        System.out.printf(Locale.ROOT, "fence scan: %d MB of answer text, %,d blocks, %.2f s, %.0f MB/s%n",
                text.length() >> 20, found, seconds, (text.length() >> 20) / seconds);
    }
}
