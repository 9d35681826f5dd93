package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The part of two changed keys the Compare view marks (docs/WORKBENCH.md, "Compare view"). */
class KeyDifferenceTest {

    private static String marked(String text, KeyDifference.Span s) {
        return text.substring(0, s.start()) + "[" + text.substring(s.start(), s.end()) + "]" + text.substring(s.end());
    }

    @Test
    void twoCommandsMarkWhatTheyDoNotShare() {
        KeyDifference d = KeyDifference.of("pytest -q tests/test_export.py", "pytest -x tests/test_export.py");
        assertEquals("pytest -[q] tests/test_export.py", marked(d.a(), d.aSpan()));
        assertEquals("pytest -[x] tests/test_export.py", marked(d.b(), d.bSpan()));
    }

    @Test
    void anInsertionMarksNothingOnTheSideWithoutIt() {
        KeyDifference d = KeyDifference.of("erk exec setup-impl", "erk exec setup-impl 2>&1");
        assertEquals("erk exec setup-impl[]", marked(d.a(), d.aSpan()));
        assertTrue(d.aSpan().isEmpty());
        assertEquals("erk exec setup-impl[ 2>&1]", marked(d.b(), d.bSpan()));
    }

    @Test
    void aLongCommonHeadIsCutSoTheDifferenceIsInSight() {
        String head = "/Users/someone/.erk/repos/erk/worktrees/erk-slot-0";
        KeyDifference d = KeyDifference.of(head + "3/src/a.py", head + "5/src/a.py");
        assertEquals("…" + head.substring(head.length() - KeyDifference.HEAD_KEPT) + "[3]/src/a.py",
                marked(d.a(), d.aSpan()));
        assertEquals("…" + head.substring(head.length() - KeyDifference.HEAD_KEPT) + "[5]/src/a.py",
                marked(d.b(), d.bSpan()));
    }

    @Test
    void twoPatchesShowTheLineWhereTheyFirstDiffer() {
        String a = "*** Begin Patch\n*** Update File: a.go\n@@\n-x := 1\n+x := 2\n*** End Patch";
        String b = "*** Begin Patch\n*** Update File: a.go\n@@\n-x := 1\n+x := 3\n*** End Patch";
        KeyDifference d = KeyDifference.of(a, b);
        assertEquals("… +x := [2] …", marked(d.a(), d.aSpan()));
        assertEquals("… +x := [3] …", marked(d.b(), d.bSpan()));
        assertEquals("*** Update File: a.go …", KeyDifference.shown(a), "alone, a patch shows the file it touches");
    }

    @Test
    void twoKeysThatShareAlmostNothingAreMarkedWhole() {
        KeyDifference d = KeyDifference.of("git status", "grep -r x");
        assertEquals("[git status]", marked(d.a(), d.aSpan()), "a shared g says nothing");
        assertEquals("[grep -r x]", marked(d.b(), d.bSpan()));
    }

    @Test
    void hostileCharactersAreShownEscapedAndMarkedWhole() {
        KeyDifference d = KeyDifference.of("echo \u001b[31mred", "echo \u202eevil");
        assertEquals("echo [\\x1b[31mred]", marked(d.a(), d.aSpan()));
        assertEquals("echo [\\u{202e}evil]", marked(d.b(), d.bSpan()));
    }

    @Test
    void aPairOfSurrogatesIsNeverSplit() {
        KeyDifference d = KeyDifference.spans("say \uD83D\uDE00!", "say \uD83D\uDE01!");
        assertEquals(4, d.aSpan().start(), "the difference starts at the pictograph, not inside it");
        assertEquals(Drawable.shown("\uD83D\uDE00"), d.a().substring(d.aSpan().start(), d.aSpan().end()));
        assertEquals(Drawable.shown("\uD83D\uDE01"), d.b().substring(d.bSpan().start(), d.bSpan().end()));
    }
}
