package dev.coroner.app.ui.model;

import dev.coroner.core.corpus.CorpusLayout;
import dev.coroner.core.corpus.CorpusSurvey;
import dev.coroner.core.corpus.CorpusTranscript;
import dev.coroner.core.corpus.FleetRuns;
import dev.coroner.core.corpus.TranscriptRole;
import dev.coroner.core.read.Harness;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fleet's runs table as the corpus panel shows it (docs/FLEET.md, "Opening the runs table"): a survey made from the
 * rows, no transcript read. A row's place in the tree comes from its kind, session and parent; its verdict is the
 * row's. A row whose file is on this machine is named by that file, and opens as any transcript does; any other by
 * its URI, and never read. No JavaFX here: made off the FX thread.
 */
record RunsCorpus(Path folder, CorpusSurvey survey, Map<Path, FleetRuns.Row> rows) {
    private static final Pattern AGENT = Pattern.compile("agent-(.+)\\.jsonl");

    static RunsCorpus of(FleetRuns.Table table) {
        List<FleetRuns.Row> sorted = new ArrayList<>(table.rows());
        // as a folder's transcripts are listed: byte-wise by path (lines that are no row after the rows)
        sorted.sort((a, b) -> a.problem() != null || b.problem() != null
                ? Boolean.compare(a.problem() != null, b.problem() != null)
                : Arrays.compareUnsigned(a.uri().getBytes(StandardCharsets.UTF_8), b.uri().getBytes(StandardCharsets.UTF_8)));
        Map<Path, FleetRuns.Row> byPath = new LinkedHashMap<>();
        List<CorpusTranscript> classified = new ArrayList<>();
        Map<Path, TerminalVerdict> verdicts = new HashMap<>();
        Map<Path, Long> sizes = new HashMap<>();
        List<String> notes = new ArrayList<>(table.notes());
        for (FleetRuns.Row r : sorted) {
            Path key = key(table.folder(), r);
            if (byPath.containsKey(key)) {
                notes.add(r.uri() + " has a second row at " + r.place() + "; the first, at "
                        + byPath.get(key).place() + ", is shown");
                continue;
            }
            byPath.put(key, r);
            classified.add(place(key, r));
            verdicts.put(key, r.verdict());
            sizes.put(key, r.size() == null ? -1L : r.size());
        }
        List<Path> transcripts = List.copyOf(byPath.keySet());
        return new RunsCorpus(table.folder(), new CorpusSurvey(transcripts, CorpusLayout.group(classified), Map.copyOf(verdicts),
                sizes, notes), byPath);
    }

    /** The path a row is shown and opened by: its file when on this machine, else its URI (or its place) as a name. */
    private static Path key(Path folder, FleetRuns.Row r) {
        if (r.local() != null) {
            return r.local();
        }
        try {
            return r.problem() != null ? folder.resolve(r.place()) : Path.of(r.uri());
        } catch (InvalidPathException e) {
            return folder.resolve(r.place());
        }
    }

    /** Where the row goes in the tree: a session, or a sub-agent under the session its row names. */
    private static CorpusTranscript place(Path key, FleetRuns.Row r) {
        TerminalVerdict v = r.verdict();
        Harness h = v.harness();
        if (r.problem() != null || v.kind() == AgentKind.SESSION) {
            String stem = String.valueOf(key.getFileName()).replaceFirst("\\.jsonl$", "");
            return new CorpusTranscript(key, TranscriptRole.SESSION, r.problem() != null ? null
                    : r.sessionId() != null ? r.sessionId() : stem, null, h);
        }
        if (h == Harness.CODEX) {
            return new CorpusTranscript(key, TranscriptRole.SUBAGENT_THREAD, v.parent(), r.sessionId(), h);
        }
        Matcher m = AGENT.matcher(String.valueOf(key.getFileName()));
        return new CorpusTranscript(key, TranscriptRole.SUBAGENT_FLAT, v.parent() != null ? v.parent() : r.sessionId(),
                m.matches() ? m.group(1) : null, h);
    }
}
