package org.tenace.bridge.pbn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.lin.LinRecords;
import org.tenace.bridge.lin.LinWriter;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.Irregularity;
import org.tenace.bridge.record.PlayedCard;
import org.tenace.bridge.record.RandomBoards;
import org.tenace.bridge.record.ReadResult;
import org.tenace.bridge.record.RecordedCall;
import org.tenace.bridge.record.TrickOrder;
import org.tenace.testing.TestResources;

class PbnRecordsTest {
  private static final String BBO_0603 =
      "pbn/bbo_daylong/Ben_and_Friends_Daily_2024-06-03_Daylong.pbn";

  private static HandRecord bboBoard1() {
    ReadResult<HandRecord> r = PbnReader.readHandRecords(Pbn.resource(BBO_0603), BBO_0603);
    assertThat(r.diagnostics()).isEmpty();
    return r.values().get(0);
  }

  @Test
  void aBboBoardsPlayInPbnColumnsComesOutInTheOrderLinListsIt() {
    // Worked out by hand from the file's [Play "S"] section, trick by trick: West ruffs the
    // first trick with H5 (column 2) and leads HA to the second (column 2 again).
    String linOrder = "DA H5 D2 D8 HA H4 H2 H3 HK H7 H6 HT CQ C3 C4 C2 C5 C8 CK CT"
        + " DJ DQ HJ D5 CJ CA C7 D3 DT S5 D4 HQ C6 D6 C9 D7 H9 S9 S2 S3 SK SA S6 S4"
        + " DK S8 D9 H8 S7 SJ SQ ST";
    HandRecord r = bboBoard1();
    assertThat(r.play()).extracting(c -> c.card().toString())
        .containsExactly(linOrder.split(" "));
    assertThat(r.play().subList(0, 5)).extracting(Object::toString)
        .containsExactly("S:DA", "W:H5", "N:D2", "E:D8", "W:HA");
    String lin = LinWriter.write(List.of(LinRecords.toLin(r)));
    assertThat(Pattern.compile("pc\\|([^|]*)\\|").matcher(lin).results().map(m -> m.group(1))
        .collect(Collectors.joining(" "))).isEqualTo(linOrder);
  }

  @Test
  void aBboBoardBecomesAHandRecord() {
    HandRecord r = bboBoard1();
    assertThat(r.board()).hasValueSatisfying(b -> assertThat(b.number()).isEqualTo(1));
    assertThat(r.dealer()).isEqualTo(Seat.NORTH);
    assertThat(r.vulnerability()).isEqualTo(Vulnerability.NONE);
    assertThat(r.deal()).isPresent();
    assertThat(r.players()).containsEntry(Seat.SOUTH, "twooneben");
    assertThat(r.contract()).hasValue(new Contract(Bid.parse("4H"),
        org.tenace.bridge.auction.Doubling.UNDOUBLED, Seat.EAST));
    assertThat(r.result()).hasValue(11);
    assertThat(r.nsScore()).hasValue(-450);
    assertThat(r.event()).hasValue("Ben & Friends Daily");
    assertThat(r.date()).hasValue("2024.06.03");
    RecordedCall oneDiamond = r.auction().get(2);
    assertThat(oneDiamond.seat()).isEqualTo(Seat.SOUTH);
    assertThat(oneDiamond.call()).isEqualTo(Bid.parse("1D"));
    assertThat(oneDiamond.alert()).isTrue();
    assertThat(oneDiamond.explanation())
        .hasValue("Minor suit opening -- 3+ !D; 11-21 HCP; 12-22 total points");
    assertThat(r.auction()).hasSize(13);
  }

  static Stream<String> bboFiles() throws Exception {
    return PbnRoundTripTest.realFiles().filter(f -> f.contains("bbo_daylong"));
  }

  @ParameterizedTest
  @MethodSource("bboFiles")
  void everyBboPlayFollowsTheDealAndWinsTheRecordedTricks(String file) {
    ReadResult<HandRecord> r = PbnReader.readHandRecords(Pbn.resource(file), file);
    assertThat(r.diagnostics()).isEmpty();
    for (HandRecord h : r.values()) {
      if (h.passedOut()) {
        assertThat(h.play()).isEmpty();
        continue;
      }
      assertThat(h.play()).hasSize(52);
      for (PlayedCard c : h.play()) {
        assertThat(h.deal().orElseThrow().holder(c.card())).isEqualTo(c.seat());
      }
      Contract c = h.contract().orElseThrow();
      long won = TrickOrder.winners(h.play(), c.strain()).stream()
          .filter(s -> s.side() == c.declarer().side()).count();
      assertThat(won).as("board %s of %s", h.board(), file).isEqualTo(h.result().getAsInt());
      assertThat(h.play().get(0).seat()).isEqualTo(c.openingLeader());
    }
  }

  @Test
  void everySpellingOfAPassedOutBoardIsPassedOut() {
    for (String tags : List.of("[Contract \"Pass\"]\n[Result \"\"]\n",
        "[Declarer \"S\"]\n[Contract \"Pass\"]\n[Result \"0\"]\n[Score \"NS 0\"]\n",
        "[Contract \"\"]\n[Declarer \"\"]\n[Result \"0\"]\n")) {
      HandRecord r = PbnRecords.toHandRecord(Pbn.one("[Board \"3\"]\n" + tags));
      assertThat(r.passedOut()).isTrue();
      assertThat(r.contract()).isEmpty();
      assertThat(r.result()).isEmpty();
    }
  }

  @Test
  void skippedSeatsAndInsufficientBidsAreKeptAndWrittenBack() {
    PbnGame g = Pbn.one(TestResources.text("snippets/records/irregular-auction.pbn"));
    HandRecord r = PbnRecords.toHandRecord(g);
    assertThat(r.auction()).extracting(Object::toString).startsWith("E:1D", "S:1C", "W:4S",
        "N:3NT", "W:X", "N:5H", "E:X", "S:Pass", "W:Pass", "N:Pass");
    assertThat(r.auction().get(0).irregularities())
        .containsExactly(Irregularity.CALL_OUT_OF_ROTATION);
    assertThat(r.auction().get(1).irregularities())
        .containsExactly(Irregularity.INSUFFICIENT_BID);
    assertThat(r.auction().get(3).has(Irregularity.INSUFFICIENT_BID)).isTrue();
    assertThat(r.auction().get(4).has(Irregularity.CALL_OUT_OF_ROTATION)).isTrue();
    String text = PbnWriter.write(List.of(PbnRecords.toGame(r)));
    assertThat(text).contains("[Auction \"N\"]\r\n^S 1D ^I 1C 4S\r\n^I 3NT ^S ^S X\r\n");
    assertThat(PbnRecords.toHandRecord(Pbn.rewritten(PbnRecords.toGame(r)))).isEqualTo(r);
  }

  @Test
  void revokesAndLeadsOutOfTurnKeepTheirMarksInPlayOrder() {
    PbnGame g = Pbn.one(TestResources.text("snippets/records/irregular-play.pbn"));
    HandRecord r = PbnRecords.toHandRecord(g);
    // North ruffed trick 1 and should lead; South leads out of turn (^L), East revokes (^R).
    assertThat(r.play().subList(4, 8)).extracting(Object::toString)
        .containsExactly("S:CK", "W:C5", "N:C2", "E:S5");
    assertThat(r.play().get(4).irregularity()).hasValue(Irregularity.LEAD_OUT_OF_TURN);
    assertThat(r.play().get(7).irregularity()).hasValue(Irregularity.REVOKE);
    assertThat(PbnRecords.toHandRecord(Pbn.rewritten(PbnRecords.toGame(r)))).isEqualTo(r);
  }

  @Test
  void aPlayCutShortByAClaimStopsAtTheFirstMissingCard() {
    PbnGame g = Pbn.one(TestResources.text("snippets/records/claimed-play.pbn"));
    HandRecord r = PbnRecords.toHandRecord(g);
    assertThat(r.play()).hasSize(8);
    assertThat(r.result()).hasValue(9);
  }

  @Test
  void aPlayWithoutAContractIsLeftOutWithAWarning() {
    List<String> warnings = new ArrayList<>();
    HandRecord r = PbnRecords.toHandRecord(Pbn.one("[Board \"1\"]\n[Play \"W\"]\nSK H3 S4 S3\n"),
        warnings::add);
    assertThat(r.play()).isEmpty();
    assertThat(warnings).singleElement().asString().contains("no contract to tell the trumps");
  }

  @Test
  void theDealerAndVulnerabilityComeFromTheBoardNumberWhenNotTagged() {
    HandRecord r = PbnRecords.toHandRecord(Pbn.one("[Board \"7\"]"));
    assertThat(r.dealer()).isEqualTo(Seat.SOUTH);
    assertThat(r.vulnerability()).isEqualTo(Vulnerability.BOTH);
  }

  @Test
  void aGameWithoutDealerOrBoardIsNotAHandRecord() {
    assertThatThrownBy(() -> PbnRecords.toHandRecord(Pbn.one("[Event \"e\"]")))
        .hasMessageContaining("no dealer");
    ReadResult<HandRecord> r = PbnReader.readHandRecords(
        "[Board \"1\"]\n\n[Event \"e\"]\n[Dealer \"N\"]\n".getBytes(), "f.pbn");
    assertThat(r.values()).hasSize(1);
    assertThat(r.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.file()).isEqualTo("f.pbn");
      assertThat(d.line()).isEqualTo(3);
      assertThat(d.reason()).contains("no vulnerability");
    });
  }

  @Test
  void anAlertWithoutExplanationIsAnEmptyNote() {
    HandRecord r = HandRecord.builder(Seat.NORTH, Vulnerability.NONE).auction(List.of(
        RecordedCall.alerted(Seat.NORTH, Bid.parse("2C"), ""),
        RecordedCall.alerted(Seat.EAST, Bid.parse("2D"), "both majors"),
        RecordedCall.alerted(Seat.SOUTH, Call.DOUBLE, "")))
        .build();
    String text = PbnWriter.write(List.of(PbnRecords.toGame(r)));
    assertThat(text).contains("2C =1= 2D =2= X =1=\r\n*\r\n[Note \"1:\"]\r\n"
        + "[Note \"2:both majors\"]\r\n");
    assertThat(PbnRecords.toHandRecord(Pbn.rewritten(PbnRecords.toGame(r)))).isEqualTo(r);
  }

  @Test
  void tabsAndLineBreaksFromOtherFormatsBecomeSpaces() {
    HandRecord r = HandRecord.builder(Seat.NORTH, Vulnerability.NONE)
        .player(Seat.WEST, "Ann\tLee")
        .auction(List.of(RecordedCall.alerted(Seat.NORTH, Bid.parse("1C"), "2+\nclubs")))
        .build();
    PbnGame g = PbnRecords.toGame(r);
    assertThat(g.players()).containsEntry(Seat.WEST, "Ann Lee");
    assertThat(g.auction().orElseThrow().notes()).containsEntry(1, "2+ clubs");
  }

  @Property(tries = 300)
  void aHandRecordSurvivesPbn(@ForAll long seed) {
    HandRecord r = RandomBoards.record(seed);
    assertThat(PbnRecords.toHandRecord(Pbn.rewritten(PbnRecords.toGame(r)))).isEqualTo(r);
  }
}
