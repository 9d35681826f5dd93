package dev.coroner.core.scripts;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The reverse links (docs/WORKBENCH.md, "The panels": "call → the blocks that quote it"): for each call, the fenced blocks whose content
 * is exactly the program it submitted, in its own turn. A block equal to several calls' programs names the latest;
 * it is listed under each of them, and {@link Quote#named()} says which one it names.
 *
 * <p>Built when first asked, linear in the calls and blocks: the blocks are kept once per named call, and each twin points at its named call,
 * so 10,000 equal calls quoted by 3,333 blocks hold 13,333 references; a {@link Quote} is made when asked for.
 */
public final class QuoteIndex {
    /** A block that quotes a call; {@code named} when the block's verdict names this call (not one of its twins). */
    public record Quote(BlockVerdict block, boolean named) {
    }

    private static final Comparator<BlockVerdict> FILE_ORDER =
            Comparator.comparingLong(BlockVerdict::line).thenComparingInt(v -> v.block().number());

    private final List<BlockVerdict> verdicts;
    private final Function<BlockVerdict, List<Submission>> twinsOf;
    /** Built on the first question: the command line never asks, and pays nothing. */
    private Links links;

    private QuoteIndex(List<BlockVerdict> verdicts, Function<BlockVerdict, List<Submission>> twinsOf) {
        this.verdicts = verdicts;
        this.twinsOf = twinsOf;
    }

    /** From verdicts whose twins are all listed ({@link BlockVerdict#alsoCalls()} complete). */
    public static QuoteIndex of(List<BlockVerdict> verdicts) {
        return of(verdicts, BlockVerdict::alsoCalls);
    }

    /**
     * @param verdicts in file order
     * @param twinsOf  every twin of a matched verdict's named call (a verdict lists only the latest few)
     */
    static QuoteIndex of(List<BlockVerdict> verdicts, Function<BlockVerdict, List<Submission>> twinsOf) {
        return new QuoteIndex(List.copyOf(verdicts), twinsOf);
    }

    private synchronized Links links() {
        if (links == null) {
            links = new Links(verdicts, twinsOf);
        }
        return links;
    }

    /** The links themselves; calls are told apart by identity (each is one call of the file). */
    private static final class Links {
        /** For each named call, the blocks that name it, in file order. */
        final Map<Submission, List<BlockVerdict>> byNamed = new IdentityHashMap<>();
        /** For each call of a quoted program (named or twin), the call its quoting blocks name. */
        final Map<Submission, Submission> namedOf = new IdentityHashMap<>();
        /** Each quoted call by its id; ids are unique in a sound file, so a second call with an id goes aside. */
        final Map<String, Submission> byId = new HashMap<>();
        final Map<String, List<Submission>> moreById = new HashMap<>();

        Links(List<BlockVerdict> verdicts, Function<BlockVerdict, List<Submission>> twinsOf) {
            for (BlockVerdict v : verdicts) {
                if (!v.matched()) {
                    continue;
                }
                Submission named = v.call();
                List<BlockVerdict> quoting = byNamed.get(named);
                if (quoting == null) { // the first block naming this call: register its program's calls once
                    quoting = new ArrayList<>(1);
                    byNamed.put(named, quoting);
                    register(named, named);
                    for (Submission twin : twinsOf.apply(v)) {
                        register(twin, named);
                    }
                }
                quoting.add(v);
            }
        }

        private void register(Submission call, Submission named) {
            if (namedOf.putIfAbsent(call, named) == null) {
                Submission first = byId.putIfAbsent(call.toolUseId(), call);
                if (first != null) {
                    moreById.computeIfAbsent(call.toolUseId(), c -> new ArrayList<>()).add(call);
                }
            }
        }
    }

    /** The blocks that quote {@code call}, in file order; empty when none does. */
    public List<Quote> quotesOf(Submission call) {
        Links l = links();
        Submission named = l.namedOf.get(call);
        if (named == null) {
            return List.of();
        }
        List<BlockVerdict> blocks = l.byNamed.get(named);
        boolean isNamed = named == call;
        return new AbstractList<>() {
            @Override
            public Quote get(int i) {
                return new Quote(blocks.get(i), isNamed);
            }

            @Override
            public int size() {
                return blocks.size();
            }
        };
    }

    /** The blocks that quote the call with this {@code tool_use.id}, in file order. */
    public List<Quote> quotesOf(String toolUseId) {
        Links l = links();
        Submission first = l.byId.get(toolUseId);
        if (first == null) {
            return List.of();
        }
        List<Submission> more = l.moreById.get(toolUseId);
        if (more == null) {
            return quotesOf(first);
        }
        List<Quote> all = new ArrayList<>(quotesOf(first));
        more.forEach(c -> all.addAll(quotesOf(c)));
        all.sort(Comparator.comparing(Quote::block, FILE_ORDER));
        return List.copyOf(all);
    }
}
