package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.bridge.card.Seat.EAST;
import static org.tenace.bridge.card.Seat.NORTH;
import static org.tenace.bridge.card.Seat.SOUTH;
import static org.tenace.bridge.card.Seat.WEST;
import static org.tenace.server.engine.LawsCasesTest.bar;
import static org.tenace.server.engine.LawsCasesTest.last;
import static org.tenace.server.engine.LawsCasesTest.laws;
import static org.tenace.server.engine.LawsCasesTest.laws1997;
import static org.tenace.server.engine.LawsCasesTest.refusal;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;
import org.tenace.server.engine.Restriction.Kind;

/** Each Law on irregular calls not covered by LawsCasesTest, in laws mode, 2017 unless 1997. */
class LawsTableTest {

  static final AuctionSettings WHEN_DRAWN =
      AuctionSettings.LAWS.withAttention(AuctionSettings.Attention.WHEN_DRAWN);

  static Auction run(AuctionSettings s, String script) {
    return Script.run(Auction.start(NORTH, s), script);
  }

  static CallRecord entry(Auction a, int i) {
    return a.record().get(i);
  }

  @Nested
  class Law25ChangeOfCall {
    @Test
    void theLastCallerMayChangeAnUnintendedPassInTheClarificationPeriod() {
      Auction a = laws("N:1NT P P P");
      assertThat(a.inClarificationPeriod()).isTrue();
      assertThat(a.checkUndo(EAST)).get().extracting(Refusal::detail)
          .isEqualTo("partner has already called");
      a = a.change(WEST, Call.DOUBLE, Alert.NONE, ChangeReason.UNINTENDED);
      assertThat(a.isComplete()).isTrue();                  // the default refuses the change
      a = a.decide(a.gate().get().id(), RulingChoice.UNINTENDED, Ruling.DecidedBy.DIRECTOR);
      assertThat(a.isComplete()).isFalse();
      assertThat(a.calls()).extracting(Call::toString).containsExactly("1NT", "Pass", "Pass", "X");
      assertThat(a.turn()).isEqualTo(NORTH);
    }

    @Test
    void aChangeForMisinformationIsALaw21B1RulingAndItsDefaultCancelsTheChange() {
      Auction a = laws("N:1C! E:P").change(EAST, Call.parse("1S"), Alert.NONE,
          ChangeReason.MISINFORMATION);
      Ruling r = a.gate().orElseThrow();
      assertThat(r.law()).isEqualTo("21B1");
      assertThat(r.choices()).containsExactly(RulingChoice.MISINFORMED,
          RulingChoice.NOT_MISINFORMED);
      assertThat(a.option()).isEmpty();                     // no 25B for misinformation
      assertThat(last(a).status()).isEqualTo(CallStatus.CANCELLED);
      Auction allowed = a.decide(r.id(), RulingChoice.MISINFORMED, Ruling.DecidedBy.DIRECTOR);
      assertThat(allowed.calls()).extracting(Call::toString).containsExactly("1C", "1S");
      assertThat(allowed.leadPenalties()).isEmpty();
    }

    @Test
    void lhoMayAcceptAChangeExplicitly() {
      Auction a = laws("N:1H N:2H");
      a = a.decideByDefault(a.gate().get().id()).accept(EAST);
      assertThat(a.calls()).extracting(Call::toString).containsExactly("2H");
      assertThat(entry(a, 0).status()).isEqualTo(CallStatus.REPLACED);
      assertThat(entry(a, 0).law()).isEqualTo("25B");
      assertThat(entry(a, 0).uiFor()).contains(Side.NS);
      assertThat(a.turn()).isEqualTo(EAST);
    }

    @Test
    void in1997ARefusedChangeLetsTheOffenderKeepEitherCall() {
      Auction a = laws1997("N:1H N:2H");
      a = a.decideByDefault(a.gate().get().id()).refuse(EAST);
      assertThat(a.option()).get().satisfies(o -> {
        assertThat(o.holder()).isEqualTo(NORTH);
        assertThat(o.law()).isEqualTo("25B2");
      });
      Auction first = a.refuse(NORTH);
      assertThat(first.calls()).extracting(Call::toString).containsExactly("1H");
      assertThat(bar(first, SOUTH)).isEqualTo(Kind.PASS_NEXT_TURN);
      Auction second = a.accept(NORTH);
      assertThat(second.calls()).extracting(Call::toString).containsExactly("2H");
      assertThat(second.rulings()).extracting(Ruling::law).contains("25B2");
    }
  }

  @Nested
  class Law26LeadPenalties {
    @Test
    void suitsTheOffenderBidLegallyCannotBeBannedAndNotrumpSpecifiesNone() {
      Auction a = laws("N:1H E:1S S:1H* W:refuse S:3H");
      a = a.decideByDefault(a.gate().get().id());
      a = Script.run(a, "W:P N:P E:3NT S:4D W:4NT N:P E:P S:P");
      assertThat(a.contract()).contains(Contract.parse("4NT E"));
      assertThat(a.leadPenalties()).singleElement().satisfies(p -> {
        assertThat(p.offender()).isEqualTo(SOUTH);
        assertThat(p.bannable()).isEqualTo(EnumSet.of(Suit.CLUBS, Suit.SPADES));
        assertThat(p.law()).isEqualTo("26B");
      });
    }

    @Test
    void aPenaltyLapsesWhenTheOffendersSideDeclares() {
      Auction a = laws("N:7S E:8C* S:P W:P");
      assertThat(a.contract()).contains(Contract.parse("7S N"));
      assertThat(a.leadPenalties()).hasSize(1);
      Auction b = laws("N:1C E:8C* S:P W:P N:P");
      assertThat(b.contract()).contains(Contract.parse("1C N"));
      assertThat(b.leadPenalties()).hasSize(1);
      Auction c = laws("N:P E:1C S:8C* W:P N:P E:P");
      assertThat(c.contract()).contains(Contract.parse("1C E"));
      assertThat(c.leadPenalties()).extracting(LeadPenalty::target).containsExactly(NORTH);
      Auction d = laws("N:1C S:8C* E:P");                    // S out of rotation; NS declares
      d = Script.run(d, "S:P W:P N:P");
      assertThat(d.contract()).map(x -> x.declarer().side()).contains(Side.NS);
      assertThat(d.leadPenalties()).isEmpty();
    }
  }

  @Nested
  class Law27InsufficientBid {
    @Test
    void anAlertedInsufficientBidNeedsARulingEvenForTheLowestBidInItsStrain() {
      Auction a = laws("N:1NT E:P S:1S!* W:refuse S:2S");
      Ruling r = a.gate().orElseThrow();
      assertThat(r.law()).isEqualTo("27B1");
      assertThat(r.choices()).contains(RulingChoice.SAME_STRAINS);
      Auction same = a.decide(r.id(), RulingChoice.SAME_STRAINS, Ruling.DecidedBy.DIRECTOR);
      assertThat(same.restrictions()).isEmpty();
      assertThat(entry(same, 2).law()).isEqualTo("27B1a");
      assertThat(bar(a, NORTH)).isEqualTo(Kind.PASS_REST_OF_AUCTION);     // the default, B2
    }

    @Test
    void aSecondInsufficientBidMayBeAcceptedByLho() {
      Auction a = laws("N:1H E:1S S:1H* W:refuse S:1D");
      assertThat(a.option()).get().extracting(PendingOption::law).isEqualTo("27B4");
      Auction accepted = Script.run(a, "W:P");
      assertThat(accepted.calls()).extracting(Call::toString)
          .containsExactly("1H", "1S", "1D", "Pass");
      assertThat(entry(accepted, 3).law()).isEqualTo("27B4");
    }

    @Test
    void aRefusedSecondInsufficientBidIsCancelledAsUnder27B3() {
      Auction a = laws("N:1H E:1S S:1H* W:refuse S:1D W:refuse");
      assertThat(entry(a, 3).status()).isEqualTo(CallStatus.CANCELLED);
      assertThat(a.mustReplace()).contains(SOUTH);
      assertThat(bar(a, NORTH)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
      assertThat(a.leadPenalties()).extracting(LeadPenalty::offender).containsExactly(SOUTH);
    }

    @Test
    void aReplacementBeforeLhoChoosesStandsUnlessLhoAcceptsTheInsufficientBid() {
      Auction a = laws("N:1H E:1S S:1H* S:2H");
      assertThat(a.option()).get().satisfies(o -> {
        assertThat(o.law()).isEqualTo("27C");
        assertThat(o.holder()).isEqualTo(WEST);
      });
      Auction refused = a.refuse(WEST);
      assertThat(refused.calls()).last().isEqualTo(Call.parse("2H"));
      assertThat(entry(refused, 3).law()).isEqualTo("27B1a");
      assertThat(refused.restrictions()).isEmpty();
      Auction accepted = a.accept(WEST);
      assertThat(accepted.calls()).last().isEqualTo(Call.parse("1H"));
      assertThat(entry(accepted, 3).status()).isEqualTo(CallStatus.CANCELLED);
      assertThat(accepted.turn()).isEqualTo(WEST);
    }

    @Test
    void only27B1aCountsAsRegularWhenReplacingSoCheckAgreesWithLegalCalls() {
      Auction a = laws("N:1H E:1S S:1H* W:refuse");
      assertThat(a.legalCalls()).startsWith(Call.PASS, Call.DOUBLE, Call.parse("1NT"));
      assertThat(a.check(WEST, Call.PASS)).get().extracting(Refusal::violation)
          .isEqualTo(Violation.OUT_OF_TURN);              // taken, as out of rotation (Law 29)
    }

    @Test
    void anInsufficientBidBelowASevenLevelBidHasNoLowestSufficientBidInItsStrain() {
      Auction a = laws("N:7S E:7C* S:refuse E:P");
      assertThat(a.gate()).get().extracting(Ruling::law).isEqualTo("27B1b");
      assertThat(a.decideByDefault(a.gate().get().id()).restriction(WEST))
          .get().extracting(Restriction::kind).isEqualTo(Kind.PASS_REST_OF_AUCTION);
    }

    @Test
    void in1997TheLowestBidInTheStrainCostsNothingAndAnythingElseBarsPartner() {
      assertThat(laws1997("N:1H E:1S S:1H* W:refuse S:2H").restrictions()).isEmpty();
      Auction b2 = laws1997("N:1H E:1S S:1H* W:refuse S:3H");
      assertThat(b2.gate()).isEmpty();
      assertThat(bar(b2, NORTH)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
      assertThat(b2.rulings()).extracting(Ruling::law).containsExactly("23");
      Auction alerted = laws1997("N:1H E:1S S:1H!* W:refuse S:2H");
      assertThat(bar(alerted, NORTH)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
    }
  }

  @Nested
  class Laws28To32CallsOutOfRotation {
    @Test
    void lhoMayAcceptACallOutOfRotationExplicitlyAndTheSkippedSeatLosesItsTurn() {
      Auction a = laws("E:1S* S:accept");
      assertThat(a.calls()).containsExactly(Call.parse("1S"));
      assertThat(a.callers()).containsExactly(EAST);
      assertThat(entry(a, 0).law()).isEqualTo("29A");
      assertThat(a.turn()).isEqualTo(SOUTH);
      a = Script.run(a, "S:P W:P N:P");
      assertThat(a.contract()).contains(Contract.parse("1S E"));
    }

    @Test
    void onlyTheHolderMayAnswerAndNobodyElseMayCall() {
      Auction a = laws("E:1S*");
      assertThat(refusal(() -> a.accept(WEST)).violation()).isEqualTo(Violation.NOT_ENTITLED);
      assertThat(refusal(() -> a.then(WEST, Call.PASS)).violation())
          .isEqualTo(Violation.DECISION_PENDING);
      assertThat(a.check(WEST, Call.PASS)).get().extracting(Refusal::violation)
          .isEqualTo(Violation.DECISION_PENDING);
      assertThat(a.check(SOUTH, Call.parse("2S"))).isEmpty();      // S accepts by calling
      assertThat(a.check(NORTH, Call.parse("1H"))).isEmpty();      // N cancels it (28B)
      assertThat(refusal(() -> laws("N:P").accept(EAST)).violation())
          .isEqualTo(Violation.NO_DECISION_PENDING);
      assertThat(refusal(() -> Script.run(Mode.ONLINE, "N:P").accept(EAST)).violation())
          .isEqualTo(Violation.NOT_IN_THIS_MODE);
    }

    @Test
    void aRefusedPassAtLhosTurnBeforeTheOffenderHasCalledIsComparedWithHisNextCall() {
      Auction a = laws("W:P* N:refuse N:1H E:P S:P W:1S");
      assertThat(a.gate()).get().extracting(Ruling::law).isEqualTo("30B1");
      assertThat(bar(a, EAST)).isEqualTo(Kind.PASS_NEXT_TURN);
    }

    @Test
    void anAlertedPassOutOfRotationIsArtificialByDefaultAndFollowsLaw31() {
      Auction a = laws("N:1C! E:P W:P!* N:refuse");
      Ruling r = a.gate().orElseThrow();
      assertThat(r.law()).isEqualTo("30C");
      assertThat(r.defaultChoice()).isEqualTo(RulingChoice.ARTIFICIAL);
      a = a.decideByDefault(r.id());
      a = Script.run(a, "S:P");                        // RHO passes: W must repeat his pass
      assertThat(a.restriction(WEST)).get().extracting(Restriction::kind)
          .isEqualTo(Kind.MUST_REPEAT);
      Auction natural = laws("N:1C! E:P W:P!* N:refuse");
      natural = natural.decide(natural.gate().get().id(), RulingChoice.NATURAL,
          Ruling.DecidedBy.DIRECTOR);
      assertThat(bar(natural, WEST)).isEqualTo(Kind.PASS_NEXT_TURN);       // 30A
    }

    @Test
    void repeatingTheSameUnalertedBidAfterRhoActsIsComparable() {
      Auction a = laws("E:1S* S:refuse N:1C E:1S");
      assertThat(a.gate()).isEmpty();
      assertThat(a.restrictions()).isEmpty();
      assertThat(a.leadPenalties()).isEmpty();
      assertThat(a.rulings()).extracting(Ruling::law).containsExactly("23C");
    }

    @Test
    void aRefusedBidAtPartnersTurnLeavesPartnerFreeAndComparesTheOffendersNextCall() {
      Auction a = laws("S:1H* W:refuse");
      assertThat(a.turn()).isEqualTo(NORTH);
      assertThat(a.legalCalls()).hasSize(36);
      Auction same = Script.run(a, "N:P E:P S:1H");
      assertThat(same.gate()).isEmpty();
      Auction other = Script.run(a, "N:P E:P S:2C");
      assertThat(other.gate()).get().extracting(Ruling::law).isEqualTo("31B");
      assertThat(bar(other, NORTH)).isEqualTo(Kind.PASS_NEXT_TURN);
      Auction comparable = other.decide(other.gate().get().id(), RulingChoice.COMPARABLE,
          Ruling.DecidedBy.DIRECTOR);
      assertThat(comparable.restrictions()).isEmpty();
      assertThat(comparable.leadPenalties()).isEmpty();
    }

    @Test
    void aRefusedDoubleAtRhosTurnMustBeRepeatedIfRhoPassesAndIsComparedIfRhoBids() {
      Auction a = laws("N:1H E:P W:X* N:refuse");
      assertThat(a.turn()).isEqualTo(SOUTH);
      Auction passed = Script.run(a, "S:P");
      assertThat(passed.restriction(WEST)).get().satisfies(r -> {
        assertThat(r.kind()).isEqualTo(Kind.MUST_REPEAT);
        assertThat(r.call()).contains(Call.DOUBLE);
        assertThat(r.law()).isEqualTo("32A1");
      });
      assertThat(passed.legalCalls()).containsExactly(Call.DOUBLE);
      Auction bid = Script.run(a, "S:2H W:3C");
      assertThat(bid.gate()).get().extracting(Ruling::law).isEqualTo("32A2");
    }

    @Test
    void in1997ARefusedPassAtPartnersTurnAfterABidBarsTheOffenderAndStopsPartnersDouble() {
      Auction a = laws1997("N:1H W:P* N:refuse");
      assertThat(bar(a, WEST)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
      assertThat(bar(a, EAST)).isEqualTo(Kind.NO_DOUBLE_NEXT_TURN);
      assertThat(a.legalCalls()).doesNotContain(Call.DOUBLE).contains(Call.PASS);
      assertThat(a.check(EAST, Call.DOUBLE)).get().extracting(Refusal::violation)
          .isEqualTo(Violation.CALL_BARRED);
      a = Script.run(a, "E:1S");
      assertThat(a.restriction(EAST)).isEmpty();
    }

    @Test
    void in1997RepeatingTheStrainAfterRhoActsBarsPartnerOnlyOnce() {
      Auction a = laws1997("E:1S* S:refuse N:1H E:2S");
      assertThat(a.restriction(WEST)).get().satisfies(r -> {
        assertThat(r.kind()).isEqualTo(Kind.PASS_NEXT_TURN);
        assertThat(r.law()).isEqualTo("31A2");
      });
      assertThat(a.leadPenalties()).isEmpty();
    }

    @Test
    void in1997ARefusedDoubleAtPartnersTurnBarsPartnerForTheRest() {
      Auction a = laws1997("N:1H W:X* N:refuse");
      assertThat(bar(a, EAST)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
      assertThat(a.legalCalls()).containsExactly(Call.PASS);
    }
  }

  @Nested
  class Law24CardExposedDuringTheAuction {
    @Test
    void aSingleLowCardCostsNothingInTheAuctionButBecomesAPenaltyCardForADefender() {
      Auction a = laws("N:1H").exposeCards(EAST, java.util.Set.of(Card.parse("S5")), false);
      assertThat(a.exposedCards()).singleElement().extracting(ExposedCards::law).isEqualTo("24A");
      assertThat(a.restrictions()).isEmpty();
      Auction done = Script.run(a, "E:P S:2H W:P N:P E:P");
      assertThat(done.penaltyCards()).containsEntry(EAST, java.util.Set.of(Card.parse("S5")));
      Auction declaring = Script.run(a, "E:1S S:P W:P N:P");
      assertThat(declaring.penaltyCards()).isEmpty();
    }

    @Test
    void anHonourAPrematureLeadOrTwoCardsMakePartnerPassOnce() {
      Auction honour = laws("N:1H").exposeCards(EAST, java.util.Set.of(Card.parse("SQ")), false);
      assertThat(bar(honour, WEST)).isEqualTo(Kind.PASS_NEXT_TURN);
      assertThat(honour.exposedCards().get(0).law()).isEqualTo("24B");
      Auction led = laws("N:1H").exposeCards(EAST, java.util.Set.of(Card.parse("S2")), true);
      assertThat(bar(led, WEST)).isEqualTo(Kind.PASS_NEXT_TURN);
      Auction two = laws("N:1H").exposeCards(EAST,
          java.util.Set.of(Card.parse("S2"), Card.parse("H3")), false);
      assertThat(two.exposedCards().get(0).law()).isEqualTo("24C");
      assertThat(Script.run(two, "E:P S:P W:P").calls()).hasSize(4);
      assertThat(refusal(() -> Script.run(Mode.ONLINE, "N:1H")
          .exposeCards(EAST, java.util.Set.of(Card.parse("S2")), false)).violation())
          .isEqualTo(Violation.NOT_IN_THIS_MODE);
    }
  }

  @Nested
  class Law17D3SkippedTurn {
    @Test
    void fourPassesWithOneOutOfRotationDoNotPassTheBoardOut() {
      Auction a = laws("N:P S:P* W:P N:P");
      assertThat(a.isComplete()).isFalse();
      assertThat(a.calls()).containsExactly(Call.PASS);
      assertThat(a.turn()).isEqualTo(EAST);
      Auction b = laws1997("N:P S:P* W:P N:P");
      assertThat(entry(b, 1).law()).isEqualTo("34");
    }
  }

  @Nested
  class Laws36To39 {
    @Test
    void anInadmissibleDoubleOutOfRotationGoesBackToTheSeatWhoseTurnItWas() {
      Auction a = laws("N:1H S:X*");
      assertThat(last(a).law()).isEqualTo("36B4");
      assertThat(a.turn()).isEqualTo(EAST);
      assertThat(a.mustReplace()).isEmpty();
      assertThat(bar(a, NORTH)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
    }

    @Test
    void anInadmissibleDoubleIsCondonedWhenLhoCallsBeforeAttentionIsDrawn() {
      Auction a = run(WHEN_DRAWN, "N:1H E:P S:X* W:P");
      assertThat(a.unrectified()).isPresent();
      a = a.drawAttention();
      assertThat(a.calls()).extracting(Call::toString).containsExactly("1H", "Pass");
      assertThat(entry(a, 2).law()).isEqualTo("36A");
      assertThat(entry(a, 3).status()).isEqualTo(CallStatus.CANCELLED);
      assertThat(a.turn()).isEqualTo(SOUTH);
      assertThat(a.restrictions()).isEmpty();
      assertThat(a.leadPenalties()).isEmpty();
      Auction before = run(WHEN_DRAWN, "N:1H E:P S:X*").drawAttention();
      assertThat(entry(before, 2).law()).isEqualTo("36B");
      assertThat(bar(before, NORTH)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
      assertThat(refusal(before::drawAttention).violation())
          .isEqualTo(Violation.NO_DECISION_PENDING);
    }

    @Test
    void anIrregularCallByLhoOverAnInadmissibleDoubleIsCancelledWithIt() {
      Auction a = run(WHEN_DRAWN, "N:1H E:P S:X* W:1C");
      assertThat(a.calls()).extracting(Call::toString).containsExactly("1H", "Pass");
      assertThat(last(a).law()).isEqualTo("36A");
      assertThat(a.turn()).isEqualTo(SOUTH);
    }

    @Test
    void in1997AnUnnoticedInadmissibleDoubleIsScoredAsMade() {
      Auction a = run(WHEN_DRAWN.withEdition(LawsEdition.LAWS_1997), "N:1H E:P S:X* P P P")
          .endAuctionPeriod();
      assertThat(a.contract()).contains(Contract.parse("1HX N"));
    }

    @Test
    void aBarredCallCondonedByLhoStandsAndTheBarRemains() {
      Auction a = run(WHEN_DRAWN, "N:1H E:1S S:1H* W:refuse S:P");
      a = a.decideByDefault(a.gate().get().id());          // 27B2: N barred for the rest
      a = Script.run(a, "W:P N:2H* E:P");
      assertThat(a.unrectified()).get().extracting(CallRecord::law).isEqualTo("37");
      a = a.drawAttention();
      assertThat(a.calls()).last().isEqualTo(Call.PASS);
      assertThat(a.calls()).contains(Call.parse("2H"));
      assertThat(entry(a, 5).law()).isEqualTo("37A");
      assertThat(bar(a, NORTH)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
      assertThat(a.leadPenalties()).extracting(LeadPenalty::offender).containsExactly(SOUTH);
    }

    @Test
    void aBarredCallNoticedBeforeLhoCallsIsLaw37B() {
      Auction a = run(WHEN_DRAWN, "N:1H S:P* W:refuse E:1S S:2H").drawAttention();
      assertThat(a.calls()).last().isEqualTo(Call.PASS);
      assertThat(bar(a, NORTH)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
      assertThat(bar(a, SOUTH)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
    }

    @Test
    void aBidAboveSevenIsCancelledWithTheCallsOverItWithoutLeadPenaltyOnceLhoCalled() {
      Auction a = run(WHEN_DRAWN, "N:7S E:8C* S:P");
      assertThat(a.turn()).isEqualTo(WEST);
      a = a.drawAttention();
      assertThat(a.calls()).containsExactly(Call.parse("7S"), Call.PASS);
      assertThat(entry(a, 2).status()).isEqualTo(CallStatus.CANCELLED);
      assertThat(a.turn()).isEqualTo(SOUTH);
      assertThat(bar(a, EAST)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
      assertThat(bar(a, WEST)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
      assertThat(a.leadPenalties()).isEmpty();
      Auction y1997 = run(WHEN_DRAWN.withEdition(LawsEdition.LAWS_1997), "N:7S E:8C* S:P")
          .drawAttention();
      assertThat(y1997.restrictions()).isEmpty();
    }

    @Test
    void threePassesOverABidAboveSevenBringTheDirector() {
      Auction a = run(WHEN_DRAWN, "N:1S E:8C* S:P W:P N:P");
      assertThat(a.unrectified()).isEmpty();
      assertThat(a.isComplete()).isFalse();
      assertThat(a.calls()).containsExactly(Call.parse("1S"), Call.PASS);
      assertThat(a.turn()).isEqualTo(SOUTH);
    }

    @Test
    void aBidAboveSevenOutOfRotationIsCancelledWithoutASubstitutedPass() {
      Auction a = laws("N:1H W:8C*");
      assertThat(a.calls()).containsExactly(Call.parse("1H"));
      assertThat(a.turn()).isEqualTo(EAST);
      assertThat(a.legalCalls()).containsExactly(Call.PASS);
    }

    @Test
    void aDefendersBidAfterTheFinalPassCostsNothingOnceLhoHasCalled() {
      Auction a = run(WHEN_DRAWN, "N:1NT P P P E:2S S:P");
      assertThat(a.leadPenalties()).isEmpty();
      Auction b = run(WHEN_DRAWN, "N:1NT P P P E:2S").drawAttention();
      assertThat(b.leadPenalties()).extracting(LeadPenalty::offender).containsExactly(EAST);
    }

    @Test
    void onlineABidAboveSevenIsRefused() {
      RuleViolationException e = refusal(() ->
          Script.start(Mode.ONLINE).bidAboveSeven(NORTH, 8, Strain.CLUBS));
      assertThat(e.getMessage()).isEqualTo("BID_ABOVE_SEVEN: levels are 1..7");
    }
  }

  @Nested
  class Settings {
    @Test
    void autoPassBarredPassesForABarredSeatSoLaw37CannotArise() {
      Auction a = run(AuctionSettings.LAWS.withAutoPassBarred(true), "N:1H S:P* W:refuse E:1S");
      assertThat(a.turn()).isEqualTo(WEST);
      assertThat(last(a).seat()).isEqualTo(SOUTH);
      assertThat(last(a).law()).isEqualTo("30A");
      assertThat(a.restrictions()).isEmpty();
    }

    @Test
    void rulingsByDefaultSettlesJudgementAtOnce() {
      Auction a = run(AuctionSettings.LAWS.withRulingsByDefault(true),
          "N:1H E:1S S:1H* W:refuse S:3H");
      assertThat(a.gate()).isEmpty();
      assertThat(a.rulings().get(0).decision()).get().extracting(Ruling.Decision::by)
          .isEqualTo(Ruling.DecidedBy.DEFAULT);
      assertThat(bar(a, NORTH)).isEqualTo(Kind.PASS_REST_OF_AUCTION);
      assertThat(a.turn()).isEqualTo(WEST);
    }
  }

  @Nested
  class AuctionPeriod {
    @Test
    void thePeriodEndsOnlyAfterTheFinalPassAndWithNothingOpen() {
      assertThat(refusal(() -> laws("N:1H").endAuctionPeriod()).violation())
          .isEqualTo(Violation.AUCTION_NOT_ENDED);
      Auction open = laws("N:1NT P P N:2C");        // N's change of call: a gating ruling
      assertThat(open.isComplete()).isFalse();
      Auction done = laws("N:1NT P P P").endAuctionPeriod();
      assertThat(done.isPeriodOver()).isTrue();
      assertThat(done.inClarificationPeriod()).isFalse();
      assertThat(refusal(() -> done.then(EAST, Call.PASS)).violation())
          .isEqualTo(Violation.CALL_AFTER_FINAL_PASS);
      assertThat(refusal(() -> done.change(WEST, Call.DOUBLE, Alert.NONE,
          ChangeReason.UNINTENDED)).getMessage())
          .isEqualTo("UNDO_NOT_ALLOWED: the opening lead has been faced");
      assertThat(done.legalCalls()).isEmpty();
    }

    @Test
    void aGatingRulingBlocksEveryCall() {
      Auction a = laws("N:1H E:1S S:1H* W:refuse S:3H");
      for (Seat s : Seat.values()) {
        assertThat(refusal(() -> a.then(s, Call.PASS)).violation())
            .isEqualTo(Violation.DECISION_PENDING);
      }
      assertThat(a.legalCalls()).isEmpty();
      assertThat(a.readyForPlay()).isFalse();
    }
  }

  @Test
  void theRecordReplaysToTheSameAuction() {
    Auction a = laws("N:1H E:1S S:1H* W:refuse S:3H");
    a = a.decide(a.gate().get().id(), RulingChoice.NOT_COMPARABLE, Ruling.DecidedBy.DIRECTOR);
    a = Script.run(a, "W:P N:P E:P S:P W:P");
    List<AuctionAction> actions = a.actions();
    Auction again = Auction.replay(NORTH, AuctionSettings.LAWS, actions);
    assertThat(again.record()).isEqualTo(a.record());
    assertThat(again.rulings()).isEqualTo(a.rulings());
    assertThat(again.contract()).isEqualTo(a.contract());
    assertThat(again.leadPenalties()).isEqualTo(a.leadPenalties());
  }
}
