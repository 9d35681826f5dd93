package dev.coroner.app.ui;

import dev.coroner.app.ui.model.WorkspaceViewModel;
import javafx.scene.control.Label;

/**
 * A line under the tool bar while the open workspace needs saying something about: read from an untagged file,
 * transcripts missing or changed since they were annotated (docs/ARCHITECTURE.md, "Workspaces").
 */
final class WorkspaceBanner extends Label {
    WorkspaceBanner(WorkspaceViewModel workspace) {
        getStyleClass().add("workspace-banner");
        setWrapText(true);
        setMaxWidth(Double.MAX_VALUE);
        // bound for the window's life: the banner and the view model go together
        textProperty().bind(workspace.warningProperty().map(Safe::text));
        visibleProperty().bind(textProperty().isNotEmpty());
        managedProperty().bind(visibleProperty());
    }
}
