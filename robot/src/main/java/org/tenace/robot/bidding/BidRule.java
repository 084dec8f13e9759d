package org.tenace.robot.bidding;

import java.util.function.Predicate;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;

/**
 * One line of the house system: a call, what it shows (read by partner and opponents), the extra
 * test a hand must pass to choose it, and whether it is conventional or forcing. The same rules
 * drive bidding and the reading of the auction, so the robot understands its partner's calls by
 * its own system.
 */
public record BidRule(
    Call call,
    Showing showing,
    Measure measure,
    Predicate<HandEvaluation> test,
    Convention convention,
    String explanation,
    Force force,
    boolean showingChecked) {

  public BidRule {
    Require.nonNull("call showing measure test convention force",
        call, showing, measure, test, convention, force);
    explanation = explanation == null ? "" : explanation;
  }

  /** A natural call showing {@code showing}, points counted with length. */
  public static BidRule of(Call call, Showing showing) {
    return new BidRule(call, showing, Measure.POINTS, h -> true, Convention.NATURAL, "", Force.NONE, true);
  }

  public BidRule when(Predicate<HandEvaluation> more) {
    return new BidRule(call, showing, measure, test.and(more), convention, explanation, force, showingChecked);
  }

  public BidRule by(Measure m) {
    return new BidRule(call, showing, m, test, convention, explanation, force, showingChecked);
  }

  /** A conventional call, alerted with this explanation. */
  public BidRule alert(Convention c, String text) {
    return new BidRule(call, showing, measure, test, c, text, force, showingChecked);
  }

  /** A call with a known meaning that needs no alert (Blackwood's cousins, penalty doubles). */
  public BidRule meaning(Convention c) {
    return new BidRule(call, showing, measure, test, c, explanation, force, showingChecked);
  }

  public BidRule forcing() {
    return new BidRule(call, showing, measure, test, convention, explanation, Force.ONE_ROUND, showingChecked);
  }

  public BidRule gameForcing() {
    return new BidRule(call, showing, measure, test, convention, explanation, Force.GAME, showingChecked);
  }

  /**
   * A rule decided by its test alone: the showing is only what the call tells the other seats
   * (for the general rules, whose choice weighs more than one range).
   */
  public BidRule decidedByTest() {
    return new BidRule(call, showing, measure, test, convention, explanation, force, false);
  }

  /** Whether the hand may make this call: it fits the showing and passes the extra test. */
  public boolean matches(HandEvaluation hand) {
    return (!showingChecked || showing.admits(hand, measure.of(hand, suit()))) && test.test(hand);
  }

  /** Whether opponents are told about this call (a conventional meaning with an explanation). */
  public boolean isAlerted() {
    return convention.isArtificial() && !explanation.isEmpty();
  }

  /** The suit a natural bid names, else null. */
  public Suit suit() {
    if (call instanceof Bid b && !convention.isArtificial()) {
      return b.strain().trumpOrNull();
    }
    return null;
  }

  @Override
  public String toString() {
    return call + " " + showing + (convention == Convention.NATURAL ? "" : " " + convention);
  }
}
