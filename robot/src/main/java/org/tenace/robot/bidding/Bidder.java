package org.tenace.robot.bidding;

import org.tenace.bridge.auction.CallChoice;
import org.tenace.robot.CallView;
import org.tenace.robot.Scoring;
import org.tenace.bridge.auction.Call;

/**
 * Chooses a call for a seat by the house system: the first rule the hand matches among the legal
 * calls. Never answers outside the legal calls; when the system has nothing to say (or fails on an
 * odd auction) it passes, or makes the first legal call if a pass is not legal.
 */
public final class Bidder {
  /** The judgement of the unsure calls by simulation, or null: the rules alone. */
  private final Simulation simulation;

  /** The rules alone: every call the first rule the hand matches. */
  public Bidder() {
    this.simulation = null;
  }

  private Bidder(Simulation simulation) {
    this.simulation = simulation;
  }

  /**
   * The rules, and where a rule is unsure (game, slam, a save, a part-score fight) the call a
   * simulation finds best for {@code scoring} ({@link Simulation}), its layouts seeded by
   * {@code tableSeed}.
   */
  public static Bidder simulating(Scoring scoring, long tableSeed) {
    return new Bidder(new Simulation(scoring, tableSeed));
  }

  /**
   * The most rules the system builds for one turn. Reading an auction of n calls and choosing
   * builds at most (n + 1) times this many rules, each checked in constant time: a decision takes
   * microseconds, however odd the auction.
   */
  public static final int MAX_RULES_PER_TURN = 120;

  /** The call for this view; always one of {@code view.legalCalls()}. */
  public CallChoice choose(CallView view) {
    try {
      return decide(view);
    } catch (RuntimeException e) {
      return fallback(view);
    }
  }

  /** Like {@link #choose}, but lets a failure of the system surface (for tests). */
  public CallChoice decide(CallView view) {
    AuctionReading reading =
        AuctionReading.read(view.dealer(), view.vulnerability(), view.calls(), view.seat());
    BiddingContext ctx = new BiddingContext(reading, view.seat());
    HandEvaluation hand = HandEvaluation.of(view.hand());
    for (BidRule r : BiddingSystem.rules(ctx)) {
      if (view.legalCalls().contains(r.call()) && r.matches(hand)) {
        Call judged = simulation == null ? r.call()
            : simulation.reconsider(ctx, reading, view.hand(), view.calls(), r, view.legalCalls());
        BidRule made = judged.equals(r.call()) ? r : BiddingSystem.explain(ctx, judged);
        return made.isAlerted()
            ? CallChoice.alerted(made.call(), explanation(made))
            : CallChoice.natural(made.call());
      }
    }
    return fallback(view);
  }

  /**
   * What an alerted call tells the opponents: the rule's own words, and the strength it shows
   * when they do not say it ({@code Stayman: asks for a four-card major, 8+ HCP}).
   */
  static String explanation(BidRule r) {
    String text = r.explanation();
    Showing s = r.showing();
    if (text.matches(".*\\d.*") || r.measure() == Measure.SUPPORT) {
      return text;
    }
    boolean low = s.minPoints() > 0;
    boolean high = s.maxPoints() < Showing.MAX_POINTS;
    String unit = r.measure() == Measure.HCP ? " HCP" : " points";
    if (low && high) {
      return text + ", " + s.minPoints() + "-" + s.maxPoints() + unit;
    }
    if (low) {
      return text + ", " + s.minPoints() + "+" + unit;
    }
    return high ? text + ", at most " + s.maxPoints() + unit : text;
  }

  /** The rules built to reach the decision for this view: the work, for tests of the bound. */
  public int rulesBuilt(CallView view) {
    AuctionReading r = AuctionReading.start(view.dealer(), view.vulnerability());
    int work = 0;
    for (org.tenace.robot.AuctionCall c : view.calls()) {
      BiddingContext ctx = new BiddingContext(r, c.seat());
      work += BiddingSystem.rules(ctx).size();
      r = r.then(c.seat(), c.call(), BiddingSystem.explain(ctx, c.call()));
    }
    return work + BiddingSystem.rules(new BiddingContext(r, view.seat())).size();
  }

  private static CallChoice fallback(CallView view) {
    return CallChoice.natural(
        view.legalCalls().contains(Call.PASS) ? Call.PASS : view.legalCalls().get(0));
  }
}
