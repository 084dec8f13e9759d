package org.tenace.robot.bidding;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.tenace.bridge.check.Require;
import org.tenace.robot.AuctionCall;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * The auction read by the house system: for each call, the rule that explains it, and for each
 * seat what its calls have shown so far. Built call by call, so each call is read in the context
 * its caller saw.
 */
public final class AuctionReading {

  /** One call and the rule that explains it. */
  public record Entry(Seat seat, Call call, BidRule rule) {
    public Entry {
      Require.nonNull("seat call rule", seat, call, rule);
    }
  }

  private final Seat dealer;
  private final Vulnerability vulnerability;
  private final List<Entry> entries;
  private final List<Showing> shown;

  private AuctionReading(Seat dealer, Vulnerability vulnerability, List<Entry> entries, List<Showing> shown) {
    this.dealer = dealer;
    this.vulnerability = vulnerability;
    this.entries = entries;
    this.shown = shown;
  }

  public static AuctionReading start(Seat dealer, Vulnerability vulnerability) {
    return new AuctionReading(
        Objects.requireNonNull(dealer, "dealer"),
        Objects.requireNonNull(vulnerability, "vulnerability"),
        List.of(),
        List.of(Showing.ANY, Showing.ANY, Showing.ANY, Showing.ANY));
  }

  /**
   * Reads the calls as {@code viewer} sees them. An opponent's alerted call that the house system
   * reads as natural is taken as unknown: nothing is read into it.
   */
  public static AuctionReading read(
      Seat dealer, Vulnerability vulnerability, List<AuctionCall> calls, Seat viewer) {
    AuctionReading r = start(dealer, vulnerability);
    for (AuctionCall c : calls) {
      BidRule rule = BiddingSystem.explain(new BiddingContext(r, c.seat()), c.call());
      if (c.alert() && c.seat().side() != viewer.side() && !rule.convention().isArtificial()) {
        rule = BidRule.of(c.call(), Showing.ANY).meaning(Convention.UNKNOWN);
      }
      r = r.then(c.seat(), c.call(), rule);
    }
    return r;
  }

  /** This reading with one more call explained by {@code rule}. */
  public AuctionReading then(Seat seat, Call call, BidRule rule) {
    List<Entry> e = new ArrayList<>(entries);
    e.add(new Entry(seat, call, rule));
    List<Showing> s = new ArrayList<>(shown);
    s.set(seat.ordinal(), shown.get(seat.ordinal()).and(rule.showing()));
    return new AuctionReading(dealer, vulnerability, List.copyOf(e), List.copyOf(s));
  }

  public Seat dealer() {
    return dealer;
  }

  public Vulnerability vulnerability() {
    return vulnerability;
  }

  public List<Entry> entries() {
    return entries;
  }

  /** What this seat's calls have shown so far. */
  public Showing shown(Seat seat) {
    return shown.get(seat.ordinal());
  }

  /**
   * Whether {@code seat} holding {@code whole} could have made each of its calls by the rule the
   * house system reads it by ({@link BidRule#matches}: its range in the rule's own count of points
   * and the rule's test), with the suit lengths and the balanced shape its calls showed together.
   */
  public boolean admits(Seat seat, Hand whole) {
    Showing s = shown(seat);
    for (Suit suit : Suit.values()) {
      int n = whole.length(suit);
      if (n < s.minLength(suit) || n > s.maxLength(suit)) {
        return false;
      }
    }
    HandEvaluation hand = HandEvaluation.of(whole);
    if (s.isBalanced() && !hand.isBalanced()) {
      return false;
    }
    for (Entry e : entries) {
      if (e.seat() == seat && !e.rule().matches(hand)) {
        return false;
      }
    }
    return true;
  }
}
