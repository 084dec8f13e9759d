package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tenace.server.engine.PlayCasesTest.DEAL;
import static org.tenace.server.engine.PlayFixtures.play;
import static org.tenace.server.engine.PlayFixtures.playLowest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;

class PlayTest {
  private final Play start = PlayFixtures.start(DEAL, "4S S", Mode.ONLINE);

  @Test
  void theOpeningLeaderIsDeclarersLeftHandOpponent() {
    assertThat(start.turn()).isEqualTo(Seat.WEST);
    assertThat(start.actor()).isEqualTo(Seat.WEST);
    assertThat(start.legalCards()).isEqualTo(start.remaining(Seat.WEST));
    assertThat(start.dummy()).isEqualTo(Seat.NORTH);
    assertThat(start.cardsPlayed()).isZero();
  }

  @Test
  void theOpeningLeadFacesDummyAndEndsTheAuctionPeriod() {
    Play p = play(start, "HK");
    assertThat(p.openingLeadFaced()).isTrue();
    assertThat(p.dummyFaced()).isTrue();
    assertThat(p.turn()).isEqualTo(Seat.NORTH);
    assertThat(p.actor()).isEqualTo(Seat.SOUTH);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "''       | EAST  | HA | OUT_OF_TURN       | it is W's turn to play",
      "''       | WEST  | HA | CARD_NOT_HELD     | ♥A is not in the hand",
      "''       | NORTH | S2 | DUMMY_CANNOT_PLAY | declarer plays dummy's cards",
      "HK       | SOUTH | S9 | OUT_OF_TURN       | it is N's turn to play",
      "HK       | EAST  | HA | OUT_OF_TURN       | it is N's turn to play",
      "HK       | SOUTH | SA | REVOKE            | you must follow suit (♥)",
      "HK H2    | EAST  | C5 | REVOKE            | you must follow suit (♥)",
      "HK H2 H8 | SOUTH | H2 | CARD_NOT_HELD     | ♥2 is not in the hand",
      "HK H2 H8 | WEST  | H3 | OUT_OF_TURN       | it is S's turn to play",
  })
  void refusesWithTheCodeAndMessageOfLaws31(
      String before, Seat seat, String card, Violation v, String detail) {
    Play p = play(start, before);
    RuleViolationException e = p.refusal(seat, Card.parse(card)).orElseThrow();
    assertThat(e.violation()).isEqualTo(v);
    assertThat(e.detail()).isEqualTo(detail);
    assertThat(e.getMessage()).isEqualTo(v.name() + ": " + detail);
    assertThat(p.check(seat, Card.parse(card))).contains(v);
    assertThatThrownBy(() -> p.play(seat, Card.parse(card)))
        .isInstanceOf(RuleViolationException.class).hasMessage(e.getMessage());
  }

  @Test
  void transitionsLeaveTheOldStateAlone() {
    Play p = play(start, "HK");
    Play q = play(p, "H2");
    assertThat(p.turn()).isEqualTo(Seat.NORTH);
    assertThat(p.remaining(Seat.NORTH).contains(Card.parse("H2"))).isTrue();
    assertThat(q.remaining(Seat.NORTH).contains(Card.parse("H2"))).isFalse();
    assertThat(start.cardsPlayed()).isZero();
  }

  @Test
  void aVoidHandMayDiscardOrRuff() {
    // West leads a spade (his only one); after that West is void in spades.
    Play p = play(start, "S2 S6 S3 S8");
    assertThat(p.lastTrick().orElseThrow().winner()).contains(Seat.SOUTH);
    p = play(p, "SQ");
    assertThat(p.legalCards()).isEqualTo(p.remaining(Seat.WEST));
  }

  @Test
  void thirteenTricksEndThePlay() {
    Play p = playLowest(start, 51);
    assertThat(p.isComplete()).isFalse();
    assertThat(p.result()).isEmpty();
    p = playLowest(p, 1);
    assertThat(p.isComplete()).isTrue();
    assertThat(p.tricks()).hasSize(13);
    assertThat(p.legalCards().isEmpty()).isTrue();
    PlayResult r = p.result().orElseThrow();
    assertThat(r.declarerTricks()).isEqualTo(p.tricksWon(Side.NS));
    assertThat(r.declarerTricks() + r.defenderTricks()).isEqualTo(13);
    assertThat(r.claimed()).isZero();
    assertThat(r.transfers()).isEmpty();
  }

  @Test
  void theCurrentTrickShowsTheCardsInOrder() {
    Play p = play(start, "HK H2 HA");
    Trick t = p.currentTrick();
    assertThat(t.number()).isEqualTo(1);
    assertThat(t.leader()).isEqualTo(Seat.WEST);
    assertThat(t.cards()).extracting(Card::toString).containsExactly("HK", "H2", "HA");
    assertThat(t.winner()).isEmpty();
    assertThat(t.player(2)).isEqualTo(Seat.EAST);
  }
}
