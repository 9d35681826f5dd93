package dev.coroner.app.ui.model;

import dev.coroner.core.findings.Marker;
import java.nio.file.Path;

/** Going to a place: a transcript and a line. The corpus tree follows, the timeline opens it and selects the line. */
public final class Navigator {
    private CorpusViewModel corpus;
    private TimelineViewModel timeline;

    /** Wired once by the composition root (the view models need the navigator, and it needs them). */
    public void wire(CorpusViewModel corpus, TimelineViewModel timeline) {
        this.corpus = corpus;
        this.timeline = timeline;
    }

    /** Opens {@code path} (null: the transcript shown) at {@code line}; 0 is its terminal record. */
    public void goTo(Path path, long line) {
        Path p = path != null ? path : timeline.pathProperty().get();
        if (p == null) {
            return;
        }
        CorpusNode n = corpus.node(p);
        if (n != null && !n.reachable()) { // a fleet's row whose file is elsewhere: shown chosen, said, never read
            corpus.reveal(p);
            timeline.close();
            corpus.unreachable(n);
            return;
        }
        corpus.reveal(p);
        timeline.open(p, line);
    }

    /** Where a marker's click goes. */
    public void follow(Marker m) {
        if (m.hasTarget()) {
            goTo(m.targetFile(), m.targetLine());
        }
    }
}
