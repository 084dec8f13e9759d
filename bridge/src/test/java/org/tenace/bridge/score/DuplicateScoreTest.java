package org.tenace.bridge.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;

class DuplicateScoreTest {

  // Law 77, every boundary: contract (declarer S), tricks, vulnerable, score.
  @ParameterizedTest(name = "{0} with {1} tricks, vul {2}: {3}")
  @CsvSource({
    // game bonus at exactly 100 trick points, part-score just below
    "3NT, 9, false, 400", "3NT, 9, true, 600", "2NT, 8, false, 120", "2NT, 9, false, 150",
    "1NT, 7, false, 90", "4C, 10, false, 130", "5C, 11, false, 400", "5D, 11, true, 600",
    "4C, 11, false, 150", "4H, 10, false, 420", "4H, 10, true, 620", "3S, 9, false, 140",
    "2H, 8, false, 110", "2C, 8, false, 90",
    // doubling lifts a part-score to game
    "2SX, 8, false, 470", "2SX, 8, true, 670", "1NTXX, 7, false, 560", "1NTXX, 7, true, 760",
    "1HXX, 7, false, 520", "1CXX, 7, false, 230", "1DXX, 7, true, 230", "3CX, 9, false, 470",
    "2DX, 8, false, 180", "1SX, 7, false, 160", "1NTX, 7, false, 180",
    // slams at both vulnerabilities, on top of the game bonus
    "6C, 12, false, 920", "6C, 12, true, 1370", "6H, 12, false, 980", "6H, 12, true, 1430",
    "6NT, 12, false, 990", "6NT, 12, true, 1440", "6NT, 13, true, 1470", "7C, 13, false, 1440",
    "7C, 13, true, 2140", "7NT, 13, false, 1520", "7NT, 13, true, 2220",
    "7NTX, 13, true, 2490", "7NTXX, 13, false, 2280", "7NTXX, 13, true, 2980",
    // overtricks: trick value undoubled, 100/200 doubled, 200/400 redoubled
    "1NT, 13, false, 270", "3NT, 13, false, 520", "4HX, 11, false, 690", "4HX, 11, true, 990",
    "2SX, 9, false, 570", "2SX, 9, true, 870", "3NTXX, 10, false, 1000",
    "3NTXX, 10, true, 1400", "1CXX, 13, true, 2630",
    // undertricks undoubled
    "3NT, 8, false, -50", "3NT, 8, true, -100", "7NT, 0, false, -650", "7NT, 0, true, -1300",
    // down 1-4 doubled and redoubled, not vulnerable and vulnerable
    "4SX, 9, false, -100", "4SX, 8, false, -300", "4SX, 7, false, -500", "4SX, 6, false, -800",
    "4SX, 5, false, -1100", "4SX, 9, true, -200", "4SX, 8, true, -500", "4SX, 7, true, -800",
    "4SX, 6, true, -1100", "4SXX, 9, false, -200", "4SXX, 8, false, -600",
    "4SXX, 7, false, -1000", "4SXX, 6, false, -1600", "4SXX, 9, true, -400",
    "4SXX, 8, true, -1000", "4SXX, 7, true, -1600", "4SXX, 6, true, -2200",
    // all thirteen down
    "7NTX, 0, false, -3500", "7NTX, 0, true, -3800", "7NTXX, 0, false, -7000",
    "7NTXX, 0, true, -7600",
  })
  void scoresEveryBoundaryOfLaw77(String contract, int tricks, boolean vul, int expected) {
    assertThat(DuplicateScore.of(Contract.parse(contract, Seat.SOUTH), tricks, vul))
        .isEqualTo(expected);
  }

  // Law 77, not vulnerable: made, overtricks, doubled, redoubled, down.
  @ParameterizedTest(name = "{0} with {1} tricks: {2}")
  @CsvSource({"4S, 10, 420", "3NT, 10, 430", "1NTX, 7, 180", "2HX, 8, 470", "1CXX, 7, 230",
      "4HX, 7, -500", "4HX, 6, -800", "1H, 6, -50"})
  void matchesCase34OfTheLawsSpec(String contract, int tricks, int expected) {
    assertThat(DuplicateScore.of(Contract.parse(contract, Seat.NORTH), tricks, false))
        .isEqualTo(expected);
  }

  // Law 77 on real results, each from North-South's side.
  @ParameterizedTest(name = "{0} with {1} tricks on {2}: NS {3}")
  @CsvSource({
    "7NTX S, 13, NS, 2490",     // 2C-2D.pbn board 108
    "6HX E, 12, EW, -1660",     // Ben_and_Friends 2024-06-23 board 3
    "1NTXX E, 8, BOTH, -1160",  // impcross.pbn board 39
    "3NTXX E, 9, NONE, -800",   // impcross.pbn board 8
    "2CXX N, 7, BOTH, -400",    // sm1.pbn board 42
    "4HX E, 5, NONE, 1100",     // Slaming.pbn board 124
    "2SX S, 9, NONE, 570",      // Slaming.pbn board 8
    "4SX N, 8, BOTH, -500",     // Ben_and_Friends 2024-06-03 board 7
    "4DX S, 8, EW, -300",       // sm1.pbn board 16
    "5SX S, 12, NS, 1050",      // impcross.pbn board 15
    "3NT E, 9, EW, -600",
    "3NT N, 9, EW, 400",
  })
  void scoresRealResultsFromNorthSouthsSide(
      String contract, int tricks, Vulnerability vul, int expected) {
    assertThat(DuplicateScore.ns(Contract.parse(contract), tricks, vul)).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(ints = {-1, 14, 99})
  void refusesTrickCountsOutsideZeroToThirteen(int tricks) {
    assertThatThrownBy(() -> DuplicateScore.of(Contract.parse("3NT S"), tricks, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tricks are 0..13, not " + tricks);
  }

  @Test
  void aPassedOutBoardScoresNothing() {
    assertThat(DuplicateScore.PASSED_OUT).isZero();
  }

  @Test
  void splitsTheScoreIntoItsLaw77Parts() {
    assertThat(ContractPoints.of(Contract.parse("6HX E"), 13, true))
        .isEqualTo(new ContractPoints(360, 200, 50, 750, 0));
    assertThat(ContractPoints.of(Contract.parse("4SXX N"), 8, false))
        .isEqualTo(new ContractPoints(0, 0, 0, 0, 600));
  }

  @Property
  void oneMoreTrickAlwaysScoresMore(
      @ForAll @IntRange(min = 1, max = 7) int level, @ForAll Strain strain,
      @ForAll Doubling doubling, @ForAll boolean vul, @ForAll @IntRange(max = 12) int tricks) {
    Contract c = Contract.of(level, strain, doubling, Seat.WEST);
    assertThat(DuplicateScore.of(c, tricks + 1, vul)).isGreaterThan(DuplicateScore.of(c, tricks, vul));
  }

  @Property
  void northSouthAndEastWestScoresAreMirrorImages(
      @ForAll @IntRange(min = 1, max = 7) int level, @ForAll Strain strain,
      @ForAll Doubling doubling, @ForAll @IntRange(max = 13) int tricks) {
    Contract byNorth = Contract.of(level, strain, doubling, Seat.NORTH);
    Contract byEast = Contract.of(level, strain, doubling, Seat.EAST);
    assertThat(DuplicateScore.ns(byNorth, tricks, Vulnerability.NS))
        .isEqualTo(-DuplicateScore.ns(byEast, tricks, Vulnerability.EW));
  }
}
