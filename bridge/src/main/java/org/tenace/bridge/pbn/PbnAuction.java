package org.tenace.bridge.pbn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * A PBN auction section (section 3.5): the seat of the first call, the entries in table order,
 * the notes that explain them, and whether it ends with {@code *}. Leading {@code -} entries are
 * dropped (the first seat moves on), so {@code first} is the dealer, as export format wants;
 * an auction that has not ended and has no {@code +} is marked stopped.
 */
public record PbnAuction(Seat first, List<Entry> entries, Map<Integer, String> notes,
    boolean stopped) {

  /** What an entry of the auction is. */
  public enum Kind {
    /** A call: {@code Pass}, {@code X}, {@code XX}, {@code 1C} ... {@code 7NT}. */
    CALL,
    /** {@code AP}: all the remaining players pass. */
    ALL_PASS,
    /** {@code ^S}: this seat's turn was skipped by a call out of rotation. */
    SKIPPED,
    /** {@code -}: not yet this seat's turn (before the dealer). */
    NOT_YET,
    /** {@code +}: the next call, still to be made. */
    CONTINUE
  }

  /** One entry, with {@code insufficient} for a bid marked {@code ^I}. */
  public record Entry(Kind kind, Optional<Call> call, boolean insufficient,
      Annotations annotations) {
    public Entry {
      Require.nonNull("kind call annotations", kind, call, annotations);
      if ((kind == Kind.CALL) != call.isPresent()) {
        throw new IllegalArgumentException(
            kind + " entry " + (call.isPresent() ? "with" : "without") + " a call");
      }
      if (insufficient && !(call.orElse(null) instanceof Bid)) {
        throw new IllegalArgumentException("only a bid can be insufficient (^I): " + call);
      }
    }

    public static Entry of(Call call) {
      return new Entry(Kind.CALL, Optional.of(call), false, Annotations.NONE);
    }

    public static Entry of(Kind kind) {
      return new Entry(kind, Optional.empty(), false, Annotations.NONE);
    }

    public Entry with(Annotations value) {
      return new Entry(kind, call, insufficient, value);
    }
  }

  public PbnAuction {
    Objects.requireNonNull(first, "first");
    List<Entry> list = new ArrayList<>(entries);
    while (!list.isEmpty() && list.get(0).kind() == Kind.NOT_YET) {
      list.remove(0);
      first = first.next();
    }
    entries = List.copyOf(list);
    notes = Annotations.notes(notes);
    if (!stopped && !isComplete(entries)
        && entries.stream().noneMatch(e -> e.kind() == Kind.CONTINUE)) {
      stopped = true;
    }
  }

  /** An auction from {@code first} with plain entries and no notes. */
  public static PbnAuction of(Seat first, List<Entry> entries) {
    return new PbnAuction(first, entries, Map.of(), false);
  }

  /** The calls made, {@code AP} spelt out as passes, with the seat that made each. */
  public List<SeatedCall> calls() {
    List<SeatedCall> out = new ArrayList<>();
    List<Call> made = new ArrayList<>();
    int position = 0;
    for (Entry e : entries) {
      switch (e.kind()) {
        case CALL -> {
          out.add(new SeatedCall(first.next(position), e.call().get(), e));
          made.add(e.call().get());
        }
        case ALL_PASS -> {
          while (!ended(made)) {
            out.add(new SeatedCall(first.next(position), Call.PASS, e));
            made.add(Call.PASS);
            position++;
          }
          position--;
        }
        case CONTINUE -> {
          return Collections.unmodifiableList(out);
        }
        default -> { }
      }
      position++;
    }
    return Collections.unmodifiableList(out);
  }

  /** A call with its seat and the entry it comes from ({@code AP} gives several passes). */
  public record SeatedCall(Seat seat, Call call, Entry entry) {}

  private static boolean isComplete(List<Entry> entries) {
    List<Call> made = new ArrayList<>();
    for (Entry e : entries) {
      if (e.kind() == Kind.ALL_PASS) {
        return true;
      }
      e.call().ifPresent(made::add);
    }
    return ended(made);
  }

  private static boolean ended(List<Call> calls) {
    int n = calls.size();
    return n >= 4 && calls.subList(n - 3, n).stream().allMatch(c -> c == Call.PASS);
  }
}
