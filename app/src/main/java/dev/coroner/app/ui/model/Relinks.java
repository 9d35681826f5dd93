package dev.coroner.app.ui.model;

import dev.coroner.core.durable.Sha256;
import dev.coroner.core.workspace.Workspace.TranscriptRef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finding a workspace's missing transcripts by what they were, not where (docs/ARCHITECTURE.md, "Workspaces"): a file
 * is the missing transcript when its SHA-256 is the one the workspace recorded. Only files of a recorded size are
 * hashed, so pointing at a large folder reads little.
 */
final class Relinks {
    /** How deep under a chosen folder files are looked for: a projects folder's session/subagents/agent and more. */
    static final int DEPTH = 8;

    private Relinks() {
    }

    /**
     * The missing transcripts found among {@code candidates}: each missing path to the file that has its SHA-256. A
     * missing transcript recorded without a SHA-256 cannot be recognised and is never found.
     *
     * @param candidates files, and folders to look through
     * @param missing    the missing transcripts by the path they were recorded at
     */
    static Map<Path, Path> find(List<Path> candidates, Map<Path, TranscriptRef> missing) throws IOException {
        Map<String, Path> bySha = new LinkedHashMap<>();
        java.util.Set<Long> sizes = new java.util.HashSet<>();
        missing.forEach((p, r) -> {
            if (r.sha256() != null) {
                bySha.put(r.sha256(), p);
                sizes.add(r.size());
            }
        });
        Map<Path, Path> found = new LinkedHashMap<>();
        for (Path file : files(candidates)) {
            if (bySha.isEmpty()) {
                break;
            }
            long size;
            try {
                size = Files.size(file);
                if (!sizes.contains(size) && !sizes.contains(-1L)) {
                    continue;
                }
                Path was = bySha.remove(Sha256.of(file).hex());
                if (was != null) {
                    found.put(was, file.toAbsolutePath().normalize());
                }
            } catch (IOException e) {
                // a file that cannot be read is not the transcript: look on
            }
        }
        return found;
    }

    private static List<Path> files(List<Path> candidates) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path c : candidates) {
            if (Files.isDirectory(c)) {
                List<Path> under = new ArrayList<>();
                Files.walkFileTree(c, java.util.Set.of(), DEPTH, new java.nio.file.SimpleFileVisitor<>() {
                    @Override
                    public java.nio.file.FileVisitResult visitFile(Path f, java.nio.file.attribute.BasicFileAttributes a) {
                        if (a.isRegularFile()) {
                            under.add(f);
                        }
                        return java.nio.file.FileVisitResult.CONTINUE;
                    }

                    @Override
                    public java.nio.file.FileVisitResult visitFileFailed(Path f, IOException e) {
                        return java.nio.file.FileVisitResult.CONTINUE; // a folder that cannot be read: look on
                    }
                });
                under.sort(null);
                out.addAll(under);
            } else if (Files.isRegularFile(c)) {
                out.add(c);
            }
        }
        return out;
    }
}
