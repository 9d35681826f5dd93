package dev.coroner.core.precursor;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * What an edited grammar changes against the saved one over a corpus, call by call (docs/WORKBENCH.md, "The
 * grammar panel"): the WARNs it adds, the WARNs it removes, the calls it newly exempts. Judged from the kept
 * {@link CallStream}s: no file is read. Each list keeps its first {@link #MAX_LISTED} calls; the counts are whole.
 */
public record GrammarChange(long warnsAdded, long warnsRemoved, long exemptAdded, List<Call> added, List<Call> removed,
                            List<Call> exempted) {
    /** A list shows at most this many calls: enough to click through, bounded on a corpus of millions. */
    public static final int MAX_LISTED = 1000;
    public static final GrammarChange NONE = new GrammarChange(0, 0, 0, List.of(), List.of(), List.of());

    /**
     * One call of one transcript; {@code command}: when the edited grammar ATTESTS it by a command alone, the shell
     * command that counted as its lookup (docs/VERDICTS.md, "Command lookups"), else null.
     */
    public record Call(Path path, long line, String tool, PrecursorStance was, PrecursorStance now, String command) {
        public Call {
            Objects.requireNonNull(path);
            Objects.requireNonNull(tool);
        }

        public Call(Path path, long line, String tool, PrecursorStance was, PrecursorStance now) {
            this(path, line, tool, was, now, null);
        }
    }

    public GrammarChange {
        added = List.copyOf(added);
        removed = List.copyOf(removed);
        exempted = List.copyOf(exempted);
    }

    /** Whether nothing changes. */
    public boolean none() {
        return warnsAdded == 0 && warnsRemoved == 0 && exemptAdded == 0;
    }

    /**
     * Every call of {@code streams} (in the map's order) judged by {@code saved} (null: no grammar, nothing gated) and
     * by {@code edited}; stops early, with what it has, when cancelled.
     */
    public static GrammarChange between(PrecursorGrammar saved, PrecursorGrammar edited, Map<Path, CallStream> streams,
                                        BooleanSupplier cancelled) {
        return against(new Baseline(saved), edited, streams, cancelled);
    }

    /**
     * The saved grammar's stance on each call of each stream, made once and kept while the person types: each
     * keystroke then judges only the edited text. Safe to share between threads; a stream no longer held is dropped.
     */
    public static final class Baseline {
        private final PrecursorGrammar saved;
        private final Map<CallStream, PrecursorStance[]> stances =
                java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

        /** @param saved the saved grammar, or null: nothing gated */
        public Baseline(PrecursorGrammar saved) {
            this.saved = saved == null ? PrecursorGrammar.EMPTY : saved;
        }

        PrecursorStance[] of(CallStream stream) {
            PrecursorStance[] known = stances.get(stream);
            if (known == null) {
                known = stances(saved, stream);
                stances.put(stream, known);
            }
            return known;
        }
    }

    /** {@link #between(PrecursorGrammar, PrecursorGrammar, Map, BooleanSupplier)} against a kept baseline. */
    public static GrammarChange against(Baseline baseline, PrecursorGrammar edited, Map<Path, CallStream> streams,
                                        BooleanSupplier cancelled) {
        long add = 0;
        long remove = 0;
        long exempt = 0;
        List<Call> added = new ArrayList<>();
        List<Call> removed = new ArrayList<>();
        List<Call> exempted = new ArrayList<>();
        for (Map.Entry<Path, CallStream> e : streams.entrySet()) {
            if (cancelled.getAsBoolean()) {
                break;
            }
            CallStream stream = e.getValue();
            PrecursorStance[] was = baseline.of(stream);
            PrecursorStance[] now = stances(edited, stream);
            for (int c = 0; c < stream.size(); c++) {
                if (was[c] == now[c]) {
                    continue;
                }
                ToolCall call = stream.call(c);
                boolean listed = now[c] == PrecursorStance.REFUTED ? added.size() < MAX_LISTED
                        : was[c] == PrecursorStance.REFUTED && removed.size() < MAX_LISTED;
                String command = listed && now[c] == PrecursorStance.ATTESTED
                        ? PrecursorGate.attestingCommand(edited, stream, c) : null;
                Call at = new Call(e.getKey(), call.line(), call.tool(), was[c], now[c], command);
                if (now[c] == PrecursorStance.REFUTED) {
                    add++;
                    if (added.size() < MAX_LISTED) {
                        added.add(at);
                    }
                } else if (was[c] == PrecursorStance.REFUTED) {
                    remove++;
                    if (removed.size() < MAX_LISTED) {
                        removed.add(at);
                    }
                }
                if (now[c] == PrecursorStance.EXEMPT) {
                    exempt++;
                    if (exempted.size() < MAX_LISTED) {
                        exempted.add(at);
                    }
                }
            }
        }
        return new GrammarChange(add, remove, exempt, added, removed, exempted);
    }

    /** Each call's stance; an ungated call is null. */
    private static PrecursorStance[] stances(PrecursorGrammar grammar, CallStream stream) {
        PrecursorStance[] out = new PrecursorStance[stream.size()];
        for (PrecursorVerdict v : PrecursorGate.evaluate(grammar, stream)) {
            out[v.call().index()] = v.stance();
        }
        return out;
    }
}
