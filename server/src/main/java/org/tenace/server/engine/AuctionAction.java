package org.tenace.server.engine;

import java.util.Objects;
import java.util.Set;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * One command to the auction, as a table receives it and logs it: {@link Auction#apply} runs it,
 * and replaying the same actions from {@link Auction#start} gives the same auction. The board's
 * own commands to the auction (a call, a change of call, an undo, a ruling decided) are its
 * {@link BoardAction}s themselves; the records here say what its other commands become. Not
 * sealed, so that the board's records can be both without the two families naming each other.
 */
public interface AuctionAction {

  /** The holder of the pending option accepts the irregular call. */
  record Accept(Seat seat) implements AuctionAction {
    public Accept {
      Objects.requireNonNull(seat, "seat");
    }
  }

  /** The holder of the pending option refuses the irregular call. */
  record Refuse(Seat seat) implements AuctionAction {
    public Refuse {
      Objects.requireNonNull(seat, "seat");
    }
  }

  /** Laws mode, Law 24: {@code seat} exposed {@code cards} (or led one) during the auction. */
  record ExposeCards(Seat seat, Set<Card> cards, boolean led) implements AuctionAction {
    public ExposeCards {
      Objects.requireNonNull(seat, "seat");
      cards = Set.copyOf(cards);
    }
  }

  /** Someone draws attention to the outstanding irregularity (attention {@code WHEN_DRAWN}). */
  record DrawAttention() implements AuctionAction {}

  /** The opening lead has been faced: the auction period is over (Law 17D1). */
  record EndAuctionPeriod() implements AuctionAction {}
}
