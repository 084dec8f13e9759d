package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.lin.LinRecords;
import org.tenace.bridge.lin.LinWriter;
import org.tenace.bridge.pbn.PbnRecords;
import org.tenace.bridge.pbn.PbnWriter;
import org.tenace.bridge.record.HandRecord;
import org.tenace.server.engine.AuctionSettings;
import org.tenace.server.engine.BoardAction;
import org.tenace.server.engine.BoardSetup;
import org.tenace.server.engine.DealState;

/** A board's record, and its PBN and LIN, hold every card that stands, in play order. */
class SessionRecordsTest {
  // BBO daylong 2024-06-10 board 1: 2S by N; East leads the CT.
  private static final Deal DEAL = Deal.parsePbn(
      "W:T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86");

  private static DealState play(DealState s, Seat seat, String card) {
    return s.apply(new BoardAction.PlayCard(seat, Card.parse(card)));
  }

  /** Dummy's C6 is taken back and played again: the lead before it stays first in the record. */
  @Test
  void aCardTakenBackAndPlayedAgainLeavesTheLeadInTheRecord() {
    DealState s = DealState.start(BoardSetup.of(1, DEAL, AuctionSettings.ONLINE));
    Seat seat = Seat.NORTH;
    for (String c : List.of("1C", "X", "P", "2H", "2S", "P", "P", "P")) {
      s = s.apply(BoardAction.Call.of(seat, Call.parse(c)));
      seat = seat.next();
    }
    s = play(s, Seat.EAST, "CT");
    s = play(s, Seat.NORTH, "C6"); // from dummy
    s = s.apply(new BoardAction.Undo(Seat.NORTH));
    s = play(s, Seat.NORTH, "C6"); // from dummy
    s = play(s, Seat.WEST, "C2");
    s = play(s, Seat.NORTH, "CA");
    s = s.apply(new BoardAction.Claim(Seat.NORTH, 8, "the rest"));
    s = s.apply(new BoardAction.RespondToClaim(Seat.EAST, true));
    s = s.apply(new BoardAction.RespondToClaim(Seat.WEST, true));
    HandRecord r = SessionRecords.of(s);
    assertThat(r.play()).extracting(p -> p.seat().letter() + " " + p.card())
        .containsExactly("E CT", "S C6", "W C2", "N CA");
    assertThat(PbnWriter.write(List.of(PbnRecords.toGame(r)))).contains("CT C6 C2 CA");
    assertThat(LinWriter.write(List.of(LinRecords.toLin(r))))
        .contains("pc|CT|pc|C6|pc|C2|pc|CA|");
  }
}
