package org.tenace.server.engine.honeymoon;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.check.Require;

/**
 * A two-player deal: 13 cards to each player and the 26-card stock, face down, in the order it
 * is drawn (its first card is turned up first). The stock's order is part of the deal, so it is
 * logged with it and a restarted server draws the same cards.
 */
public record TwoPlayerDeal(Hand north, Hand south, List<Card> stock) {
  public TwoPlayerDeal {
    Require.nonNull("north south", north, south);
    stock = List.copyOf(stock);
    if (north.size() != 13 || south.size() != 13 || stock.size() != 26) {
      throw new IllegalArgumentException("13 cards each and 26 in the stock");
    }
    HashSet<Card> all = new HashSet<>(stock);
    all.addAll(north.cards());
    all.addAll(south.cards());
    if (all.size() != 52) {
      throw new IllegalArgumentException("a card is dealt twice");
    }
  }

  /** A shuffle of the pack by {@code random}: North's 13, South's 13, then the stock. */
  public static TwoPlayerDeal shuffle(Random random) {
    List<Card> pack = new ArrayList<>(52);
    for (int i = 0; i < 52; i++) {
      pack.add(Card.of(i));
    }
    Collections.shuffle(pack, random);
    return new TwoPlayerDeal(Hand.of(pack.subList(0, 13)), Hand.of(pack.subList(13, 26)),
        pack.subList(26, 52));
  }
}
