package org.tenace.server.engine;

import java.util.List;
import java.util.Optional;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;

/**
 * The rarely changing part of a play's state, shared between states until it changes. Written
 * only while a transition builds it; never changed once a {@link Play} holds it.
 */
final class PlayStatus implements Cloneable {
  /** How play ended: played out ({@code remaining} 0), or a claim settled the remaining tricks. */
  record Ending(Side claimerSide, int toClaimer, int remaining, Claim claim) {}

  Seat declarer;
  boolean leadFaced;
  boolean leadFaceDown;
  boolean dummyFaced;
  Penalties penalties;
  PlayOption option;
  Claims claims;
  Revokes revokes = Revokes.NONE;
  Ending ending;
  /** Who exercised the last option: Law 55A lets the other defender overrule at once. */
  Seat chosenBy;
  /** The irregularities of the play found so far (laws mode), each once, in order. */
  List<Irregularity> found = List.of();

  PlayStatus copy() {
    try {
      return (PlayStatus) clone();
    } catch (CloneNotSupportedException e) {
      throw new AssertionError(e);
    }
  }

  /** The refusal for a card sent when no play is going on (during the auction, after the board). */
  static RuleViolationException notPlaying() {
    return new RuleViolationException(Violation.NOT_PLAYING, "no play in this phase");
  }

  /** Why nothing but a decision may happen now: the play is over, a claim or an option is open. */
  Optional<RuleViolationException> heldUp() {
    if (ending != null) {
      return Optional.of(notPlaying());
    }
    if (claims.open() != null) {
      return Optional.of(new RuleViolationException(Violation.CLAIM_PENDING, "play is suspended"));
    }
    return option != null ? Optional.of(pendingDecision()) : Optional.empty();
  }

  /** The refusal while the option is open: its holders must choose first. */
  RuleViolationException pendingDecision() {
    PlayOption o = option;
    return new RuleViolationException(Violation.DECISION_PENDING,
        String.join("/", o.holders().stream().sorted().map(Seat::toString).toList())
            + " must choose first (Law " + o.law() + ": " + o.choices() + ")");
  }
}
