package org.tenace.cli.twoplayer;

import java.util.Locale;
import java.util.Optional;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Suit;

/**
 * What a player types at a two-player table: a call (P or pass, or a bid such as 1S, 2NT, 3N)
 * or a card (suit then rank, or rank then suit: SA, as, 10H, HT, H10). Anything else is empty.
 */
public final class TwoPlayerInput {
  private TwoPlayerInput() {}

  public static Optional<Call> call(String text) {
    String t = text.trim().toUpperCase(Locale.ROOT).replace(" ", "");
    if (t.equals("P") || t.equals("PASS")) {
      return Optional.of(Call.Other.PASS);
    }
    if (t.endsWith("N") && !t.endsWith("NT")) {
      t = t + "T";
    }
    try {
      return Optional.of(Bid.parse(t));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  public static Optional<Card> card(String text) {
    String t = text.trim().toUpperCase(Locale.ROOT).replace(" ", "").replace("10", "T");
    if (t.length() != 2) {
      return Optional.empty();
    }
    Optional<Card> c = of(t.charAt(0), t.charAt(1));
    return c.isPresent() ? c : of(t.charAt(1), t.charAt(0));
  }

  private static Optional<Card> of(char suit, char rank) {
    try {
      return Optional.of(Card.of(Suit.parse(suit), Rank.parse(rank)));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }
}
