package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.core.filter.Filter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/WORKBENCH.md, "Filter bars": the bar's text checked on every change, completion, and the triage clauses. */
class FilterBarModelTest {
    @Test
    void aValidTextIsAppliedAndAnInvalidOneKeepsTheLastFilterAndSaysWhere() {
        FilterBarModel m = new FilterBarModel(TranscriptValues.SCHEMA);
        assertEquals(FilterBarModel.Status.EMPTY, m.statusProperty().get());
        assertFalse(m.filtering());
        m.textProperty().set("state == SYNTHETIC");
        assertEquals(FilterBarModel.Status.VALID, m.statusProperty().get());
        Filter applied = m.appliedProperty().get();
        assertTrue(m.filtering());
        assertEquals("", m.messageProperty().get());
        m.textProperty().set("stat == SYNTHETIC");
        assertEquals(FilterBarModel.Status.INVALID, m.statusProperty().get());
        assertEquals("1:1: unknown field 'stat': did you mean 'state'?", m.messageProperty().get());
        assertEquals(applied, m.appliedProperty().get(), "the last filter that parsed stays in force");
        m.textProperty().set("  ");
        assertEquals(FilterBarModel.Status.EMPTY, m.statusProperty().get());
        assertNull(m.errorProperty().get());
        assertFalse(m.filtering());
    }

    @Test
    void theWindowsCountsAreFieldsOfTheCorpusBarButNotOfTheCommandLinesRows() {
        FilterBarModel m = new FilterBarModel(TranscriptValues.SCHEMA);
        m.textProperty().set("warns > 0 and blocks.unmatched >= 1");
        assertEquals(FilterBarModel.Status.VALID, m.statusProperty().get(), m.messageProperty().get());
        assertFalse(Filter.parse("warns > 0", FieldSchemas.TRANSCRIPT).ok());
    }

    @Test
    void completingAFieldNameThenAnEnumWord() {
        FilterBarModel m = new FilterBarModel(TranscriptValues.SCHEMA);
        m.textProperty().set("sta");
        FilterBarModel.Completion c = m.complete(3);
        assertEquals("state", c.candidates().get(0));
        int caret = m.accept(c, "state");
        assertEquals("state ", m.textProperty().get());
        assertEquals(6, caret);
        m.textProperty().set("state == SY");
        c = m.complete(m.textProperty().get().length());
        assertEquals("SYNTHETIC", c.candidates().get(0));
        m.accept(c, "SYNTHETIC");
        assertEquals("state == SYNTHETIC ", m.textProperty().get());
        assertEquals(FilterBarModel.Status.VALID, m.statusProperty().get());
    }

    @Test
    void topLevelTermsSplitOnAndButNotInsideParenthesesStringsOrAnOr() {
        assertEquals(List.of("state == SYNTHETIC", "(class == AUTH or trailing.class == AUTH)", "warns > 0"),
                TriageClauses.terms("state == SYNTHETIC and (class == AUTH or trailing.class == AUTH) && warns > 0"));
        assertEquals(List.of("reason contains \"a and b\"", "dead"), TriageClauses.terms("reason contains \"a and b\" and dead"));
        assertEquals(List.of("dead or warns > 0 and kind == HARNESS"),
                TriageClauses.terms("dead or warns > 0 and kind == HARNESS"));
        assertEquals(List.of("brand == x"), TriageClauses.terms("brand == x"), "a name holding 'and' is no operator");
        assertEquals("(dead or warns > 0) and kind == HARNESS",
                TriageClauses.join(List.of("dead or warns > 0", "kind == HARNESS")));
    }

    @Test
    void everyClauseATriageChoiceWritesParses() {
        List<String> clauses = new java.util.ArrayList<>(List.of(TriageClauses.WARNS, TriageClauses.UNMATCHED));
        for (CorpusTriage.StateChoice s : CorpusTriage.StateChoice.values()) {
            clauses.add(TriageClauses.of(s));
        }
        for (dev.coroner.core.terminal.TerminalClass c : dev.coroner.core.terminal.TerminalClass.values()) {
            clauses.add(TriageClauses.of(c));
        }
        for (CorpusTriage.KindChoice k : CorpusTriage.KindChoice.values()) {
            clauses.add(TriageClauses.of(k));
        }
        for (CorpusTriage.HarnessChoice h : CorpusTriage.HarnessChoice.values()) {
            clauses.add(TriageClauses.of(h));
        }
        clauses.removeIf(java.util.Objects::isNull);
        assertTrue(clauses.size() > 10);
        for (String c : clauses) {
            var p = Filter.parse(c, TranscriptValues.SCHEMA);
            assertTrue(p.ok(), c + ": " + p.error());
            assertEquals(p.filter(), Filter.parse(p.filter().toString(), TranscriptValues.SCHEMA).filter(), c);
        }
    }
}
