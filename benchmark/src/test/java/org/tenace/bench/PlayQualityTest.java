package org.tenace.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.solver.DoubleDummy;

class PlayQualityTest {
  // Each hand one whole suit: North's spades make seven, and nobody's cards matter.
  private static final Deal SUITS = Deal.parsePbn(
      "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");
  private static final String RANKS = "23456789TJQKA";

  /** 7S by North, East leading: each trick a heart, a diamond, a club and a spade, low to high. */
  private static List<Card> play() {
    List<Card> out = new ArrayList<>();
    for (int i = 0; i < 13; i++) {
      String r = String.valueOf(RANKS.charAt(i));
      if (i == 0) {
        out.addAll(List.of(Card.parse("H" + r), Card.parse("D" + r), Card.parse("C" + r),
            Card.parse("S" + r)));
      } else {
        out.addAll(List.of(Card.parse("S" + r), Card.parse("H" + r), Card.parse("D" + r),
            Card.parse("C" + r)));
      }
    }
    return out;
  }

  @Test
  void parIsZeroImpsAwayAndNoCardCostsATrickWhenNoneCan() {
    PlayQuality.Board b = PlayQuality.of(new DoubleDummy(16), SUITS, Seat.NORTH, Vulnerability.NONE,
        Optional.of(Contract.parse("7S N")), play(), 1_000_000);
    assertThat(b).isEqualTo(new PlayQuality.Board(true, 0, 0, 0, 0, 0, true));
  }

  @Test
  void aSlamShortOfTheGrandIsElevenImpsFromPar() {
    // 6S making seven, 1,010, against the grand's 1,510: 500 points, 11 IMPs.
    PlayQuality.Board b = PlayQuality.of(new DoubleDummy(16), SUITS, Seat.NORTH, Vulnerability.NONE,
        Optional.of(Contract.parse("6S N")), List.of(), 1_000_000);
    assertThat(b.impsFromPar()).isEqualTo(11);
    assertThat(b.atParStrainAndLevel()).isFalse();
  }

  @Test
  void theSummaryGivesEachMeanWithItsStandardError() {
    PlayQuality.Summary s = PlayQuality.Summary.of(List.of(
        new PlayQuality.Board(true, 0, 1, 1, 1, 0, true),
        new PlayQuality.Board(true, 2, 1, 0, 2, 4, false),
        new PlayQuality.Board(false, 0, 0, 0, 0, 2, false)));
    assertThat(s.declarerLoss().mean()).isEqualTo(1.0);
    assertThat(s.declarerLoss().standardError()).isEqualTo(1.0); // sd sqrt(2), over sqrt(2)
    assertThat(s.defenceLoss().standardError()).isZero();
    assertThat(s.impsFromPar().mean()).isEqualTo(2.0);
    assertThat(s.atParShare()).isEqualTo(1.0 / 3);
    assertThat(s.twoTrickCardShare()).isEqualTo(0.5);
    assertThat(s.text("house robot")).contains("3 boards, 2 played", "1.00 ± 1.00");
  }
}
