package dev.coroner.core.workspace;

import dev.coroner.core.durable.SchemaTag;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a person did in the window, kept between sessions (docs/ARCHITECTURE.md, "Workspaces"): the transcripts open,
 * the grammar, annotations and overrides, the proposals rejected, the selection and the layout.
 *
 * @param transcripts       in the order they were opened
 * @param grammar           the precursor grammar, or null for none
 * @param annotations       notes and overrides, in transcript then line order
 * @param rejectedProposals ids of grammar proposals the person rejected
 * @param selection         the record shown, or null
 * @param layout            divider positions and visible panels
 * @param comparison        the two runs (or folders) compared in the Compare view, or null when none
 * @param filters           the filter bars' expressions, saved filters and colouring rules (docs/WORKBENCH.md,
 *                          "Filter bars"); {@link Filters#NONE} writes nothing, so a workspace without them keeps its bytes
 */
public record Workspace(List<TranscriptRef> transcripts, GrammarRef grammar, List<Annotation> annotations,
                        List<String> rejectedProposals, Selection selection, Layout layout, Comparison comparison,
                        Filters filters) {
    /** The schema family every workspace declares. */
    public static final String FAMILY = "coroner-workspace";
    /** The version written; this Coroner reads versions 1 to this one. */
    public static final int VERSION = 1;
    public static final SchemaTag SCHEMA = new SchemaTag(FAMILY, VERSION);

    public Workspace {
        transcripts = List.copyOf(transcripts);
        annotations = List.copyOf(annotations);
        rejectedProposals = List.copyOf(rejectedProposals);
        Objects.requireNonNull(layout);
        Objects.requireNonNull(filters);
    }

    /** A workspace that holds no comparison and keeps no filters. */
    public Workspace(List<TranscriptRef> transcripts, GrammarRef grammar, List<Annotation> annotations,
                     List<String> rejectedProposals, Selection selection, Layout layout) {
        this(transcripts, grammar, annotations, rejectedProposals, selection, layout, null, Filters.NONE);
    }

    /** The same workspace keeping {@code f} as its filters. */
    public Workspace withFilters(Filters f) {
        return new Workspace(transcripts, grammar, annotations, rejectedProposals, selection, layout, comparison, f);
    }

    /** This workspace holding {@code comparison} (null: none) instead of its own. */
    public Workspace withComparison(Comparison comparison) {
        return new Workspace(transcripts, grammar, annotations, rejectedProposals, selection, layout, comparison,
                filters);
    }

    /** An empty workspace: nothing open, nothing noted. */
    public static Workspace empty() {
        return new Workspace(List.of(), null, List.of(), List.of(), null, Layout.NONE);
    }

    /**
     * A transcript as it was when the workspace was saved.
     *
     * @param path   absolute
     * @param sha256 of its bytes then, or null when it could not be read
     * @param size   in bytes then, or -1 when it could not be read
     */
    public record TranscriptRef(String path, String sha256, long size) {
        public TranscriptRef {
            Objects.requireNonNull(path);
        }
    }

    /**
     * The grammar: a file (path and the SHA-256 of its bytes) or text held in the workspace itself.
     *
     * @param path   the file, or null when the grammar is inline
     * @param sha256 of the file's bytes, or of the inline text's UTF-8 bytes
     * @param inline the grammar's text, or null when it is a file
     */
    public record GrammarRef(String path, String sha256, String inline) {
        public GrammarRef {
            if ((path == null) == (inline == null)) {
                throw new IllegalArgumentException("a grammar is a file or inline text, exactly one");
            }
        }
    }

    /**
     * A comparison kept in the workspace (docs/COMPARE.md, "Workspaces"): reopening the workspace compares the two
     * again. Both are transcripts, or both are folders; absolute once opened (a relative path is read against the
     * workspace's folder), or {@code bundled:…} names.
     *
     * @param a the run (or folder) compared against
     * @param b the run (or folder) compared with it
     */
    public record Comparison(String a, String b) {
        public Comparison {
            Objects.requireNonNull(a);
            Objects.requireNonNull(b);
        }
    }

    /** The record shown: a transcript and a line (0: its terminal record). */
    public record Selection(String transcript, long line) {
        public Selection {
            Objects.requireNonNull(transcript);
        }
    }

    /**
     * The window's layout.
     *
     * @param dividers divider positions (0..1) by split name, each list left to right or top to bottom
     * @param panels   whether each panel is shown, by panel name
     */
    public record Layout(Map<String, List<Double>> dividers, Map<String, Boolean> panels) {
        public static final Layout NONE = new Layout(Map.of(), Map.of());

        public Layout {
            dividers = sortedCopy(dividers);
            panels = panels.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(panels));
        }

        private static Map<String, List<Double>> sortedCopy(Map<String, List<Double>> m) {
            TreeMap<String, List<Double>> t = new TreeMap<>();
            m.forEach((k, v) -> t.put(k, List.copyOf(v)));
            return java.util.Collections.unmodifiableMap(t);
        }
    }

    /**
     * What the window's filter bars held: the corpus bar's and the timeline bar's expressions as typed, the filters a
     * person saved by name, and the timeline's colouring rules in the order they apply (the first that holds tints a
     * row). Expressions are kept as text: one this Coroner cannot parse is kept, and shown as the error it is.
     */
    public record Filters(String corpus, String timeline, List<SavedFilter> saved, List<ColourRule> colouring) {
        public static final Filters NONE = new Filters("", "", List.of(), List.of());

        public Filters {
            corpus = corpus == null ? "" : corpus;
            timeline = timeline == null ? "" : timeline;
            saved = List.copyOf(saved);
            colouring = List.copyOf(colouring);
        }

        /** Nothing to keep: the workspace then writes no {@code filters} key. */
        public boolean isEmpty() {
            return corpus.isEmpty() && timeline.isEmpty() && saved.isEmpty() && colouring.isEmpty();
        }
    }

    /**
     * A filter kept by name.
     *
     * @param rows which rows it selects: {@code transcript} (the corpus bar) or {@code record} (the timeline bar)
     */
    public record SavedFilter(String name, String rows, String expression) {
        public SavedFilter {
            Objects.requireNonNull(name);
            Objects.requireNonNull(rows);
            Objects.requireNonNull(expression);
        }
    }

    /**
     * A colouring rule: the timeline rows its expression holds for are tinted {@code colour}, one of the window's tint
     * names (red, orange, yellow, green, teal, blue, purple, grey).
     */
    public record ColourRule(String expression, String colour) {
        public ColourRule {
            Objects.requireNonNull(expression);
            Objects.requireNonNull(colour);
        }
    }
}
