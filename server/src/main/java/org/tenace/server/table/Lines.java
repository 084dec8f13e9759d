package org.tenace.server.table;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An immutable list that grows by one item in amortised constant time: the longer list shares
 * the shorter one's array, and only a second list grown from the same one copies it. A table's
 * scorecard grows a board at a time, and a copy each time made every board of a long-running
 * table cost (and allocate) its whole history.
 */
final class Lines<T> extends AbstractList<T> implements RandomAccess {
  /** The shared array, and how many of its slots some list has taken; those past are free. */
  private static final class Shelf {
    final Object[] items;
    int taken;

    Shelf(Object[] items, int taken) {
      this.items = items;
      this.taken = taken;
    }
  }

  private static final Lines<?> EMPTY = new Lines<>(new Shelf(new Object[0], 0), 0);

  private final Shelf shelf;
  private final int size;

  private Lines(Shelf shelf, int size) {
    this.shelf = shelf;
    this.size = size;
  }

  /** {@code list} itself if it is one, else a copy; no item may be null, as in List.copyOf. */
  @SuppressWarnings("unchecked")
  static <T> Lines<T> of(List<? extends T> list) {
    if (list instanceof Lines<?> lines) {
      return (Lines<T>) lines;
    }
    if (list.isEmpty()) {
      return (Lines<T>) EMPTY;
    }
    Object[] items = list.toArray();
    for (Object o : items) {
      Objects.requireNonNull(o, "item");
    }
    return new Lines<>(new Shelf(items, items.length), items.length);
  }

  /** This list and {@code item} after it; this list is unchanged. */
  Lines<T> with(T item) {
    Objects.requireNonNull(item, "item");
    synchronized (shelf) {
      if (shelf.taken == size && size < shelf.items.length) {
        // The slot after this list is free: no longer list has been grown from it yet.
        shelf.items[size] = item;
        shelf.taken = size + 1;
        return new Lines<>(shelf, size + 1);
      }
    }
    Object[] items = new Object[Math.max(8, size * 2)];
    System.arraycopy(shelf.items, 0, items, 0, size); // not past: those are another list's
    items[size] = item;
    return new Lines<>(new Shelf(items, size + 1), size + 1);
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
