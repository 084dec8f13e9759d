package org.tenace.server.engine;

import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * An irregularity a laws-mode table announces, once, when it is found: an irregular call or card,
 * recorded rather than refused and rectified as the Laws say, whether it gives a player an option
 * (Laws 25B, 27, 29, 53-55) or is rectified at once (36-39). A revoke (61-64) is found only when
 * it is corrected or when the board ends, since the Laws keep it quiet until then.
 *
 * @param law the Law that applies, such as {@code 27} or {@code 54}
 * @param callIndex the irregular call's index in the auction record, for a call
 * @param card the card led out of turn, for a lead
 */
public record Irregularity(Kind kind, String law, Seat offender, OptionalInt callIndex,
    Optional<Card> card, String description) {
  /** What the offender did. */
  public enum Kind {
    /** Law 27: a bid not higher than the last one. */
    INSUFFICIENT_BID,
    /** Laws 28-32, 53-55: a call or lead by the wrong player. */
    OUT_OF_TURN,
    /** Law 25B: a call changed after it was made. */
    CHANGE_OF_CALL,
    /** Law 36: a double Law 19A does not permit. */
    INADMISSIBLE_DOUBLE,
    /** Law 36: a redouble Law 19B does not permit. */
    INADMISSIBLE_REDOUBLE,
    /** Law 37: a bid, double or redouble by a seat that must pass. */
    CALL_BARRED,
    /** Law 38: a bid above seven. */
    BID_ABOVE_SEVEN,
    /** Law 39: a call after the final pass. */
    CALL_AFTER_FINAL_PASS,
    /** Laws 61-64: a failure to follow suit when able. */
    REVOKE
  }

  public Irregularity {
    Require.nonNull("kind law offender callIndex card description",
        kind, law, offender, callIndex, card, description);
    if (callIndex.isPresent() == card.isPresent()) {
      throw new IllegalArgumentException("an irregularity is a call or a card");
    }
  }

  /** An irregular call at {@code callIndex} of the auction record. */
  static Irregularity ofCall(Kind kind, String law, Seat offender, int callIndex,
      String description) {
    return new Irregularity(kind, law, offender, OptionalInt.of(callIndex), Optional.empty(),
        description);
  }

  /** Law 62: a revoke corrected when attention was drawn to it before it was established. */
  static Irregularity revokeCorrected(Revoke r, boolean defender) {
    return new Irregularity(Kind.REVOKE, "62", r.offender(), OptionalInt.empty(),
        Optional.of(r.card()), revoked(r) + ": corrected before it was established, the card"
            + " goes back" + (defender ? " as a major penalty card" : "") + " (Law 62)");
  }

  /** Law 64: an established revoke, told when play has ended, with the tricks it moves. */
  static Irregularity revokeEstablished(PlayResult.Transfer t) {
    Revoke r = t.revoke();
    String to = r.offender().side() == org.tenace.bridge.card.Side.NS
        ? "East-West" : "North-South";
    String moved = t.tricks() == 0 ? "no trick transferred"
        : t.tricks() + (t.tricks() == 1 ? " trick" : " tricks") + " to " + to;
    return new Irregularity(Kind.REVOKE, t.law(), r.offender(), OptionalInt.empty(),
        Optional.of(r.card()), revoked(r) + ", established: " + moved + " (Law " + t.law()
            + ")");
  }

  private static String revoked(Revoke r) {
    String suit = r.led().name().toLowerCase(java.util.Locale.ROOT);
    return r.offender().word() + " revoked in trick " + r.trick() + " (played "
        + r.card().symbol() + " holding a " + suit.substring(0, suit.length() - 1) + ")";
  }
}
