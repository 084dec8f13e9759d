package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;

/** Random deals and random legal (and, in laws mode, irregular) play, checked against the Laws. */
class PlayPropertiesTest {
  private static final long ALL = (1L << 52) - 1;

  private static Play randomStart(SplittableRandom r, Mode mode) {
    Deal deal = Shuffler.seeded(r.nextLong()).deal();
    Contract c = Contract.of(1 + r.nextInt(7), Strain.of(r.nextInt(5)),
        Doubling.values()[r.nextInt(3)], Seat.of(r.nextInt(4)));
    return Play.start(deal, c, mode, List.of());
  }

  @Property(tries = 300)
  void randomLegalPlayFollowsTheLaws(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Play p = randomStart(r, Mode.ONLINE);
    Strain strain = p.contract().strain();
    long seen = 0;
    int tricks = 0;
    while (!p.isComplete()) {
      checkVisibility(p);
      Hand legal = p.legalCards();
      assertThat(legal.isEmpty()).isFalse();
      Seat hand = p.turn();
      assertThat(p.remaining(hand).containsAll(legal)).isTrue();
      // PlayOracle for following suit: with cards of the led suit only those, else anything.
      List<Card> trick = p.currentTrick().cards();
      if (!trick.isEmpty() && p.remaining(hand).hasSuit(trick.get(0).suit())) {
        assertThat(legal).isEqualTo(p.remaining(hand).suit(trick.get(0).suit()));
      } else {
        assertThat(legal).isEqualTo(p.remaining(hand));
      }
      Card c = legal.cards().get(r.nextInt(legal.size()));
      assertThat(seen & (1L << c.index())).as("each card once").isZero();
      seen |= 1L << c.index();
      Seat leader = p.currentTrick().leader();
      Play next = p.play(p.actor(), c);
      if (trick.size() == 3) {
        tricks++;
        List<Card> full = new java.util.ArrayList<>(trick);
        full.add(c);
        Seat w = PlayOracle.winner(leader, full, strain);
        assertThat(next.lastTrick().orElseThrow().winner()).contains(w);
        assertThat(next.turn()).as("the winner leads").isEqualTo(w);
        assertThat(next.tricksWon(w.side())).isEqualTo(p.tricksWon(w.side()) + 1);
      }
      p = next;
    }
    assertThat(seen).isEqualTo(ALL);
    assertThat(tricks).isEqualTo(13);
    assertThat(p.tricks()).hasSize(13);
    assertThat(p.tricksWon(Side.NS) + p.tricksWon(Side.EW)).isEqualTo(13);
    assertThat(p.result().orElseThrow().declarerTricks())
        .isEqualTo(p.tricksWon(p.declarer().side()));
    for (Seat s : Seat.values()) {
      assertThat(p.visibleBits(Viewer.of(s))).isEqualTo(ALL);
    }
  }

  /** What the Laws hide, stated apart from the engine's own rule. */
  private static void checkVisibility(Play p) {
    long played = 0;
    for (Trick t : p.tricks()) {
      for (Card c : t.cards()) {
        played |= 1L << c.index();
      }
    }
    long current = 0;
    for (Card c : p.currentTrick().cards()) {
      current |= 1L << c.index();
    }
    long lastTrick = 0;
    if (p.lastTrick().isPresent()) {
      for (Card c : p.lastTrick().get().cards()) {
        lastTrick |= 1L << c.index();
      }
    }
    long[] views = new long[4];
    for (Seat s : Seat.values()) {
      long v = p.visibleBits(Viewer.of(s));
      views[s.ordinal()] = v;
      long own = p.deal().hand(s).bits();
      assertThat(v & own).as("%s sees his own hand", s).isEqualTo(own);
      assertThat(v & current).as("the trick in progress").isEqualTo(current);
      for (Seat o : Seat.values()) {
        if (o == s) {
          continue;
        }
        long unplayed = p.remaining(o).bits();
        boolean dummyShown = o == p.dummy() && p.cardsPlayed() > 0;
        if (!dummyShown) {
          assertThat(v & unplayed).as("%s sees %s's unplayed cards", s, o).isZero();
        } else {
          assertThat(v & unplayed).as("%s sees dummy", s).isEqualTo(unplayed);
        }
        // Law 66: quitted cards of others, older than the last trick, are hidden.
        long othersOld = played & ~lastTrick & p.deal().hand(o).bits();
        assertThat(v & othersOld).as("%s sees %s's quitted cards", s, o).isZero();
      }
    }
    long inAll = views[0] & views[1] & views[2] & views[3];
    assertThat(p.visibleBits(Viewer.kibitzer(Viewer.KibitzPolicy.PUBLIC))).isEqualTo(inAll);
  }

  @Property(tries = 200)
  void lawsModeIrregularitiesNeverLoseOrDuplicateACard(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Play p = randomStart(r, Mode.LAWS);
    boolean sawOption = false;
    boolean claimed = false;
    for (int step = 0; step < 400 && !p.isComplete(); step++) {
      Play next = randomAction(r, p);
      if (next != null) {
        p = next;
        sawOption |= p.pendingOption().isPresent();
        claimed |= p.pendingClaim().isPresent() || p.isComplete();
      }
      checkConservation(p);
      if (!claimed) {
        checkNothingHiddenLeaks(p);
      }
    }
    // Whatever happened, finishing with legal cards completes 13 tricks.
    for (int guard = 0; guard < 200 && !p.isComplete(); guard++) {
      if (p.pendingOption().isPresent()) {
        PlayOption o = p.pendingOption().get();
        p = p.choose(o.holders().iterator().next(), o.choices().get(0));
      } else if (p.pendingClaim().isPresent()) {
        p = p.ruleOnClaim(0, Ruling.DecidedBy.DIRECTOR);
      } else {
        p = p.play(p.actor(), p.legalCards().cards().get(0));
      }
      checkConservation(p);
    }
    assertThat(p.isComplete()).isTrue();
    net.jqwik.api.statistics.Statistics.label("revokes").collect(p.revokes().size());
    net.jqwik.api.statistics.Statistics.label("penalty cards or options seen")
        .collect(sawOption);
    net.jqwik.api.statistics.Statistics.label("claimed").collect(p.result().get().claimed() > 0);
    PlayResult res = p.result().orElseThrow();
    assertThat(res.declarerTricks()).isBetween(0, 13);
    assertThat(res.wonInPlay() + res.byClaim()).isBetween(0, 13);
  }

  /** A random command, legal or not; null when it was refused. */
  private static Play randomAction(SplittableRandom r, Play p) {
    try {
      int k = r.nextInt(20);
      if (p.pendingOption().isPresent() && k < 12) {
        PlayOption o = p.pendingOption().get();
        List<Seat> holders = o.holders().stream().sorted().toList();
        return p.choose(holders.get(r.nextInt(holders.size())),
            o.choices().get(r.nextInt(o.choices().size())));
      }
      if (p.pendingClaim().isPresent()) {
        Claim c = p.pendingClaim().get();
        if (c.disputed()) {
          return r.nextBoolean() ? p.ruleOnClaim(r.nextInt(c.remaining() + 1),
              Ruling.DecidedBy.DIRECTOR) : p.agreeToPlayOn(Seat.of(r.nextInt(4)));
        }
        return p.respondToClaim(Seat.of(r.nextInt(4)), r.nextInt(3) > 0);
      }
      if (k == 0 && r.nextInt(4) == 0) {
        return p.claim(Seat.of(r.nextInt(4)), r.nextInt(14 - p.completedTricks()), "");
      }
      if (k == 1) {
        return p.undo(Seat.of(r.nextInt(4)));
      }
      if (k == 2) {
        return p.correctRevoke(Seat.of(r.nextInt(4)));
      }
      if (k < 10) {
        Hand legal = p.legalCards();
        if (!legal.isEmpty()) {
          return p.play(p.actor(), legal.cards().get(r.nextInt(legal.size())));
        }
      }
      // Any seat, any card it holds (or dummy's, for declarer): perhaps irregular.
      Seat s = Seat.of(r.nextInt(4));
      Hand h = p.remaining(s);
      if (s == p.declarer()) {
        h = h.union(p.remaining(p.dummy()));
      }
      if (h.isEmpty()) {
        return null;
      }
      return p.play(s, h.cards().get(r.nextInt(h.size())));
    } catch (RuleViolationException e) {
      assertThat(e.getMessage()).startsWith(e.violation().name() + ": ");
      return null;
    }
  }

  /** Laws mode, no claim yet: only dummy (once spread) and penalty cards of others show. */
  private static void checkNothingHiddenLeaks(Play p) {
    long penalty = p.penaltyCards().bits();
    for (Seat s : Seat.values()) {
      long v = p.visibleBits(Viewer.of(s));
      for (Seat o : Seat.values()) {
        if (o == s || (o == p.dummy() && p.dummyFaced())) {
          continue;
        }
        assertThat(v & p.remaining(o).bits() & ~penalty).as("%s sees %s's hand", s, o).isZero();
      }
    }
  }

  private static void checkConservation(Play p) {
    long all = 0;
    int count = 0;
    for (Seat s : Seat.values()) {
      long h = p.remaining(s).bits();
      assertThat(all & h).isZero();
      assertThat(h & ~p.deal().hand(s).bits()).as("a card changed hands").isZero();
      all |= h;
      count += Long.bitCount(h);
    }
    for (Trick t : p.tricks()) {
      for (Card c : t.cards()) {
        assertThat(all & (1L << c.index())).isZero();
        all |= 1L << c.index();
        count++;
      }
    }
    for (Card c : p.currentTrick().cards()) {
      assertThat(all & (1L << c.index())).isZero();
      all |= 1L << c.index();
      count++;
    }
    assertThat(all).isEqualTo(ALL);
    assertThat(count).isEqualTo(52);
    assertThat(p.remaining(Seat.NORTH).union(p.remaining(Seat.SOUTH)).containsAll(
        p.penaltyCards().intersect(p.remaining(Seat.NORTH).union(p.remaining(Seat.SOUTH)))))
        .isTrue();
    // Penalty cards are a defender's unplayed cards.
    Hand defenders = p.remaining(p.declarer().lho()).union(p.remaining(p.declarer().rho()));
    assertThat(defenders.containsAll(p.penaltyCards())).isTrue();
  }

  @Property(tries = 150)
  void theClaimSearchAgreesWithPlainRecursion(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Play p = randomStart(r, Mode.ONLINE);
    int cards = 52 - 12 - r.nextInt(4); // two to three tricks left, perhaps mid-trick
    for (int i = 0; i < cards; i++) {
      Hand legal = p.legalCards();
      p = p.play(p.actor(), legal.cards().get(r.nextInt(legal.size())));
    }
    for (Side side : Side.values()) {
      assertThat(p.guaranteed(side)).hasValue(PlayOracle.minTricks(p, side));
    }
  }
}
