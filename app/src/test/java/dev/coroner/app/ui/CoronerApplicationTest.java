package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.coroner.app.launch.WindowRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The launch request crosses to the JavaFX application beside {@code Application.launch}, and is read once. */
class CoronerApplicationTest {
    @Test
    void theRequestHandedOverIsTakenOnceThenTheDemoCorpusIsTheDefault() {
        WindowRequest request = new WindowRequest(List.of(Path.of("a.jsonl")));
        CoronerApplication.handOver(request);
        assertSame(request, CoronerApplication.takeRequest());
        assertEquals(new WindowRequest(List.of()), CoronerApplication.takeRequest(),
                "a second start (or a launch not through the launcher) opens the demo corpus");
    }
}
