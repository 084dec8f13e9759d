package org.tenace.robot.play;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tenace.robot.Trick;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.card.TrickWinner;

/**
 * What partner's attitude signals say about its hand, as the house robots signal
 * (docs/robot-system.md §11): a defender who follows to its partner's lead without trying to win
 * the trick plays its highest spot below the ten when it holds the ace, king or queen of the
 * suit, else its lowest card. So a defender reads its partner's card on its own lead: a spot that
 * is not partner's lowest encourages (partner held an honour, and no higher spot below the ten),
 * its lowest discourages (no honour, unless that spot was its only one below the ten). The
 * sampler keeps to layouts that agree with these signals in all but its last tries, where only the
 * play binds (a strong robot plays the signal's card only when it costs nothing double dummy).
 */
final class Signals {
  private Signals() {}

  /**
   * One signal: partner's {@code card} on our lead of its suit, and the cards of that suit
   * partner played from that trick on (its holding then is those and what it holds now).
   */
  record Signal(Seat partner, Card card, Hand playedSince) {}

  /** The signals this defender's partner gave on its leads; none for declarer's side. */
  static List<Signal> read(PlayState st) {
    List<Signal> out = new ArrayList<>();
    if (st.isDeclaringSide()) {
      return out;
    }
    Seat me = st.view().seat();
    Seat partner = me.partner();
    List<Trick> tricks = new ArrayList<>(st.view().tricks());
    if (st.current().cards().size() >= 3) {
      tricks.add(st.current());
    }
    for (int i = 0; i < tricks.size(); i++) {
      Trick t = tricks.get(i);
      if (t.leader() != me || t.cards().size() < 3) {
        continue;
      }
      Card led = t.cards().get(0);
      Card second = t.cards().get(1);
      Card card = t.cards().get(2); // partner follows third on our lead
      Suit suit = led.suit();
      if (card.suit() != suit || card.rank().compareTo(Rank.TEN) >= 0) {
        continue; // a ruff, a discard, or an honour: no attitude signal
      }
      Card winning = TrickWinner.beats(second, led, st.trump()) ? second : led;
      if (TrickWinner.beats(card, winning, st.trump())) {
        continue; // played to win the trick, not to signal
      }
      Hand since = Hand.EMPTY;
      for (int j = i; j < tricks.size(); j++) {
        Card c = tricks.get(j).cardOf(partner);
        if (c != null && c.suit() == suit) {
          since = since.with(c);
        }
      }
      out.add(new Signal(partner, card, since));
    }
    return out;
  }

  /** Whether partner's hand in {@code layout} gave every signal as the house robots signal. */
  static boolean fit(List<Signal> signals, Map<Seat, Hand> layout) {
    for (Signal s : signals) {
      Hand now = layout.get(s.partner());
      if (now == null) {
        continue; // partner is in view (dummy): nothing to infer
      }
      Suit suit = s.card().suit();
      Hand then = now.suit(suit).union(s.playedSince());
      if (then.length(suit) < 2) {
        continue; // a single card: no choice, no signal
      }
      boolean honour = then.contains(Card.of(suit, Rank.ACE))
          || then.contains(Card.of(suit, Rank.KING)) || then.contains(Card.of(suit, Rank.QUEEN));
      Card lowest = null;
      Card highSpot = null;
      for (Card c : then.cards()) {
        if (lowest == null || c.rank().compareTo(lowest.rank()) < 0) {
          lowest = c;
        }
        if (c.rank().compareTo(Rank.TEN) < 0
            && (highSpot == null || c.rank().compareTo(highSpot.rank()) > 0)) {
          highSpot = c;
        }
      }
      Card expected = honour && highSpot != null ? highSpot : lowest;
      if (!s.card().equals(expected)) {
        return false;
      }
    }
    return true;
  }
}
