package org.tenace.bridge.pbn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.record.Irregularity;

/**
 * A PBN play section (section 3.6): the opening leader, then one line per trick with the cards in
 * fixed seat order from the opening leader (not in the order played), the notes, and whether it
 * ends with {@code *}. Entry {@code i} is the card of {@code leader.next(i % 4)} in trick
 * {@code i / 4 + 1}.
 */
public record PbnPlay(Seat leader, List<Entry> entries, Map<Integer, String> notes,
    boolean stopped) {

  /** What an entry of the play is. */
  public enum Kind {
    /** A card. */
    CARD,
    /** {@code -}: a card not known, or not played (after a claim). */
    UNKNOWN,
    /** {@code +}: the next card, still to be played. */
    CONTINUE
  }

  /** One entry, maybe marked {@code ^R} (revoke) or {@code ^L} (lead out of turn). */
  public record Entry(Kind kind, Optional<Card> card, Optional<Irregularity> irregularity,
      Annotations annotations) {
    public Entry {
      Require.nonNull("kind card irregularity annotations", kind, card, irregularity, annotations);
      if ((kind == Kind.CARD) != card.isPresent()) {
        throw new IllegalArgumentException(
            kind + " entry " + (card.isPresent() ? "with" : "without") + " a card");
      }
      if (irregularity.isPresent() && (irregularity.get().ofCall() || card.isEmpty())) {
        throw new IllegalArgumentException(irregularity.get().pbn() + " must mark a played card");
      }
    }

    public static Entry of(Card card) {
      return new Entry(Kind.CARD, Optional.of(card), Optional.empty(), Annotations.NONE);
    }

    public static Entry of(Kind kind) {
      return new Entry(kind, Optional.empty(), Optional.empty(), Annotations.NONE);
    }

    public Entry with(Annotations value) {
      return new Entry(kind, card, irregularity, value);
    }
  }

  public PbnPlay {
    Objects.requireNonNull(leader, "leader");
    entries = List.copyOf(entries);
    if (entries.size() > 52) {
      throw new IllegalArgumentException("a play has 13 tricks of 4 cards, not " + entries.size()
          + " cards");
    }
    notes = Annotations.notes(notes);
  }

  public static PbnPlay of(Seat leader, List<Entry> entries, boolean stopped) {
    return new PbnPlay(leader, entries, Map.of(), stopped);
  }

  /** The seat whose column entry {@code index} is in. */
  public Seat seatOf(int index) {
    return leader.next(index % 4);
  }

  /** The entries trick by trick, four to a trick (the last may have fewer). */
  public List<List<Entry>> tricks() {
    List<List<Entry>> out = new ArrayList<>(13);
    for (int i = 0; i < entries.size(); i += 4) {
      out.add(entries.subList(i, Math.min(i + 4, entries.size())));
    }
    return Collections.unmodifiableList(out);
  }

  /** True when a {@code +} marks the next card to play. */
  public boolean continues() {
    return entries.stream().anyMatch(e -> e.kind() == Kind.CONTINUE);
  }
}
