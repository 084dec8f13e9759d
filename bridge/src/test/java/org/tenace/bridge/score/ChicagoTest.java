package org.tenace.bridge.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.score.Entry.Kind;

class ChicagoTest {

  private static Contract c(String text) {
    return Contract.parse(text);
  }

  @Test
  void aRoundOfFourDeals() {
    Chicago ch = Chicago.start(Seat.NORTH);
    assertThat(ch.dealer()).isEqualTo(Seat.NORTH);
    assertThat(ch.vulnerability()).isEqualTo(Vulnerability.NONE);
    ch = ch.record(c("2S S"), 8);                  // deal 1: NS part-score 60
    assertThat(ch.dealer()).isEqualTo(Seat.EAST);
    assertThat(ch.vulnerability()).isEqualTo(Vulnerability.EW);
    ch = ch.passedOut();                           // dealt again by East
    assertThat(ch.nextDeal()).isEqualTo(2);
    ch = ch.record(c("3NT W"), 9);                 // deal 2: EW game, vulnerable: 500
    assertThat(ch.partScore(Side.NS)).isZero();     // NS's 60 no longer counts
    assertThat(ch.dealer()).isEqualTo(Seat.SOUTH);
    assertThat(ch.vulnerability()).isEqualTo(Vulnerability.NS);
    ch = ch.record(c("4H N"), 11);                 // deal 3: NS game, vulnerable: 500
    assertThat(ch.dealer()).isEqualTo(Seat.WEST);
    assertThat(ch.vulnerability()).isEqualTo(Vulnerability.BOTH);
    ch = ch.record(c("2D E"), 9);                  // deal 4: EW part-score 40, kept: 100

    assertThat(ch.isOver()).isTrue();
    assertThat(ch.sheet().above(Side.NS)).extracting(Entry::kind, Entry::points)
        .containsExactly(tuple(Kind.OVERTRICKS, 30), tuple(Kind.GAME_BONUS, 500));
    assertThat(ch.sheet().above(Side.EW)).extracting(Entry::deal, Entry::kind, Entry::points)
        .containsExactly(tuple(2, Kind.GAME_BONUS, 500), tuple(4, Kind.OVERTRICKS, 20),
            tuple(4, Kind.PART_SCORE_BONUS, 100));
    assertThat(ch.total(Side.NS)).isEqualTo(60 + 120 + 30 + 500);
    assertThat(ch.total(Side.EW)).isEqualTo(100 + 500 + 40 + 20 + 100);
    assertThatThrownBy(() -> Chicago.start(Seat.NORTH).record(c("1C N"), 7).record(c("1C N"), 7)
        .record(c("1C N"), 7).record(c("1C N"), 7).record(c("1C N"), 7))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("over after four deals");
  }

  @Test
  void aGameNotVulnerableEarns300AndDealersSideIsVulnerableOnDealsTwoAndThree() {
    Chicago ch = Chicago.start(Seat.WEST).record(c("4S E"), 10);
    assertThat(ch.sheet().above(Side.EW)).extracting(Entry::kind, Entry::points)
        .containsExactly(tuple(Kind.GAME_BONUS, 300));
    assertThat(ch.dealer()).isEqualTo(Seat.NORTH);
    assertThat(ch.vulnerability()).isEqualTo(Vulnerability.NS);
    ch = ch.record(c("4S E"), 10); // EW not vulnerable on deal 2
    assertThat(ch.sheet().above(Side.EW)).extracting(Entry::points).containsExactly(300, 300);
    assertThat(ch.vulnerability()).isEqualTo(Vulnerability.EW);
  }

  @Test
  void partScoresCarryAcrossDealsIntoAGame() {
    Chicago ch = Chicago.start(Seat.NORTH)
        .record(c("2S N"), 8)    // 60
        .record(c("2H S"), 8);   // 60 more: game on deal 2, North-South not vulnerable
    assertThat(ch.sheet().above(Side.NS)).extracting(Entry::deal, Entry::kind, Entry::points)
        .containsExactly(tuple(2, Kind.GAME_BONUS, 300));
    assertThat(ch.game()).isEqualTo(2);
  }

  @Test
  void bothSidesKeepingAPartScoreAfterDealFourScore100Each() {
    // the part-scores come from deals 2 and 3; deal 4 is defeated and changes nothing below
    Chicago ch = Chicago.start(Seat.NORTH)
        .record(c("3NT N"), 8)   // NS one down, not vulnerable: EW 50
        .record(c("1NT E"), 7)   // EW 40
        .record(c("2C S"), 8)    // NS 40
        .record(c("4S W"), 9);   // EW one down, vulnerable: NS 100
    assertThat(ch.sheet().entries()).filteredOn(e -> e.kind() == Kind.PART_SCORE_BONUS)
        .extracting(Entry::side, Entry::points).containsExactly(tuple(Side.NS, 100),
            tuple(Side.EW, 100));
    assertThat(ch.total(Side.NS)).isEqualTo(40 + 100 + 100);
    assertThat(ch.total(Side.EW)).isEqualTo(50 + 40 + 100);
  }

  @Test
  void aPartScoreConvertedOnDealFourEarnsNoPartScoreBonus() {
    Chicago ch = Chicago.start(Seat.NORTH)
        .record(c("1C N"), 6)    // NS one down: EW 50
        .record(c("1C E"), 6)    // EW one down, vulnerable: NS 100
        .record(c("2S S"), 8)    // NS 60, vulnerable
        .record(c("2NT N"), 8);  // NS 70: game on deal 4, both vulnerable: 500
    assertThat(ch.sheet().entries()).extracting(Entry::kind).doesNotContain(Kind.PART_SCORE_BONUS);
    assertThat(ch.total(Side.NS)).isEqualTo(100 + 60 + 70 + 500);
  }

  @Test
  void honoursCountInChicago() {
    Contract fourSpades = c("4S E");
    Chicago ch = Chicago.start(Seat.NORTH)
        .record(fourSpades, 9, Honours.of(HonoursTest.NORTH_FOUR_SPADES, fourSpades.strain()));
    // East-West go one down (not vulnerable): NS 50 for the undertrick and 100 for honours
    assertThat(ch.sheet().above(Side.NS)).extracting(Entry::kind, Entry::points)
        .containsExactly(tuple(Kind.UNDERTRICKS, 50), tuple(Kind.HONOURS, 100));
  }
}
