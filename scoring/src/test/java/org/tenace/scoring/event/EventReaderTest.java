package org.tenace.scoring.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.scoring.compare.CrossImps;
import org.tenace.scoring.compare.TableResult;
import org.tenace.scoring.record.Diagnostic;

/** A results file read into boards and tables; what cannot be used is reported, not thrown. */
class EventReaderTest {

  @Test
  void aRuterExportIsOneBoardPerScoreTableWithEveryTable() {
    EventReader.Read read = Resources.read("pbn/ruter/sm1.pbn");

    ResultsFile file = read.event();
    assertThat(read.diagnostics()).isEmpty();
    assertThat(file.boards()).hasSize(66);
    assertThat(file.boards().stream().mapToInt(b -> b.rows().size()).sum()).isEqualTo(1188);
    assertThat(file.boards()).allSatisfy(b -> assertThat(b.avgPlus()).isEqualTo(CrossImps.RUTER));
    assertThat(file.totals()).hasSize(36);
    assertThat(file.individual()).isFalse();
    assertThat(file.scoringMethod()).contains(Method.MP);
  }

  @Test
  void anAssignedScoreIsReadAsTheDirectorWroteItForEachSide() {
    String pbn = """
        [Board "1"]
        [Dealer "N"]
        [Vulnerable "None"]
        [ScoreTable "Table\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;\
        Result\\2R;Score_NS\\30L;Score_EW\\30L"]
        1 1 4 4S N 10 420 -
        2 2 5 - - - "4S= by N" "4S= by N"
        3 3 6 - - - "60% 4S= by N, 40% 4S-1 by N" "60% 4S= by N, 40% 4S-1 by N"
        4 7 8 - - - "4S= by N" "4S-1 by N"
        """;

    EventReader.Read read = EventReader.read(Resources.latin1(pbn), "assigned.pbn");

    assertThat(read.diagnostics()).isEmpty();
    List<TableRow> rows = read.event().boards().get(0).rows();
    assertThat(rows).extracting(TableRow::outcome).containsExactly(
        rows.get(0).outcome(),
        new Outcome.Assigned((TableResult.Assigned) TableResult.assigned(420)),
        new Outcome.Assigned((TableResult.Assigned) TableResult.weighted(
            List.of(new TableResult.Share(60, 420), new TableResult.Share(40, -50)))),
        new Outcome.Assigned((TableResult.Assigned) TableResult.split(
            List.of(new TableResult.Share(100, 420)), List.of(new TableResult.Share(100, -50)))));
  }

  @Test
  void aBadScoreTableRowIsReportedWithItsLineAndTheGoodRowsAreKept() {
    String pbn = """
        [Board "5"]
        [Dealer "N"]
        [Vulnerable "NS"]
        [ScoreTable "Table\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;Result\\2R;\
        Score_NS\\5R;Score_EW\\4R"]
        1 1 5 9N  N  9 "400"    -
        2 2 6 4S  Q 10 -    -
        3 3 7 3N  N  8     - "100"
        """;

    EventReader.Read read = EventReader.read(Resources.latin1(pbn), "bad.pbn");

    assertThat(read.diagnostics()).extracting(Diagnostic::toString).containsExactly(
        "bad.pbn:5: board 5: ScoreTable row 1: impossible contract '9N': levels are 1..7:"
            + " '9N'; the recorded score is used",
        "bad.pbn:6: board 5: ScoreTable row 2: declarer 'Q' is not N, E, S or W; row left out");
    List<TableRow> rows = read.event().boards().get(0).rows();
    assertThat(rows).extracting(TableRow::table).containsExactly("1", "3");
    assertThat(rows.get(0).outcome()).isInstanceOfSatisfying(Outcome.Played.class, p -> {
      assertThat(p.contract()).isEmpty();
      assertThat(p.nsScore()).isEqualTo(400);
    });
    assertThat(rows.get(1).ns()).containsExactly("3");
    assertThat(rows.get(1).ew()).containsExactly("7");
  }

  @Test
  void eachTablesRecordOfABoardWithAScoreTableIsOneOfItsRowsNotASecondBoard() {
    String deal = "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98"
        + " 432.AKQJ.T98.765\"]";
    String pbn = """
        [Board "1"]
        [Dealer "N"]
        [Vulnerable "None"]
        %s
        [Table "2"]
        [Declarer "S"]
        [Contract "3NT"]
        [Result "9"]
        [Score "NS 400"]

        [Board "1"]
        [Dealer "N"]
        [Vulnerable "None"]
        %s
        [Table "1"]
        [Declarer "S"]
        [Contract "3NT"]
        [Result "10"]
        [Score "NS 430"]
        [ScoreTable "Table\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;\
        Result\\2R;Score_NS\\5R;Score_EW\\4R"]
        1 1 3 3NT S 10 430 -
        2 2 4 3NT S  9 400 -
        """.formatted(deal, deal);

    EventReader.Read read = EventReader.read(Resources.latin1(pbn), "session.pbn");

    assertThat(read.diagnostics()).isEmpty();
    assertThat(read.event().boards()).singleElement().satisfies(b -> {
      assertThat(b.avgPlus()).isEqualTo(CrossImps.RUTER);
      assertThat(b.rows()).extracting(TableRow::table).containsExactly("1", "2");
      assertThat(b.checkedOnly()).extracting(TableRow::table).containsExactly("2", "1");
    });
    Checker.Result check = Checker.check(read.event(), d -> { });
    assertThat(check.disagreements()).isEmpty();
    assertThat(check.checked()).isEqualTo(4); // two Score_NS and two Score tags
  }
}
