package org.tenace.bridge.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.compare.CrossImps;
import org.tenace.bridge.compare.TableResult;
import org.tenace.bridge.record.Diagnostic;
import org.tenace.testing.TestResources;

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

    EventReader.Read read = EventReader.read(TestResources.bytes("snippets/event/assigned.pbn"),
        "assigned.pbn");

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

    EventReader.Read read = EventReader.read(TestResources.bytes("snippets/event/bad.pbn"),
        "bad.pbn");

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

    EventReader.Read read = EventReader.read(TestResources.bytes("snippets/event/session.pbn"),
        "session.pbn");

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
