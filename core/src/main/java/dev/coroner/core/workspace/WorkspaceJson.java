package dev.coroner.core.workspace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import dev.coroner.core.durable.DurableSchema;
import dev.coroner.core.text.SafeJson;
import dev.coroner.core.workspace.Workspace.Comparison;
import dev.coroner.core.workspace.Workspace.GrammarRef;
import dev.coroner.core.workspace.Workspace.Layout;
import dev.coroner.core.workspace.Workspace.Selection;
import dev.coroner.core.workspace.Workspace.TranscriptRef;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A workspace as JSON (docs/ARCHITECTURE.md, "Workspaces"): the schema tag first, keys in the order written here, two
 * spaces of indent, {@code \n} line ends. Reading is additive-tolerant (a field it does not know is ignored, a field
 * missing takes its default) but never drops a person's work silently: an annotation it cannot read is an error.
 */
final class WorkspaceJson {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private WorkspaceJson() {
    }

    static byte[] bytes(Workspace w) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DefaultIndenter indent = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter pretty = new DefaultPrettyPrinter().withSeparators(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("").withArrayEmptySeparator(""));
        pretty.indentObjectsWith(indent);
        pretty.indentArraysWith(indent);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.setPrettyPrinter(pretty);
            g.setCharacterEscapes(SafeJson.ESCAPES);
            SafeJson.write(g, tree(w), (gen, other) -> {
                if (other instanceof Double d) {
                    gen.writeNumber(d); // Double.toString: the same on every machine and locale
                } else {
                    throw new IllegalArgumentException("not a workspace value: " + other.getClass());
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e); // to memory: does not fail
        }
        out.write('\n');
        return out.toByteArray();
    }

    private static Map<String, Object> tree(Workspace w) {
        Map<String, Object> m = new LinkedHashMap<>(DurableSchema.tag(Workspace.FAMILY, Workspace.VERSION));
        m.put("transcripts", w.transcripts().stream().map(t -> {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("path", t.path());
            o.put("sha256", t.sha256());
            o.put("size", t.size());
            return o;
        }).toList());
        if (w.grammar() == null) {
            m.put("grammar", null);
        } else {
            Map<String, Object> g = new LinkedHashMap<>();
            g.put("path", w.grammar().path());
            g.put("sha256", w.grammar().sha256());
            g.put("inline", w.grammar().inline());
            m.put("grammar", g);
        }
        m.put("annotations", w.annotations().stream().map(WorkspaceJson::annotation).toList());
        m.put("rejected_proposals", w.rejectedProposals());
        if (w.selection() == null) {
            m.put("selection", null);
        } else {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("transcript", w.selection().transcript());
            s.put("line", w.selection().line());
            m.put("selection", s);
        }
        if (w.comparison() != null) { // only then: a workspace without one is written as it always was
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("a", w.comparison().a());
            c.put("b", w.comparison().b());
            m.put("comparison", c);
        }
        Map<String, Object> layout = new LinkedHashMap<>();
        layout.put("dividers", new LinkedHashMap<>(w.layout().dividers()));
        layout.put("panels", new LinkedHashMap<>(w.layout().panels()));
        m.put("layout", layout);
        if (!w.filters().isEmpty()) { // added after version 1's first keys: a workspace without filters keeps its bytes
            m.put("filters", filters(w.filters()));
        }
        return m;
    }

    private static Map<String, Object> filters(Workspace.Filters f) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("corpus", f.corpus());
        o.put("timeline", f.timeline());
        o.put("saved", f.saved().stream().map(s -> {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("name", s.name());
            e.put("rows", s.rows());
            e.put("expression", s.expression());
            return e;
        }).toList());
        o.put("colouring", f.colouring().stream().map(c -> {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("expression", c.expression());
            e.put("colour", c.colour());
            return e;
        }).toList());
        return o;
    }

    /** The filters kept, or none; a saved filter or colouring rule it cannot read refuses the file, as an annotation does. */
    private static Workspace.Filters filters(JsonNode f) {
        if (f == null || !f.isObject()) {
            return Workspace.Filters.NONE;
        }
        List<Workspace.SavedFilter> saved = new ArrayList<>();
        int i = 0;
        for (JsonNode s : array(f, "saved")) {
            String where = "filters.saved[" + i++ + "]";
            saved.add(new Workspace.SavedFilter(text(s, "name", where), text(s, "rows", where),
                    text(s, "expression", where)));
        }
        List<Workspace.ColourRule> colouring = new ArrayList<>();
        i = 0;
        for (JsonNode c : array(f, "colouring")) {
            String where = "filters.colouring[" + i++ + "]";
            colouring.add(new Workspace.ColourRule(text(c, "expression", where), text(c, "colour", where)));
        }
        return new Workspace.Filters(optText(f, "corpus"), optText(f, "timeline"), saved, colouring);
    }

    private static Map<String, Object> annotation(Annotation a) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("transcript", a.transcript());
        o.put("sha256", a.sha256());
        o.put("line", a.line());
        o.put("note", a.note());
        if (a.override() == null) {
            o.put("override", null);
        } else {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("subject", a.override().subject());
            v.put("machine", a.override().machine());
            v.put("human", a.override().human());
            v.put("reason", a.override().reason());
            o.put("override", v);
        }
        return o;
    }

    /**
     * The workspace a v1 (or untagged) file holds.
     *
     * @throws IllegalArgumentException naming the part that is not a workspace's
     */
    static Workspace read(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("the file is not a JSON object");
        }
        List<TranscriptRef> transcripts = new ArrayList<>();
        int i = 0;
        for (JsonNode t : array(root, "transcripts")) {
            transcripts.add(new TranscriptRef(text(t, "path", "transcripts[" + i + "]"), optText(t, "sha256"),
                    t.path("size").isIntegralNumber() ? t.path("size").asLong() : -1));
            i++;
        }
        GrammarRef grammar = null;
        JsonNode g = root.get("grammar");
        if (g != null && g.isObject()) {
            grammar = new GrammarRef(optText(g, "path"), optText(g, "sha256"), optText(g, "inline"));
        }
        List<Annotation> annotations = new ArrayList<>();
        i = 0;
        for (JsonNode a : array(root, "annotations")) {
            String where = "annotations[" + i++ + "]";
            try {
                VerdictOverride override = null;
                JsonNode o = a.get("override");
                if (o != null && o.isObject()) {
                    override = new VerdictOverride(optText(o, "subject") == null ? "" : optText(o, "subject"),
                            optText(o, "machine") == null ? "" : optText(o, "machine"), text(o, "human", where),
                            text(o, "reason", where));
                }
                annotations.add(new Annotation(text(a, "transcript", where), optText(a, "sha256"),
                        a.path("line").asLong(0), optText(a, "note") == null ? "" : optText(a, "note"), override));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage());
            }
        }
        List<String> rejected = new ArrayList<>();
        for (JsonNode r : array(root, "rejected_proposals")) {
            if (r.isTextual()) {
                rejected.add(r.asText());
            }
        }
        Selection selection = null;
        JsonNode s = root.get("selection");
        if (s != null && s.isObject() && s.path("transcript").isTextual()) {
            selection = new Selection(s.get("transcript").asText(), Math.max(0, s.path("line").asLong(0)));
        }
        Comparison comparison = null;
        JsonNode c = root.get("comparison");
        if (c != null && !c.isNull()) {
            // a comparison a person kept is their work: one that cannot be read refuses the file, as an annotation does
            if (!c.isObject()) {
                throw new IllegalArgumentException("\"comparison\" is not an object");
            }
            comparison = new Comparison(text(c, "a", "comparison"), text(c, "b", "comparison"));
        }
        return new Workspace(transcripts, grammar, annotations, rejected, selection, layout(root.get("layout")),
                comparison, filters(root.get("filters")));
    }

    private static Layout layout(JsonNode l) {
        if (l == null || !l.isObject()) {
            return Layout.NONE;
        }
        Map<String, List<Double>> dividers = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = l.path("dividers").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            List<Double> ps = new ArrayList<>();
            for (JsonNode p : e.getValue()) {
                if (p.isNumber() && p.asDouble() >= 0 && p.asDouble() <= 1) {
                    ps.add(p.asDouble());
                }
            }
            dividers.put(e.getKey(), ps);
        }
        Map<String, Boolean> panels = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = l.path("panels").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isBoolean()) {
                panels.put(e.getKey(), e.getValue().asBoolean());
            }
        }
        return new Layout(dividers, panels);
    }

    private static Iterable<JsonNode> array(JsonNode root, String field) {
        JsonNode a = root.get(field);
        if (a == null || a.isNull()) {
            return List.of();
        }
        if (!a.isArray()) {
            throw new IllegalArgumentException("\"" + field + "\" is not a list");
        }
        return a;
    }

    private static String text(JsonNode o, String field, String where) {
        JsonNode v = o.get(field);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException(where + " has no \"" + field + "\" text");
        }
        return v.asText();
    }

    private static String optText(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v != null && v.isTextual() ? v.asText() : null;
    }
}
