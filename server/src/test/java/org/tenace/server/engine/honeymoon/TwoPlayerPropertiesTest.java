package org.tenace.server.engine.honeymoon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.server.engine.Viewer;

/**
 * Whole two-player deals with random legal calls and cards, checked after every action against
 * rules stated here apart from the engine: cards are conserved, hands hold 13 between tricks, the
 * stock shrinks two a trick, the turned-up card goes to the trick's winner and the next to the
 * loser, the winner leads, the last exchange trick's loser leads to the scored tricks, every card
 * is played once, and replaying the actions gives the same deal.
 */
class TwoPlayerPropertiesTest {

  @Property(tries = 300)
  void randomDealsKeepTheRules(@ForAll long seed, @ForAll Variant variant,
      @ForAll @IntRange(min = 0, max = 2) int handicap, @ForAll @IntRange(min = 1, max = 8)
      int number) {
    SplittableRandom r = new SplittableRandom(seed);
    TwoPlayerDeal deal = TwoPlayerDeal.shuffle(new Random(r.nextLong()));
    TwoPlayerRules rules = new TwoPlayerRules(variant,
        variant == Variant.TRUMPS ? Optional.of(Suit.of(r.nextInt(4))) : Optional.empty(),
        handicap > 0 ? Optional.of(r.nextBoolean() ? Seat.NORTH : Seat.SOUTH) : Optional.empty(),
        handicap);
    TwoPlayerState s = TwoPlayerState.start(rules, number, deal);
    List<TwoPlayerAction> actions = new ArrayList<>();
    Set<Card> played = new HashSet<>();
    for (int step = 0; step < 500 && !s.isOver(); step++) {
      Seat me = s.toAct().orElseThrow();
      Seat other = TwoPlayerRules.other(me);
      TwoPlayerAction a;
      if (s.phase() == Phase.AUCTION) {
        assertThat(s.legalCalls(other)).isEmpty();
        List<Call> calls = s.legalCalls(me);
        // Pass often enough that auctions end at sensible levels.
        a = new TwoPlayerAction.Call(me, r.nextInt(3) == 0 || calls.size() == 1
            ? Call.Other.PASS : calls.get(1 + r.nextInt(Math.min(6, calls.size() - 1))));
      } else {
        Hand legal = s.legalCards(me);
        assertThat(s.legalCards(other)).isEqualTo(Hand.EMPTY);
        Hand h = s.hand(me);
        if (!s.trick().isEmpty()) {
          Suit led = s.trick().get(0).card().suit();
          assertThat(legal).isEqualTo(h.hasSuit(led) ? h.suit(led) : h);
        } else {
          assertThat(legal).isEqualTo(h);
        }
        a = new TwoPlayerAction.Play(me, legal.cards().get(r.nextInt(legal.size())));
      }
      TwoPlayerState before = s;
      s = s.apply(a);
      actions.add(a);
      if (a instanceof TwoPlayerAction.Play p) {
        assertThat(played.add(p.card())).as("each card is played once").isTrue();
        checkTrick(before, s);
      }
      checkCards(s, played);
    }
    assertThat(s.isOver()).isTrue();
    TwoPlayerResult result = s.result().orElseThrow();
    if (!result.passedOut()) {
      assertThat(played).hasSize(52);
      assertThat(s.tricks()).hasSize(26);
      assertThat(result.northTricks() + result.southTricks()).isEqualTo(13);
      assertThat(result).isEqualTo(TwoPlayerState.score(rules, s.contract(), s.vulnerable(),
          s.won(Seat.NORTH, Phase.PLAY)));
      if (s.contract().isEmpty()) {
        assertThat(variant.hasAuction()).isFalse();
      }
    } else {
      assertThat(variant).isEqualTo(Variant.HONEYMOON);
    }
    assertThat(TwoPlayerState.replay(rules, number, deal, actions)).isEqualTo(s);
    Statistics.label("end").collect(result.passedOut() ? "passed out" : "played");
  }

  /** What a trick's second card changes, checked from the outside. */
  private static void checkTrick(TwoPlayerState before, TwoPlayerState after) {
    if (before.trick().size() != 1) {
      return;
    }
    TwoPlayerTrick t = after.lastTrick().orElseThrow();
    Card lead = t.cards().get(0).card();
    Card second = t.cards().get(1).card();
    Optional<Suit> trump = before.trump();
    boolean secondWins = second.suit() == lead.suit()
        ? second.rank().compareTo(lead.rank()) > 0
        : trump.isPresent() && trump.get() == second.suit();
    assertThat(t.winner()).isEqualTo(t.cards().get(secondWins ? 1 : 0).seat());
    if (before.phase() == Phase.EXCHANGE) {
      int drawn = before.drawn();
      assertThat(t.winnerTook()).contains(before.deal().stock().get(drawn));
      assertThat(before.turnedUp()).isEqualTo(t.winnerTook());
      assertThat(t.loserDrew()).contains(before.deal().stock().get(drawn + 1));
      assertThat(after.hand(t.winner()).contains(t.winnerTook().get())).isTrue();
      assertThat(after.hand(t.loser()).contains(t.loserDrew().get())).isTrue();
      assertThat(after.stockCount()).isEqualTo(before.stockCount() - 2);
      assertThat(TwoPlayerVisibility.seesDraw(after, t, Viewer.of(t.winner())))
          .isEqualTo(after.isOver());
      if (after.exchangeTricks() == 13) {
        assertThat(after.phase()).isEqualTo(Phase.PLAY);
        assertThat(after.toAct()).contains(t.loser());
      } else {
        assertThat(after.toAct()).contains(t.winner());
      }
    } else if (!after.isOver()) {
      assertThat(after.toAct()).contains(t.winner());
    }
  }

  /** Every card is in one place: a hand, the stock not yet drawn, the trick, or played. */
  private static void checkCards(TwoPlayerState s, Set<Card> played) {
    Hand n = s.hand(Seat.NORTH);
    Hand so = s.hand(Seat.SOUTH);
    assertThat(n.intersect(so)).isEqualTo(Hand.EMPTY);
    Hand stock = Hand.of(s.deal().stock().subList(s.phase() == Phase.AUCTION ? 0 : s.drawn(),
        26));
    if (!s.isOver()) {
      assertThat(stock.size()).isEqualTo(s.stockCount());
    }
    assertThat(n.size() + so.size() + stock.size() + played.size()).isEqualTo(52);
    assertThat(n.union(so).union(stock).union(Hand.of(played)).size()).isEqualTo(52);
    if (s.trick().isEmpty() && s.phase() != Phase.COMPLETE) {
      assertThat(n.size()).isEqualTo(so.size());
      assertThat(n.size()).isEqualTo(s.phase() == Phase.PLAY ? 26 - s.tricks().size() : 13);
    }
  }
}
