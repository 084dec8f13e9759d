package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tenace.server.engine.PlayFixtures.fit;
import static org.tenace.server.engine.PlayFixtures.play;
import static org.tenace.server.engine.PlayFixtures.playLowest;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;

/** Play cases (Laws 41-71), one test each, in the modes each names (B = both). */
class PlayCasesTest {
  /** W holds ♥K; dummy N holds hearts and clubs. */
  static final String DEAL =
      "N:AK76.QJ2.432.432 543.AT98.765.765 QJT98.76.AKQ.AKQ 2.K543.JT98.JT98";
  /** Tricks 1-5 as the revoke case (Law 64) needs; see RevokeTest for the whole play. */
  static final String REVOKE_DEAL =
      "N:T987.T74.952.852 5432.AKQJ.63.963 AKQJ.852.874.T74 6.963.AKQJT.AKQJ";

  private static RuleViolationException refusal(Play p, Seat seat, String card) {
    return p.refusal(seat, Card.parse(card)).orElseThrow();
  }

  @Test
  void case27_online_declarerMayNotPlayAClubFromDummyHoldingHearts() {
    Play p = play(PlayFixtures.start(DEAL, "4S S", Mode.ONLINE), "HK");
    RuleViolationException e = refusal(p, Seat.SOUTH, "C2");
    assertThat(e.violation()).isEqualTo(Violation.REVOKE);
    assertThat(e.getMessage()).isEqualTo("REVOKE: you must follow suit (♥)");
    assertThatThrownBy(() -> p.play(Seat.SOUTH, Card.parse("C2")))
        .isInstanceOf(RuleViolationException.class).hasMessageContaining("(♥)");
    assertThat(p.legalCards().toPbn()).isEqualTo(".QJ2..");
  }

  @Test
  void case28_online_beforeTheLeadDummysCardIsOutOfTurnAndDummyCannotPlay() {
    Play p = PlayFixtures.start(DEAL, "4S S", Mode.ONLINE);
    RuleViolationException fromDummy = refusal(p, Seat.SOUTH, "SA");
    assertThat(fromDummy.violation()).isEqualTo(Violation.OUT_OF_TURN);
    assertThat(fromDummy.detail()).isEqualTo("it is W's turn to play");
    RuleViolationException dummy = refusal(p, Seat.NORTH, "SA");
    assertThat(dummy.violation()).isEqualTo(Violation.DUMMY_CANNOT_PLAY);
    assertThat(dummy.detail()).isEqualTo("declarer plays dummy's cards");
    long north = p.deal().hand(Seat.NORTH).bits();
    for (Seat s : List.of(Seat.EAST, Seat.SOUTH, Seat.WEST)) {
      assertThat(p.visibleBits(Viewer.of(s)) & north).as("%s sees N", s).isZero();
    }
    assertThat(p.openingLeadFaced()).isFalse();
  }

  @Test
  void case28a_online_aCardOutsideThePlayIsNotPlaying() {
    // During the auction there is no Play: the composition answers with this refusal.
    RuleViolationException e = Play.notPlaying();
    assertThat(e.violation()).isEqualTo(Violation.NOT_PLAYING);
    assertThat(e.getMessage()).isEqualTo("NOT_PLAYING: no play in this phase");
    // After the play, too.
    Play over = playLowest(PlayFixtures.start(DEAL, "4S S", Mode.ONLINE), 52);
    assertThat(over.isComplete()).isTrue();
    assertThat(over.check(Seat.EAST, Card.parse("SA"))).contains(Violation.NOT_PLAYING);
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case29_both_aLowTrumpWinsAndItsPlayerLeadsNext(Mode mode) {
    Play p = firstTrick(mode, "4S S", "HK H2 S3 HA", Map.of(Seat.EAST, "H"));
    assertWonAndLeadsNext(p, Seat.EAST);
    assertThat(p.tricksWon(Side.EW)).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case30_both_theHigherTrumpWins(Mode mode) {
    assertWonAndLeadsNext(firstTrick(mode, "4S S", "CA S2 S5 C3",
        Map.of(Seat.NORTH, "C", Seat.EAST, "C")), Seat.EAST);
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case31_both_atNotrumpTheHighestCardOfTheLedSuitWins(Mode mode) {
    Play p = firstTrick(mode, "3NT S", "D5 DK SA D2", Map.of(Seat.EAST, "D"));
    assertWonAndLeadsNext(p, Seat.NORTH);
    assertThat(p.actor()).isEqualTo(Seat.SOUTH);
  }

  /**
   * The first trick of {@code contract} by South (West leads), its four cards {@code trick} in
   * the order played, on a deal made to hold them with {@code voids}.
   */
  private static Play firstTrick(Mode mode, String contract, String trick,
      Map<Seat, String> voids) {
    String[] cards = trick.split(" ");
    Deal d = fit(Map.of(Seat.WEST, cards[0], Seat.NORTH, cards[1], Seat.EAST, cards[2],
        Seat.SOUTH, cards[3]), voids);
    return play(Play.start(d, Contract.parse(contract), mode, List.of()), trick);
  }

  /** {@code p}'s last trick was won by {@code seat}, whose turn it is next. */
  private static void assertWonAndLeadsNext(Play p, Seat seat) {
    assertThat(p.lastTrick().orElseThrow().winner()).contains(seat);
    assertThat(p.turn()).isEqualTo(seat);
  }

  private static Play threeLeft(Mode mode) {
    return playLowest(PlayFixtures.start(DEAL, "4S S", mode), 40);
  }

  @Test
  void case32_online_aRejectedClaimIsVoidAndPlayGoesOn() {
    Play p = threeLeft(Mode.ONLINE).claim(Seat.SOUTH, 3, "all mine");
    assertThat(p.legalCards().isEmpty()).isTrue();
    p = p.respondToClaim(Seat.WEST, true);
    assertThat(p.pendingClaim()).isPresent();
    p = p.respondToClaim(Seat.EAST, false);
    assertThat(p.pendingClaim()).isEmpty();
    assertThat(p.isComplete()).isFalse();
    assertThat(p.legalCards().isEmpty()).isFalse();
    assertThat(p.check(p.actor(), p.legalCards().cards().get(0))).isEmpty();
  }

  @Test
  void case32_laws_aRejectedClaimGoesToTheDirectorUnderLaw70() {
    Play p = threeLeft(Mode.LAWS).claim(Seat.SOUTH, 3, "all mine")
        .respondToClaim(Seat.WEST, true).respondToClaim(Seat.EAST, false);
    assertThat(p.pendingClaim()).hasValueSatisfying(c -> assertThat(c.disputed()).isTrue());
    Ruling r = p.rulings().stream().filter(x -> x.law().equals("70")).findFirst().orElseThrow();
    assertThat(r.gating()).isTrue();
    assertThat(r.choices()).contains("0", "1", "2", "3", Play.PLAY_ON);
    assertThat(p.check(p.actor(), p.remaining(p.turn()).cards().get(0)))
        .contains(Violation.CLAIM_PENDING);
    int before = p.tricksWon(Side.NS);
    Play ruled = p.ruleOnClaim(2, Ruling.DecidedBy.DIRECTOR);
    assertThat(ruled.isComplete()).isTrue();
    assertThat(ruled.result().orElseThrow().declarerTricks()).isEqualTo(before + 2);
    assertThat(ruled.rulings().stream().filter(x -> x.law().equals("70")))
        .singleElement().satisfies(x -> assertThat(x.outcome()).isEqualTo("2"));
  }

  @Test
  void case32_laws_playGoesOnWhenAllFourAgree() {
    Play p = threeLeft(Mode.LAWS).claim(Seat.SOUTH, 3, "")
        .respondToClaim(Seat.WEST, true).respondToClaim(Seat.EAST, false);
    for (Seat s : List.of(Seat.EAST, Seat.WEST, Seat.NORTH)) {
      p = p.agreeToPlayOn(s);
      assertThat(p.pendingClaim()).isPresent();
    }
    p = p.agreeToPlayOn(Seat.SOUTH);
    assertThat(p.pendingClaim()).isEmpty();
    assertThat(p.legalCards().isEmpty()).isFalse();
    assertThat(p.rulings().get(p.rulings().size() - 1).outcome()).isEqualTo(Play.PLAY_ON);
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void case33_both_aDefendersClaimAcceptedByDeclarer(Mode mode) {
    Play p = playLowest(PlayFixtures.start(DEAL, "4S S", mode), 36);
    int declarerWon = p.tricksWon(Side.NS);
    p = p.claim(Seat.WEST, 2, "two of the four").respondToClaim(Seat.SOUTH, true);
    assertThat(p.isComplete()).isTrue();
    PlayResult r = p.result().orElseThrow();
    assertThat(r.claimed()).isEqualTo(4);
    assertThat(r.byClaim()).isEqualTo(2);
    assertThat(r.declarerTricks()).isEqualTo(declarerWon + 2);
  }

  @Test
  void case64_laws_aBannedSuitMayNotBeLedUnlessItIsAllOpHolds() {
    LeadPenalty ban = new LeadPenalty(Seat.EAST, Set.of(Suit.HEARTS, Suit.DIAMONDS), "27B2");
    Play p = Play.start(Deal.parsePbn(DEAL), Contract.parse("4S S"), Mode.LAWS, List.of(ban));
    assertThat(p.pendingOption()).hasValueSatisfying(o -> {
      assertThat(o.law()).isEqualTo("26");
      assertThat(o.holders()).containsExactly(Seat.SOUTH);
      assertThat(o.choices()).containsExactly(
          PlayChoice.ban(Suit.DIAMONDS), PlayChoice.ban(Suit.HEARTS), PlayChoice.NO_RESTRICTION);
    });
    p = p.choose(Seat.SOUTH, PlayChoice.ban(Suit.HEARTS));
    RuleViolationException e = refusal(p, Seat.WEST, "HK");
    assertThat(e.violation()).isEqualTo(Violation.LEAD_RESTRICTED);
    assertThat(p.legalCards().hasSuit(Suit.HEARTS)).isFalse();
    assertThat(p.check(Seat.WEST, Card.parse("C8"))).isEmpty();

    // West with nothing but hearts may lead one.
    StringBuilder hearts = new StringBuilder();
    for (String r : "A K Q J T 9 8 7 6 5 4 3 2".split(" ")) {
      hearts.append('H').append(r).append(' ');
    }
    Deal allHearts = fit(Map.of(Seat.WEST, hearts.toString()), Map.of());
    Play q = Play.start(allHearts, Contract.parse("4S S"), Mode.LAWS, List.of(ban))
        .choose(Seat.SOUTH, PlayChoice.ban(Suit.HEARTS));
    assertThat(q.check(Seat.WEST, Card.parse("HK"))).isEmpty();
  }

  @Test
  void case65_laws_theWrongDefenderFacesTheOpeningLead() {
    Play p = play(PlayFixtures.start(DEAL, "4S S", Mode.LAWS), "HA");
    assertThat(p.openingLeadFaced()).isTrue();
    assertThat(p.dummyFaced()).isFalse();
    PlayOption o = p.pendingOption().orElseThrow();
    assertThat(o.law()).isEqualTo("54");
    assertThat(o.holders()).containsExactly(Seat.SOUTH);
    assertThat(o.choices()).containsExactly(
        PlayChoice.ACCEPT_AND_DECLARE, PlayChoice.ACCEPT_AS_DUMMY, PlayChoice.REFUSE);

    Play declare = p.choose(Seat.SOUTH, PlayChoice.ACCEPT_AND_DECLARE);
    assertThat(declare.dummyFaced()).isTrue();
    assertThat(declare.turn()).isEqualTo(Seat.SOUTH);
    assertThat(declare.declarer()).isEqualTo(Seat.SOUTH);

    Play asDummy = p.choose(Seat.SOUTH, PlayChoice.ACCEPT_AS_DUMMY);
    assertThat(asDummy.declarer()).isEqualTo(Seat.NORTH);
    assertThat(asDummy.dummy()).isEqualTo(Seat.SOUTH);
    assertThat(asDummy.turn()).isEqualTo(Seat.SOUTH);
    assertThat(asDummy.actor()).isEqualTo(Seat.NORTH);
    assertThat(asDummy.check(Seat.SOUTH, Card.parse("H7")))
        .contains(Violation.DUMMY_CANNOT_PLAY);

    Play refused = p.choose(Seat.SOUTH, PlayChoice.REFUSE);
    assertThat(refused.turn()).isEqualTo(Seat.WEST);
    assertThat(refused.penaltyCards().cards()).containsExactly(Card.parse("HA"));
    assertThat(refused.remaining(Seat.EAST).contains(Card.parse("HA"))).isTrue();
    assertThat(refused.dummyFaced()).isFalse();
    assertThat(refused.openingLeadFaced()).isTrue();
    // Law 50D2: West must wait for declarer's choice about the suit of the penalty card.
    assertThat(refused.pendingOption()).hasValueSatisfying(l50 -> {
      assertThat(l50.law()).isEqualTo("50D2");
      assertThat(l50.choices()).containsExactly(
          PlayChoice.require(Suit.HEARTS), PlayChoice.ban(Suit.HEARTS), PlayChoice.NO_RESTRICTION);
    });
    Play led = play(refused.choose(Seat.SOUTH, PlayChoice.NO_RESTRICTION), "HK");
    assertThat(led.dummyFaced()).isTrue();
    assertThat(led.turn()).isEqualTo(Seat.NORTH);
    assertThat(led.legalCards().toPbn()).isEqualTo(".QJ2..");
  }

  @Test
  void case66_laws_aRevokeWonByTheOffenderCostsTwoTricks() {
    Play p = play(PlayFixtures.start(REVOKE_DEAL, "4S S", Mode.LAWS),
        "CA C2 C3 C4  CK C5 C6 C7  CQ C8 C9 CT  DA D2 D3 D4  DK D5 S2 D7");
    assertThat(p.revokes()).singleElement().satisfies(r -> {
      assertThat(r.trick()).isEqualTo(5);
      assertThat(r.offender()).isEqualTo(Seat.EAST);
      assertThat(r.established()).isFalse();
    });
    assertThat(p.lastTrick().orElseThrow().winner()).contains(Seat.EAST);
    p = play(p, "HA");
    assertThat(p.revokes().get(0).established()).isTrue();
    p = play(p, "H2 H3 H4  HK H5 H6 H7  HQ H8 H9 HT  HJ D8 CJ D9  D6 SJ DT S7  SA S6 S8 S3"
        + "  SK DJ S9 S4  SQ DQ ST S5");
    PlayResult r = p.result().orElseThrow();
    assertThat(r.wonInPlay()).isEqualTo(4);
    assertThat(r.transfers()).singleElement().satisfies(t -> {
      assertThat(t.tricks()).isEqualTo(2);
      assertThat(t.law()).isEqualTo("64A1");
    });
    assertThat(r.declarerTricks()).isEqualTo(6);
  }

  /** Tricks 1-4 to West, then East revokes on trick 5 and South ruffs; NS win the rest. */
  static final String NO_TRANSFER_DEAL =
      "N:432.7654.952.852 765.QJT98.63.963 AKQJT98.AK.4.T74 .32.AKQJT87.AKQJ";
  static final String NO_TRANSFER_PLAY =
      "CA C2 C3 C4  CK C5 C6 C7  CQ C8 C9 CT  DA D2 D3 D4  DK D5 HJ S8";

  @Test
  void case68_laws_noTransferWhenTheOffendersWinNothingFromTheRevokeOn() {
    Play p = play(PlayFixtures.start(NO_TRANSFER_DEAL, "4S S", Mode.LAWS), NO_TRANSFER_PLAY);
    assertThat(p.revokes()).hasSize(1);
    p = play(p, "SA D7 S2 S5  SK D8 S3 S6  SQ DT S4 S7  SJ DJ H4 H8  ST DQ H5 H9  S9 CJ H6 HT"
        + "  HA H2 H7 HQ  HK H3 D9 D6");
    PlayResult r = p.result().orElseThrow();
    assertThat(r.transfers()).singleElement().satisfies(t -> {
      assertThat(t.revoke().established()).isTrue();
      assertThat(t.tricks()).isZero();
      assertThat(t.law()).isEqualTo("64B1");
    });
    assertThat(r.declarerTricks()).isEqualTo(9);
  }

  @Test
  void case69_laws_aRevokeOnTrick12IsNotPenalised() {
    String to11 = NO_TRANSFER_PLAY
        + " SA D7 S2 S5  SK D8 S3 S6  SQ DT S4 S7  SJ DJ H4 H8  ST DQ H5 H9  S9 CJ H6 HT";
    Play p = play(PlayFixtures.start(NO_TRANSFER_DEAL, "4S S", Mode.LAWS), to11);
    // Trick 1-11 held no revoke but the one on trick 5: correct nothing there, look at trick 12.
    p = play(p, "HA H2 H7 D6"); // East holds ♥Q and revokes
    assertThat(p.revokes()).hasSize(2);
    p = play(p, "HK H3 D9 HQ");
    PlayResult r = p.result().orElseThrow();
    assertThat(r.transfers()).filteredOn(t -> t.revoke().trick() == 12).singleElement()
        .satisfies(t -> {
          assertThat(t.tricks()).isZero();
          assertThat(t.law()).isEqualTo("64B7");
        });

    // Law 62D: even established, it is corrected when found before the hands go back.
    Play corrected = p.correctRevoke(Seat.SOUTH);
    assertThat(corrected.isComplete()).isFalse();
    assertThat(corrected.completedTricks()).isEqualTo(11);
    assertThat(corrected.turn()).isEqualTo(Seat.EAST);
    assertThat(corrected.penaltyCards().cards()).containsExactly(Card.parse("D6"));
    assertThat(corrected.legalCards().cards()).containsExactly(Card.parse("HQ"));
    corrected = play(corrected, "HQ HK H3 D9 D6");
    PlayResult c = corrected.result().orElseThrow();
    assertThat(c.transfers()).noneMatch(t -> t.revoke().trick() == 12);
    assertThat(c.declarerTricks()).isEqualTo(9);
  }
}
