package org.tenace.bridge.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.score.Entry.Kind;

class RubberTest {

  private static Contract c(String text) {
    return Contract.parse(text);
  }

  private static List<Integer> points(List<Entry> entries) {
    return entries.stream().map(Entry::points).toList();
  }

  @Test
  void aTwoGameRubberWithHonoursAndAPenalty() {
    Rubber r = Rubber.start();
    assertThat(r.vulnerability()).isEqualTo(Vulnerability.NONE);
    // deal 1: 4S by South made, North holds four spade honours
    Contract fourSpades = c("4S S");
    r = r.record(fourSpades, 10,
        Honours.of(HonoursTest.NORTH_FOUR_SPADES, fourSpades.strain()));
    assertThat(r.gamesWon(Side.NS)).isEqualTo(1);
    assertThat(r.vulnerability()).isEqualTo(Vulnerability.NS);
    // deal 2: East-West 2H by West with an overtrick, a part-score of 60
    r = r.record(c("2H W"), 9);
    assertThat(r.partScore(Side.EW)).isEqualTo(60);
    // deal 3: North-South, vulnerable now, go two down in 4H doubled: 500 above to East-West
    r = r.record(c("4HX S"), 8);
    // deal 4: a pass-out scores nothing
    r = r.passedOut();
    // deal 5: 3NT by North with an overtrick: the second game, 700 for 2-0
    r = r.record(c("3NT N"), 10);

    assertThat(r.over()).isTrue();
    assertThat(r.deals()).isEqualTo(5);
    assertThat(r.games()).containsExactly(Side.NS, Side.NS);
    ScoreSheet sheet = r.sheet();
    assertThat(sheet.below(Side.NS)).extracting(Entry::game, Entry::points)
        .containsExactly(tuple(1, 120),
            tuple(2, 100));
    assertThat(points(sheet.above(Side.NS))).containsExactly(100, 30, 700);
    assertThat(sheet.above(Side.NS)).extracting(Entry::kind)
        .containsExactly(Kind.HONOURS, Kind.OVERTRICKS, Kind.RUBBER_BONUS);
    assertThat(points(sheet.below(Side.EW))).containsExactly(60);
    assertThat(points(sheet.above(Side.EW))).containsExactly(30, 500);
    assertThat(r.total(Side.NS)).isEqualTo(120 + 100 + 100 + 30 + 700);
    assertThat(r.total(Side.EW)).isEqualTo(60 + 30 + 500);
    assertThat(r.winner()).contains(Side.NS);
  }

  @Test
  void aThreeGameRubberEarns500AndAGameWipesThePartScores() {
    Rubber r = Rubber.start()
        .record(c("3NT N"), 9)     // game 1 to NS
        .record(c("2S S"), 8);     // NS 60 toward game 2
    assertThat(r.partScore(Side.NS)).isEqualTo(60);
    r = r.record(c("4H E"), 10);   // game 2 to EW: NS's 60 no longer counts
    assertThat(r.vulnerability()).isEqualTo(Vulnerability.BOTH);
    assertThat(r.partScore(Side.NS)).isZero();
    r = r.record(c("1NT N"), 7);   // 40 in game 3
    assertThat(r.over()).isFalse();
    r = r.record(c("2NT S"), 8);   // 40 + 70: game 3 and the rubber, 2-1
    assertThat(r.over()).isTrue();
    assertThat(r.games()).containsExactly(Side.NS, Side.EW, Side.NS);
    assertThat(r.sheet().above(Side.NS)).extracting(Entry::kind, Entry::points)
        .containsExactly(tuple(Kind.RUBBER_BONUS, 500));
    assertThat(r.total(Side.NS)).isEqualTo(100 + 60 + 40 + 70 + 500);
    assertThat(r.total(Side.EW)).isEqualTo(120);
  }

  @Test
  void vulnerabilityChangesWhatADealScores() {
    // a vulnerable side pays 200 for one down doubled, and scores 200 for a doubled overtrick
    Rubber r = Rubber.start().record(c("3NT N"), 9).record(c("1SX S"), 6);
    assertThat(points(r.sheet().above(Side.EW))).containsExactly(200);
    Rubber s = Rubber.start().record(c("3NT N"), 9).record(c("1SX S"), 8);
    assertThat(r.sheet().below(Side.NS)).hasSize(1);
    assertThat(s.sheet().above(Side.NS)).extracting(Entry::kind, Entry::points).containsExactly(
        tuple(Kind.OVERTRICKS, 200),
        tuple(Kind.INSULT, 50));
  }

  @Test
  void slamsScoreTheirBonusAboveTheLine() {
    Rubber r = Rubber.start().record(c("6NT W"), 12);
    assertThat(r.sheet().above(Side.EW)).extracting(Entry::kind, Entry::points)
        .containsExactly(tuple(Kind.SLAM_BONUS, 500));
    assertThat(r.sheet().below(Side.EW)).extracting(Entry::points).containsExactly(190);
  }

  @Test
  void theTotalsOfAWorkedExample() {
    // Highlane U3A lesson 28c: NS game, part-score 70 and 20 above; EW 60 below, 60 above; NS
    // then make 1NT: 930 to 120
    Rubber r = Rubber.start()
        .record(c("5D S"), 12)     // 100 below, 20 above
        .record(c("2S E"), 10)     // EW 60 below, 60 above
        .record(c("2NT N"), 8)     // NS 70
        .record(c("1NT N"), 7);    // NS 40: game and rubber, 700
    assertThat(r.total(Side.NS)).isEqualTo(930);
    assertThat(r.total(Side.EW)).isEqualTo(120);
  }

  @Test
  void anUnfinishedRubberScores300ForAGameAnd100ForAPartScore() {
    Rubber r = Rubber.start().record(c("3NT N"), 9).record(c("2S E"), 8);
    Rubber ended = r.end();
    assertThat(ended.over()).isTrue();
    assertThat(ended.sheet().above(Side.NS)).extracting(Entry::kind, Entry::points)
        .containsExactly(tuple(Kind.UNFINISHED_GAME, 300));
    assertThat(ended.sheet().above(Side.EW)).extracting(Entry::kind, Entry::points)
        .containsExactly(tuple(Kind.UNFINISHED_PART_SCORE, 100));
    assertThat(ended.total(Side.NS)).isEqualTo(400);
    assertThat(ended.total(Side.EW)).isEqualTo(160);
    assertThat(ended.winner()).contains(Side.NS);
    assertThat(r.winner()).isEmpty(); // not over yet
  }

  @Test
  void eachSideWithAPartScoreInTheUnfinishedGameGets100() {
    Rubber ended = Rubber.start().record(c("1NT N"), 7).record(c("2C W"), 8).end();
    assertThat(ended.total(Side.NS)).isEqualTo(140);
    assertThat(ended.total(Side.EW)).isEqualTo(140);
    assertThat(ended.winner()).isEmpty();
  }

  @Test
  void aFinishedRubberTakesNoMoreDealsAndNoUnfinishedBonus() {
    Rubber done = Rubber.start().record(c("3NT N"), 9).record(c("4S S"), 10);
    assertThat(done.end()).isEqualTo(done);
    assertThatThrownBy(() -> done.record(c("1C N"), 7))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("the rubber is over");
    assertThatThrownBy(() -> Rubber.start().record(c("3NT N"), 9, Optional.of(
        Honours.fourTrumpHonours(Side.NS)))).hasMessageContaining("at notrump only four aces");
  }

  @Test
  void transitionsLeaveThePreviousStateAlone() {
    Rubber before = Rubber.start().record(c("2S S"), 8);
    Rubber after = before.record(c("2S S"), 8);
    assertThat(before.partScore(Side.NS)).isEqualTo(60);
    assertThat(before.sheet().entries()).hasSize(1);
    assertThat(after.gamesWon(Side.NS)).isEqualTo(1);
  }
}
