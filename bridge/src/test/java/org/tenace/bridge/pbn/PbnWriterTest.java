package org.tenace.bridge.pbn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;

/** Export format: PBN 2.1 sections 2.3, 3, 3.4 and 5. */
class PbnWriterTest {

  private static String written(String importText) {
    return PbnWriter.write(Pbn.read(importText).values());
  }

  @Test
  void aGameIsWrittenInExportFormat() {
    String text = written("""
        % import format, tags in any order
        [Result "NS 10 EW 3"]
        [Contract "3n"]
        [Declarer "s"]
        [Vulnerable "Both"]
        [Deal "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"]
        [Dealer "E"]
        [Board "02"]
        [West "Podgor"]
        [Score "NS +630"]
        [Auction "N"]
        - 1D 1S 3N
        AP
        [Play "W"]
        SK H3 S4 S3
        [Note "1:unused"]
        """);
    assertThat(text).isEqualTo(String.join("\r\n",
        "% PBN 2.1",
        "% EXPORT",
        "[Event \"?\"]",
        "[Site \"?\"]",
        "[Date \"?\"]",
        "[Board \"2\"]",
        "[West \"Podgor\"]",
        "[North \"?\"]",
        "[East \"?\"]",
        "[South \"?\"]",
        "[Dealer \"E\"]",
        "[Vulnerable \"All\"]",
        "[Deal \"E:A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85 .63.AKQ987.A9732\"]",
        "[Scoring \"?\"]",
        "[Declarer \"S\"]",
        "[Contract \"3NT\"]",
        "[Result \"10\"]",
        "[Score \"NS 630\"]",
        "[Auction \"E\"]",
        "1D 1S 3NT AP",
        "[Play \"W\"]",
        "SK H3 S4 S3",
        "*",
        "[Note \"1:unused\"]",
        ""));
  }

  @Test
  void gamesAfterTheFirstStartWithAnEmptyLine() {
    String text = written("[Board \"1\"]\n\n[Board \"2\"]\n");
    assertThat(text).startsWith("% PBN 2.1\r\n% EXPORT\r\n[Event \"?\"]\r\n")
        .contains("[Result \"?\"]\r\n\r\n[Event \"?\"]")
        .doesNotContain("\t").doesNotContain("\n\n");
    assertThat(text.replace("\r\n", "")).doesNotContain("\n").doesNotContain("\r");
  }

  @Test
  void supplementalTagsFollowTheMandatoryOnesSortedByName() {
    String text = written("[Zeta \"z\"]\n[Annotator \"a\"]\n[Event \"e\"]\n[Room \"Open\"]\n");
    assertThat(text.indexOf("[Result ")).isLessThan(text.indexOf("[Annotator "));
    assertThat(text.indexOf("[Annotator ")).isLessThan(text.indexOf("[Room "));
    assertThat(text.indexOf("[Room ")).isLessThan(text.indexOf("[Zeta "));
  }

  @Test
  void aPassedOutBoardHasAnEmptyDeclarerAndResult() {
    String text = written("[Declarer \"S\"]\n[Contract \"Pass\"]\n[Result \"0\"]\n");
    assertThat(text).contains("[Declarer \"\"]\r\n[Contract \"Pass\"]\r\n[Result \"\"]\r\n");
  }

  @Test
  void valuesAreQuotedWithEscapesAndColumnWidthsKeepTheirSingleBackslash() {
    String text = written("[East \"a\\\"b\\\\\"]\n[ScoreTable \"Rank\\2R;Name\"]\n1 x\n");
    assertThat(text).contains("[East \"a\\\"b\\\\\"]").contains("[ScoreTable \"Rank\\2R;Name\"]");
  }

  @Test
  void tablesAreSortedAndPaddedToTheirColumnWidths() {
    String text = written("""
        [ScoreTable "Table\\2R;Contract\\4L;Score_NS\\6R;Names"]
        5 6N "1020" "A B"
        12 - - "Ö-V"
        [OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]
        N NT 8
        """);
    assertThat(text).contains(String.join("\r\n",
        "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]",
        "N NT  8",
        "[ScoreTable \"Table\\2R;Contract\\4L;Score_NS\\6R;Names\"]",
        " 5 6N     1020 \"A B\"",
        "12 -         - \"Ö-V\"",
        ""));
  }

  @Test
  void commentaryIsKeptAfterItsTagCallOrCard() {
    String text = written("""
        {before}
        [Event "e"] { after event } ; and a brace }
        [Auction "N"]
        1S {why} AP
        [Play "E"]
        SK ; odd } card
        H3 S4 S3
        """);
    assertThat(text).contains("{before}\r\n[Event \"e\"]\r\n{ after event }\r\n; and a brace }\r\n")
        .contains("1S {why} AP\r\n")
        .contains("SK ; odd } card\r\nH3 S4 S3\r\n");
  }

  @Test
  void latin1IsTheCharacterSetAndOtherCharactersBecomeQuestionMarks() {
    List<PbnGame> games = Pbn.read("[West \"Sandström\"]\n[East \"王\"]\n").values();
    String bytes = new String(PbnWriter.toBytes(games), StandardCharsets.ISO_8859_1);
    assertThat(bytes).contains("[West \"Sandström\"]").contains("[East \"?\"]");
    String utf8 = new String(PbnWriter.toBytes(games, StandardCharsets.UTF_8),
        StandardCharsets.UTF_8);
    assertThat(utf8).contains("[East \"王\"]");
  }

  @Test
  void aProgramCanBuildAGameWithAScoreTableAndATotalScoreTable() {
    PbnTable scores = PbnTable.of("Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;"
            + "Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R")
        .withRow("1", "1", "2", "3NT", "S", "10", "430", "-", "2.0", "0.0")
        .withRow("2", "3", "4", "4S", "W", "9", "50", "-", "0.0", "2.0");
    PbnTable ranking = PbnTable.of("Rank\\2R;PairId\\2R;Names\\20L;TotalPercentage\\6R")
        .withRow("1", "1", "Ann Smith - Bo Lind", "100.00");
    PbnGame g = PbnGame.builder().tag("Event", "Club night").board(1).dealer(Seat.NORTH)
        .vulnerability(Vulnerability.NONE)
        .deal(PbnDeal.parse(PbnReaderTest.DEAL_N))
        .tag("Declarer", "").tag("Contract", "").tag("Result", "")
        .table("ScoreTable", scores).table("TotalScoreTable", ranking).build();
    String text = PbnWriter.write(List.of(g));
    assertThat(text).contains("[ScoreTable \"Table\\2R;PairId_NS\\2R;")
        .contains(" 1  1  2 3NT  S 10    430      -  2.0  0.0\r\n")
        .contains("[TotalScoreTable \"Rank\\2R;PairId\\2R;Names\\20L;TotalPercentage\\6R\"]\r\n"
            + " 1  1 \"Ann Smith - Bo Lind\" 100.00\r\n");
    assertThat(Pbn.rewritten(g)).isEqualTo(g);
  }

  @Test
  void aHandRecordsGameTakesAScoringTagAndAScoreTable() {
    PbnGame g = Pbn.one("[Board \"1\"]\n[Dealer \"N\"]\n")
        .withTag("Scoring", "MP")
        .withTable("ScoreTable", PbnTable.of("Table;Score_NS").withRow("1", "420"));
    assertThat(g.scoring()).hasValue("MP");
    assertThat(g.table("ScoreTable").orElseThrow().rows().get(0).get("Score_NS"))
        .hasValue("420");
    assertThat(Pbn.rewritten(g)).isEqualTo(g);
  }

  @Test
  void aGameRefusesValuesPbnCannotHold() {
    assertThatThrownBy(() -> PbnGame.builder().tag("Event", "two\nlines").build())
        .hasMessageContaining("control character");
    assertThatThrownBy(() -> PbnGame.builder().tag("Bad Name", "x").build())
        .hasMessageContaining("letters, digits and '_'");
    assertThatThrownBy(() -> PbnGame.builder().tag("Contract", "9NT").build())
        .hasMessageContaining("levels are 1..7");
    assertThatThrownBy(() -> PbnTable.of("A;B").withRow("only one"))
        .hasMessageContaining("2 elements, not 1");
  }
}
