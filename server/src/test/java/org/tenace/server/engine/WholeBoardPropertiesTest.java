package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.score.DuplicateScore;

/**
 * Whole boards through {@link DealState}, as a table drives them online: random deals, random
 * legal calls and cards taken from what the engine offers ({@code legalCalls()}, {@code
 * legalCards()}), with claims (accepted or rejected) and undos sprinkled in. After every action
 * the state is checked against rules stated here apart from the engine: which cards are legal,
 * who wins each trick, what each viewer may see; at the end, that each card was
 * played once, that there were 13 tricks, the result and score, and that replaying the recorded
 * actions gives the same board.
 */
class WholeBoardPropertiesTest {
  private static final long ALL = (1L << 52) - 1;
  private static final Viewer PUBLIC = Viewer.kibitzer(Viewer.KibitzPolicy.PUBLIC);

  @Property(tries = 300)
  void randomLegalBoardsFollowTheLaws(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Deal deal = Shuffler.seeded(r.nextLong()).deal();
    BoardSetup setup = BoardSetup.of(1 + r.nextInt(32), deal, AuctionSettings.ONLINE);
    Driver b = new Driver(setup);
    for (int step = 0; step < 2000 && !b.s.isOver(); step++) {
      b.step(r);
      b.check();
    }
    assertThat(b.s.isOver()).as("the board ends").isTrue();
    b.checkEnd();

    DealState again = DealState.replay(setup, b.actions);
    assertThat(again.auction().record()).isEqualTo(b.s.auction().record());
    assertThat(again.playIfStarted().map(Play::tricks))
        .isEqualTo(b.s.playIfStarted().map(Play::tricks));
    assertThat(again.outcome()).isEqualTo(b.s.outcome());
    assertThat(again.getClass()).isEqualTo(b.s.getClass());
    for (Seat seat : Seat.values()) {
      assertThat(again.visibleBits(Viewer.of(seat))).isEqualTo(b.s.visibleBits(Viewer.of(seat)));
    }

    Statistics.label("end").collect(b.s instanceof DealState.PassedOut ? "passed out"
        : b.claimed ? "claimed" : "played out");
    Statistics.label("undos").collect(b.undos > 0);
    Statistics.label("claims rejected").collect(b.rejected > 0);
  }

  /** One board being driven, with the model the checks are made against. */
  private static final class Driver {
    final BoardSetup setup;
    final Deal deal;
    DealState s;
    final List<BoardAction> actions = new ArrayList<>();
    /** The cards that stand, in the order played (undone cards taken off the end). */
    final List<Card> played = new ArrayList<>();
    /** Cards a claimer faced to each responder (Law 68C); they stay visible. */
    final Map<Seat, Long> shownByClaim = new EnumMap<>(Seat.class);
    boolean claimed;
    int undos;
    int rejected;

    Driver(BoardSetup setup) {
      this.setup = setup;
      this.deal = setup.deal();
      this.s = DealState.start(setup);
      for (Seat seat : Seat.values()) {
        shownByClaim.put(seat, 0L);
      }
    }

    void apply(BoardAction a) {
      s = s.apply(a);
      actions.add(a);
    }

    void step(SplittableRandom r) {
      if (s instanceof DealState.Auctioning a) {
        auctionStep(r, a.auction());
      } else {
        playStep(r, s.playIfStarted().orElseThrow());
      }
    }

    private void auctionStep(SplittableRandom r, Auction a) {
      if (r.nextInt(12) == 0 && undo(r, seat -> a.checkUndo(seat).isEmpty())) {
        return;
      }
      List<Call> legal = a.legalCalls();
      assertThat(legal).as("a seat to call has a call").isNotEmpty();
      checkLegalCalls(a, legal);
      Call c = r.nextInt(100) < 55 ? Call.PASS : legal.get(r.nextInt(legal.size()));
      apply(BoardAction.Call.of(a.turn(), c));
    }

    /** Legal calls by Laws 18 and 19, stated over the calls that stand. */
    private void checkLegalCalls(Auction a, List<Call> legal) {
      List<Call> calls = a.calls();
      List<Seat> callers = a.callers();
      Seat seat = a.turn();
      int lastBid = -1;
      int lastNonPass = -1;
      for (int i = 0; i < calls.size(); i++) {
        if (calls.get(i) instanceof org.tenace.bridge.auction.Bid) {
          lastBid = i;
        }
        if (calls.get(i) != Call.PASS) {
          lastNonPass = i;
        }
      }
      List<Call> expected = new ArrayList<>();
      expected.add(Call.PASS);
      boolean opponents = lastNonPass >= 0 && callers.get(lastNonPass).side() != seat.side();
      if (opponents && calls.get(lastNonPass) instanceof org.tenace.bridge.auction.Bid) {
        expected.add(Call.DOUBLE);
      }
      if (opponents && calls.get(lastNonPass) == Call.DOUBLE) {
        expected.add(Call.REDOUBLE);
      }
      int from = lastBid < 0 ? 0 : ((org.tenace.bridge.auction.Bid) calls.get(lastBid)).rank() + 1;
      for (int rank = from; rank < 35; rank++) {
        expected.add(org.tenace.bridge.auction.Bid.ofRank(rank));
      }
      assertThat(legal).containsExactlyInAnyOrderElementsOf(expected);
    }

    private void playStep(SplittableRandom r, Play p) {
      int k = r.nextInt(60);
      if (k == 0 && undo(r, seat -> p.undoRefusal(seat).isEmpty()
          || (p.cardsPlayed() == 0 && s.auction().checkUndo(seat).isEmpty()))) {
        return;
      }
      if (k == 1 && p.cardsPlayed() > 0) {
        claim(r, p);
        return;
      }
      List<Card> legal = p.legalCards().cards();
      checkLegalCards(p, legal);
      Card c = legal.get(r.nextInt(legal.size()));
      Seat leader = p.currentTrick().leader();
      List<Card> trick = new ArrayList<>(p.currentTrick().cards());
      apply(new BoardAction.PlayCard(p.actor(), c));
      played.add(c);
      trick.add(c);
      if (trick.size() == 4) {
        // Law 44: the highest trump, else the highest of the suit led; the winner leads next.
        Seat winner = PlayOracle.winner(leader, trick, p.contract().strain());
        Play after = s.playIfStarted().orElseThrow();
        assertThat(after.lastTrick().orElseThrow().winner()).contains(winner);
        if (!after.isComplete()) {
          assertThat(after.turn()).isEqualTo(winner);
        }
      }
    }

    /** Legal cards by Law 44C over the cards the model says each hand still holds. */
    private void checkLegalCards(Play p, List<Card> legal) {
      Seat hand = p.turn();
      List<Card> holds = new ArrayList<>();
      for (Card c : deal.hand(hand).cards()) {
        if (!played.contains(c)) {
          holds.add(c);
        }
      }
      List<Card> trick = p.currentTrick().cards();
      List<Card> expected = holds;
      if (!trick.isEmpty()) {
        List<Card> follow = holds.stream().filter(c -> c.suit() == trick.get(0).suit()).toList();
        if (!follow.isEmpty()) {
          expected = follow;
        }
      }
      assertThat(legal).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** A random seat the engine lets take back its last call or card does so. */
    private boolean undo(SplittableRandom r, java.util.function.Predicate<Seat> allowed) {
      List<Seat> can = new ArrayList<>();
      for (Seat seat : Seat.values()) {
        if (allowed.test(seat)) {
          can.add(seat);
        }
      }
      if (can.isEmpty()) {
        return false;
      }
      int before = s.playIfStarted().map(Play::cardsPlayed).orElse(0);
      apply(new BoardAction.Undo(can.get(r.nextInt(can.size()))));
      undos++;
      int after = s.playIfStarted().map(Play::cardsPlayed).orElse(0);
      if (before > 0) {
        // The seat's last card and an opponent's after it, all of one trick (Law 47D).
        assertThat(after).as("an undo takes back cards of one trick")
            .isBetween((before - 1) / 4 * 4, before - 1);
      }
      played.subList(after, played.size()).clear();
      return true;
    }

    private void claim(SplittableRandom r, Play p) {
      Seat claimer = Seat.of(r.nextInt(4));
      if (claimer == p.dummy()) {
        claimer = p.declarer();
      }
      int remaining = 13 - p.completedTricks();
      int tricks = r.nextInt(remaining + 1);
      long hand = p.remaining(claimer).bits();
      apply(new BoardAction.Claim(claimer, tricks, ""));
      for (Seat responder : p.responders(claimer)) {
        shownByClaim.merge(responder, hand, (x, y) -> x | y);
      }
      check();
      int wonBefore = p.tricksWon(claimer.side());
      for (Seat responder : p.responders(claimer).stream().sorted().toList()) {
        if (s.isOver()) {
          break; // a defender's claim ends once declarer accepts (Law 68B2)
        }
        boolean accept = r.nextInt(4) > 0;
        apply(new BoardAction.RespondToClaim(responder, accept));
        if (!accept) {
          rejected++;
          assertThat(s.isOver()).as("a rejected claim is void online").isFalse();
          assertThat(s.playIfStarted().orElseThrow().pendingClaim()).isEmpty();
          return;
        }
      }
      assertThat(s.isOver()).as("an accepted claim ends the board").isTrue();
      claimed = true;
      PlayResult res = s.playIfStarted().orElseThrow().result().orElseThrow();
      Side declaring = p.declarer().side();
      int expected = declaring == claimer.side()
          ? wonBefore + tricks : p.tricksWon(declaring) + remaining - tricks;
      assertThat(res.declarerTricks()).isEqualTo(expected);
      assertThat(res.claimed()).isEqualTo(remaining);
    }

    // -------------------------------------------------------------------------------------------
    // Checks after every action

    void check() {
      if (s.isOver()) {
        for (Seat seat : Seat.values()) {
          assertThat(s.visibleBits(Viewer.of(seat))).as("all hands after the board").isEqualTo(ALL);
        }
        return;
      }
      if (s instanceof DealState.Auctioning) {
        for (Seat seat : Seat.values()) {
          assertThat(s.visibleBits(Viewer.of(seat))).as("own hand in the auction")
              .isEqualTo(deal.hand(seat).bits());
        }
        assertThat(s.visibleBits(PUBLIC)).isZero();
        assertThat(played).isEmpty();
        return;
      }
      Play p = s.playIfStarted().orElseThrow();
      // The model and the engine agree on the cards played, in order.
      List<Card> engineOrder = new ArrayList<>();
      p.tricks().forEach(t -> engineOrder.addAll(t.cards()));
      engineOrder.addAll(p.currentTrick().cards());
      assertThat(engineOrder).isEqualTo(played);

      long current = bits(p.currentTrick().cards());
      long last = p.lastTrick().map(t -> bits(t.cards())).orElse(0L);
      long dummy = p.cardsPlayed() > 0 ? p.remaining(p.dummy()).bits() : 0L;
      for (Seat seat : Seat.values()) {
        long v = s.visibleBits(Viewer.of(seat));
        boolean sideToPlay = p.currentTrick().cards().isEmpty() || sideHasNotPlayed(p, seat);
        long mayInspectLast = sideToPlay ? last : 0L;
        long must = deal.hand(seat).bits() | current | dummy | mayInspectLast;
        Optional<Claim> open = p.pendingClaim();
        if (open.isPresent() && p.responders(open.get().claimer()).contains(seat)) {
          must |= p.remaining(open.get().claimer()).bits(); // Law 68C: he faces his hand
        }
        long may = must | shownByClaim.get(seat);
        assertThat(v & must).as("%s sees what the Laws show", seat).isEqualTo(must);
        assertThat(v & ~may).as("%s sees what the Laws hide: %s", seat,
            org.tenace.bridge.card.Hand.ofBits(v & ~may)).isZero();
      }
      long publicMust = current | dummy | (p.currentTrick().cards().isEmpty() ? last : 0L);
      assertThat(s.visibleBits(PUBLIC)).isEqualTo(publicMust);
    }

    private static boolean sideHasNotPlayed(Play p, Seat seat) {
      Trick t = p.currentTrick();
      for (int i = 0; i < t.cards().size(); i++) {
        if (t.player(i).side() == seat.side()) {
          return false;
        }
      }
      return true;
    }

    void checkEnd() {
      BoardResult res = s.outcome().orElseThrow();
      if (s instanceof DealState.PassedOut) {
        assertThat(res).isEqualTo(BoardResult.PASSED_OUT);
        assertThat(s.auction().calls()).hasSize(4).containsOnly(Call.PASS);
        return;
      }
      Play p = s.playIfStarted().orElseThrow();
      assertThat(played).doesNotHaveDuplicates();
      PlayResult pr = p.result().orElseThrow();
      assertThat(p.tricks().size() + pr.claimed()).as("13 tricks").isEqualTo(13);
      if (!claimed) {
        assertThat(bits(played)).as("each card played once").isEqualTo(ALL);
        assertThat(p.tricks()).hasSize(13);
      }
      // The tricks by the model's winners, plus the claim's.
      Contract c = s.auction().contract().orElseThrow();
      int won = 0;
      for (int t = 0; t + 4 <= played.size(); t += 4) {
        Seat leader = p.tricks().get(t / 4).leader();
        Seat w = PlayOracle.winner(leader, played.subList(t, t + 4), c.strain());
        won += w.side() == c.declarer().side() ? 1 : 0;
        if (t > 0) {
          Seat previous = p.tricks().get(t / 4 - 1).winner().orElseThrow();
          assertThat(leader).as("the winner leads next").isEqualTo(previous);
        }
      }
      if (!p.tricks().isEmpty()) {
        assertThat(p.tricks().get(0).leader()).isEqualTo(c.openingLeader());
      }
      assertThat(pr.wonInPlay()).isEqualTo(won);
      assertThat(res.declarerTricks()).isEqualTo(won + pr.byClaim());
      assertThat(res.nsScore())
          .isEqualTo(DuplicateScore.ns(c, res.declarerTricks(), setup.vulnerability()));
      assertThat(res.contract()).isEqualTo(Optional.of(c));
    }

    private static long bits(List<Card> cards) {
      long b = 0;
      for (Card c : cards) {
        b |= 1L << c.index();
      }
      return b;
    }
  }
}
