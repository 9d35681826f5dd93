package dev.coroner.app.ui;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import javafx.beans.property.Property;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.util.Subscription;

/**
 * What a view listens to, each with its removal (STYLE.md, habit 5; Bisq 2 keeps a {@code Pin} per binding). A view
 * makes its bindings and listeners through one of these when it is built, and {@link #unsubscribeAll()} when it is
 * detached: the view models outlive their views, and a listener left on them keeps a dead view updating. Bindings
 * between a view's own nodes live and die with them and need no entry here.
 */
final class Subscriptions {
    // a set: a row that leaves the corpus tree removes its one subscription among thousands
    private final Set<Subscription> held = new LinkedHashSet<>();

    /** Calls {@code show} with the value now, then with every new value. */
    <T> Subscription show(ObservableValue<T> value, Consumer<? super T> show) {
        return keep(value.subscribe(show));
    }

    /** Calls {@code changed} with every new value; not with the value now. */
    <T> Subscription onChange(ObservableValue<T> value, Consumer<? super T> changed) {
        return keep(value.subscribe((was, now) -> changed.accept(now)));
    }

    /** Runs {@code update} now, then after every change to {@code list}. */
    <E> Subscription show(ObservableList<E> list, Runnable update) {
        Subscription s = onChange(list, update);
        update.run();
        return s;
    }

    /** Runs {@code changed} after every change to {@code list}. */
    <E> Subscription onChange(ObservableList<E> list, Runnable changed) {
        ListChangeListener<E> listener = c -> changed.run();
        list.addListener(listener);
        return keep(() -> list.removeListener(listener));
    }

    /** Binds {@code target} to {@code source} until detached. */
    <T> Subscription bind(Property<T> target, ObservableValue<? extends T> source) {
        target.bind(source);
        return keep(target::unbind);
    }

    /** Keeps {@code a} and {@code b} equal until detached. */
    <T> Subscription bindBidirectional(Property<T> a, Property<T> b) {
        a.bindBidirectional(b);
        return keep(() -> a.unbindBidirectional(b));
    }

    /** Removes one subscription made here, now (a row that left the tree); one already removed is ignored. */
    void remove(Subscription s) {
        if (held.remove(s)) {
            s.unsubscribe();
        }
    }

    /** Removes every subscription made here: the view is detached. */
    void unsubscribeAll() {
        List<Subscription> all = new ArrayList<>(held);
        held.clear();
        all.forEach(Subscription::unsubscribe);
    }

    /** How many subscriptions are live: what a detached view must bring to zero. */
    int size() {
        return held.size();
    }

    private Subscription keep(Subscription s) {
        held.add(s);
        return s;
    }
}
