package org.tenace.server.engine;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

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
    Require.nonNull("law offender card", law, offender, card);
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

  /** The lead out of turn this option is about; none for a lead restriction (26, 50D2). */
  public Optional<Irregularity> irregularity() {
    return card.map(c -> new Irregularity(Irregularity.Kind.OUT_OF_TURN, law, offender,
        java.util.OptionalInt.empty(), Optional.of(c), description()));
  }

  /** What happened and what each choice does, in words for players. */
  public String description() {
    String suits = String.join(" or ", choices.stream().flatMap(c -> c.suit().stream())
        .distinct().map(s -> s.name().toLowerCase(java.util.Locale.ROOT)).toList());
    Seat leader = offender.partner();
    String led = card.map(c -> offender + " led " + c.symbol() + " out of turn").orElse("");
    return switch (law) {
      case "54" -> led + " (Law 54): declarer may accept it and play second, accept it and"
          + " become dummy (partner declares), or refuse it (it becomes a major penalty card and"
          + " the right defender leads)";
      case "53" -> led + " (Law 53): declarer may accept it, or refuse it (it becomes a major"
          + " penalty card and the right hand leads)";
      case "55" -> led + " (Law 55): either defender may accept it, or refuse it (the lead is"
          + " made from the right hand)";
      case "26" -> offender + "'s withdrawn call gives a lead penalty (Law 26): declarer may"
          + " forbid " + leader + " to lead " + suits + " while " + leader + " keeps the lead, or"
          + " waive it";
      case "50D2" -> leader + " is on lead and " + offender + " has a major penalty card (Law"
          + " 50D2): declarer may require or forbid the lead of " + suits + " (the penalty"
          + " card of that suit is then picked up), or leave the lead free";
      default -> "Law " + law + ": " + choices;
    };
  }

  @Override
  public String toString() {
    return "L" + law + " " + holders + " " + choices;
  }
}
