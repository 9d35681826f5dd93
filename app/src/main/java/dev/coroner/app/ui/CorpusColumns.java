package dev.coroner.app.ui;

import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.CostTexts;
import dev.coroner.app.ui.model.Spend;
import dev.coroner.app.ui.model.Sizes;
import dev.coroner.core.read.Harness;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TrailingFailure;
import dev.coroner.icons.Icon;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The columns of the corpus tree, each sortable: the transcript with its first prompt, its state and the class of a
 * death, its counts and size. Cells show a node's values; the corpus panel owns the tree and what it listens to.
 */
final class CorpusColumns {
    private static final List<TerminalState> STATE_ORDER = List.of(TerminalState.SYNTHETIC, TerminalState.EMPTY,
            TerminalState.UNREADABLE, TerminalState.HEALTHY);

    private CorpusColumns() {
    }

    /** The tokens column's title: its visibility is chosen by name (the ⊕ menu, the chart's switch). */
    static final String TOKENS = "Tokens";
    /** The cost column's title. */
    static final String COST = "Cost";
    /** The harness column's title: shown once the corpus mixes harnesses. */
    static final String HARNESS = "Harness";

    /**
     * Every column, in the order shown.
     *
     * @param pricesNote where the prices come from, for the cost cells' tooltips
     */
    static List<TreeTableColumn<CorpusNode, ?>> all(Supplier<String> pricesNote) {
        return List.of(nameColumn(), stateColumn(), harnessColumn(),
                numberColumn("WARN", 52, CorpusNode::warnsProperty, "warn-count"),
                blocksColumn(),
                numberColumn("Records", 60, CorpusNode::recordsProperty, null),
                sizeColumn(), tokensColumn(), costColumn(pricesNote), fileColumn());
    }

    private static TreeTableColumn<CorpusNode, CorpusNode> nameColumn() {
        TreeTableColumn<CorpusNode, CorpusNode> c = new TreeTableColumn<>("Transcript");
        c.setPrefWidth(190); // the one column that gives way when the panel narrows
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue().getValue()));
        c.setComparator(Comparator.comparing((CorpusNode n) -> n.labelProperty().get().isEmpty() ? display(n)
                : n.labelProperty().get()).thenComparing(CorpusNode::name));
        c.setCellFactory(col -> new NameCell());
        return c;
    }

    /**
     * The file's name (without ".jsonl"), sortable: the rows are named by their titles, the files' names share their
     * prefix and suffix. At a laptop's width it gives way to the name (the ⊕ menu shows it; the row's tooltip names the
     * file too).
     */
    private static TreeTableColumn<CorpusNode, CorpusNode> fileColumn() {
        TreeTableColumn<CorpusNode, CorpusNode> c = new TreeTableColumn<>("File");
        c.setPrefWidth(150);
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue().getValue()));
        c.setComparator(Comparator.comparing(CorpusNode::name));
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(CorpusNode n, boolean empty) {
                super.updateItem(n, empty);
                setText(empty || n == null || n.kind() == CorpusNode.Kind.SIDECHAIN ? null : Safe.text(stem(n.name())));
                setTextOverrun(OverrunStyle.CENTER_ELLIPSIS); // the ids differ at their ends
            }
        });
        c.getStyleClass().add("file-column");
        return c;
    }

    /**
     * The name, and under it the first prompt: a cell reused while scrolling rebinds its headline to each node. A file
     * that changed while it was read has a mark before its name, whose tooltip (and the row's) gives the note.
     */
    private static final class NameCell extends TreeTableCell<CorpusNode, CorpusNode> {
        private static final PseudoClass HARNESS = PseudoClass.getPseudoClass("harness");
        private final Label name = new Label();
        private final Label changed = new Label(null, Glyphs.icon(Icon.PROBLEM, 11));
        private final Label headline = new Label();
        private final HBox top = new HBox(3, changed, name);
        private final VBox box = new VBox(1, top, headline);
        /** The headline of the row shown, followed while the cell shows it. */
        private javafx.beans.value.ObservableValue<String> shownHeadline;
        private final javafx.beans.value.ChangeListener<String> onHeadline = (o, was, now) -> {
            showHeadline(now);
            showName();
        };
        /** The row shown, whose name is followed while the cell shows it. */
        private CorpusNode shown;

        /**
         * The name as its label, or, when the name is the first prompt and holds a harness tag or a control character,
         * in tokens in the label's place (as the headline's were).
         */
        private void showName() {
            javafx.scene.Node tokens = null;
            if (shown != null && shown.agentKindProperty().get() != AgentKind.HARNESS) {
                String label = shown.labelProperty().get();
                tokens = !label.isEmpty() && label.equals(shown.headlineProperty().get()) ? CellTokens.line(label) : null;
                if (tokens != null) {
                    tokens.getStyleClass().addAll("transcript-name-tokens", "headline-tokens");
                }
            }
            top.getChildren().set(1, tokens != null ? tokens : name);
        }

        /** The headline as its label, or in tokens in the label's place. */
        private void showHeadline(String text) {
            javafx.scene.Node tokens = text == null ? null : headlineTokens(text);
            box.getChildren().set(1, tokens != null ? tokens : headline);
        }

        NameCell() {
            name.getStyleClass().add("transcript-name");
            changed.getStyleClass().add("changed-while-read");
            changed.setMinWidth(Region.USE_PREF_SIZE);
            changed.managedProperty().bind(changed.visibleProperty());
            changed.setVisible(false);
            headline.getStyleClass().add("transcript-headline");
            box.setMinWidth(0);
        }

        @Override
        protected void updateItem(CorpusNode n, boolean empty) {
            super.updateItem(n, empty);
            headline.textProperty().unbind();
            name.textProperty().unbind();
            name.textOverrunProperty().unbind();
            if (shownHeadline != null) {
                shownHeadline.removeListener(onHeadline);
                shownHeadline = null;
            }
            showHeadline(null);
            shown = null;
            showName();
            changed.visibleProperty().unbind();
            changed.setVisible(false);
            Tips.clear(changed);
            setText(null);
            if (empty || n == null) {
                setGraphic(null);
                return;
            }
            boolean harness = n.path() != null && n.agentKindProperty().get() == AgentKind.HARNESS;
            String prefix = harness ? "harness · " : "";
            // named by what tells it apart (its title, its description, its first prompt), else by its file; a title
            // reads from its start, session and agent ids differ at their ends
            name.textProperty().bind(n.labelProperty().map(l -> Safe.text(prefix + (l.isEmpty() ? display(n) : l))));
            name.textOverrunProperty().bind(n.labelProperty().map(l -> l.isEmpty()
                    && n.kind() != CorpusNode.Kind.SIDECHAIN ? OverrunStyle.CENTER_ELLIPSIS : OverrunStyle.ELLIPSIS));
            name.pseudoClassStateChanged(HARNESS, harness);
            // under it the first prompt, when the name is not that already; else the file, which the name is not then
            shownHeadline = javafx.beans.binding.Bindings.createStringBinding(() -> {
                String label = n.labelProperty().get();
                String prompt = n.headlineProperty().get();
                return !label.isEmpty() && !label.equals(prompt) ? prompt : label.isEmpty() ? "" : display(n);
            }, n.labelProperty(), n.headlineProperty());
            // a harness tag (<command-message>…) or a control character in the first prompt is a token, as in the
            // timeline's summaries (CellTokens), in the headline's place; else the headline's own text
            headline.textProperty().bind(shownHeadline.map(Safe::text));
            shownHeadline.addListener(onHeadline);
            showHeadline(shownHeadline.getValue());
            shown = n;
            showName();
            changed.visibleProperty().bind(n.changedProperty().isNotEmpty());
            Tips.lazy(changed, () -> Safe.text(n.changedProperty().get()));
            setGraphic(box);
        }
    }

    /** A first prompt's tokens on one line, styled as the headline, or null when it is all plain text. */
    private static javafx.scene.Node headlineTokens(String headline) {
        javafx.scene.Node line = headline == null ? null : CellTokens.line(headline);
        if (line != null) {
            line.getStyleClass().addAll("transcript-headline", "headline-tokens");
        }
        return line;
    }

    /** The name without ".jsonl"; a sub-agent by its id alone, as the tree already says what it is. */
    private static String display(CorpusNode n) {
        String stem = stem(n.name());
        return n.kind() == CorpusNode.Kind.SUBAGENT && stem.startsWith("agent-") ? stem.substring("agent-".length()) : stem;
    }

    private static String stem(String name) {
        return name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
    }

    /** The state with its icon, and under it the class of a SYNTHETIC death (RATE_LIMIT, AUTH…). */
    private static TreeTableColumn<CorpusNode, Shown> stateColumn() {
        TreeTableColumn<CorpusNode, Shown> c = new TreeTableColumn<>("State · class");
        fixed(c, 102);
        // the cell redraws when anything it shows changes: a later verdict can keep the state and bring a detail
        c.setCellValueFactory(p -> {
            CorpusNode n = p.getValue().getValue();
            if (n == null) {
                return null; // a blank row (RowsAhead)
            }
            return Bindings.createObjectBinding(() -> new Shown(n.stateProperty().get(),
                    n.terminalClassProperty().get(), n.trailingProperty().get(), n.foldsDeadProperty().get()),
                    n.stateProperty(), n.terminalClassProperty(), n.trailingProperty(), n.foldsDeadProperty());
        });
        c.setComparator(Comparator.nullsLast(Comparator.comparing(shown -> STATE_ORDER.indexOf(shown.state()))));
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Shown shown, boolean empty) {
                super.updateItem(shown, empty);
                CorpusNode n = getTableRow() == null ? null : getTableRow().getItem();
                setText(null);
                if (empty || n == null || shown == null) {
                    setGraphic(null);
                    return;
                }
                TerminalState s = shown.state();
                Label state = new Label();
                state.getStyleClass().add("state-text");
                Label cls = new Label();
                cls.getStyleClass().add("class-text");
                if (s == null) {
                    boolean dangling = n.kind() == CorpusNode.Kind.MISSING_SESSION
                            || n.kind() == CorpusNode.Kind.MISSING_SUBAGENT;
                    state.setText(dangling ? "dangling" : n.path() == null ? "" : "judging…");
                    state.setGraphic(dangling ? Glyphs.icon(Icon.LINK, 12) : null);
                } else if (n.noRunProperty().get() != null) {
                    // EMPTY by the reference, but not a run: grey, never drawn as a death (docs/VERDICTS.md,
                    // "Files that hold no run"); the tooltip keeps the reason
                    state.setText("no run");
                    state.setGraphic(Glyphs.icon(Icon.UNREADABLE, 12));
                    state.getStyleClass().add("state-no-run");
                    cls.setText(n.noRunProperty().get().label());
                } else {
                    state.setText(s.name());
                    if (n.diedAfterAnswer()) {
                        // a healthy answer, then the API failed and nothing followed: counted dead, drawn as a death
                        state.setGraphic(Glyphs.icon(Icon.SYNTHETIC, 12));
                        state.getStyleClass().add("state-died-after");
                        cls.setText(n.trailingProperty().get().cls().name()); // the tooltip says "died after its last answer"
                    } else {
                        state.setGraphic(Glyphs.icon(Glyphs.of(s), 12));
                        state.getStyleClass().add("state-" + Glyphs.css(s));
                        cls.setText(deathClass(s, n.terminalClassProperty().get()));
                        long folds = n.foldsDeadProperty().get();
                        if (s == TerminalState.HEALTHY && folds > 0) {
                            // healthy, but it took in dead sub-agents' error strings as results: not an all-clear
                            cls.setText("folds " + folds + " dead");
                            cls.getStyleClass().add("folds-dead");
                        }
                    }
                }
                VBox box = new VBox(1, state, cls);
                box.setAlignment(Pos.CENTER_LEFT);
                setGraphic(box);
            }
        });
        return c;
    }

    /** What the state cell shows of a row: compared whole, so a change of any part redraws it. */
    private record Shown(TerminalState state, TerminalClass cls, TrailingFailure trailing, long foldsDead) {
    }

    /** The class of a SYNTHETIC death, as the person reads it ("RATE_LIMIT"); nothing for any other state. */
    private static String deathClass(TerminalState state, TerminalClass cls) {
        return state == TerminalState.SYNTHETIC && cls != TerminalClass.NONE ? cls.name() : "";
    }

    private static TreeTableColumn<CorpusNode, Number> numberColumn(String title, double width,
            Function<CorpusNode, ObservableValue<Number>> value, String css) {
        TreeTableColumn<CorpusNode, Number> c = new TreeTableColumn<>(title);
        fixed(c, width);
        c.setCellValueFactory(p -> p.getValue().getValue() == null ? null : value.apply(p.getValue().getValue()));
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Number n, boolean empty) {
                super.updateItem(n, empty);
                CorpusNode node = getTableRow() == null ? null : getTableRow().getItem();
                boolean transcript = node != null && node.path() != null;
                setText(empty || n == null || !transcript ? null
                        : n.longValue() < 0 ? "—" : String.format("%,d", n.longValue()));
                pseudoClassStateChanged(PseudoClass.getPseudoClass("nonzero"), !empty && n != null && n.longValue() > 0);
            }
        });
        c.getStyleClass().add("number-column");
        if (css != null) {
            c.getStyleClass().add(css);
        }
        return c;
    }

    private static TreeTableColumn<CorpusNode, CorpusNode> blocksColumn() {
        TreeTableColumn<CorpusNode, CorpusNode> c = new TreeTableColumn<>("Blocks");
        fixed(c, 54);
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue().getValue()));
        c.setComparator(Comparator.comparingLong(n -> n.blocksUnmatchedProperty().get()));
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(CorpusNode n, boolean empty) {
                super.updateItem(n, empty);
                textProperty().unbind();
                if (empty || n == null || n.path() == null) {
                    setText(null);
                    return;
                }
                textProperty().bind(Bindings.createStringBinding(() ->
                        n.blocksMatchedProperty().get() < 0 ? "—"
                                : n.blocksMatchedProperty().get() + " / " + n.blocksUnmatchedProperty().get(),
                        n.blocksMatchedProperty(), n.blocksUnmatchedProperty()));
                Tips.lazy(this, () -> "code blocks matched / unmatched (— : no code-block matcher ran)");
            }
        });
        c.getStyleClass().add("number-column");
        return c;
    }

    /**
     * The harness that wrote the transcript: "Claude" or "Codex" (the tooltip names it whole), sortable, so a mixed
     * folder groups by it. Narrow: at a laptop's width every pixel it takes comes from the transcript's name.
     */
    private static TreeTableColumn<CorpusNode, Harness> harnessColumn() {
        TreeTableColumn<CorpusNode, Harness> c = new TreeTableColumn<>(HARNESS);
        fixed(c, 58);
        c.setCellValueFactory(p -> p.getValue().getValue() == null ? null : p.getValue().getValue().harnessProperty());
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Harness h, boolean empty) {
                super.updateItem(h, empty);
                CorpusNode node = getTableRow() == null ? null : getTableRow().getItem();
                boolean transcript = node != null && node.path() != null;
                setText(empty || h == null || !transcript ? null : h == Harness.CODEX ? "Codex" : "Claude");
                Tips.lazy(this, () -> getItem() == null ? "" : harnessName(getItem()));
                pseudoClassStateChanged(PseudoClass.getPseudoClass("codex"), !empty && transcript && h == Harness.CODEX);
            }
        });
        c.getStyleClass().add("harness-column");
        return c;
    }

    /** "Claude Code", "Codex CLI": the harness as a person names it. */
    static String harnessName(Harness h) {
        return switch (h) {
            case CLAUDE_CODE -> "Claude Code";
            case CODEX -> "Codex CLI";
        };
    }

    private static TreeTableColumn<CorpusNode, Number> sizeColumn() {
        TreeTableColumn<CorpusNode, Number> c = new TreeTableColumn<>("Size");
        fixed(c, 68);
        c.setCellValueFactory(p -> p.getValue().getValue() == null ? null : p.getValue().getValue().sizeProperty());
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Number n, boolean empty) {
                super.updateItem(n, empty);
                setText(empty || n == null ? null : Sizes.bytes(n.longValue()));
            }
        });
        c.getStyleClass().add("number-column");
        return c;
    }

    /**
     * The tokens the run used (a session's rolled up with its sub-agents'), and under it the share of its input the
     * model re-read from the cache; the four counts in the tooltip. Empty until analysed. Sorted by the total.
     */
    private static TreeTableColumn<CorpusNode, Spend> tokensColumn() {
        TreeTableColumn<CorpusNode, Spend> c = new TreeTableColumn<>(TOKENS);
        fixed(c, 62);
        c.setCellValueFactory(p -> p.getValue().getValue() == null ? null : p.getValue().getValue().spendProperty());
        c.setComparator(Comparator.nullsFirst(Comparator.comparingLong(s -> s.tokens().total())));
        c.setCellFactory(col -> new TwoLineCell() {
            @Override
            protected void updateItem(Spend s, boolean empty) {
                super.updateItem(s, empty);
                CorpusNode n = getTableRow() == null ? null : getTableRow().getItem();
                if (empty || s == null || n == null || n.path() == null) {
                    show(null, null);
                    return;
                }
                long in = s.tokens().inputSide();
                show(CostTexts.tokens(s.tokens().total()),
                        in == 0 ? "" : CostTexts.percent((double) s.tokens().cacheRead() / in) + " re-read");
                Tips.lazy(this, () -> Safe.lines(CostTexts.counts(s.tokens()),
                        s.subagents() == 0 ? null : String.format("with its %,d sub-agents; its own: %s", s.subagents(),
                                CostTexts.counts(s.ownTokens())),
                        "re-read: the share of the input side (input, cache write, cache read) read back from the cache"));
            }
        });
        c.getStyleClass().addAll("number-column", "tokens-column");
        return c;
    }

    /**
     * What the run cost at the prices in force (a session's with its sub-agents'), and under it what its dead sub-agents
     * cost, in red ("$12.30"; the row's tooltip: "folds $12.30 of dead sub-agents (2)"). A model with no price gives "—" and the tooltip names it: never $0, never a guess.
     * Sorted by the dollars; a cost with no figure sorts below every figure.
     */
    private static TreeTableColumn<CorpusNode, Spend> costColumn(Supplier<String> pricesNote) {
        TreeTableColumn<CorpusNode, Spend> c = new TreeTableColumn<>(COST);
        fixed(c, 72);
        c.setCellValueFactory(p -> p.getValue().getValue() == null ? null : p.getValue().getValue().spendProperty());
        c.setComparator(Comparator.nullsFirst(Comparator.comparing((Spend s) -> s.cost() == null ? null : s.cost().usd(),
                Comparator.nullsFirst(Comparator.naturalOrder()))));
        c.setCellFactory(col -> new TwoLineCell() {
            @Override
            protected void updateItem(Spend s, boolean empty) {
                super.updateItem(s, empty);
                CorpusNode n = getTableRow() == null ? null : getTableRow().getItem();
                if (empty || s == null || n == null || n.path() == null) {
                    show(null, null);
                    return;
                }
                // a session's dead sub-agents' cost, in the red of "folds N dead", the amount alone ("$0.0150 dead"
                // was cut at the column's width); the row's tooltip says it whole
                boolean foldsDead = s.deadSubagents() > 0 && s.deadCost() != null;
                show(CostTexts.usd(s.cost()), foldsDead ? CostTexts.usd(s.deadCost()) : "");
                pseudoClassStateChanged(UNPRICED, CostTexts.unpriced(s.cost()));
                second.pseudoClassStateChanged(FOLDS, foldsDead);
                Tips.lazy(this, () -> Safe.lines(costTip(s), CostTexts.noPrice(s.cost()), pricesNote.get()));
            }
        });
        c.getStyleClass().addAll("number-column", "cost-column");
        return c;
    }

    private static final PseudoClass UNPRICED = PseudoClass.getPseudoClass("unpriced");
    private static final PseudoClass FOLDS = PseudoClass.getPseudoClass("folds-dead");

    /**
     * What a row spent, for its tooltip (the row's own tooltip is the one shown over its cells): "cost $45.10 in all,
     * with its 3 sub-agents: …; 2.4M tokens" and which model has no price; "" until known.
     */
    static String spendLine(Spend s) {
        if (s == null) {
            return "";
        }
        String line = "cost " + costTip(s) + " · " + CostTexts.tokens(s.tokens().total()) + " tokens";
        String none = CostTexts.noPrice(s.cost());
        return none.isEmpty() ? line : line + " · " + none; // as the transcript names the model: the caller escapes it
    }

    /** "$45.10 in all, with its 3 sub-agents: $32.80 this session's own; folds $12.30 of dead sub-agents (2)". */
    private static String costTip(Spend s) {
        if (s.subagents() == 0) {
            return CostTexts.usd(s.cost());
        }
        String tip = String.format("%s in all, with its %,d sub-agents: %s this session's own", CostTexts.usd(s.cost()),
                s.subagents(), CostTexts.usd(s.ownCost()));
        return s.deadSubagents() == 0 ? tip : tip + String.format("; folds %s of dead sub-agents (%,d)",
                CostTexts.usd(s.deadCost()), s.deadSubagents());
    }

    /** A number over a small second line, right-aligned, as two-line rows show them. */
    private abstract static class TwoLineCell extends TreeTableCell<CorpusNode, Spend> {
        final Label first = new Label();
        final Label second = new Label();
        private final VBox box = new VBox(1, first, second);

        TwoLineCell() {
            first.getStyleClass().add("spend-text");
            second.getStyleClass().add("spend-detail");
            box.setAlignment(Pos.CENTER_RIGHT);
            box.setMinWidth(0);
            second.managedProperty().bind(second.visibleProperty()); // one line sits in the middle of the row
        }

        void show(String top, String under) {
            setText(null);
            if (top == null) {
                Tips.clear(this);
                setGraphic(null);
                return;
            }
            first.setText(top);
            second.setText(under);
            second.setVisible(!under.isEmpty());
            setGraphic(box);
        }
    }

    /** A column that keeps its width: only the name column gives way. */
    private static void fixed(TreeTableColumn<CorpusNode, ?> c, double width) {
        c.setPrefWidth(width);
        c.setMinWidth(width);
    }
}
