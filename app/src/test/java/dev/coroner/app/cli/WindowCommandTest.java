package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.launch.SnapshotRequest;
import dev.coroner.app.launch.WindowFrontend;
import dev.coroner.app.launch.WindowRequest;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code coroner [PATH…]}: the window is asked, in one typed request, to open what the command line named. */
class WindowCommandTest {
    private final StringWriter err = new StringWriter();

    /** Runs the command with a stand-in for the window that does {@code open} with the request. */
    private int run(Consumer<WindowRequest> open, String... args) {
        CoronerCommand command = new CoronerCommand();
        command.frontend = () -> new WindowFrontend() {
            @Override
            public void open(WindowRequest request) {
                open.accept(request);
            }

            @Override
            public void snapshot(SnapshotRequest request) {
                throw new AssertionError("the window command renders nothing");
            }
        };
        CommandLine cl = new CommandLine(command);
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void theWindowOpensThePathsNamedInTheirOrder() {
        List<WindowRequest> asked = new ArrayList<>();
        int status = run(asked::add, "b.jsonl", "runs/");
        assertEquals(CoronerCommand.WINDOW_OPENED, status);
        assertEquals(List.of(new WindowRequest(List.of(Path.of("b.jsonl"), Path.of("runs/")))), asked);
    }

    @Test
    void aMistypedCommandIsNamedInsteadOfOpeningTheWindowOnAFileThatIsNotThere() {
        List<WindowRequest> asked = new ArrayList<>();
        for (String[] typo : new String[][] {{"verdikt", "runs/"}, {"reprot"}, {"Scripts", "x.jsonl"}, {"snapshto"},
                {"precurser"}, {"porpose"}}) {
            err.getBuffer().setLength(0);
            assertEquals(ExitStatus.BAD_INPUT, run(asked::add, typo), String.join(" ", typo));
            assertTrue(err.toString().contains("'" + typo[0] + "' is not a command, nor a file or folder here; "
                    + "did you mean '"), err.toString());
        }
        assertEquals(List.of(), asked, "no window for a typo");
        assertTrue(err.toString().contains("did you mean 'propose'?"), err.toString());
        // a path, a name with an extension or a word far from every command: the window opens
        for (String[] open : new String[][] {{"runs/verdikt"}, {"verdikt.jsonl"}, {"transcripts"}, {"xyz"}}) {
            assertEquals(CoronerCommand.WINDOW_OPENED, run(asked::add, open), String.join(" ", open));
        }
        assertEquals(4, asked.size());
    }

    @Test
    void aFileThatIsThereOpensEvenWhenItsNameLooksLikeAMistypedCommand() throws Exception {
        Path here = Path.of("reprot"); // in the working folder: the argument is a bare word
        Files.deleteIfExists(here);
        Files.createFile(here);
        try {
            List<WindowRequest> asked = new ArrayList<>();
            assertEquals(CoronerCommand.WINDOW_OPENED, run(asked::add, "reprot"), err.toString());
            assertEquals(List.of(new WindowRequest(List.of(here))), asked);
        } finally {
            Files.deleteIfExists(here);
        }
    }

    @Test
    void aWindowThatCannotStartSaysWhatToDo() {
        int status = run(r -> {
            throw new UnsupportedOperationException("Unable to open DISPLAY");
        });
        assertEquals(ExitStatus.BAD_INPUT, status);
        assertTrue(err.toString().contains("cannot open the window: Unable to open DISPLAY"), err.toString());
        assertTrue(err.toString().contains("apt-get install libgtk-3-0"), err.toString());
    }
}
