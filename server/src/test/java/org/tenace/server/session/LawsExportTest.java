package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.lin.LinReader;
import org.tenace.bridge.lin.LinRecords;
import org.tenace.bridge.lin.LinWriter;
import org.tenace.bridge.pbn.PbnReader;
import org.tenace.bridge.pbn.PbnRecords;
import org.tenace.bridge.pbn.PbnWriter;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.RecordedCall;
import org.tenace.server.engine.AuctionSettings;
import org.tenace.server.engine.BoardAction;
import org.tenace.server.engine.BoardSetup;
import org.tenace.server.engine.DealState;
import org.tenace.server.engine.Play;
import org.tenace.server.engine.PlayChoice;

/**
 * A laws-mode board whose barred bid ended the auction, exported: the pass the Laws put in the
 * bid's place is in the auction of its PBN and LIN, and the irregularities are notes.
 */
class LawsExportTest {
  // BBO daylong 2024-06-10 board 1 (as in DealStateTest).
  private static final Deal DEAL = Deal.parsePbn(
      "W:T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86");

  @Test
  void theSubstitutedPassAndTheIrregularitiesAreInThePbnAndTheLin() {
    DealState s = DealState.start(BoardSetup.of(1, DEAL, AuctionSettings.LAWS));
    // S's redouble is inadmissible (36B: N barred); S passes instead; N, barred, bids 2H: it is
    // cancelled and the pass put in its place ends the auction (37B), 1S by East.
    s = call(s, Seat.NORTH, "1H");
    s = call(s, Seat.EAST, "1S");
    s = call(s, Seat.SOUTH, "XX");
    s = call(s, Seat.SOUTH, "P");
    s = call(s, Seat.WEST, "P");
    s = call(s, Seat.NORTH, "2H");
    assertThat(s.auction().isComplete()).isTrue();
    while (!s.isOver()) {
      Play p = s.playIfStarted().orElseThrow();
      if (p.pendingOption().isPresent()) {           // declarer waives the lead penalty (26)
        s = s.apply(new BoardAction.Choose(p.pendingOption().get().holders().iterator().next(),
            PlayChoice.NO_RESTRICTION));
      } else {
        s = s.apply(new BoardAction.PlayCard(p.actor(), p.legalCards().cards().get(0)));
      }
    }

    HandRecord r = SessionRecords.of(s);
    List<String> calls = r.auction().stream().map(RecordedCall::toString).toList();
    assertThat(calls).containsExactly("N:1H", "E:1S", "S:Pass", "W:Pass", "N:Pass");
    assertThat(r.notes()).hasSize(2);
    assertThat(r.notes().get(0)).startsWith("Law 36B (call 3, S): South redoubled");
    assertThat(r.notes().get(1)).startsWith("Law 37B (call 6, N): North called 2H");

    String pbn = PbnWriter.write(List.of(PbnRecords.toGame(r)));
    assertThat(pbn).contains("{" + r.notes().get(0) + "}", "{" + r.notes().get(1) + "}");
    HandRecord fromPbn = PbnReader.readHandRecords(pbn.getBytes(StandardCharsets.UTF_8), "b.pbn")
        .values().get(0);
    assertThat(fromPbn.auction().stream().map(RecordedCall::toString).toList())
        .isEqualTo(calls);
    assertThat(fromPbn.notes()).isEqualTo(r.notes());    // a session's log keeps them

    String lin = LinWriter.write(List.of(LinRecords.toLin(r)));
    assertThat(lin).contains("mb|1H|mb|1S|mb|p|mb|p|mb|p|")
        .contains("nt|" + r.notes().get(0) + "|", "nt|" + r.notes().get(1) + "|");
    HandRecord fromLin = LinReader.readHandRecords(lin.getBytes(StandardCharsets.UTF_8), "b.lin")
        .values().get(0);
    assertThat(fromLin.auction().stream().map(RecordedCall::toString).toList())
        .isEqualTo(calls);
    assertThat(fromLin.notes()).isEqualTo(r.notes());    // read back where PBN's are
  }

  private static DealState call(DealState s, Seat seat, String call) {
    return s.apply(BoardAction.Call.of(seat, Call.parse(call)));
  }
}
