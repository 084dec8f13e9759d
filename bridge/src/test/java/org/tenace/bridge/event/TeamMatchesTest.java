package org.tenace.bridge.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A team event's results file of matches, as Ruter writes one (a ScoreTable of matches with
 * TeamId_Home and TeamId_Away, its IMPs by segment and in all as {@code 200}, each team's victory
 * points; a TotalScoreTable of teams): read, ranked and checked. The file is made up here in the
 * shape of Ruter's exports; it records no board, so every figure checked is the file's own sums.
 */
class TeamMatchesTest {

  private static final String HEADER = """
      [Event "Club teams"]
      [Board "202"]
      [Dealer "E"]
      [Vulnerable "All"]
      [Deal ""]
      [Scoring "Teams"]
      [Competition "Teams"]
      [TotalScoreTable "Rank\\1R;TeamId\\1R;TotalScoreVP\\5R;TeamName\\10L;NrRounds\\1R"]
      """;
  private static final String MATCHES = """
      [ScoreTable "Round\\1R;Table\\1R;TeamId_Home\\1R;TeamId_Away\\1R;MatchDetails\\25L;\
      VP_Home\\5R;VP_Away\\5R"]
      1 1 1 2 "1,31,29|2,79,2|200,110,31" 19.68  0.32
      1 2 3 4 "1,20,20|2,4,4|200,24,24"   10.00 10.00
      2 1 1 3 "1,10,30|200,10,30"          4.50 15.50
      2 2 2 4 "1,12,12|200,12,12"         10.00 10.00
      3 1 1 4 -                           -     -
      3 2 2 3 -                           -     -
      """;

  private static EventReader.Read read(String totals, String matches) {
    return EventReader.read(Resources.latin1(HEADER + totals + matches), "teams.pbn");
  }

  private static final String TOTALS = """
      1 3 25.50 "ROOKS"   2
      2 1 24.18 "KNIGHTS" 2
      3 4 20.00 "PAWNS"   2
      4 2 10.32 "BISHOPS" 2
      """;

  @Test
  void theMatchesAreReadWithTheirSegmentsTotalsAndVictoryPointsAndLaterRoundsAsNotPlayed() {
    EventReader.Read read = read(TOTALS, MATCHES);

    assertThat(read.diagnostics()).isEmpty();
    ResultsFile file = read.event();
    assertThat(file.boards()).isEmpty();
    assertThat(file.matches()).hasSize(6);
    TeamMatch first = file.matches().get(0);
    assertThat(first.segments()).containsExactly(new TeamMatch.Segment("1", 31, 29),
        new TeamMatch.Segment("2", 79, 2));
    assertThat(first.total()).contains(new TeamMatch.Segment("200", 110, 31));
    assertThat(first.homeVp()).contains(new BigDecimal("19.68"));
    assertThat(first.vp("2")).contains(new BigDecimal("0.32"));
    assertThat(first.vp("3")).isEmpty();
    assertThat(file.matches().stream().filter(TeamMatch::played)).hasSize(4);
    assertThat(file.names()).containsEntry("3", "ROOKS");
  }

  @Test
  void theTeamsRankByTheVictoryPointsOfTheMatchesPlayedAndShareAPlaceWhenLevel() {
    List<TeamStanding> ranking = TeamStanding.ranking(read(TOTALS, MATCHES).event().matches());

    assertThat(ranking).extracting(TeamStanding::team).containsExactly("3", "1", "4", "2");
    assertThat(ranking.get(0)).isEqualTo(
        new TeamStanding("3", 2, 54, 34, new BigDecimal("25.50"), 1, 1));
    assertThat(ranking.get(1).impsFor()).isEqualTo(120);
    assertThat(ranking.get(1).impsAgainst()).isEqualTo(61);

    List<TeamStanding> level = TeamStanding.ranking(List.of(
        match("1", "A", "B", "10.00", "10.00"), match("1", "C", "D", "15.00", "5.00")));
    assertThat(level).extracting(TeamStanding::placeText).containsExactly("1", "2-3", "2-3", "4");
  }

  private static TeamMatch match(String round, String home, String away, String homeVp,
      String awayVp) {
    return new TeamMatch(round, "1", home, away, List.of(), Optional.empty(),
        Optional.of(new BigDecimal(homeVp)), Optional.of(new BigDecimal(awayVp)), 1);
  }

  @Test
  void everyMatchTotalTeamTotalAndRankOfAConsistentFileAgrees() {
    Checker.Result result = Checker.check(read(TOTALS, MATCHES).event(), d -> { });

    // Four matches' IMPs against their segments; four teams' VP totals and ranks.
    assertThat(result.checked()).isEqualTo(12);
    assertThat(result.disagreements()).isEmpty();
  }

  @Test
  void aWrongMatchTotalAWrongTeamTotalAndAWrongRankAreDisagreementsNamingWhere() {
    String matches = MATCHES.replace("200,110,31", "200,111,31");
    String totals = TOTALS.replace("1 3 25.50", "1 3 25.40").replace("3 4 20.00", "4 4 20.00");

    Checker.Result result = Checker.check(read(totals, matches).event(), d -> { });

    assertThat(result.disagreements()).extracting(Checker.Disagreement::toString)
        .containsExactly("teams.pbn, round 1, 1, MatchDetails, 111-31, 110-31",
            "teams.pbn, total, 3, TotalScoreVP, 25.40, 25.50",
            "teams.pbn, total, 4, Rank, 4, 3");
  }

  @Test
  void aTeamTotalOverRoundsThisFileDoesNotHaveIsNotChecked() {
    Checker.Result result = Checker.check(
        read(TOTALS.replace("\"ROOKS\"   2", "\"ROOKS\"   3"), MATCHES).event(), d -> { });

    assertThat(result.checked()).isEqualTo(10);
    assertThat(result.disagreements()).isEmpty();
  }

  @Test
  void aMatchDetailThatIsNotASegmentIsReportedWithItsLineAndTheRestIsRead() {
    EventReader.Read read = read(TOTALS, MATCHES.replace("2,4,4|", "2,four,4|"));

    assertThat(read.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.line()).isEqualTo(15);
      assertThat(d.reason()).isEqualTo("round 1, table 2: MatchDetails '2,four,4' is not a"
          + " segment's number and two teams' IMPs: not read");
    });
    assertThat(read.event().matches()).hasSize(6);
  }
}
