package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tenace.server.engine.PlayCasesTest.DEAL;
import static org.tenace.server.engine.PlayFixtures.play;

import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/** Laws mode: leads out of turn (53-56), penalty cards (50), face-down leads (41), revokes (61-64).
 */
class LawsPlayTest {
  private final Play laws = PlayFixtures.start(DEAL, "4S S", Mode.LAWS);
  /** East won trick 1 and is on lead. */
  private final Play eastToLead = play(laws, "HK H2 HA H6");

  private static Card card(String c) {
    return Card.parse(c);
  }

  private static RuleViolationException refusal(Play p, Seat s, String c) {
    return p.refusal(s, card(c)).orElseThrow();
  }

  @Test
  void onlineALeadOutOfTurnIsRefused() {
    Play online = play(PlayFixtures.start(DEAL, "4S S", Mode.ONLINE), "HK H2 HA H6");
    assertThat(refusal(online, Seat.WEST, "DJ").detail()).isEqualTo("it is E's turn to play");
  }

  @Test
  void law53ADefendersLeadOutOfTurnWaitsForDeclarer() {
    Play p = eastToLead.play(Seat.WEST, card("DJ"));
    PlayOption o = p.pendingOption().orElseThrow();
    assertThat(o.law()).isEqualTo("53");
    assertThat(o.offender()).isEqualTo(Seat.WEST);
    assertThat(o.card()).contains(card("DJ"));
    assertThat(o.holders()).containsExactly(Seat.SOUTH);
    assertThat(o.choices()).containsExactly(PlayChoice.ACCEPT, PlayChoice.REFUSE);
    assertThat(p.currentTrick().leader()).isEqualTo(Seat.WEST);
    assertThat(p.legalCards().isEmpty()).isTrue();
    assertThat(refusal(p, Seat.EAST, "D5").violation()).isEqualTo(Violation.DECISION_PENDING);
    assertThat(p.claimRefusal(Seat.SOUTH, 1)).isPresent();
    assertThatThrownBy(() -> p.choose(Seat.EAST, PlayChoice.ACCEPT))
        .hasMessageStartingWith("NOT_ENTITLED");
    assertThatThrownBy(() -> p.choose(Seat.SOUTH, PlayChoice.ACCEPT_AS_DUMMY))
        .isInstanceOf(IllegalArgumentException.class);

    Play accepted = p.choose(Seat.SOUTH, PlayChoice.ACCEPT);
    assertThat(accepted.pendingOption()).isEmpty();
    assertThat(accepted.turn()).isEqualTo(Seat.NORTH);
    assertThat(accepted.actor()).isEqualTo(Seat.SOUTH);
    assertThat(accepted.legalCards().toPbn()).isEqualTo("..432.");
  }

  @Test
  void law53AThePlayOfTheNextHandAcceptsTheLead() {
    Play p = eastToLead.play(Seat.WEST, card("DJ")).play(Seat.SOUTH, card("D2"));
    assertThat(p.pendingOption()).isEmpty();
    assertThat(p.turn()).isEqualTo(Seat.EAST);
    assertThat(p.currentTrick().cards()).extracting(Card::toString).containsExactly("DJ", "D2");
  }

  @Test
  void law56ARefusedLeadIsAMajorPenaltyCardAndDeclarerChoosesAboutItsSuit() {
    Play p = eastToLead.play(Seat.WEST, card("DJ")).choose(Seat.SOUTH, PlayChoice.REFUSE);
    assertThat(p.turn()).isEqualTo(Seat.EAST);
    assertThat(p.currentTrick().cards()).isEmpty();
    assertThat(p.remaining(Seat.WEST).contains(card("DJ"))).isTrue();
    assertThat(p.penaltyCards().cards()).containsExactly(card("DJ"));
    PlayOption o = p.pendingOption().orElseThrow();
    assertThat(o.law()).isEqualTo("50D2");
    assertThat(o.offender()).isEqualTo(Seat.WEST);
    assertThat(o.choices()).containsExactly(
        PlayChoice.require(Suit.DIAMONDS), PlayChoice.ban(Suit.DIAMONDS),
        PlayChoice.NO_RESTRICTION);
    assertThat(refusal(p, Seat.EAST, "D5").violation()).isEqualTo(Violation.DECISION_PENDING);

    Play required = p.choose(Seat.SOUTH, PlayChoice.require(Suit.DIAMONDS));
    assertThat(required.penaltyCards().isEmpty()).isTrue(); // picked up
    assertThat(refusal(required, Seat.EAST, "HT").detail())
        .isEqualTo("declarer requires a ♦ lead");
    assertThat(required.legalCards().toPbn()).isEqualTo("..765.");
    Play led = play(required, "D5");
    assertThat(led.restrictions()).isEmpty();

    Play banned = p.choose(Seat.SOUTH, PlayChoice.ban(Suit.DIAMONDS));
    assertThat(refusal(banned, Seat.EAST, "D5").violation()).isEqualTo(Violation.LEAD_RESTRICTED);
    assertThat(banned.check(Seat.EAST, card("HT"))).isEmpty();
  }

  @Test
  void law50D1APenaltyCardIsPlayedAtTheFirstLegalChanceButFollowingSuitComesFirst() {
    Play p = eastToLead.play(Seat.WEST, card("DJ")).choose(Seat.SOUTH, PlayChoice.REFUSE)
        .choose(Seat.SOUTH, PlayChoice.NO_RESTRICTION);
    assertThat(p.penaltyCards().cards()).containsExactly(card("DJ"));
    Play hearts = play(p, "H8 H7");
    assertThat(hearts.legalCards().toPbn()).isEqualTo(".543..");
    Play diamonds = play(p, "D5 DA");
    RuleViolationException e = refusal(diamonds, Seat.WEST, "DT");
    assertThat(e.violation()).isEqualTo(Violation.PENALTY_CARD);
    assertThat(e.detail()).contains("♦J");
    assertThat(diamonds.legalCards().cards()).containsExactly(card("DJ"));
    assertThat(play(diamonds, "DJ").penaltyCards().isEmpty()).isTrue();
  }

  @Test
  void law50D2TheOptionComesBackEachTimePartnerGetsTheLead() {
    Play p = eastToLead.play(Seat.WEST, card("DJ")).choose(Seat.SOUTH, PlayChoice.REFUSE)
        .choose(Seat.SOUTH, PlayChoice.NO_RESTRICTION);
    // East leads a heart and wins; West's ♦J is still a penalty card when East leads again.
    p = play(p, "HT H7 H3 HJ");
    assertThat(p.lastTrick().orElseThrow().winner()).contains(Seat.NORTH);
    assertThat(p.pendingOption()).isEmpty(); // declarer's side leads: no option
  }

  @Test
  void law55DeclarersLeadFromTheWrongHandMayBeAcceptedOrRefusedByEitherDefender() {
    Play p = play(eastToLead, "C5 CA C8 C2"); // South wins trick 2
    assertThat(p.turn()).isEqualTo(Seat.SOUTH);
    Play loot = p.play(Seat.SOUTH, card("SA")); // from dummy
    PlayOption o = loot.pendingOption().orElseThrow();
    assertThat(o.law()).isEqualTo("55");
    assertThat(o.holders()).containsExactlyInAnyOrder(Seat.EAST, Seat.WEST);
    assertThatThrownBy(() -> loot.choose(Seat.SOUTH, PlayChoice.REFUSE))
        .hasMessageStartingWith("NOT_ENTITLED");

    Play refused = loot.choose(Seat.WEST, PlayChoice.REFUSE);
    assertThat(refused.turn()).isEqualTo(Seat.SOUTH);
    assertThat(refused.remaining(Seat.NORTH).contains(card("SA"))).isTrue();
    assertThat(refused.penaltyCards().isEmpty()).isTrue();
    assertThat(refused.pendingOption()).isEmpty();

    Play accepted = loot.choose(Seat.EAST, PlayChoice.ACCEPT);
    assertThat(accepted.currentTrick().leader()).isEqualTo(Seat.NORTH);
    assertThat(accepted.turn()).isEqualTo(Seat.EAST);

    Play byPlay = loot.play(Seat.EAST, card("S3"));
    assertThat(byPlay.pendingOption()).isEmpty();
    assertThat(byPlay.turn()).isEqualTo(Seat.SOUTH);
  }

  @Test
  void law55WhenTheDefendersDifferTheOneNextInTurnDecides() {
    Play loot = play(eastToLead, "C5 CA C8 C2").play(Seat.SOUTH, card("SA")); // from dummy
    // East is next in turn after dummy's lead.
    Play overruled = loot.choose(Seat.WEST, PlayChoice.ACCEPT).choose(Seat.EAST, PlayChoice.REFUSE);
    assertThat(overruled.remaining(Seat.NORTH).contains(card("SA"))).isTrue();
    assertThat(overruled.turn()).isEqualTo(Seat.SOUTH);
    Play accepted = loot.choose(Seat.WEST, PlayChoice.REFUSE).choose(Seat.EAST, PlayChoice.ACCEPT);
    assertThat(accepted.currentTrick().cards()).containsExactly(card("SA"));
    assertThat(accepted.turn()).isEqualTo(Seat.EAST);
    // East's own choice is final, and so is West's once a card has followed.
    assertThatThrownBy(() -> loot.choose(Seat.EAST, PlayChoice.ACCEPT)
        .choose(Seat.WEST, PlayChoice.REFUSE))
        .hasMessageStartingWith("NO_DECISION_PENDING");
    assertThatThrownBy(() -> loot.choose(Seat.WEST, PlayChoice.ACCEPT).play(Seat.EAST, card("S3"))
        .choose(Seat.EAST, PlayChoice.REFUSE)).hasMessageStartingWith("NO_DECISION_PENDING");
  }

  @Test
  void law55DeclarersLeadWhenADefenderIsOnLeadGoesBackWithoutPenalty() {
    Play loot = eastToLead.play(Seat.SOUTH, card("SQ"));
    assertThat(loot.pendingOption().orElseThrow().law()).isEqualTo("55");
    Play refused = loot.choose(Seat.EAST, PlayChoice.REFUSE);
    assertThat(refused.turn()).isEqualTo(Seat.EAST);
    assertThat(refused.remaining(Seat.SOUTH).contains(card("SQ"))).isTrue();
    assertThat(refused.penaltyCards().isEmpty()).isTrue();
  }

  @Test
  void law54DeclarersPlayFromHisHandAcceptsTheOpeningLeadOutOfTurn() {
    Play p = play(laws, "HA").play(Seat.SOUTH, card("H6"));
    assertThat(p.pendingOption()).isEmpty();
    assertThat(p.dummyFaced()).isTrue();
    assertThat(p.turn()).isEqualTo(Seat.WEST);
    // Declarer's or dummy's card before the opening lead is not a lead (Law 24): refused.
    assertThat(laws.check(Seat.SOUTH, card("SQ"))).contains(Violation.OUT_OF_TURN);
    assertThat(laws.check(Seat.SOUTH, card("SA"))).contains(Violation.OUT_OF_TURN);
  }

  @Test
  void law41AFaceDownOpeningLead() {
    assertThatThrownBy(() -> PlayFixtures.start(DEAL, "4S S", Mode.ONLINE)
        .leadFaceDown(Seat.WEST, card("HK"))).hasMessageStartingWith("NOT_IN_THIS_MODE");
    assertThatThrownBy(() -> laws.leadFaceDown(Seat.EAST, card("HA")))
        .hasMessageStartingWith("OUT_OF_TURN");
    Play p = laws.leadFaceDown(Seat.WEST, card("HK"));
    assertThat(p.dummyFaced()).isFalse();
    assertThat(refusal(p, Seat.SOUTH, "H2").violation()).isEqualTo(Violation.DECISION_PENDING);
    assertThat(p.claimRefusal(Seat.SOUTH, 13)).isPresent();
    assertThat(p.undoRefusal(Seat.WEST).orElseThrow().detail()).contains("director");
    Play back = p.withdrawFaceDownLead();
    assertThat(back.cardsPlayed()).isZero();
    assertThat(back.remaining(Seat.WEST).contains(card("HK"))).isTrue();
    assertThat(back.openingLeadFaced()).isFalse();
    Play faced = p.faceLead();
    assertThat(faced.openingLeadFaced()).isTrue();
    assertThat(faced.dummyFaced()).isTrue();
    assertThat(faced.turn()).isEqualTo(Seat.NORTH);
    assertThatThrownBy(faced::faceLead).hasMessageStartingWith("NO_DECISION_PENDING");
  }

  @Test
  void aRevokeIsRecordedAndCorrectedBeforeItIsEstablished() {
    Play p = play(laws, "HK H2 C5"); // East holds hearts
    assertThat(p.revokes()).singleElement().satisfies(r -> {
      assertThat(r.offender()).isEqualTo(Seat.EAST);
      assertThat(r.led()).isEqualTo(Suit.HEARTS);
      assertThat(r.established()).isFalse();
    });
    assertThatThrownBy(() -> p.correctRevoke(Seat.NORTH)).hasMessageStartingWith("NOT_ENTITLED");
    Play c = p.correctRevoke(Seat.SOUTH);
    assertThat(c.turn()).isEqualTo(Seat.EAST);
    assertThat(c.penaltyCards().cards()).containsExactly(card("C5")); // Law 62B2
    assertThat(c.legalCards().toPbn()).isEqualTo(".AT98..");
    assertThat(c.revokes()).singleElement().satisfies(r -> assertThat(r.corrected()).isTrue());
    assertThatThrownBy(() -> c.correctRevoke(Seat.SOUTH)).hasMessageStartingWith("NO_REVOKE");
  }

  @Test
  void correctingARevokeTakesBackTheNonOffendersLaterCards() {
    Play p = play(laws, "HK HQ HA DA"); // South revokes; East wins and leads
    p = play(p, "D5");
    assertThat(p.revokes().get(0).established()).isFalse();
    Play c = p.correctRevoke(Seat.WEST);
    assertThat(c.completedTricks()).isZero();
    assertThat(c.turn()).isEqualTo(Seat.SOUTH);
    assertThat(c.remaining(Seat.EAST).contains(card("D5"))).isTrue();
    assertThat(c.penaltyCards().isEmpty()).isTrue(); // declarer's card: no penalty (Law 62B3)
    assertThat(c.legalCards().toPbn()).isEqualTo(".76..");
  }

  @Test
  void aRevokeIsEstablishedWhenTheOffendingSidePlaysToTheNextTrick() {
    Play p = play(laws, "HK H2 C5 H6"); // West wins trick 1
    assertThat(p.revokes().get(0).established()).isFalse();
    p = play(p, "H3");
    assertThat(p.revokes().get(0).established()).isTrue();
    Play q = p;
    assertThatThrownBy(() -> q.correctRevoke(Seat.SOUTH)).hasMessageStartingWith("NO_REVOKE");
  }

  @Test
  void aClaimByTheOffendingSideEstablishesTheRevoke() {
    Play p = play(laws, "HK H2 C5 H6").claim(Seat.WEST, 1, "");
    assertThat(p.revokes().get(0).established()).isTrue();
  }

  private static PlayResult claimRest(Play p) {
    return p.claim(p.declarer(), 13 - p.completedTricks(), "")
        .respondToClaim(Seat.EAST, true).respondToClaim(Seat.WEST, true).result().orElseThrow();
  }

  @Test
  void law64B3ARevokeFromDummyIsNotPenalised() {
    PlayResult r = claimRest(play(laws, "HK C2 HA H6"));
    assertThat(r.transfers()).singleElement().satisfies(t -> {
      assertThat(t.revoke().faced()).isTrue();
      assertThat(t.law()).isEqualTo("64B3");
      assertThat(t.tricks()).isZero();
    });
  }

  @Test
  void law64B2ASecondRevokeInTheSameSuitByTheSamePlayerIsNotPenalised() {
    Play p = play(laws, "HK H2 C5 H6  H3 HJ C6 H7");
    PlayResult r = claimRest(p);
    assertThat(r.transfers()).hasSize(2);
    assertThat(r.transfers().get(0).law()).isEqualTo("64A2");
    assertThat(r.transfers().get(0).tricks()).isEqualTo(1);
    assertThat(r.transfers().get(1).law()).isEqualTo("64B2");
    assertThat(r.transfers().get(1).tricks()).isZero();
    assertThat(r.declarerTricks()).isEqualTo(r.declarerTricksBeforeTransfers() + 1);
  }

  @Test
  void law64B6NoTransferWhenBothSidesRevoked() {
    Play p = play(laws, "HK H2 C5 H6  H3 HJ HA DA");
    assertThat(p.revokes()).hasSize(2);
    PlayResult r =
        p.claim(Seat.EAST, 0, "").respondToClaim(Seat.SOUTH, true).result().orElseThrow();
    assertThat(r.transfers()).hasSize(2).allSatisfy(t -> {
      assertThat(t.law()).isEqualTo("64B6");
      assertThat(t.tricks()).isZero();
    });
  }
}
