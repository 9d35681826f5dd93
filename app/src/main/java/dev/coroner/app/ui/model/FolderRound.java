package dev.coroner.app.ui.model;

import dev.coroner.core.corpus.CorpusLayout;
import dev.coroner.core.corpus.CorpusSurvey;
import dev.coroner.core.corpus.CorpusTranscript;
import dev.coroner.core.corpus.FolderFollower;
import dev.coroner.core.corpus.SessionGroup;
import dev.coroner.core.corpus.SubagentLinks;
import dev.coroner.core.corpus.TranscriptRole;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One poll of the folders File ▸ Follow follows, made off the FX thread (docs/ARCHITECTURE.md, "Following"): what the
 * {@link FolderFollower} read, each new transcript classified, and an analysis for every transcript the corpus shows out
 * of date — one that grew, one that is new, a session whose sub-agent's verdict changed (its spawns are linked again).
 *
 * @param round   what the follower found
 * @param updates in the order to show them: sessions that appeared before the sub-agents that did
 */
record FolderRound(FolderFollower.Round round, List<Update> updates) {

    /**
     * @param file     the transcript as the follower found it
     * @param added    how it is placed, when the corpus does not show it yet; else null
     * @param analysis its analysis now; null when the corpus's is up to date
     */
    record Update(FolderFollower.Followed file, CorpusTranscript added, TranscriptAnalysis analysis) {
    }

    /**
     * @param survey        what the corpus shows (an immutable value)
     * @param analysedBytes how many bytes each shown analysis covered: on the first poll only a transcript that has grown
     *                      since is analysed again
     */
    static FolderRound poll(FolderFollower follower, CorpusSurvey survey, Map<Path, Long> analysedBytes, boolean first,
                            CorpusViewModel corpus, AnalysisSettings settings) {
        FolderFollower.Round r = follower.poll();
        Set<Path> shown = new HashSet<>(survey.transcripts());
        Map<Path, FolderFollower.Followed> byPath = new HashMap<>();
        Map<Path, CorpusTranscript> fresh = new LinkedHashMap<>();
        CorpusSurvey all = survey;
        for (FolderFollower.Followed f : r.files()) {
            byPath.put(f.path(), f);
            if (!shown.contains(f.path())) {
                CorpusTranscript t = CorpusLayout.classify(f.path());
                fresh.put(f.path(), t);
                all = all.with(t, f.verdict(), f.poll() == null ? -1 : f.poll().index().bytesIndexed());
            }
        }
        // the sub-agents as they are now, and the sessions whose sub-agent changed
        Map<String, SubagentLinks.Subagent> agents = new LinkedHashMap<>();
        Set<Path> relink = new HashSet<>();
        for (SessionGroup g : all.groups()) {
            for (CorpusTranscript t : g.subagents()) {
                FolderFollower.Followed f = byPath.get(t.path());
                TerminalVerdict v = f != null ? f.verdict() : all.verdicts().get(t.path());
                if (v != null) { // null: still being judged
                    agents.putIfAbsent(t.agentId(), new SubagentLinks.Subagent(t.path(), v));
                }
                if (g.session() != null && f != null && f.changed() && (!first || fresh.containsKey(t.path()))) {
                    relink.add(g.session().path());
                }
            }
        }
        List<Update> sessions = new ArrayList<>();
        List<Update> rest = new ArrayList<>();
        for (FolderFollower.Followed f : r.files()) {
            CorpusTranscript added = fresh.get(f.path());
            TranscriptAnalysis a = null;
            if (f.poll() == null) {
                if (added != null || !first && f.changed()) {
                    a = TranscriptAnalyser.unreadable(f.path(), f.verdict().reason());
                }
            } else if (added != null || relink.contains(f.path()) || (first
                    ? !Objects.equals(analysedBytes.get(f.path()), f.poll().index().bytesIndexed()) : f.grew())) {
                a = corpus.judgeFollowed(f.poll().index(), agents, settings);
            }
            Update u = new Update(f, added, a);
            (added != null && added.role() == TranscriptRole.SESSION ? sessions : rest).add(u);
        }
        sessions.addAll(rest);
        return new FolderRound(r, sessions);
    }
}
