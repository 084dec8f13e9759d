package org.tenace.server.engine.honeymoon;

import java.util.Optional;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Seat;

/**
 * A deal's result. Tricks are those of the scored phase with the handicap applied (the receiver
 * counts its tricks plus the handicap, at most 13; the other the rest). Scores are per player:
 * at honeymoon the contract's duplicate score (Law 77) to the declarer and its negation to the
 * other; in the simpler forms, which have no contract, each player's tricks.
 */
public record TwoPlayerResult(Optional<Contract> contract, boolean passedOut, int northTricks,
    int southTricks, int northScore, int southScore) {

  public int tricks(Seat seat) {
    return seat == Seat.NORTH ? northTricks : southTricks;
  }

  public int score(Seat seat) {
    return seat == Seat.NORTH ? northScore : southScore;
  }
}
