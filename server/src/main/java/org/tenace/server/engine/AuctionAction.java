package org.tenace.server.engine;

import java.util.Objects;
import java.util.Set;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Seat;

/**
 * One command to the auction, as a table receives it and logs it: {@link Auction#apply} runs it,
 * and replaying the same actions from {@link Auction#start} gives the same auction.
 */
public sealed interface AuctionAction {

  /** A call (or, in laws mode, a bid above seven) by a seat. */
  record MakeCall(Seat seat, Utterance said, Alert alert) implements AuctionAction {
    public MakeCall {
      Objects.requireNonNull(seat, "seat");
      Objects.requireNonNull(said, "said");
      Objects.requireNonNull(alert, "alert");
    }

    public static MakeCall of(Seat seat, Call call) {
      return new MakeCall(seat, Utterance.of(call), Alert.NONE);
    }
  }

  /** A seat asks to replace its last call: online an undo and a new call; laws mode 25A/21B1. */
  record ChangeCall(Seat seat, Utterance said, Alert alert, ChangeReason reason)
      implements AuctionAction {
    public ChangeCall {
      Objects.requireNonNull(seat, "seat");
      Objects.requireNonNull(said, "said");
      Objects.requireNonNull(alert, "alert");
      Objects.requireNonNull(reason, "reason");
    }
  }

  /** Online: the seat takes back its latest call (Law 25A); the policy is the table's. */
  record Undo(Seat seat) implements AuctionAction {
    public Undo {
      Objects.requireNonNull(seat, "seat");
    }
  }

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

  /** A director (or the default, or the table) settles a ruling. */
  record Decide(int rulingId, String choice, Ruling.DecidedBy by) implements AuctionAction {
    public Decide {
      Objects.requireNonNull(choice, "choice");
      Objects.requireNonNull(by, "by");
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
