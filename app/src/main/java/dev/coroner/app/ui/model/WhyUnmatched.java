package dev.coroner.app.ui.model;

import dev.coroner.core.scripts.BlockVerdict;
import dev.coroner.core.scripts.Closest;
import dev.coroner.core.scripts.LineDiff;
import dev.coroner.core.text.ControlChars;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Why one block of the selected record is unmatched, as the detail panel shows it (docs/VERDICTS.md, "Code blocks",
 * "Why unmatched"): the explanation in a sentence, the call it names, and for a block that shares lines with a
 * program or is part of one, the line diff — block against program, {@code -} the block only, {@code +} the program
 * only. Transcript text is escaped here: control characters, bidi overrides and tabs become visible escapes.
 *
 * @param title    "why block 2 is unmatched · shares-lines"
 * @param sentence the explanation, escaped
 * @param callLine the line of the call named, or 0
 * @param diff     the diff, one line each, styled {@code diff-same}, {@code diff-block} or {@code diff-program};
 *                 {@link StyledText#EMPTY} when there is none to show
 * @param diffNote what the diff left out ("" when nothing)
 */
public record WhyUnmatched(String title, String sentence, long callLine, StyledText diff, String diffNote) {
    public WhyUnmatched {
        Objects.requireNonNull(title);
        Objects.requireNonNull(sentence);
        Objects.requireNonNull(diff);
        Objects.requireNonNull(diffNote);
    }

    /** The explanation of {@code v}, a block with a {@link BlockVerdict#closest()}; its diff is computed now. */
    static WhyUnmatched of(BlockVerdict v) {
        Closest c = v.closest();
        LineDiff d = v.closestDiff();
        StringBuilder text = new StringBuilder();
        List<StyledText.Run> runs = new ArrayList<>();
        for (LineDiff.Line l : d.lines()) {
            int at = text.length();
            text.append(l.change().prefix()).append(' ').append(ControlChars.escape(l.text()));
            runs.add(new StyledText.Run(at, text.length(), style(l.change())));
            text.append('\n');
        }
        if (text.length() > 0) {
            text.setLength(text.length() - 1);
        }
        return new WhyUnmatched("why block " + v.block().number() + " is unmatched · " + c.kind().label(),
                ControlChars.escape(c.sentence()), c.call() == null ? 0 : c.call().line(),
                text.length() == 0 ? StyledText.EMPTY : new StyledText(text.toString(), runs), note(d));
    }

    /** A diff line's style: {@code diff-same}, {@code diff-block} (the first text only) or {@code diff-program}. */
    static String style(LineDiff.Change change) {
        return switch (change) {
            case SAME -> "diff-same";
            case BLOCK_ONLY -> "diff-block";
            case PROGRAM_ONLY -> "diff-program";
        };
    }

    /** What {@code d} left out: "too large to diff", the differing middle shown whole, or "" when nothing. */
    static String note(LineDiff d) {
        return !d.compared() ? "too large to diff"
                : !d.minimal() ? String.format("more than %,d lines differ: the differing middle is shown whole",
                        LineDiff.MAX_EDITS) : "";
    }
}
