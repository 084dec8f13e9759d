package org.tenace.bridge.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.compare.CrossImps.Form;
import org.tenace.bridge.compare.Matchpoints.Units;

class RankingTest {

  private static Traveller.Row row(String ns, String ew, int score) {
    return new Traveller.Row(ns, ew, TableResult.played(score));
  }

  // A three-table Mitchell over two boards: NS pairs 1-3, EW pairs 4-6.
  private static final List<Traveller> SESSION = List.of(
      Traveller.of(row("1", "4", 420), row("2", "5", 420), row("3", "6", 170)),
      Traveller.of(row("1", "5", -100), row("2", "6", 110), row("3", "4", 110)));

  @Test
  void pairsWithEqualTotalsShareAPlace() {
    List<Standing> ranking =
        Ranking.matchpoints(Matchpoints.session(SESSION, Units.EUROPEAN));
    // NS: 1 = 3 + 0, 2 = 3 + 3, 3 = 0 + 3; EW: 4 = 1 + 1, 5 = 1 + 4, 6 = 4 + 1
    assertThat(ranking).extracting(Standing::pair).containsExactly("2", "5", "6", "1", "3", "4");
    assertThat(ranking).extracting(Standing::placeText)
        .containsExactly("1", "2-3", "2-3", "4-5", "4-5", "6");
    assertThat(ranking.get(0).total()).isEqualTo(Fraction.of(6));
    assertThat(ranking.get(0).percentage()).hasValue(Fraction.of(75));
    assertThat(ranking.get(1).percentage()).hasValue(Fraction.of(125, 2));
    assertThat(ranking.get(0).boards()).isEqualTo(2);
  }

  @Test
  void eachDirectionOfAMitchellIsRankedApart() {
    List<Standing> all = Ranking.matchpoints(Matchpoints.session(SESSION, Units.EUROPEAN));
    List<Standing> ns = Ranking.within(all, Set.of("1", "2", "3"));
    assertThat(ns).extracting(Standing::pair).containsExactly("2", "1", "3");
    assertThat(ns).extracting(Standing::placeText).containsExactly("1", "2-3", "2-3");
  }

  @Test
  void percentagesRankPairsThatPlayedFewerBoardsFairly() {
    // pair 9 plays one board only and tops it; pair 1 has more points over two boards
    List<Traveller> boards = List.of(
        Traveller.of(row("1", "4", 420), row("9", "5", 450), row("3", "6", 170)),
        Traveller.of(row("1", "5", 110), row("2", "6", 100), row("3", "4", -50)));
    List<Standing> ranking = Ranking.matchpoints(Matchpoints.session(boards, Units.EUROPEAN));
    assertThat(ranking.get(0).pair()).isEqualTo("9");
    assertThat(ranking.get(0).percentage()).hasValue(Fraction.of(100));
    assertThat(ranking.get(1).pair()).isEqualTo("1");
    assertThat(ranking.get(1).total()).isEqualTo(Fraction.of(6));
  }

  @Test
  void impRankingsAddTheImpsAndHaveNoPercentage() {
    List<Standing> ranking = Ranking.imps(
        SESSION.stream().map(t -> CrossImps.score(t, Form.SUM)).toList());
    assertThat(ranking.get(0).percentage()).isEmpty();
    // pair 2: board 1 +0 (420 v 420) +6 (420 v 170), board 2 +5 +0 = 11
    assertThat(ranking.get(0).pair()).isEqualTo("2");
    assertThat(ranking.get(0).total()).isEqualTo(Fraction.of(11));
  }

  @Test
  void aStandingRefusesImpossiblePlaces() {
    assertThatThrownBy(() -> new Standing(3, 2, "x", 1, Fraction.ZERO, Optional.empty()))
        .hasMessageContaining("3-2");
  }
}
