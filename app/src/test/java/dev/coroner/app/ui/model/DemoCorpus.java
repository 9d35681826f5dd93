package dev.coroner.app.ui.model;

import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;

/** The demo corpus's files that the window tests open and look at. */
public final class DemoCorpus {
    public static final Path DEMO = Fixtures.demoCorpus().toAbsolutePath().normalize();
    public static final Path SESSION = DEMO.resolve("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl");
    public static final Path DEAD_EXPORT = DEMO.resolve(
            "7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b/subagents/agent-a7b2d4f6e8c0a1b30.jsonl");

    private DemoCorpus() {
    }
}
