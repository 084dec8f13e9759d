package org.tenace.bridge.lin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.record.Diagnostic;
import org.tenace.bridge.record.ReadResult;
import org.tenace.bridge.record.Room;

class LinReaderTest {
  static final String FILE = "snippet.lin";
  static final String MD = "md|3S358TH28D34579C89,S6QH7JQD8TKAC47JK,SAH35TKAD2JC235QA,|";

  static byte[] resource(String name) {
    try (InputStream in = LinReaderTest.class.getResourceAsStream("/data/lin/" + name)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static LinRecord one(String text) {
    ReadResult<LinRecord> r = LinReader.readText(text, FILE);
    assertThat(r.diagnostics()).isEmpty();
    assertThat(r.values()).hasSize(1);
    return r.values().get(0);
  }

  @Test
  void aBboFileGivesPlayersDealAuctionAndPlay() {
    ReadResult<LinRecord> r = LinReader.read(resource("3399598383.lin"), "3399598383.lin");
    assertThat(r.diagnostics()).isEmpty();
    LinRecord b = r.values().get(0);
    assertThat(b.players()).containsEntry(Seat.SOUTH, "jdr9999").containsEntry(Seat.WEST,
        "sisse1745").containsEntry(Seat.NORTH, "jaak99").containsEntry(Seat.EAST, "myriam1745");
    assertThat(b.dealer()).hasValue(Seat.NORTH);
    assertThat(b.vulnerability()).hasValue(Vulnerability.NONE);
    assertThat(b.boardLabel()).hasValue("Board 1");
    assertThat(b.boardNumber()).hasValue(1);
    assertThat(b.calls()).extracting(LinCall::call).containsExactly(Bid.parse("1H"),
        Bid.parse("2S"), Call.PASS, Bid.parse("2NT"), Bid.parse("3C"), Call.PASS, Call.PASS,
        Call.PASS);
    assertThat(b.calls().get(1).alert()).isTrue();
    assertThat(b.play()).hasSize(52).startsWith(Card.parse("CT"), Card.parse("C8"));
    assertThat(b.claim()).isEmpty();
  }

  @Test
  void theDealerDigitAndHandsRunSouthWestNorthEastAndTheFourthHandIsWorkedOut() {
    LinRecord b = one(MD);
    Deal d = b.deal().orElseThrow();
    assertThat(b.dealer()).hasValue(Seat.NORTH);
    assertThat(d.hand(Seat.SOUTH).toPbn()).isEqualTo("T853.82.97543.98");
    assertThat(d.hand(Seat.WEST).toPbn()).isEqualTo("Q6.QJ7.AKT8.KJ74");
    assertThat(d.hand(Seat.NORTH).toPbn()).isEqualTo("A.AKT53.J2.AQ532");
    assertThat(d.hand(Seat.EAST).toPbn()).isEqualTo("KJ9742.964.Q6.T6");
  }

  @ParameterizedTest
  @CsvSource({"1,S", "2,W", "3,N", "4,E"})
  void theDealerDigitNamesTheSeat(char digit, char seat) {
    assertThat(one("md|" + digit + "|").dealer()).hasValue(Seat.parse(seat));
  }

  @Test
  void allFourHandsMayBeGiven() {
    LinRecord b = one("md|3S358TH28D34579C89,S6QH7JQD8TKAC47JK,SAH35TKAD2JC235QA,"
        + "S2479JKH469D6QC6T|");
    assertThat(b.deal()).isEqualTo(one(MD).deal());
  }

  @ParameterizedTest
  @CsvSource({"o,NONE", "0,NONE", "O,NONE", "n,NS", "e,EW", "b,BOTH", "B,BOTH"})
  void vulnerabilityLetters(String sv, Vulnerability expected) {
    assertThat(one("sv|" + sv + "|").vulnerability()).hasValue(expected);
  }

  @Test
  void aBoardWithoutSvHasNoVulnerability() {
    assertThat(one(MD + "ah|Board 3|mb|1C|").vulnerability()).isEmpty();
  }

  @Test
  void callsInEitherCaseWithAlertsAndExplanations() {
    LinRecord b = one("mb|1c|mb|2N!|an|20-21 balanced|mb|P|mb|d|mb|R|mb|7n|");
    assertThat(b.calls()).extracting(LinCall::call).containsExactly(Bid.parse("1C"),
        Bid.parse("2NT"), Call.PASS, Call.DOUBLE, Call.REDOUBLE, Bid.parse("7NT"));
    assertThat(b.calls().get(1)).isEqualTo(
        new LinCall(Bid.parse("2NT"), true, Optional.of("20-21 balanced")));
    assertThat(b.calls().get(0).alert()).isFalse();
  }

  @Test
  void aClaimIsTheTotalTricksForDeclarer() {
    assertThat(one(MD + "mb|1H|mb|p|mb|p|mb|p|pc|CT|mc|9|").claim()).hasValue(9);
  }

  @Test
  void qxGivesTheRoomAndTheBoard() {
    LinRecord b = one("qx|c12,BBO|md|1|");
    assertThat(b.room()).hasValue(Room.CLOSED);
    assertThat(b.roomBoard()).hasValue(12);
    assertThat(b.boardNumber()).hasValue(12);
  }

  @Test
  void otherKeysAndLineBreaksBetweenPairsAreTolerated() {
    LinRecord b = one("pn|a,b,c,d|st||\n" + MD + "rh||ah|Board 1|sv|o|nt|hello|zz|?|\n"
        + "mb|p|pg||\r\npc|CT|pg||\n");
    assertThat(b.calls()).hasSize(1);
    assertThat(b.play()).containsExactly(Card.parse("CT"));
    assertThat(b.notes()).containsExactly("hello");
  }

  @Test
  void eachNtIsANoteOfItsBoardInOrderAndAnEmptyOneIsNone() {
    ReadResult<LinRecord> r = LinReader.readText("qx|o1|" + MD + "nt|first|mb|p|nt||nt|second|"
        + "qx|o2|" + MD + "nt|third|", FILE);
    assertThat(r.diagnostics()).isEmpty();
    assertThat(r.values()).extracting(LinRecord::notes)
        .containsExactly(List.of("first", "second"), List.of("third"));
  }

  @Test
  void aValueRunningOverALineBreakReadsAsOneLine() {
    assertThat(one("ah|Board\r\n 12|").boardLabel()).hasValue("Board 12");
  }

  @Test
  void aFileWithSeveralBoardsGivesOneRecordEach() {
    ReadResult<LinRecord> r = LinReader.readText("pn|a,b,c,d|qx|o1|" + MD + "mb|p|\n"
        + "qx|c1|" + MD + "mb|1C|\nqx|o2|md|4|mb|2C|", FILE);
    assertThat(r.diagnostics()).isEmpty();
    assertThat(r.values()).hasSize(3);
    assertThat(r.values()).extracting(LinRecord::room)
        .containsExactly(Optional.of(Room.OPEN), Optional.of(Room.CLOSED), Optional.of(Room.OPEN));
    assertThat(r.values().get(2).players()).containsEntry(Seat.SOUTH, "a");
    assertThat(r.values().get(2).dealer()).hasValue(Seat.EAST);
    assertThat(r.values().get(1).calls()).extracting(LinCall::call)
        .containsExactly(Bid.parse("1C"));
  }

  @Test
  void aBoardWithNoAuctionIsStillABoard() {
    LinRecord b = one("pn|a,b,c,d|" + MD + "ah|Board 9|sv|e|");
    assertThat(b.calls()).isEmpty();
    assertThat(b.boardNumber()).hasValue(9);
  }

  // ---- errors --------------------------------------------------------------------------------

  private static Diagnostic only(String text) {
    ReadResult<LinRecord> r = LinReader.readText(text, FILE);
    assertThat(r.diagnostics()).hasSize(1);
    Diagnostic d = r.diagnostics().get(0);
    assertThat(d.file()).isEqualTo(FILE);
    return d;
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "md!5S2|the deal starts with the dealer, 1 (S) to 4 (E)",
    "md!3S358TH28D34579C8,S6QH7JQD8TKAC47JK,SAH35TKAD2JC235QA,|South holds 12 cards",
    "md!3S358TH28D34579C89,S3QH7JQD8TKAC47JK,SAH35TKAD2JC235QA,|card dealt twice: S3",
    "md!3X358,,,|'X' before any suit letter",
    "md!3SZ,,,|not a rank: 'Z'",
    "sv!x|not a vulnerability",
    "mb!8C|is not a call",
    "mb!1Z|is not a call",
    "pc!Z9|is not a card",
    "mc!14|a claim is 0..13 tricks",
    "an!what|no call before it",
    "qx!x1|not a room and board",
  })
  void badValuesAreReportedWithTheirLine(String pair, String reason) {
    Diagnostic d = only("pn|a,b,c,d|\nst||\n" + pair.replace('!', '|') + "|\nrh||");
    assertThat(d.line()).isEqualTo(3);
    assertThat(d.reason()).contains(reason);
  }

  @Test
  void aCardPlayedTwiceIsReported() {
    Diagnostic d = only(MD + "pc|CT|pc|CT|");
    assertThat(d.reason()).contains("CT was played before");
  }

  @Test
  void aTruncatedFileKeepsWhatItHas() {
    ReadResult<LinRecord> r = LinReader.readText("pn|a,b,c,d|st||\n" + MD + "\nmb|1H|mb|p|pc|C",
        FILE);
    assertThat(r.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.line()).isEqualTo(3);
      assertThat(d.reason()).contains("ends inside the value of 'pc'").contains("truncated");
    });
    assertThat(r.values()).singleElement().satisfies(b -> {
      assertThat(b.calls()).hasSize(2);
      assertThat(b.play()).isEmpty();
      assertThat(b.deal()).isPresent();
    });
  }

  /**
   * Garbage is read without a throw: each field that cannot be used is reported (the empty keys,
   * and the "mc" and "sv" shifted into values by the stray bar, are no fields to report), and no
   * board is made of nothing: no deal, no call, no card survived.
   */
  @Test
  void garbageNeverThrows() {
    ReadResult<LinRecord> r = LinReader.readText("||||md|9|mb||pc||an||qx|||mc|-1|sv|", FILE);
    assertThat(r.diagnostics()).allSatisfy(d -> assertThat(d.line()).isEqualTo(1))
        .extracting(Diagnostic::reason).containsExactly(
            "md: the deal starts with the dealer, 1 (S) to 4 (E), not '9'; deal ignored",
            "mb: '' is not a call (not a call: '')",
            "pc: '' is not a card",
            "an: an explanation with no call before it ignored");
    assertThat(r.values()).isEmpty();
  }
}
