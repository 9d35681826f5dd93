package dev.coroner.app.ui;

import dev.coroner.app.ui.model.CorpusSearch;
import dev.coroner.app.ui.model.CorpusTriage;

/** The triage view models over the corpus (docs/WORKBENCH.md, "Triage"), handed to the views as one. */
public record Triage(CorpusTriage corpus, CorpusSearch search, dev.coroner.app.ui.model.FilterBook book) {
}
