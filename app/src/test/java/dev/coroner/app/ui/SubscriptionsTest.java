package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.util.Subscription;
import org.junit.jupiter.api.Test;

/** Every subscription made through {@link Subscriptions} is really removed again (no toolkit needed). */
class SubscriptionsTest {
    private final Subscriptions subscriptions = new Subscriptions();
    private final StringProperty value = new SimpleStringProperty("a");
    private final ObservableList<String> list = FXCollections.observableArrayList();
    private final List<String> seen = new ArrayList<>();

    @Test
    void showGivesTheValueNowThenEachChangeUntilUnsubscribed() {
        subscriptions.show(value, seen::add);
        value.set("b");
        subscriptions.unsubscribeAll();
        value.set("c");
        assertEquals(List.of("a", "b"), seen);
        assertEquals(0, subscriptions.size());
    }

    @Test
    void aListListenerStopsHearingChangesOnceUnsubscribed() {
        subscriptions.show(list, () -> seen.add("list of " + list.size()));
        list.add("x");
        subscriptions.unsubscribeAll();
        list.add("y");
        assertEquals(List.of("list of 0", "list of 1"), seen);
    }

    @Test
    void bindingsAreUndoneAndKeepTheirLastValue() {
        StringProperty target = new SimpleStringProperty();
        StringProperty both = new SimpleStringProperty();
        subscriptions.bind(target, value);
        subscriptions.bindBidirectional(both, value);
        value.set("bound");
        subscriptions.unsubscribeAll();
        value.set("free");
        assertEquals("bound", target.get());
        assertEquals("bound", both.get());
        both.set("alone");
        assertEquals("free", value.get(), "the other side no longer follows either");
    }

    @Test
    void removingOneLeavesTheOthers() {
        Subscription first = subscriptions.onChange(list, () -> seen.add("first"));
        subscriptions.onChange(list, () -> seen.add("second"));
        subscriptions.remove(first);
        subscriptions.remove(first); // a second removal is ignored
        list.add("x");
        assertEquals(List.of("second"), seen);
        assertEquals(1, subscriptions.size());
    }
}
