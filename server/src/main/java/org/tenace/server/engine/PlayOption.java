package org.tenace.server.engine;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Seat;

/**
 * A choice the Laws give a player before play goes on (laws mode): whether to accept a lead out of
 * turn (53, 54, 55), or which lead to require or ban (26, 50D2). While it is open no card may be
 * played, except that the next hand playing to an irregular lead accepts it (53A).
 *
 * @param law the Law that gives the option, such as {@code 54} or {@code 50D2}
 * @param offender the seat (hand) whose irregularity gave rise to it
 * @param card the card led out of turn, when that is the irregularity
 * @param holders who may choose; for Law 55 either defender
 * @param choices the answers open, the first being what the Laws suggest when nobody chooses
 */
public record PlayOption(
    String law, Seat offender, Optional<Card> card, Set<Seat> holders, List<PlayChoice> choices) {
  public PlayOption {
    Objects.requireNonNull(law, "law");
    Objects.requireNonNull(offender, "offender");
    Objects.requireNonNull(card, "card");
    holders = Set.copyOf(holders);
    choices = List.copyOf(choices);
    if (holders.isEmpty() || choices.isEmpty()) {
      throw new IllegalArgumentException("an option has holders and choices");
    }
  }

  /** True for Laws 53-55: a card was led out of turn and waits for acceptance. */
  public boolean isLeadOutOfTurn() {
    return card.isPresent();
  }

  @Override
  public String toString() {
    return "L" + law + " " + holders + " " + choices;
  }
}
