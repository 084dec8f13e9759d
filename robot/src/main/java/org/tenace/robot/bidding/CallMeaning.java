package org.tenace.robot.bidding;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tenace.robot.AuctionCall;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * What a call of the auction means as the house system reads it, in one sentence for a person
 * at the table ({@code explain 3} in the terminal): its alert's words when it is conventional,
 * else what it shows (strength, lengths, balance) and whether it is forcing. The reading is the
 * one the robots play by, so it is what a robot partner's call says and what the robots take an
 * opponent's call to say.
 */
public final class CallMeaning {
  private CallMeaning() {}

  /**
   * The meaning of call {@code number} (1 for the dealer's first) of {@code calls}, as
   * {@code viewer} reads the auction; empty words if there is no such call.
   */
  public static String of(Seat dealer, Vulnerability vulnerability, List<AuctionCall> calls,
      Seat viewer, int number) {
    if (number < 1 || number > calls.size()) {
      throw new IllegalArgumentException("the auction has " + calls.size() + " call"
          + (calls.size() == 1 ? "" : "s") + ": give a number from 1 to " + calls.size());
    }
    AuctionReading r = AuctionReading.read(dealer, vulnerability, calls.subList(0, number),
        viewer);
    AuctionReading.Entry e = r.entries().get(number - 1);
    return e.call() + " by " + name(e.seat()) + ": " + words(e.rule());
  }

  /** What {@code rule} says, in words. */
  static String words(BidRule rule) {
    if (rule.convention() == Convention.UNKNOWN) {
      return "alerted, and not in the house system: the robots read nothing into it";
    }
    if (rule.isAlerted()) {
      return Bidder.explanation(rule);
    }
    List<String> parts = new ArrayList<>();
    if (rule.convention() == Convention.PENALTY_DOUBLE) {
      parts.add("for penalty");
    } else if (rule.convention() == Convention.STRENGTH_REDOUBLE) {
      parts.add("strength");
    }
    Showing s = rule.showing();
    String unit = rule.measure() == Measure.HCP ? " HCP" : rule.measure() == Measure.SUPPORT
        ? " support points" : " points";
    boolean low = s.minPoints() > 0;
    boolean high = s.maxPoints() < Showing.MAX_POINTS;
    if (low && high) {
      parts.add(s.minPoints() + "-" + s.maxPoints() + unit);
    } else if (low) {
      parts.add(s.minPoints() + "+" + unit);
    } else if (high) {
      parts.add("at most " + s.maxPoints() + unit);
    }
    for (int i = 3; i >= 0; i--) {
      Suit suit = Suit.of(i);
      int min = s.minLength(suit);
      int max = s.maxLength(suit);
      String name = suit.name().toLowerCase(Locale.ROOT);
      if (min > 0 && max < 13) {
        parts.add(min == max ? min + " " + name : min + "-" + max + " " + name);
      } else if (min > 0) {
        parts.add(min + "+ " + name);
      } else if (max < 13) {
        parts.add("at most " + max + " " + name);
      }
    }
    if (s.isBalanced()) {
      parts.add("balanced");
    }
    if (rule.force() == Force.GAME) {
      parts.add("forcing to game");
    } else if (rule.force() == Force.ONE_ROUND) {
      parts.add("forcing");
    }
    if (parts.isEmpty()) {
      return rule.call() == Call.PASS ? "nothing more to show" : "natural";
    }
    return (rule.call() == Call.PASS ? "pass, " : "natural, ") + String.join(", ", parts);
  }

  private static String name(Seat s) {
    String n = s.name().toLowerCase(Locale.ROOT);
    return Character.toUpperCase(n.charAt(0)) + n.substring(1);
  }
}
