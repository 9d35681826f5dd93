package dev.coroner.app.ui.model;

import dev.coroner.core.index.RowFlags;
import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.scripts.BlockVerdict;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The badge the detail writes over each fenced code block of an assistant record (docs/WORKBENCH.md, "The detail
 * panel"): what the code-block matcher said of it — the call that ran exactly this program and its outcome, or
 * unmatched and why — so the block and its verdict are read together. A block the matcher has no verdict for says that
 * too.
 *
 * @param verdicts   the record's block verdicts by block number
 * @param readInPart whether the pass read a text of the record only in part (a later block was never compared)
 */
record BlockBadges(Map<Integer, Badge> verdicts, boolean readInPart) {
    /** One badge: its words and its style class ({@code block-badge-matched}, …). */
    record Badge(String text, String style) {
    }

    BlockBadges {
        verdicts = Map.copyOf(verdicts);
    }

    /** The badges of {@code row}'s blocks, or null when it has none: not an answer, or not judged yet. */
    static BlockBadges of(TranscriptJudgement judgement, TimelineRow row) {
        if (judgement == null || !row.has(RowFlags.ASSISTANT_TURN)) { // the pass's own rule for whose blocks it links
            return null;
        }
        Map<Integer, Badge> by = new LinkedHashMap<>();
        for (BlockVerdict b : judgement.scripts().blocksOn(row.line())) {
            by.put(b.block().number(), badge(b));
        }
        return new BlockBadges(by, !row.readInPart().isEmpty());
    }

    /** Block {@code number}'s badge. */
    Badge of(int number) {
        Badge b = verdicts.get(number);
        if (b != null) {
            return b;
        }
        return new Badge("block " + number + " · not compared" + (readInPart
                ? ": after the part of the text the pass read" : ": the code-block matcher has no verdict on it"),
                "block-badge-none");
    }

    static Badge badge(BlockVerdict b) {
        String head = "block " + b.block().number() + " · ";
        if (b.matched()) {
            return new Badge(head + b.label() + " · ran by the " + b.call().tool() + " call at line " + b.call().line()
                    + (b.exitCode() == null ? "" : " · exit code " + b.exitCode())
                    + (b.shownBeforeCall() ? " · shown before the call" : "")
                    + (b.alsoMatches() > 0 ? " · " + b.alsoMatches() + " more call(s) ran it too" : ""),
                    b.label().equals("ok") ? "block-badge-matched" : "block-badge-error");
        }
        String earlier = b.earlierTurnCall() == null ? ""
                : " · an earlier turn ran it, line " + b.earlierTurnCall().line();
        return new Badge(head + "unmatched · " + b.reason().label() + earlier, "block-badge-unmatched");
    }
}
