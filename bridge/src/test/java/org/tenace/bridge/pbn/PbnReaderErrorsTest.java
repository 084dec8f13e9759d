package org.tenace.bridge.pbn;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.record.Diagnostic;
import org.tenace.bridge.record.ReadResult;

/** Bad input never throws: each problem is a diagnostic with file, line and reason. */
class PbnReaderErrorsTest {

  private static Diagnostic onlyDiagnostic(ReadResult<PbnGame> r) {
    assertThat(r.diagnostics()).hasSize(1);
    Diagnostic d = r.diagnostics().get(0);
    assertThat(d.file()).isEqualTo(Pbn.FILE);
    return d;
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "N:A.63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85|dealt twice: SA",
    "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.8|different numbers",
    "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4|four hands, 3 given",
    "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.8Z|not a rank: 'Z'",
    "X:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85|not a seat: 'X'",
    ".63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85|seat and a colon",
    "N:.63.AKQ987 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85|four suits",
    "N:AKQJT98765432.A.. - - -|North holds 14 cards",
  })
  void aBadDealIsReportedAndTheRestOfTheGameIsKept(String deal, String reason) {
    ReadResult<PbnGame> r = Pbn.read("[Board \"4\"]\n[Dealer \"W\"]\n[Deal \"" + deal + "\"]\n"
        + "\n[Board \"5\"]\n");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.line()).isEqualTo(3);
    assertThat(d.reason()).startsWith("board 4: Deal tag ignored: ").contains(reason);
    assertThat(r.values()).hasSize(2);
    assertThat(r.values().get(0).deal()).isEmpty();
    assertThat(r.values().get(0).dealer()).hasValue(Seat.WEST);
    assertThat(r.values().get(1).board()).hasValue(5);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "8NT|levels are 1..7",
    "0H|levels are 1..7",
    "4SXXX|impossible contract '4SXXX'",
    "4Z|not a strain",
    "NT3|impossible contract 'NT3'",
    "Double|impossible contract 'Double'",
  })
  void anImpossibleContractIsReported(String contract, String reason) {
    ReadResult<PbnGame> r = Pbn.read("[Event \"e\"]\n\n[Board \"2\"]\n[Declarer \"S\"]\n"
        + "[Contract \"" + contract + "\"]\n[Result \"9\"]\n");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.line()).isEqualTo(5);
    assertThat(d.reason()).startsWith("board 2: Contract tag ignored: ").contains(reason);
    assertThat(r.values().get(1).contract()).isEmpty();
    assertThat(r.values().get(1).declarerTricks()).hasValue(9);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "Board|abc|Board is a positive number",
    "Board|0|Board is a positive number",
    "Dealer|X|Dealer is N, E, S or W",
    "Declarer|North-ish|Declarer is N, E, S or W",
    "Vulnerable|Some|not a vulnerability",
    "Result|14|tricks 0..13",
    "Result|NS 9 EW 9|more than 13 tricks",
    "Result|nine|not a result",
    "Score|lots|not a score",
    "Score|NS 100 NS 200|not a score",
  })
  void aTagValueThatCannotBeReadIsReported(String tag, String value, String reason) {
    ReadResult<PbnGame> r = Pbn.read("[Event \"e\"]\n[" + tag + " \"" + value + "\"]\n");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.line()).isEqualTo(2);
    assertThat(d.reason()).contains(tag + " tag ignored").contains(reason);
    assertThat(r.values().get(0).tags()).doesNotContainKey(tag).containsKey("Event");
  }

  @Test
  void aFileThatEndsInsideAStringKeepsWhatCameBefore() {
    ReadResult<PbnGame> r = Pbn.read(
        "[Event \"e\"]\n[Board \"1\"]\n\n[Board \"2\"]\n[Deal \"N:.63.AKQ987.A9732 A8");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.line()).isEqualTo(5);
    assertThat(d.reason()).contains("string not closed");
    assertThat(r.values()).extracting(g -> g.board().getAsInt()).containsExactly(1, 2);
  }

  @Test
  void aFileThatEndsInsideATagPairIsReported() {
    ReadResult<PbnGame> r = Pbn.read("[Board \"1\"]\n[Event \"e\"");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.line()).isEqualTo(2);
    assertThat(d.reason()).contains("tag Event: no ']'").contains("the file ends");
    assertThat(r.values().get(0).board()).hasValue(1);
  }

  @Test
  void aFileThatEndsInsideCommentaryIsReported() {
    ReadResult<PbnGame> r = Pbn.read("[Board \"1\"]\n{ a comment\nthat never\n");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.reason()).contains("opened with '{' at line 2 is not closed");
    assertThat(r.values().get(0).board()).hasValue(1);
  }

  @Test
  void aFileThatEndsInTheMiddleOfATableRowKeepsTheWholeRows() {
    ReadResult<PbnGame> r = Pbn.read("""
        [Board "1"]
        [ScoreTable "Table;Score_NS;Score_EW"]
        1 420 -
        2 -
        """);
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.line()).isEqualTo(4);
    assertThat(d.reason()).contains("ScoreTable: the last row has 2 of 3 elements");
    assertThat(r.values().get(0).table("ScoreTable").orElseThrow().rows()).hasSize(1);
  }

  @Test
  void aControlCharacterAmongTableElementsIsReadAsASpaceAndTheGameIsKept() {
    ReadResult<PbnGame> r = Pbn.read("[Board \"1\"]\n[ScoreTable \"Table;Score_NS\"]\n"
        + "1 420\n2\u0007-\n");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.line()).isEqualTo(4);
    assertThat(d.reason()).isEqualTo("control character 7 read as a space");
    assertThat(r.values().get(0).table("ScoreTable").orElseThrow().cells())
        .containsExactly(java.util.List.of("1", "420"), java.util.List.of("2", "-"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "[Event x]|the value must be a quoted string, not 'x'",
    "[\"x\"]|'[' not followed by a tag name",
    "[Event \"x\"|tag Event: no ']' after the value",
    "[Ev-ent \"x\"]|not letters, digits and '_'",
    "[Event]|tag Event: no quoted value",
    "Event \"x\"]|text after the Board tag ignored: 'Event'",
  })
  void badTagSyntaxIsReportedAndReadingGoesOnWithTheNextTag(String bad, String reason) {
    ReadResult<PbnGame> r = Pbn.read("[Board \"1\"]\n" + bad + "\n[Dealer \"E\"]\n");
    assertThat(r.diagnostics()).isNotEmpty();
    Diagnostic d = r.diagnostics().get(0);
    assertThat(d.file()).isEqualTo(Pbn.FILE);
    assertThat(d.line()).isEqualTo(2);
    assertThat(d.reason()).contains(reason);
    assertThat(r.values()).hasSize(1);
    assertThat(r.values().get(0).dealer()).hasValue(Seat.EAST);
  }

  @Test
  void textBeforeTheFirstTagIsReported() {
    Diagnostic d = onlyDiagnostic(Pbn.read("Board 1\n[Board \"1\"]\n"));
    assertThat(d.line()).isEqualTo(1);
    assertThat(d.reason()).contains("text outside a tag pair ignored: 'Board'");
  }

  @Test
  void aBadCallStopsTheAuctionBeforeIt() {
    ReadResult<PbnGame> r = Pbn.read("[Auction \"N\"]\n1S Pass\n2Z Pass\n");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.line()).isEqualTo(3);
    assertThat(d.reason()).contains("'2Z' is not a call").contains("stops before it");
    PbnAuction a = r.values().get(0).auction().orElseThrow();
    assertThat(a.entries()).hasSize(2);
    assertThat(a.stopped()).isTrue();
  }

  @Test
  void anAuctionThatDoesNotStartAtTheDealerIsReported() {
    ReadResult<PbnGame> r = Pbn.read("[Dealer \"E\"]\n[Auction \"S\"]\n- 1D 1S 3NT\nAP\n");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.line()).isEqualTo(2);
    assertThat(d.reason()).contains("Auction starts at W but the dealer is E");
    assertThat(r.values().get(0).auction().orElseThrow().first()).isEqualTo(Seat.WEST);
  }

  @Test
  void aBidAboveSevenIsNotACall() {
    Diagnostic d = onlyDiagnostic(Pbn.read("[Auction \"N\"]\n7NT 8C\n"));
    assertThat(d.reason()).contains("levels are 1..7");
  }

  @Test
  void anInsufficientMarkBeforeAPassIsReported() {
    Diagnostic d = onlyDiagnostic(Pbn.read("[Auction \"N\"]\n1S ^I Pass\n"));
    assertThat(d.reason()).contains("^I must come before a bid");
  }

  @Test
  void aCardNotInItsSeatsHandIsReadAsUnknown() {
    ReadResult<PbnGame> r = Pbn.read("""
        [Deal "%s"]
        [Play "W"]
        SK H3 S4 S3
        C5 SA C6 CK
        """.formatted(PbnReaderTest.DEAL_N));
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.line()).isEqualTo(4);
    assertThat(d.reason()).contains("trick 2: SA is in North's column but not in North's hand");
    assertThat(r.values().get(0).play().orElseThrow().entries().get(5).kind())
        .isEqualTo(PbnPlay.Kind.UNKNOWN);
  }

  @Test
  void aCardPlayedTwiceIsReadAsUnknown() {
    Diagnostic d = onlyDiagnostic(Pbn.read("[Play \"W\"]\nSK H3 S4 S3\nSK C2 C6 CK\n"));
    assertThat(d.line()).isEqualTo(3);
    assertThat(d.reason()).contains("trick 2: SK was played before");
  }

  @Test
  void aBadCardTokenIsReadAsUnknown() {
    ReadResult<PbnGame> r = Pbn.read("[Play \"W\"]\nSK H3 Z4 S3\n");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.reason()).contains("'Z4' is not a card");
    assertThat(r.values().get(0).play().orElseThrow().entries()).hasSize(4);
  }

  @Test
  void aSectionWithABadSeatIsIgnored() {
    ReadResult<PbnGame> r = Pbn.read("[Auction \"Q\"]\n1S AP\n");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.reason()).contains("Auction section ignored").contains("not 'Q'");
    assertThat(r.values().get(0).auction()).isEmpty();
  }

  @Test
  void aNoteWithoutAnIndexIsReported() {
    Diagnostic d = onlyDiagnostic(Pbn.read("[Auction \"N\"]\n1S =1= AP\n[Note \"strong\"]\n"));
    assertThat(d.line()).isEqualTo(3);
    assertThat(d.reason()).contains("'<index>:<text>'");
  }

  @Test
  void textAfterAPlainTagIsReported() {
    Diagnostic d = onlyDiagnostic(Pbn.read("[Event \"e\"] stray\n"));
    assertThat(d.reason()).contains("text after the Event tag ignored: 'stray'");
  }

  @Test
  void aClosingBraceWithoutAnOpeningOneIsReported() {
    ReadResult<PbnGame> r = Pbn.read("[Board \"1\"]\n} [Dealer \"S\"]\n");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.line()).isEqualTo(2);
    assertThat(d.reason()).contains("'}' without a '{'");
    assertThat(r.values().get(0).dealer()).hasValue(Seat.SOUTH);
  }

  @Test
  void anUnknownTagWithTextButNoColumnsIsATagAndTheTextIsReported() {
    ReadResult<PbnGame> r = Pbn.read("[Mystery \"\"]\n1 2 3\n");
    Diagnostic d = onlyDiagnostic(r);
    assertThat(d.reason()).contains("text after the Mystery tag ignored: '1'");
    assertThat(r.values().get(0).tags()).containsEntry("Mystery", "");
  }

  @Test
  void garbageNeverThrows() {
    String junk = "[[[\"\\\"{;}]]] ^^ =1= $999 [Play \"W\"] ^Q SZ + * SK [Auction \"N\"] ^I"
        + " =x= ?? !!! [ScoreTable \"\"] a b \u0000\u0007 [Deal \"N:\" ]";
    ReadResult<PbnGame> r = Pbn.read(junk + "\n\n" + junk.repeat(3));
    assertThat(r.diagnostics()).isNotEmpty().allSatisfy(d -> {
      assertThat(d.file()).isEqualTo(Pbn.FILE);
      assertThat(d.line()).isPositive();
    });
  }
}
