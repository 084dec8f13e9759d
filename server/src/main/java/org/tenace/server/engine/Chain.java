package org.tenace.server.engine;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.UnaryOperator;

/**
 * An immutable list that grows by one item in amortised constant time: the longer list shares
 * the shorter one's array, and only a second list grown from the same one copies it. An auction's
 * record grows a call at a time, a table's scorecard a board at a time, and a copy each time made
 * every board of a long-running table cost (and allocate) its whole history.
 */
public final class Chain<T> extends AbstractList<T> implements RandomAccess {
  /** The shared array, and how many of its slots some list has taken; those past are free. */
  private static final class Shelf {
    final Object[] items;
    int taken;

    Shelf(Object[] items, int taken) {
      this.items = items;
      this.taken = taken;
    }
  }

  private static final Chain<?> EMPTY = new Chain<>(new Shelf(new Object[0], 0), 0);

  private final Shelf shelf;
  private final int size;

  private Chain(Shelf shelf, int size) {
    this.shelf = shelf;
    this.size = size;
  }

  /** The empty list. */
  @SuppressWarnings("unchecked")
  public static <T> Chain<T> empty() {
    return (Chain<T>) EMPTY;
  }

  /** {@code list} itself if it is one, else a copy; no item may be null, as in List.copyOf. */
  @SuppressWarnings("unchecked")
  public static <T> Chain<T> of(List<? extends T> list) {
    if (list instanceof Chain<?> chain) {
      return (Chain<T>) chain;
    }
    if (list.isEmpty()) {
      return empty();
    }
    Object[] items = list.toArray();
    for (Object o : items) {
      Objects.requireNonNull(o, "item");
    }
    return new Chain<>(new Shelf(items, items.length), items.length);
  }

  /** This list and {@code item} after it; this list is unchanged. */
  public Chain<T> with(T item) {
    Objects.requireNonNull(item, "item");
    synchronized (shelf) {
      if (shelf.taken == size && size < shelf.items.length) {
        // The slot after this list is free: no longer list has been grown from it yet.
        shelf.items[size] = item;
        shelf.taken = size + 1;
        return new Chain<>(shelf, size + 1);
      }
    }
    Object[] items = new Object[Math.max(8, size * 2)];
    System.arraycopy(shelf.items, 0, items, 0, size); // not past: those are another list's
    items[size] = item;
    return new Chain<>(new Shelf(items, size + 1), size + 1);
  }

  /** This list with the item at {@code index} replaced by {@code change} of it; this is unchanged. */
  public Chain<T> update(int index, UnaryOperator<T> change) {
    Objects.checkIndex(index, size);
    Object[] items = new Object[size];
    System.arraycopy(shelf.items, 0, items, 0, size);
    items[index] = Objects.requireNonNull(change.apply(get(index)), "item");
    return new Chain<>(new Shelf(items, size), size);
  }

  @Override
  @SuppressWarnings("unchecked")
  public T get(int index) {
    Objects.checkIndex(index, size);
    return (T) shelf.items[index];
  }

  @Override
  public int size() {
    return size;
  }
}
