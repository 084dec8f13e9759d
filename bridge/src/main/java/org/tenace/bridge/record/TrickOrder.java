package org.tenace.bridge.record;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.TrickWinner;

/**
 * Who wins each trick (Law 44), and the two ways records lay out the play: LIN and the engine
 * list cards in the order played; PBN lists each trick in fixed seat columns from the opening
 * leader, so the order of play has to be worked out from each trick's winner.
 */
public final class TrickOrder {
  private TrickOrder() {}

  /**
   * Index (0..3) of the card that wins a trick of four cards given in the order played
   * ({@link TrickWinner}).
   */
  public static int winningIndex(List<Card> trick, Strain strain) {
    if (trick.size() != 4) {
      throw new IllegalArgumentException("a trick has 4 cards, not " + trick.size());
    }
    return TrickWinner.index(trick, strain.trumpOrNull());
  }

  /** The seat that won each complete trick of a play in the order played. */
  public static List<Seat> winners(List<PlayedCard> play, Strain strain) {
    List<Seat> out = new ArrayList<>(13);
    for (int t = 0; t + 4 <= play.size(); t += 4) {
      List<PlayedCard> trick = play.subList(t, t + 4);
      out.add(trick.get(winningIndex(trick.stream().map(PlayedCard::card).toList(), strain))
          .seat());
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * The seat of each card of a play listed in the order played (as LIN lists it): the opening
   * leader leads, the others follow clockwise, the winner of each trick leads to the next.
   */
  public static List<Seat> seats(Seat openingLeader, List<Card> cards, Strain strain) {
    List<Seat> out = new ArrayList<>(cards.size());
    Seat leader = openingLeader;
    for (int t = 0; t < cards.size(); t += 4) {
      int n = Math.min(4, cards.size() - t);
      for (int i = 0; i < n; i++) {
        out.add(leader.next(i));
      }
      if (n == 4) {
        leader = leader.next(winningIndex(cards.subList(t, t + 4), strain));
      }
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * PBN's columns to the order of play. Each trick has four slots in fixed seat order starting at
   * the opening leader ({@code openingLeader.next(i)} is slot {@code i}); an empty slot is a card
   * not known or not played. A trick is led by the winner of the one before, or by the seat
   * whose card is marked {@link Irregularity#LEAD_OUT_OF_TURN}. The result stops at the first
   * card that is not known, since the order after it cannot be worked out.
   */
  public static List<PlayedCard> playOrder(
      Seat openingLeader, List<List<Optional<PlayedCard>>> tricks, Strain strain) {
    List<PlayedCard> out = new ArrayList<>(52);
    Seat leader = openingLeader;
    for (List<Optional<PlayedCard>> slots : tricks) {
      for (int i = 0; i < slots.size(); i++) {
        Optional<PlayedCard> slot = slots.get(i);
        if (slot.isPresent() && slot.get().irregularity().orElse(null)
            == Irregularity.LEAD_OUT_OF_TURN) {
          leader = openingLeader.next(i);
        }
      }
      List<PlayedCard> trick = new ArrayList<>(4);
      for (int i = 0; i < 4; i++) {
        int column = openingLeader.distanceTo(leader.next(i));
        if (column >= slots.size() || slots.get(column).isEmpty()) {
          out.addAll(trick);
          return Collections.unmodifiableList(out);
        }
        trick.add(slots.get(column).get());
      }
      out.addAll(trick);
      leader = trick.get(winningIndex(trick.stream().map(PlayedCard::card).toList(), strain))
          .seat();
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * The order of play to PBN's columns: each group of four cards is one trick, each card goes
   * to its seat's slot counted clockwise from the opening leader; slots of an unfinished trick
   * stay empty.
   */
  public static List<List<Optional<PlayedCard>>> columns(
      Seat openingLeader, List<PlayedCard> play) {
    List<List<Optional<PlayedCard>>> out = new ArrayList<>(13);
    for (int t = 0; t < play.size(); t += 4) {
      List<Optional<PlayedCard>> slots = new ArrayList<>(
          Collections.nCopies(4, Optional.<PlayedCard>empty()));
      for (PlayedCard c : play.subList(t, Math.min(t + 4, play.size()))) {
        int column = openingLeader.distanceTo(c.seat());
        if (slots.get(column).isPresent()) {
          throw new IllegalArgumentException(
              "trick " + (t / 4 + 1) + ": " + c.seat() + " plays twice ("
                  + slots.get(column).get().card() + ", " + c.card() + ")");
        }
        slots.set(column, Optional.of(c));
      }
      out.add(Collections.unmodifiableList(slots));
    }
    return Collections.unmodifiableList(out);
  }
}
