package dev.coroner.core.corpus;

import dev.coroner.core.corpus.CorpusLayout;
import dev.coroner.core.corpus.CorpusTranscript;
import dev.coroner.core.corpus.SessionGroup;
import dev.coroner.core.corpus.SubagentLinks;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.index.TerminalVerdicts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * A first look at the files opened, cheap enough for thousands of transcripts: which are sessions and which their
 * sub-agents (by path and first records), and how each ended (read from its end, docs/ARCHITECTURE.md, "The pass"). Built off the FX
 * thread in two halves, so a window shows its rows before any verdict is read ({@link #listed}, then {@link #judged});
 * the full analysis of each file follows.
 */
public record CorpusSurvey(List<Path> transcripts, List<SessionGroup> groups, Map<Path, TerminalVerdict> verdicts,
                    Map<Path, Long> sizes, List<String> notes) {

    /** Lists and judges at once, on the calling thread: {@link #listed} then {@link #judged}. */
    public static CorpusSurvey of(List<Path> alreadyOpen, List<Path> given) {
        return listed(alreadyOpen, given).judged(1, (path, verdict) -> { }, new CancelToken());
    }

    /**
     * The first half of the survey, with no verdict yet: the transcripts found, their sizes and their sessions (by path
     * and first records). Cheap enough that a window shows a thousand rows at once, each still being judged.
     */
    public static CorpusSurvey listed(List<Path> alreadyOpen, List<Path> given) {
        Set<Path> all = new LinkedHashSet<>(alreadyOpen);
        List<String> notes = new ArrayList<>();
        for (Path p : given) {
            TranscriptPaths.Expansion expansion = TranscriptPaths.expand(List.of(p));
            notes.addAll(expansion.notes()); // a folder with no transcript is one of them
            for (TranscriptPaths.Input input : expansion.inputs()) {
                all.add(input.path().toAbsolutePath().normalize());
            }
        }
        List<Path> transcripts = List.copyOf(all);
        Map<Path, Long> sizes = new HashMap<>();
        for (Path p : transcripts) {
            try {
                sizes.put(p, Files.size(p));
            } catch (IOException e) {
                sizes.put(p, -1L);
            }
        }
        return new CorpusSurvey(transcripts, CorpusLayout.of(transcripts), Map.of(), sizes, notes);
    }

    /**
     * The second half: how each transcript ended, read from its end, {@code threads} files at a time, in tree order
     * ({@link #analysisOrder()}). {@code each} is told every verdict as it is read, on the calling thread. Stops early
     * when {@code cancel} is set: the survey returned then lacks the verdicts not read.
     */
    public CorpusSurvey judged(int threads, BiConsumer<Path, TerminalVerdict> each, CancelToken cancel) {
        Map<Path, TerminalVerdict> read = new HashMap<>(verdicts);
        InOrder.anyOrder(analysisOrder(), threads, TerminalVerdicts::judge, (path, verdict) -> {
            read.put(path, verdict);
            each.accept(path, verdict);
        }, cancel);
        return new CorpusSurvey(transcripts, groups, Map.copyOf(read), sizes, notes);
    }

    /**
     * This survey with one more transcript, found after it was made (a file that appeared under a followed folder,
     * docs/ARCHITECTURE.md, "Following"): grouped with the others again from what was classified, reading no file.
     */
    public CorpusSurvey with(CorpusTranscript added, TerminalVerdict verdict, long size) {
        Map<Path, CorpusTranscript> classified = new HashMap<>(classified());
        classified.put(added.path(), added);
        List<Path> all = new ArrayList<>(transcripts);
        if (!all.contains(added.path())) {
            all.add(added.path());
        }
        Map<Path, TerminalVerdict> v = new HashMap<>(verdicts);
        v.put(added.path(), verdict);
        Map<Path, Long> s = new HashMap<>(sizes);
        s.put(added.path(), size);
        return new CorpusSurvey(List.copyOf(all), CorpusLayout.group(all.stream().map(classified::get).toList()), v, s,
                notes);
    }

    /**
     * What each transcript's head said (its harness, its role and its ids), by its path as listed (absolute,
     * normalised): read when it was listed, never again.
     */
    public Map<Path, CorpusTranscript> classified() {
        Map<Path, CorpusTranscript> out = new HashMap<>();
        for (SessionGroup g : groups) {
            if (g.session() != null) {
                out.put(g.session().path(), g.session());
            }
            g.subagents().forEach(t -> out.put(t.path(), t));
        }
        return out;
    }

    /** The order to analyse in: each session before its sub-agents, as the tree shows them. */
    public List<Path> analysisOrder() {
        List<Path> order = new ArrayList<>();
        for (SessionGroup g : groups) {
            if (g.session() != null) {
                order.add(g.session().path());
            }
            g.subagents().forEach(t -> order.add(t.path()));
        }
        return order;
    }

    /** Every sub-agent transcript by its id, with the verdict read from its end. */
    public Map<String, SubagentLinks.Subagent> subagentsById() {
        Map<String, SubagentLinks.Subagent> out = new LinkedHashMap<>();
        for (SessionGroup g : groups) {
            for (CorpusTranscript t : g.subagents()) {
                out.putIfAbsent(t.agentId(), new SubagentLinks.Subagent(t.path(), verdicts.get(t.path())));
            }
        }
        return out;
    }
}
