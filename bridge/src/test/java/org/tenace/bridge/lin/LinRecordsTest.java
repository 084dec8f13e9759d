package org.tenace.bridge.lin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.ReadResult;
import org.tenace.bridge.record.RecordedCall;

class LinRecordsTest {

  @Test
  void aBboBoardBecomesAHandRecordWithContractAndResult() {
    ReadResult<HandRecord> r = LinReader.readHandRecords(
        LinReaderTest.resource("3399600265.lin"), "3399600265.lin");
    assertThat(r.diagnostics()).isEmpty();
    HandRecord h = r.values().get(0);
    assertThat(h.board().orElseThrow().number()).isEqualTo(2);
    assertThat(h.dealer()).isEqualTo(Seat.EAST);
    assertThat(h.vulnerability()).isEqualTo(Vulnerability.NS);
    assertThat(h.auction()).extracting(Object::toString).containsExactly("E:Pass", "S:1C",
        "W:Pass", "N:1S!", "E:Pass", "S:1NT", "W:Pass", "N:3NT", "E:Pass", "S:Pass", "W:Pass");
    assertThat(h.contract().orElseThrow().toString()).isEqualTo("3NT S");
    assertThat(h.play()).hasSize(52);
    assertThat(h.play().get(0).toString()).isEqualTo("W:HQ");
    assertThat(h.play().get(4).toString()).isEqualTo("S:D2");
    assertThat(h.result()).hasValue(10);
  }

  @Test
  void withoutADealTheSeatsComeFromTheTrickWinners() {
    LinRecord withDeal = LinReader.read(LinReaderTest.resource("3399598383.lin"), "x")
        .values().get(0);
    LinRecord noDeal = new LinRecord(withDeal.players(), withDeal.dealer(),
        java.util.Optional.empty(), withDeal.vulnerability(), withDeal.boardLabel(),
        withDeal.room(), withDeal.roomBoard(), withDeal.calls(), withDeal.play(),
        withDeal.claim());
    assertThat(LinRecords.toHandRecord(noDeal).play())
        .isEqualTo(LinRecords.toHandRecord(withDeal).play());
    assertThat(LinRecords.toHandRecord(noDeal).result()).hasValue(9);
  }

  @Test
  void aClaimIsTheResult() {
    HandRecord h = LinRecords.toHandRecord(LinReaderTest.one(LinReaderTest.MD
        + "sv|o|mb|1H|mb|p|mb|p|mb|p|pc|CT|pc|C8|mc|8|"));
    assertThat(h.result()).hasValue(8);
    assertThat(h.contract().orElseThrow().toString()).isEqualTo("1H N");
    assertThat(h.play()).extracting(Object::toString).containsExactly("E:CT", "S:C8");
  }

  @Test
  void fourPassesArePassedOut() {
    HandRecord h = LinRecords.toHandRecord(LinReaderTest.one("md|1|sv|b|mb|p|mb|p|mb|p|mb|p|"));
    assertThat(h.passedOut()).isTrue();
    assertThat(h.contract()).isEmpty();
  }

  @Test
  void aPlayWithNeitherDealNorContractIsLeftOut() {
    List<String> warnings = new ArrayList<>();
    HandRecord h = LinRecords.toHandRecord(
        LinReaderTest.one("md|1|sv|b|mb|1C|pc|CT|"), warnings::add);
    assertThat(h.play()).isEmpty();
    assertThat(warnings).singleElement().asString().contains("play left out");
  }

  @Test
  void theBoardNumberGivesTheVulnerabilityWhenSvIsMissing() {
    HandRecord h = LinRecords.toHandRecord(LinReaderTest.one(LinReaderTest.MD + "ah|Board 4|"));
    assertThat(h.vulnerability()).isEqualTo(Vulnerability.BOTH);
  }

  @Test
  void pbnNamesWithCommasAndNotesWithBarsFitInLin() {
    HandRecord h = HandRecord.builder(Seat.NORTH, Vulnerability.NONE)
        .player(Seat.WEST, "Podgor, Leon").player(Seat.NORTH, ",")
        .auction(List.of(RecordedCall.alerted(Seat.NORTH, Bid.parse("1C"), "2+ | 16+")))
        .build();
    LinRecord lin = LinRecords.toLin(h);
    assertThat(lin.players()).containsExactly(java.util.Map.entry(Seat.WEST, "Podgor Leon"));
    assertThat(lin.calls().get(0).explanation()).hasValue("2+ / 16+");
    assertThat(LinReader.readText(LinWriter.write(List.of(lin)), "x").values())
        .containsExactly(lin);
  }

  @Test
  void notesWrittenAsNtAreReadBackAsTheBoardsNotes() {
    HandRecord h = HandRecord.builder(Seat.NORTH, Vulnerability.NONE)
        .board(java.util.Optional.of(org.tenace.bridge.board.Board.of(1)))
        .auction(List.of(RecordedCall.of(Seat.NORTH, Bid.parse("1C"))))
        .notes(List.of("Law 31: East called out of rotation", "Law 16 | unauthorised"))
        .build();
    String lin = LinWriter.write(List.of(LinRecords.toLin(h)));
    assertThat(lin).contains("nt|Law 31: East called out of rotation|",
        "nt|Law 16 / unauthorised|");
    ReadResult<HandRecord> back = LinReader.readHandRecords(
        lin.getBytes(java.nio.charset.StandardCharsets.UTF_8), "n.lin");
    assertThat(back.diagnostics()).isEmpty();
    // In order, as written; a bar, which LIN cannot hold, became a slash.
    assertThat(back.values()).singleElement().extracting(HandRecord::notes).isEqualTo(
        List.of("Law 31: East called out of rotation", "Law 16 / unauthorised"));
  }

  @Test
  void aBoardWithNeitherDealerNorNumberIsNotAHandRecord() {
    assertThatThrownBy(() -> LinRecords.toHandRecord(LinReaderTest.one("mb|1C|")))
        .hasMessageContaining("no dealer");
  }
}
