package org.tenace.solver;

import java.util.Objects;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * What one card of a play did to the double-dummy result: the tricks declarer's side would take
 * with best play from then on (those already won included) before the card and after it. A card
 * that keeps the result costs nothing; a card that lets a trick go costs one.
 *
 * @param seat the seat that played it
 * @param card the card
 * @param before declarer's side's tricks, double dummy, before the card
 * @param after the same after the card
 * @param declarerSide whether {@code seat} is declarer or dummy
 */
public record CardCost(Seat seat, Card card, int before, int after, boolean declarerSide) {

  public CardCost {
    Objects.requireNonNull(seat, "seat");
    Objects.requireNonNull(card, "card");
  }

  /** The tricks the card gave away to the other side (0 when it kept the result). */
  public int cost() {
    return declarerSide ? before - after : after - before;
  }
}
