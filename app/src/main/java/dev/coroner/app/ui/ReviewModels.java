package dev.coroner.app.ui;

import dev.coroner.app.ui.model.AnnotationsViewModel;
import dev.coroner.app.ui.model.PresentationViewModel;
import dev.coroner.app.ui.model.ReportExportViewModel;
import dev.coroner.app.ui.model.WorkspaceViewModel;

/** The view models for showing work to others: annotations, the workspace, presentation mode, the report export. */
record ReviewModels(AnnotationsViewModel annotations, WorkspaceViewModel workspace, PresentationViewModel presentation,
                    ReportExportViewModel export) {
}
