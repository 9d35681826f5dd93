package dev.coroner.core.scripts;

import java.util.List;

/**
 * Every fenced block of a transcript's assistant records with its verdict, in file order, and the turns they were
 * judged in.
 *
 * @param blocks       one verdict per fenced block, by record line then block number
 * @param turns        every turn of every conversation in the file, in the order they started
 * @param quotes       for each call, the blocks that quote it
 * @param problemLines lines that were not JSON records (torn, invalid UTF-8, …): read past, never judged
 * @param cutTexts     answers' texts read only in part (on lines too long to hold): blocks after the cut are not here
 */
public record ScriptReport(List<BlockVerdict> blocks, List<Turn> turns, QuoteIndex quotes, long problemLines,
                           List<CutText> cutTexts) {
    public ScriptReport {
        blocks = List.copyOf(blocks);
        turns = List.copyOf(turns);
        cutTexts = List.copyOf(cutTexts);
    }

    public ScriptReport(List<BlockVerdict> blocks, List<Turn> turns, QuoteIndex quotes, long problemLines) {
        this(blocks, turns, quotes, problemLines, List.of());
    }

    public long matched() {
        return blocks.stream().filter(BlockVerdict::matched).count();
    }

    /** The blocks of the assistant record at {@code line}, by number (a binary search: blocks are in line order). */
    public List<BlockVerdict> blocksOn(long line) {
        int lo = 0;
        int hi = blocks.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (blocks.get(mid).line() < line) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        int end = lo;
        while (end < blocks.size() && blocks.get(end).line() == line) {
            end++;
        }
        return blocks.subList(lo, end);
    }

    /** Blocks beyond the first {@link ScriptMatcher#MAX_BLOCKS_PER_RECORD} of their record: dropped, never compared. */
    public long keptOut() {
        return blocks.stream().filter(b -> b.reason() == UnmatchedReason.KEPT_OUT).count();
    }
}
