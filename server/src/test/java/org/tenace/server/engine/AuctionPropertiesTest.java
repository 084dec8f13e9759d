package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.card.Seat;

/** Properties over random auctions: legal sequences, legalCalls() against check(), declarer. */
class AuctionPropertiesTest {

  /** A random sequence of legal calls, with passes likelier so auctions end. */
  static Auction randomLegal(Auction a, Random rnd, List<Auction> states) {
    states.add(a);
    while (!a.isComplete()) {
      List<Call> legal = a.legalCalls();
      Call c = rnd.nextInt(3) == 0 ? Call.PASS : legal.get(rnd.nextInt(legal.size()));
      a = a.then(a.turn(), c);
      states.add(a);
    }
    return a;
  }

  /** The contract by the book, from the calls alone: Law 22. */
  static Optional<Contract> naiveContract(Seat dealer, List<Call> calls) {
    int lastBid = -1;
    int lastNonPass = -1;
    for (int i = 0; i < calls.size(); i++) {
      if (calls.get(i) instanceof Bid) {
        lastBid = i;
      }
      if (calls.get(i) != Call.PASS) {
        lastNonPass = i;
      }
    }
    if (lastBid < 0) {
      return Optional.empty();
    }
    Bid bid = (Bid) calls.get(lastBid);
    Seat bidder = dealer.next(lastBid);
    Seat declarer = null;
    for (int i = 0; i <= lastBid; i++) {
      Seat s = dealer.next(i);
      if (s.side() == bidder.side() && calls.get(i) instanceof Bid b
          && b.strain() == bid.strain()) {
        declarer = s;
        break;
      }
    }
    Call lnp = calls.get(lastNonPass);
    Doubling d = lnp == Call.DOUBLE ? Doubling.DOUBLED
        : lnp == Call.REDOUBLE ? Doubling.REDOUBLED : Doubling.UNDOUBLED;
    return Optional.of(new Contract(bid, d, declarer));
  }

  @Property(tries = 300)
  void randomLegalAuctionsStayLegalAndEndWithTheContractOfTheBook(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 3) int dealerIndex) {
    Seat dealer = Seat.of(dealerIndex);
    List<Auction> states = new ArrayList<>();
    Auction a = randomLegal(Auction.start(dealer), new Random(seed), states);
    for (Auction s : states) {
      assertThat(s.turn()).isEqualTo(dealer.next(s.calls().size()));
      List<Call> expected = new ArrayList<>();
      for (Call c : Auction.ALL_CALLS) {
        if (s.check(s.turn(), c).isEmpty()) {
          expected.add(c);
        }
        assertThat(s.check(s.turn().next(), c)).isPresent();
      }
      assertThat(s.legalCalls()).isEqualTo(expected);
    }
    List<Call> calls = a.calls();
    int n = calls.size();
    assertThat(calls.subList(n - 3, n)).containsOnly(Call.PASS);
    assertThat(a.contract()).isEqualTo(naiveContract(dealer, calls));
    assertThat(a.isPassedOut()).isEqualTo(calls.stream().allMatch(c -> c == Call.PASS));
    a.contract().ifPresent(c -> {
      assertThat(a.openingLeader()).contains(c.declarer().lho());
      assertThat(a.dummy()).contains(c.declarer().partner());
    });
  }

  @Property(tries = 200)
  void lawsModeTreatsALegalAuctionExactlyAsOnlineModeDoes(@ForAll long seed) {
    List<Auction> states = new ArrayList<>();
    Auction online = randomLegal(Auction.start(Seat.NORTH), new Random(seed), states);
    Auction laws = Auction.start(Seat.NORTH, AuctionSettings.LAWS);
    List<Call> calls = online.calls();
    for (int i = 0; i < calls.size(); i++) {
      assertThat(laws.legalCalls()).isEqualTo(states.get(i).legalCalls());
      laws = laws.then(laws.turn(), calls.get(i));
    }
    assertThat(laws.calls()).isEqualTo(online.calls());
    assertThat(laws.contract()).isEqualTo(online.contract());
    assertThat(laws.record()).allMatch(r -> r.status() == CallStatus.STANDS && r.law().isEmpty());
    assertThat(laws.rulings()).isEmpty();
    assertThat(laws.restrictions()).isEmpty();
  }

  /**
   * Any call by any seat at any time, and any answer, in laws mode with random settings: the
   * engine either refuses with a named violation or moves to a state that keeps its invariants.
   */
  @Property(tries = 1000)
  void anyActionInLawsModeKeepsTheAuctionConsistent(@ForAll long seed) {
    Random rnd = new Random(seed);
    AuctionSettings s = AuctionSettings.LAWS
        .withEdition(rnd.nextBoolean() ? LawsEdition.LAWS_2017 : LawsEdition.LAWS_1997)
        .withAutoPassBarred(rnd.nextInt(4) == 0)
        .withRulingsByDefault(rnd.nextInt(4) == 0)
        .withAttention(rnd.nextInt(3) == 0 ? AuctionSettings.Attention.WHEN_DRAWN
            : AuctionSettings.Attention.AT_ONCE);
    Auction a = Auction.start(Seat.of(rnd.nextInt(4)), s);
    for (int step = 0; step < 120 && !a.isPeriodOver(); step++) {
      try {
        a = a.apply(randomAction(a, rnd));
      } catch (RuleViolationException refused) {
        assertThat(refused.getMessage()).startsWith(refused.violation().name() + ": ");
        continue;
      }
      assertConsistent(a);
    }
    assertThat(Auction.replay(a.dealer(), s, a.actions()).record()).isEqualTo(a.record());
  }

  /** Seeds the property once found failing, kept as examples. */
  @org.junit.jupiter.api.Test
  void anInadmissibleRedoubleFoundAfterThePeriodStaysInTheRecord() {
    anyActionInLawsModeKeepsTheAuctionConsistent(-3328004821240341054L); // 36C, found in CI
  }

  /** A correction of an insufficient bid with no bid left standing once threw (a null bid). */
  @org.junit.jupiter.api.Test
  void anInsufficientBidCorrectedWithNoBidStandingKeepsTheAuctionConsistent() {
    anyActionInLawsModeKeepsTheAuctionConsistent(3333879L); // jqwik's shrunk sample
  }

  @org.junit.jupiter.api.Test
  @org.junit.jupiter.api.Timeout(20)
  void fourSeatsBarredWithAutomaticPassesEndTheAuction() {
    anyActionInLawsModeKeepsTheAuctionConsistent(-5188192585509748522L); // looped in settle
  }

  private static AuctionAction randomAction(Auction a, Random rnd) {
    Seat seat = rnd.nextInt(3) == 0 ? Seat.of(rnd.nextInt(4)) : a.turn();
    int kind = rnd.nextInt(40);
    if (kind == 0) {
      return new AuctionAction.Accept(seat);
    }
    if (kind == 1) {
      return new AuctionAction.Refuse(seat);
    }
    if (kind == 2 || (kind < 6 && a.gate().isPresent())) {
      Ruling r = a.rulings().isEmpty() ? null : a.rulings().get(rnd.nextInt(a.rulings().size()));
      return r == null ? new AuctionAction.DrawAttention()
          : new BoardAction.Decide(r.id(), r.choices().get(rnd.nextInt(r.choices().size())),
              Ruling.DecidedBy.DIRECTOR);
    }
    if (kind == 3) {
      return new AuctionAction.DrawAttention();
    }
    if (kind == 4) {
      return new AuctionAction.EndAuctionPeriod();
    }
    if (kind == 5) {
      return new BoardAction.ChangeCall(seat, Utterance.of(Auction.ALL_CALLS.get(
          rnd.nextInt(38))), Alert.NONE, ChangeReason.UNINTENDED);
    }
    if (kind == 6) {
      return new AuctionAction.ExposeCards(seat,
          java.util.Set.of(org.tenace.bridge.card.Card.of(rnd.nextInt(52))), rnd.nextBoolean());
    }
    Utterance said = rnd.nextInt(30) == 0 ? Utterance.parse("8NT")
        : Utterance.of(rnd.nextInt(2) == 0 ? Call.PASS : Auction.ALL_CALLS.get(rnd.nextInt(38)));
    return new BoardAction.Call(seat, said,
        rnd.nextInt(8) == 0 ? Alert.of("?") : Alert.NONE);
  }

  static void assertConsistent(Auction a) {
    List<Call> standing = new ArrayList<>();
    List<Seat> callers = new ArrayList<>();
    for (CallRecord r : a.record()) {
      if (r.status() == CallStatus.STANDS) {
        standing.add(r.said().asCall().orElseThrow());
        callers.add(r.seat());
      }
    }
    assertThat(standing).isEqualTo(a.calls());
    assertThat(callers).isEqualTo(a.callers());
    if (a.isComplete()) {
      List<Call> calls = a.calls();
      int n = calls.size();
      assertThat(n).isGreaterThanOrEqualTo(4);
      assertThat(calls.subList(n - 3, n)).containsOnly(Call.PASS);
      assertThat(a.legalCalls()).isEmpty();
    } else if (a.gate().isEmpty()) {
      List<Call> expected = new ArrayList<>();
      for (Call c : Auction.ALL_CALLS) {
        if (a.check(a.turn(), c).isEmpty()) {
          expected.add(c);
        }
      }
      assertThat(a.legalCalls()).isEqualTo(expected);
    }
    assertThat(a.leadPenalties()).allSatisfy(p -> assertThat(p.bannable()).isNotEmpty());
  }
}
