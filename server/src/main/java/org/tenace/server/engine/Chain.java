package org.tenace.server.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;

/** A persistent list that grows at its end in O(1): each version shares all earlier nodes. */
final class Chain<T> {
  private static final Chain<?> EMPTY = new Chain<>(null, null, 0);

  final T last;
  final Chain<T> before;
  final int size;

  private Chain(T last, Chain<T> before, int size) {
    this.last = last;
    this.before = before;
    this.size = size;
  }

  @SuppressWarnings("unchecked")
  static <T> Chain<T> empty() {
    return (Chain<T>) EMPTY;
  }

  Chain<T> push(T item) {
    return new Chain<>(item, this, size + 1);
  }

  T get(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException(index + " of " + size);
    }
    Chain<T> c = this;
    while (c.size - 1 > index) {
      c = c.before;
    }
    return c.last;
  }

  /** This chain with the item at {@code index} replaced; only the later nodes are copied. */
  Chain<T> update(int index, UnaryOperator<T> change) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException(index + " of " + size);
    }
    List<T> later = new ArrayList<>();
    Chain<T> c = this;
    while (c.size - 1 > index) {
      later.add(c.last);
      c = c.before;
    }
    Chain<T> out = c.before.push(change.apply(c.last));
    for (int i = later.size() - 1; i >= 0; i--) {
      out = out.push(later.get(i));
    }
    return out;
  }

  /** The items, oldest first. */
  List<T> toList() {
    List<T> out = new ArrayList<>(size);
    for (Chain<T> c = this; c.size > 0; c = c.before) {
      out.add(c.last);
    }
    Collections.reverse(out);
    return Collections.unmodifiableList(out);
  }
}
