package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tenace.bridge.card.Seat.EAST;
import static org.tenace.bridge.card.Seat.NORTH;
import static org.tenace.bridge.card.Seat.SOUTH;
import static org.tenace.bridge.card.Seat.WEST;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;

/** Irregular calls in laws mode (L), and a refused change of call (Law 25A4) in both modes. */
class LawsCasesTest {

  static Auction laws(String script) {
    return Script.run(Mode.LAWS, script);
  }

  static Auction laws1997(String script) {
    return Script.run(Auction.start(NORTH,
        AuctionSettings.LAWS.withEdition(LawsEdition.LAWS_1997)), script);
  }

  static Restriction.Kind bar(Auction a, Seat s) {
    return a.restriction(s).map(Restriction::kind).orElse(null);
  }

  static CallRecord last(Auction a) {
    List<CallRecord> r = a.record();
    return r.get(r.size() - 1);
  }

  static RuleViolationException refusal(Runnable r) {
    try {
      r.run();
    } catch (RuleViolationException e) {
      return e;
    }
    throw new AssertionError("not refused");
  }

  // ---------------------------------------------------------------- Law 27

  @Test
  void case38_anInsufficientBidAcceptedByLhoCallingBecomesTheLastBid() {
    Auction a = laws("N:1H E:1S S:1H*");
    assertThat(a.option()).get().satisfies(o -> {
      assertThat(o.law()).isEqualTo("27");
      assertThat(o.holder()).isEqualTo(WEST);
      assertThat(o.offender()).isEqualTo(SOUTH);
    });
    assertThat(a.turn()).isEqualTo(WEST);
    a = Script.run(a, "W:P N:P E:P");
    assertThat(a.isComplete()).isTrue();
    assertThat(a.contract()).contains(Contract.parse("1H N"));
    assertThat(a.record().get(2).status()).isEqualTo(CallStatus.STANDS);
    assertThat(a.record().get(2).law()).isEqualTo("27A1");
  }

  @Test
  void case39_afterAnAcceptedInsufficientBidAHigherBidIsSufficient() {
    Auction a = laws("N:1H E:1S S:1H* W:P");
    assertThat(a.check(NORTH, Call.parse("1S"))).isEmpty();
    a = Script.run(a, "N:1S");
    assertThat(a.calls()).extracting(Call::toString)
        .containsExactly("1H", "1S", "1H", "Pass", "1S");
    assertThat(a.record()).allMatch(r -> r.status() == CallStatus.STANDS);
  }

  @Test
  void case40_theLowestSufficientBidInTheSameStrainCorrectsWithoutRectification() {
    Auction a = laws("N:1H E:1S S:1H* W:refuse");
    assertThat(a.mustReplace()).contains(SOUTH);
    assertThat(a.turn()).isEqualTo(SOUTH);
    a = Script.run(a, "S:2H");
    assertThat(a.turn()).isEqualTo(WEST);
    assertThat(a.restrictions()).isEmpty();
    assertThat(a.leadPenalties()).isEmpty();
    assertThat(a.gate()).isEmpty();
    CallRecord ib = a.record().get(2);
    assertThat(ib.status()).isEqualTo(CallStatus.REPLACED);
    assertThat(ib.law()).isEqualTo("27B1a");
    assertThat(ib.uiFor()).isEmpty();                       // 27B1: no 16C
    assertThat(a.rulings()).singleElement().satisfies(r -> {
      assertThat(r.law()).isEqualTo("27D");
      assertThat(r.gating()).isFalse();
    });
  }

  @Test
  void case41_aNonComparableReplacementBarsPartnerAndBringsALeadPenalty() {
    Auction a = laws("N:1H E:1S S:1H* W:refuse S:3H");
    Ruling r = a.gate().orElseThrow();
    assertThat(r.law()).isEqualTo("27B1b");
    assertThat(r.defaultChoice()).isEqualTo(RulingChoice.NOT_COMPARABLE);
    a = a.decide(r.id(), RulingChoice.NOT_COMPARABLE, Ruling.DecidedBy.DIRECTOR);
    assertThat(a.gate()).isEmpty();
    assertThat(bar(a, NORTH)).isEqualTo(Restriction.Kind.PASS_REST_OF_AUCTION);
    assertThat(a.leadPenalties()).singleElement().satisfies(p -> {
      assertThat(p.offender()).isEqualTo(SOUTH);
      assertThat(p.target()).isEqualTo(NORTH);
      assertThat(p.bannable()).isEqualTo(EnumSet.of(Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES));
    });
    assertThat(a.calls()).last().isEqualTo(Call.parse("3H"));
    assertThat(a.turn()).isEqualTo(WEST);
    // Played by EW, the lead penalty holds; North is barred for the rest of the auction.
    a = Script.run(a, "W:4S N:P E:P S:P");
    assertThat(a.contract()).contains(Contract.parse("4S E"));
    assertThat(a.leadPenalties()).extracting(LeadPenalty::offender).containsExactly(SOUTH);
  }

  @Test
  void case41_aDirectorMayRuleTheReplacementComparable() {
    Auction a = laws("N:1H E:1S S:1H* W:refuse S:3H");
    a = a.decide(a.gate().get().id(), RulingChoice.COMPARABLE, Ruling.DecidedBy.DIRECTOR);
    assertThat(a.restrictions()).isEmpty();
    assertThat(a.leadPenalties()).isEmpty();
    assertThat(a.record().get(2).law()).isEqualTo("27B1b");
    assertThat(a.rulings()).extracting(Ruling::law).containsExactly("27B1b", "27D");
  }

  @Test
  void case42_aDoubleReplacingAnInsufficientBidIsCancelledAndPartnerBarred() {
    Auction a = laws("N:1H E:1S S:1H* W:refuse S:X");
    a = a.decideByDefault(a.gate().get().id());
    assertThat(last(a).status()).isEqualTo(CallStatus.CANCELLED);
    assertThat(last(a).law()).isEqualTo("27B3");
    assertThat(last(a).uiFor()).contains(Side.NS);
    assertThat(a.mustReplace()).contains(SOUTH);
    assertThat(bar(a, NORTH)).isEqualTo(Restriction.Kind.PASS_REST_OF_AUCTION);
    assertThat(a.legalCalls()).contains(Call.PASS, Call.parse("2H")).doesNotContain(Call.DOUBLE);
    // Another seat's call meanwhile is out of rotation (Law 29), not refused.
    assertThat(a.then(WEST, Call.PASS).option()).get().satisfies(o -> {
      assertThat(o.law()).isEqualTo("29");
      assertThat(o.offender()).isEqualTo(WEST);
    });
    a = Script.run(a, "S:2D");
    assertThat(a.turn()).isEqualTo(WEST);
    assertThat(a.calls()).last().isEqualTo(Call.parse("2D"));
  }

  @Test
  void case43_aPassReplacingAnInsufficientBidBarsPartner() {
    Auction a = laws("N:1H E:1S S:1H* W:refuse S:P");
    a = a.decideByDefault(a.gate().get().id());
    assertThat(a.record().get(2).law()).isEqualTo("27B2");
    assertThat(bar(a, NORTH)).isEqualTo(Restriction.Kind.PASS_REST_OF_AUCTION);
    assertThat(a.leadPenalties()).extracting(LeadPenalty::offender).containsExactly(SOUTH);
    a = Script.run(a, "W:P");
    assertThat(a.legalCalls()).containsExactly(Call.PASS);
    assertThat(a.turn()).isEqualTo(NORTH);
  }

  // ---------------------------------------------------------------- Laws 28-32

  @Test
  void case45_aRefusedBidAtRhosTurnMustBeRepeatedAfterRhoPasses() {
    Auction a = laws("E:1S*");
    assertThat(a.option()).get().extracting(PendingOption::holder).isEqualTo(SOUTH);
    a = Script.run(a, "S:refuse");
    assertThat(a.record().get(0).status()).isEqualTo(CallStatus.CANCELLED);
    assertThat(a.turn()).isEqualTo(NORTH);
    a = Script.run(a, "N:P");
    assertThat(a.restriction(EAST)).get().satisfies(r -> {
      assertThat(r.kind()).isEqualTo(Restriction.Kind.MUST_REPEAT);
      assertThat(r.call()).contains(Call.parse("1S"));
    });
    assertThat(a.legalCalls()).containsExactly(Call.parse("1S"));
    Auction finalA = a;
    RuleViolationException e = refusal(() -> finalA.then(EAST, Call.parse("2S")));
    assertThat(e.violation()).isEqualTo(Violation.CALL_BARRED);
    assertThat(e.detail()).isEqualTo("E must repeat 1S (31A1)");
    a = Script.run(a, "E:1S");
    assertThat(a.restrictions()).isEmpty();
    assertThat(a.leadPenalties()).isEmpty();
  }

  @Test
  void case46_aDifferentCallAfterRhoBidsBarsPartnerOnceWithALeadPenalty() {
    Auction a = laws("E:1S* S:refuse N:1H E:2C");
    Ruling r = a.gate().orElseThrow();
    assertThat(r.law()).isEqualTo("31A2");
    a = a.decideByDefault(r.id());
    assertThat(bar(a, WEST)).isEqualTo(Restriction.Kind.PASS_NEXT_TURN);
    assertThat(a.leadPenalties()).singleElement().satisfies(p -> {
      assertThat(p.offender()).isEqualTo(EAST);
      assertThat(p.bannable()).doesNotContain(Suit.CLUBS).contains(Suit.SPADES);
    });
    a = Script.run(a, "S:2H W:P N:P E:P");          // W passes once, then may call again
    assertThat(a.contract()).contains(Contract.parse("2H N"));
    assertThat(a.leadPenalties()).extracting(LeadPenalty::target).containsExactly(WEST);
  }

  @Test
  void case46_in1997PartnerIsBarredForTheRestWithARequireOrBanSpadePenalty() {
    Auction a = laws1997("E:1S* S:refuse N:1H E:2C");
    assertThat(a.gate()).isEmpty();
    assertThat(bar(a, WEST)).isEqualTo(Restriction.Kind.PASS_REST_OF_AUCTION);
    assertThat(a.leadPenalties()).singleElement().satisfies(p -> {
      assertThat(p.bannable()).containsExactly(Suit.SPADES);
      assertThat(p.law()).isEqualTo("26A");
    });
  }

  @Test
  void case48_theSeatWhoseTurnItWasCallingFirstCancelsTheCallOutOfRotation() {
    Auction a = laws("E:1S* N:1H");
    CallRecord coor = a.record().get(0);
    assertThat(coor.status()).isEqualTo(CallStatus.CANCELLED);
    assertThat(coor.law()).isEqualTo("28B");
    assertThat(coor.uiFor()).contains(Side.EW);
    assertThat(a.turn()).isEqualTo(EAST);
    assertThat(a.option()).isEmpty();
    assertThat(a.restrictions()).isEmpty();
    assertThat(a.leadPenalties()).isEmpty();
  }

  @Test
  void case49_aRefusedPassAtRhosTurnBarsTheOffenderOnceAndABreachIsLaw37() {
    Auction a = laws("N:1H S:P* W:refuse E:1S");
    assertThat(bar(a, SOUTH)).isEqualTo(Restriction.Kind.PASS_NEXT_TURN);
    assertThat(a.legalCalls()).containsExactly(Call.PASS);
    a = Script.run(a, "S:2H");
    List<CallRecord> rec = a.record();
    assertThat(rec.get(rec.size() - 2)).satisfies(r -> {
      assertThat(r.said().toString()).isEqualTo("2H");
      assertThat(r.status()).isEqualTo(CallStatus.CANCELLED);
      assertThat(r.law()).isEqualTo("37B");
    });
    assertThat(last(a).said().toString()).isEqualTo("Pass");
    assertThat(last(a).status()).isEqualTo(CallStatus.STANDS);
    assertThat(bar(a, NORTH)).isEqualTo(Restriction.Kind.PASS_REST_OF_AUCTION);
    assertThat(bar(a, SOUTH)).isEqualTo(Restriction.Kind.PASS_REST_OF_AUCTION);
    assertThat(a.turn()).isEqualTo(WEST);
    assertThat(a.leadPenalties()).extracting(LeadPenalty::offender).containsExactly(SOUTH);
    assertThat(a.rulings()).extracting(Ruling::law).contains("72C");
  }

  @Test
  void case50_aRefusedPassAtPartnersTurnThenANonComparableCallBarsPartnerOnce() {
    Auction a = laws("S:P* W:refuse");
    assertThat(a.turn()).isEqualTo(NORTH);
    assertThat(a.restrictions()).isEmpty();
    a = Script.run(a, "N:1H E:P S:2H");
    assertThat(a.gate()).get().extracting(Ruling::law).isEqualTo("30B1");
    a = a.decideByDefault(a.gate().get().id());
    assertThat(bar(a, NORTH)).isEqualTo(Restriction.Kind.PASS_NEXT_TURN);
    assertThat(a.leadPenalties()).extracting(LeadPenalty::offender).containsExactly(SOUTH);
  }

  @Test
  void case50_aPassAgainIsComparableAndCostsNothing() {
    Auction a = laws("S:P* W:refuse N:1H E:P S:P");
    assertThat(a.gate()).isEmpty();
    assertThat(a.restrictions()).isEmpty();
    assertThat(a.leadPenalties()).isEmpty();
  }

  @Test
  void case50_in1997TheOffenderMustPassAtHisNextTurn() {
    Auction a = laws1997("S:P* W:refuse");
    assertThat(bar(a, SOUTH)).isEqualTo(Restriction.Kind.PASS_NEXT_TURN);
    a = Script.run(a, "N:1H E:P S:2H");
    assertThat(a.record().get(a.record().size() - 2).law()).isEqualTo("37B");
    assertThat(a.calls()).last().isEqualTo(Call.PASS);
  }

  @Test
  void case52_aRefusedDoubleAtPartnersTurnLeavesPartnerFreeThenComparesTheOffendersCall() {
    Auction a = laws("N:1H W:X* N:refuse");
    assertThat(a.turn()).isEqualTo(EAST);
    assertThat(a.legalCalls()).hasSize(34).contains(Call.DOUBLE);    // P, X, 1S..7NT
    a = Script.run(a, "E:P S:P W:1S");
    assertThat(a.gate()).get().extracting(Ruling::law).isEqualTo("32B");
    assertThat(bar(a, EAST)).isEqualTo(Restriction.Kind.PASS_NEXT_TURN);
    a = a.decideByDefault(a.gate().get().id());
    assertThat(bar(a, EAST)).isEqualTo(Restriction.Kind.PASS_NEXT_TURN);
    assertThat(a.leadPenalties()).extracting(LeadPenalty::offender).containsExactly(WEST);
  }

  // ---------------------------------------------------------------- Laws 36-39, 17D3

  @Test
  void case53_anInadmissibleDoubleIsCancelledTheOffenderCallsAgainPartnerIsBarred() {
    Auction a = laws("N:1H E:P S:X*");
    assertThat(last(a).status()).isEqualTo(CallStatus.CANCELLED);
    assertThat(last(a).law()).isEqualTo("36B");
    assertThat(a.turn()).isEqualTo(SOUTH);
    assertThat(a.mustReplace()).contains(SOUTH);
    assertThat(bar(a, NORTH)).isEqualTo(Restriction.Kind.PASS_REST_OF_AUCTION);
    a = Script.run(a, "S:2H W:P N:P");
    assertThat(a.record()).last().extracting(CallRecord::law).isEqualTo("");
  }

  @Test
  void case55_anInadmissibleDoubleNoticedOnlyAfterTheLeadIsScoredAsIfNotMade() {
    Auction a = Script.run(Auction.start(NORTH,
        AuctionSettings.LAWS.withAttention(AuctionSettings.Attention.WHEN_DRAWN)),
        "N:1H E:P S:X* W:P N:P E:P");
    assertThat(a.isComplete()).isTrue();
    assertThat(a.unrectified()).get().extracting(CallRecord::law).isEqualTo("36");
    assertThat(a.readyForPlay()).isTrue();
    a = a.endAuctionPeriod();
    assertThat(a.contract()).contains(Contract.parse("1H N"));
    // The auction stands as made (the double is one of its calls); the score ignores it.
    assertThat(a.record().get(2).status()).isEqualTo(CallStatus.STANDS);
    assertThat(a.record().get(2).law()).isEqualTo("36C");
    assertThat(a.calls()).contains(Call.DOUBLE);
  }

  @Test
  void case56_threePassesWithOneOutOfRotationDoNotEndTheAuction() {
    Auction a = laws("N:1H S:P* W:P");
    assertThat(a.record().get(1).law()).isEqualTo("29A");
    a = Script.run(a, "N:P");
    assertThat(a.isComplete()).isFalse();
    assertThat(a.turn()).isEqualTo(EAST);
    assertThat(a.calls()).containsExactly(Call.parse("1H"));
    List<CallRecord> rec = a.record();
    assertThat(rec.subList(1, 4)).allSatisfy(r -> {
      assertThat(r.status()).isEqualTo(CallStatus.CANCELLED);
      assertThat(r.law()).isEqualTo("17D3");
    });
    assertThat(rec.get(1).uiFor()).contains(Side.NS);
  }

  @Test
  void case58_aBidAboveSevenBecomesAPassAndBarsTheOffendingSide() {
    Auction a = laws("N:7S E:8C*");
    List<CallRecord> rec = a.record();
    assertThat(rec.get(1).said().toString()).isEqualTo("8C");
    assertThat(rec.get(1).status()).isEqualTo(CallStatus.CANCELLED);
    assertThat(rec.get(1).law()).isEqualTo("38");
    assertThat(rec.get(2).said().toString()).isEqualTo("Pass");
    assertThat(a.calls()).containsExactly(Call.parse("7S"), Call.PASS);
    assertThat(bar(a, EAST)).isEqualTo(Restriction.Kind.PASS_REST_OF_AUCTION);
    assertThat(bar(a, WEST)).isEqualTo(Restriction.Kind.PASS_REST_OF_AUCTION);
    assertThat(a.leadPenalties()).extracting(LeadPenalty::offender).containsExactly(EAST);
    a = Script.run(a, "S:P W:P");
    assertThat(a.contract()).contains(Contract.parse("7S N"));
    assertThat(a.leadPenalties()).singleElement().extracting(LeadPenalty::target).isEqualTo(WEST);
  }

  @Test
  void case60_callsAfterTheFinalPassAreCancelledOnlyADefendersBidCosts() {
    Auction done = laws("N:1NT P P P");
    Auction a = Script.run(done, "E:2S");
    assertThat(last(a).status()).isEqualTo(CallStatus.CANCELLED);
    assertThat(last(a).law()).isEqualTo("39");
    assertThat(a.leadPenalties()).singleElement().satisfies(p -> {
      assertThat(p.offender()).isEqualTo(EAST);
      assertThat(p.target()).isEqualTo(WEST);
    });
    assertThat(Script.run(done, "S:2C").leadPenalties()).isEmpty();
    assertThat(Script.run(done, "W:P").leadPenalties()).isEmpty();
    Auction all = Script.run(done, "E:2S S:2C W:P");
    assertThat(all.leadPenalties()).extracting(LeadPenalty::offender).containsExactly(EAST);
    assertThat(all.calls()).hasSize(4);
    assertThat(all.contract()).contains(Contract.parse("1NT N"));
  }

  // ---------------------------------------------------------------- Law 25, undo, 28A

  @Test
  void case61_anUnintendedCallMayBeChangedByTheDirectorWithoutLeadPenalty() {
    Auction a = laws("N:1H E:P").change(NORTH, Call.parse("1S"), Alert.NONE,
        ChangeReason.UNINTENDED);
    Ruling r = a.gate().orElseThrow();
    assertThat(r.law()).isEqualTo("25A");
    assertThat(r.defaultChoice()).isEqualTo(RulingChoice.INTENDED);
    assertThat(a.calls()).extracting(Call::toString).containsExactly("1H", "Pass");   // default
    a = a.decide(r.id(), RulingChoice.UNINTENDED, Ruling.DecidedBy.DIRECTOR);
    assertThat(a.calls()).extracting(Call::toString).containsExactly("1S");
    assertThat(a.turn()).isEqualTo(EAST);                       // E calls again
    assertThat(a.record().get(0).status()).isEqualTo(CallStatus.REPLACED);
    assertThat(a.record().get(1).status()).isEqualTo(CallStatus.WITHDRAWN);
    assertThat(a.record().get(1).uiFor()).contains(Side.NS);
    assertThat(a.leadPenalties()).isEmpty();
    a = Script.run(a, "E:2H");
    assertThat(a.calls()).extracting(Call::toString).containsExactly("1S", "2H");
  }

  @Test
  void case61_beforeLhoCallsARefusedChangeGoesToLhoUnderLaw25B() {
    Auction a = laws("N:1H S:1S*");       // S is out of rotation: not a change of call
    assertThat(a.option()).get().extracting(PendingOption::law).isEqualTo("29");
    Auction b = laws("N:1H N:1S");        // N again at LHO's turn: a change of call
    assertThat(b.gate()).get().extracting(Ruling::law).isEqualTo("25A");
    assertThat(b.option()).get().satisfies(o -> {
      assertThat(o.law()).isEqualTo("25B");
      assertThat(o.holder()).isEqualTo(EAST);
    });
    b = b.decideByDefault(b.gate().get().id());
    Auction accepted = Script.run(b, "E:P");
    assertThat(accepted.calls()).extracting(Call::toString).containsExactly("1S", "Pass");
    assertThat(accepted.leadPenalties()).extracting(LeadPenalty::offender).containsExactly(NORTH);
    Auction refused = b.refuse(EAST);
    assertThat(refused.calls()).extracting(Call::toString).containsExactly("1H");
    assertThat(last(refused).status()).isEqualTo(CallStatus.CANCELLED);
    assertThat(refused.turn()).isEqualTo(EAST);
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case62_aCallCannotBeChangedOncePartnerHasCalled(Mode mode) {
    Auction a = Script.run(mode, "N:1H E:P S:1S");
    assertThat(a.checkUndo(NORTH)).get().satisfies(r -> {
      assertThat(r.violation()).isEqualTo(Violation.UNDO_NOT_ALLOWED);
      assertThat(r.detail()).isEqualTo("partner has already called");
    });
    RuleViolationException e = refusal(() ->
        a.change(NORTH, Call.parse("2H"), Alert.NONE, ChangeReason.UNINTENDED));
    assertThat(e.getMessage()).isEqualTo("UNDO_NOT_ALLOWED: partner has already called");
    if (mode == Mode.ONLINE) {
      assertThat(refusal(() -> a.undo(NORTH)).violation()).isEqualTo(Violation.UNDO_NOT_ALLOWED);
    }
  }

  @Test
  void case63_aCallAtABarredRhosTurnIsInRotationAfterRhosPassIsRecorded() {
    Auction a = Script.run(Auction.start(WEST, AuctionSettings.LAWS), "N:P* E:refuse W:1H");
    assertThat(bar(a, NORTH)).isEqualTo(Restriction.Kind.PASS_NEXT_TURN);
    assertThat(a.turn()).isEqualTo(NORTH);
    a = Script.run(a, "E:1S");
    List<CallRecord> rec = a.record();
    assertThat(rec.get(rec.size() - 2)).satisfies(r -> {
      assertThat(r.seat()).isEqualTo(NORTH);
      assertThat(r.said().toString()).isEqualTo("Pass");
      assertThat(r.law()).isEqualTo("28A");
    });
    assertThat(last(a).status()).isEqualTo(CallStatus.STANDS);
    assertThat(last(a).law()).isEmpty();
    assertThat(a.calls()).extracting(Call::toString).containsExactly("1H", "Pass", "1S");
    assertThat(a.restrictions()).isEmpty();
    assertThat(a.turn()).isEqualTo(SOUTH);
  }
}
