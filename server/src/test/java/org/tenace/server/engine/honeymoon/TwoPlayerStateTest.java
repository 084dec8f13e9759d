package org.tenace.server.engine.honeymoon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.server.engine.RuleViolationException;
import org.tenace.server.engine.Viewer;
import org.tenace.server.engine.Violation;

/** The edges of a two-player deal, on a deal laid out by hand. */
class TwoPlayerStateTest {
  private static final Seat N = Seat.NORTH;
  private static final Seat S = Seat.SOUTH;

  /**
   * North: all the spades and hearts 2-8 but 9-A... laid so that the suits are simple: North holds
   * the 13 spades, South the 13 hearts, the stock diamonds then clubs, in order from the ace down
   * for diamonds (turned up first) and clubs after.
   */
  static TwoPlayerDeal suitsDeal() {
    List<Card> stock = new ArrayList<>();
    for (Suit s : List.of(Suit.DIAMONDS, Suit.CLUBS)) {
      for (int r = 12; r >= 0; r--) {
        stock.add(Card.of(s, org.tenace.bridge.card.Rank.of(r)));
      }
    }
    return new TwoPlayerDeal(suit(Suit.SPADES), suit(Suit.HEARTS), stock);
  }

  static Hand suit(Suit s) {
    List<Card> cards = new ArrayList<>();
    for (int r = 0; r < 13; r++) {
      cards.add(Card.of(s, org.tenace.bridge.card.Rank.of(r)));
    }
    return Hand.of(cards);
  }

  static TwoPlayerState honeymoon() {
    return TwoPlayerState.start(TwoPlayerRules.of(Variant.HONEYMOON), 1, suitsDeal());
  }

  static TwoPlayerAction call(Seat s, String c) {
    return new TwoPlayerAction.Call(s, c.equals("P") ? Call.Other.PASS
        : c.equals("X") ? Call.Other.DOUBLE : Bid.parse(c));
  }

  static TwoPlayerAction play(Seat s, String c) {
    return new TwoPlayerAction.Play(s, Card.parse(c));
  }

  @Test
  void theAuctionEndsWhenOnePassesAfterABidAndTheBidderLeads() {
    TwoPlayerState s = honeymoon().apply(call(N, "1S")).apply(call(S, "2C"))
        .apply(call(N, "2S"));
    assertThat(s.phase()).isEqualTo(Phase.AUCTION);
    s = s.apply(call(S, "P"));
    assertThat(s.phase()).isEqualTo(Phase.EXCHANGE);
    assertThat(s.contract().orElseThrow().toBidString()).isEqualTo("2S");
    assertThat(s.contract().get().declarer()).isEqualTo(N);
    assertThat(s.toAct()).contains(N);
    assertThat(s.trump()).contains(Suit.SPADES);
    assertThat(s.turnedUp()).contains(Card.parse("DA"));
    assertThat(s.stockCount()).isEqualTo(26);
  }

  @Test
  void theDealerMayPassAndTheOtherStillBid() {
    TwoPlayerState s = honeymoon().apply(call(N, "P")).apply(call(S, "1H"));
    assertThat(s.phase()).isEqualTo(Phase.AUCTION);
    s = s.apply(call(N, "P"));
    assertThat(s.contract().get().declarer()).isEqualTo(S);
    assertThat(s.toAct()).contains(S);
  }

  @Test
  void twoPassesWithNoBidPassTheDealOut() {
    TwoPlayerState s = honeymoon().apply(call(N, "P")).apply(call(S, "P"));
    assertThat(s.isOver()).isTrue();
    assertThat(s.result().orElseThrow().passedOut()).isTrue();
    assertThat(s.result().get().northScore()).isZero();
  }

  @Test
  void insufficientBidsDoublesAndCallsOutOfTurnAreRefused() {
    TwoPlayerState s = honeymoon().apply(call(N, "1H"));
    assertViolation(() -> s.apply(call(S, "1D")), Violation.INSUFFICIENT_BID);
    assertViolation(() -> s.apply(call(S, "1H")), Violation.INSUFFICIENT_BID);
    assertViolation(() -> s.apply(call(S, "X")), Violation.INADMISSIBLE_DOUBLE);
    assertViolation(() -> s.apply(call(N, "2H")), Violation.OUT_OF_TURN);
    assertThat(s.legalCalls(S)).first().isEqualTo(Call.Other.PASS);
    assertThat(s.legalCalls(S)).contains(Bid.parse("1S"), Bid.parse("7NT"))
        .doesNotContain(Bid.parse("1H"));
    assertThat(s.legalCalls(N)).isEmpty();
  }

  @Test
  void sevenNoTrumpEndsTheBiddingForTheOther() {
    TwoPlayerState s = honeymoon().apply(call(N, "7NT"));
    assertThat(s.legalCalls(S)).containsExactly(Call.Other.PASS);
  }

  @Test
  void theExchangeWinnerTakesTheTurnedUpCardAndTheLoserTheNext() {
    // North declares 1NT; no trumps.
    TwoPlayerState s = honeymoon().apply(call(N, "1NT")).apply(call(S, "P"));
    s = s.apply(play(N, "S2"));
    // South has no spade: any card, and it loses (a heart does not beat a spade at notrump).
    assertThat(s.legalCards(S)).isEqualTo(s.hand(S));
    s = s.apply(play(S, "HA"));
    TwoPlayerTrick t = s.lastTrick().orElseThrow();
    assertThat(t.winner()).isEqualTo(N);
    assertThat(t.winnerTook()).contains(Card.parse("DA"));
    assertThat(t.loserDrew()).contains(Card.parse("DK"));
    assertThat(s.hand(N).contains(Card.parse("DA"))).isTrue();
    assertThat(s.hand(S).contains(Card.parse("DK"))).isTrue();
    assertThat(s.hand(N).size()).isEqualTo(13);
    assertThat(s.hand(S).size()).isEqualTo(13);
    assertThat(s.turnedUp()).contains(Card.parse("DQ"));
    assertThat(s.stockCount()).isEqualTo(24);
    assertThat(s.toAct()).contains(N);
    assertThat(s.won(N, Phase.EXCHANGE)).isEqualTo(1);
  }

  @Test
  void followingSuitAgainstTheTurnedUpCardsSuit() {
    // North leads the diamond he took; South, who drew one, must follow with it.
    TwoPlayerState s = honeymoon().apply(call(N, "1NT")).apply(call(S, "P"))
        .apply(play(N, "S2")).apply(play(S, "H2"));
    s = s.apply(play(N, "DA"));
    assertThat(s.legalCards(S)).isEqualTo(Hand.of(Card.parse("DK")));
    TwoPlayerState at = s;
    assertViolation(() -> at.apply(play(S, "HA")), Violation.REVOKE);
    assertViolation(() -> at.apply(play(S, "SA")), Violation.CARD_NOT_HELD);
    assertViolation(() -> at.apply(play(N, "S3")), Violation.OUT_OF_TURN);
  }

  @Test
  void aTrumpBeatsTheLedSuitAndTheLoserLeadsNothing() {
    // South declares 1H: hearts are trumps, North leads nothing: the declarer leads.
    TwoPlayerState s = honeymoon().apply(call(N, "P")).apply(call(S, "1H")).apply(call(N, "P"));
    assertThat(s.toAct()).contains(S);
    s = s.apply(play(S, "H2")).apply(play(N, "SA"));
    assertThat(s.lastTrick().get().winner()).isEqualTo(S);
    s = s.apply(play(S, "H3"));
    s = s.apply(play(N, "SK"));
    assertThat(s.lastTrick().get().winner()).isEqualTo(S);
    // North leads a spade; South, void, trumps it.
    TwoPlayerState t = TwoPlayerState.start(TwoPlayerRules.of(Variant.TRUMPS)
        .withHandicap(N, 0), 1, suitsDeal());
    assertThat(t.trump()).contains(Suit.SPADES);
    assertThat(t.toAct()).as("no auction: the dealer's opponent leads").contains(S);
    t = t.apply(play(S, "HA")).apply(play(N, "S2"));
    assertThat(t.lastTrick().get().winner()).as("a small trump beats the ace").isEqualTo(N);
  }

  @Test
  void theLastExchangeTrickEmptiesTheStockAndItsLoserLeads() {
    TwoPlayerState s = TwoPlayerState.start(TwoPlayerRules.of(Variant.NO_TRUMP), 1, suitsDeal());
    // South leads each time a heart North cannot follow; South wins every exchange trick.
    for (int i = 0; i < 13; i++) {
      assertThat(s.phase()).isEqualTo(Phase.EXCHANGE);
      assertThat(s.turnedUp()).isPresent();
      Seat lead = s.toAct().orElseThrow();
      s = s.apply(new TwoPlayerAction.Play(lead, lowest(s.legalCards(lead))));
      Seat second = s.toAct().orElseThrow();
      s = s.apply(new TwoPlayerAction.Play(second, lowest(s.legalCards(second))));
      if (i == 11) {
        assertThat(s.stockCount()).as("the last stock pair").isEqualTo(2);
        assertThat(s.turnedUp()).contains(s.deal().stock().get(24));
      }
    }
    TwoPlayerTrick last = s.lastTrick().orElseThrow();
    assertThat(last.winnerTook()).contains(s.deal().stock().get(24));
    assertThat(last.loserDrew()).contains(s.deal().stock().get(25));
    assertThat(s.phase()).isEqualTo(Phase.PLAY);
    assertThat(s.stockCount()).isZero();
    assertThat(s.turnedUp()).isEmpty();
    assertThat(s.hand(N).size()).isEqualTo(13);
    assertThat(s.hand(S).size()).isEqualTo(13);
    assertThat(s.toAct()).as("the loser of the last exchange trick leads").contains(last.loser());
  }

  @Test
  void scoringIsDuplicatePerDealWithTheHandicap() {
    TwoPlayerRules plain = TwoPlayerRules.of(Variant.HONEYMOON);
    Optional<Contract> oneNtNorth = Optional.of(Contract.parse("1NT", N));
    // 1NT by North, nobody vulnerable: 7 tricks 90, 6 tricks -50 (and +50 to South).
    assertThat(TwoPlayerState.score(plain, oneNtNorth, Set.of(), 7).northScore()).isEqualTo(90);
    TwoPlayerResult down = TwoPlayerState.score(plain, oneNtNorth, Set.of(), 6);
    assertThat(down.northScore()).isEqualTo(-50);
    assertThat(down.southScore()).isEqualTo(50);
    // 4S by South vulnerable, 10 tricks (North won 3): 620.
    assertThat(TwoPlayerState.score(plain, Optional.of(Contract.parse("4S", S)), Set.of(S), 3)
        .southScore()).isEqualTo(620);
    // South receives two tricks: North's 8 count as 6, down one.
    TwoPlayerRules handicap = plain.withHandicap(S, 2);
    TwoPlayerResult r = TwoPlayerState.score(handicap, oneNtNorth, Set.of(), 8);
    assertThat(r.northTricks()).isEqualTo(6);
    assertThat(r.southTricks()).isEqualTo(7);
    assertThat(r.northScore()).isEqualTo(-50);
    // The receiver never counts more than 13.
    assertThat(TwoPlayerState.score(plain.withHandicap(N, 2), oneNtNorth, Set.of(), 12)
        .northTricks()).isEqualTo(13);
    // No contract (the simpler forms): each scores its tricks.
    TwoPlayerResult noContract = TwoPlayerState.score(TwoPlayerRules.of(Variant.NO_TRUMP)
        .withHandicap(N, 1), Optional.empty(), Set.of(), 5);
    assertThat(noContract.northScore()).isEqualTo(6);
    assertThat(noContract.southScore()).isEqualTo(7);
  }

  @Test
  void vulnerabilityFollowsChicagosCycleAndTheDealerAlternates() {
    assertThat(TwoPlayerState.vulnerableOn(1)).isEmpty();
    assertThat(TwoPlayerState.vulnerableOn(2)).containsExactly(S);
    assertThat(TwoPlayerState.vulnerableOn(3)).containsExactly(N);
    assertThat(TwoPlayerState.vulnerableOn(4)).isEqualTo(Set.of(N, S));
    assertThat(TwoPlayerState.vulnerableOn(5)).isEmpty();
    assertThat(TwoPlayerState.dealerOf(2)).isEqualTo(S);
  }

  @Test
  void theOtherNeverSeesTheLosersDraw() {
    TwoPlayerState s = honeymoon().apply(call(N, "1NT")).apply(call(S, "P"))
        .apply(play(N, "S2")).apply(play(S, "H2"));
    TwoPlayerTrick t = s.lastTrick().orElseThrow();
    assertThat(TwoPlayerVisibility.seesDraw(s, t, Viewer.of(S))).isTrue();
    assertThat(TwoPlayerVisibility.seesDraw(s, t, Viewer.of(N))).isFalse();
    assertThat(TwoPlayerVisibility.seesDraw(s, t,
        Viewer.kibitzer(Viewer.KibitzPolicy.PUBLIC))).isFalse();
    assertThat(TwoPlayerVisibility.seesHand(s, N, Viewer.of(S))).isFalse();
  }

  @Test
  void rulesRefuseAHandicapAboveTwoAndATrumpOutsideTheTrumpsGame() {
    assertThatThrownBy(() -> TwoPlayerRules.of(Variant.HONEYMOON).withHandicap(N, 3))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new TwoPlayerRules(Variant.NO_TRUMP, Optional.of(Suit.HEARTS),
        Optional.empty(), 0)).isInstanceOf(IllegalArgumentException.class);
  }

  static Card lowest(Hand h) {
    return h.cards().stream().min((a, b) -> a.rank().compareTo(b.rank())).orElseThrow();
  }

  static void assertViolation(Runnable r, Violation v) {
    assertThatThrownBy(r::run).isInstanceOf(RuleViolationException.class)
        .satisfies(e -> assertThat(((RuleViolationException) e).violation()).isEqualTo(v));
  }
}
