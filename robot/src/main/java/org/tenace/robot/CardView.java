package org.tenace.robot;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;

/**
 * Everything a seat may see when it is its turn to play: the auction, the contract, the seat it
 * plays for (declarer also plays dummy's cards), its own remaining cards, dummy's remaining cards
 * once faced, the finished tricks, the trick in progress and the legal cards the server sent.
 */
public record CardView(
    Seat seat,
    Seat dealer,
    Vulnerability vulnerability,
    List<AuctionCall> auction,
    Contract contract,
    Seat playsFor,
    Hand hand,
    Optional<Hand> dummy,
    List<Trick> tricks,
    Trick current,
    List<Card> legalCards) {

  public CardView {
    Require.nonNull("seat dealer vulnerability", seat, dealer, vulnerability);
    auction = List.copyOf(Objects.requireNonNull(auction, "auction"));
    Require.nonNull("contract playsFor hand dummy", contract, playsFor, hand, dummy);
    tricks = List.copyOf(Objects.requireNonNull(tricks, "tricks"));
    Objects.requireNonNull(current, "current");
    legalCards = List.copyOf(Objects.requireNonNull(legalCards, "legalCards"));
    if (seat == contract.dummy()) {
      throw new IllegalArgumentException("dummy's seat never plays: declarer " + contract.declarer()
          + " plays for " + seat);
    }
    if (playsFor != seat && !(seat == contract.declarer() && playsFor == contract.dummy())) {
      throw new IllegalArgumentException(seat + " cannot play for " + playsFor);
    }
    if (current.isComplete()) {
      throw new IllegalArgumentException("the current trick is already complete: " + current.cards());
    }
    if (current.turn() != playsFor) {
      throw new IllegalArgumentException(
          "it is " + current.turn() + "'s turn in the current trick, not " + playsFor + "'s");
    }
    for (Trick t : tricks) {
      if (!t.isComplete()) {
        throw new IllegalArgumentException("a finished trick has four cards: " + t.cards());
      }
    }
    if (legalCards.isEmpty()) {
      throw new IllegalArgumentException("no legal cards for " + playsFor + ": nothing to choose from");
    }
    Hand source = playsFor == seat ? hand : dummy.orElseThrow(() ->
        new IllegalArgumentException("declarer plays from dummy before dummy is faced"));
    for (Card c : legalCards) {
      if (!source.contains(c)) {
        throw new IllegalArgumentException("legal card " + c + " is not in " + playsFor + "'s hand");
      }
    }
  }

  /** The trump suit, null at notrump. */
  public Suit trump() {
    return contract.strain().trumpOrNull();
  }

  /** The cards of the hand this seat plays for now. */
  public Hand playingHand() {
    return playsFor == seat ? hand : dummy.orElseThrow();
  }

  /** Whether this is the opening lead: no card played yet. */
  public boolean isOpeningLead() {
    return tricks.isEmpty() && current.isEmpty();
  }
}
