package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;

/** The solver behind {@code dd} costs a client nothing until it is first asked. */
class BoardAnalysisTest {
  // Each hand one whole suit, so that the solver sees the table at once.
  private static final Deal DEAL = Deal.parsePbn(
      "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");

  private static TableSnapshot over(Deal d) {
    BoardView.Builder b = BoardView.newBuilder().setBoardNumber(1)
        .setPhase(BoardPhase.BOARD_PHASE_COMPLETE)
        .setDealer(org.tenace.proto.v1.Seat.SEAT_NORTH)
        .setVulnerability(org.tenace.proto.v1.Vulnerability.VULNERABILITY_NONE);
    for (Seat s : Seat.values()) {
      Hand.Builder h = Hand.newBuilder().setSeat(Vocabulary.toProto(s));
      for (Card c : d.hand(s).cards()) {
        h.addCards(Vocabulary.toProto(c));
      }
      b.addHands(h);
    }
    return TableSnapshot.newBuilder().setBoard(b).build();
  }

  @Test
  void theSolverIsMadeAtTheFirstDdOnly() throws Exception {
    try (BoardAnalysis a = new BoardAnalysis(BoardAnalysis.NODE_BUDGET)) {
      assertThat(a.solverMade()).isFalse();
      assertThat(a.ask(TableSnapshot.getDefaultInstance(), t -> { }))
          .isEqualTo("The double-dummy table comes once the board is over.");
      assertThat(a.solverMade()).isFalse(); // nothing to work out while hands are hidden
      CompletableFuture<String> shown = new CompletableFuture<>();
      assertThat(a.ask(over(DEAL), shown::complete)).contains("working out");
      assertThat(shown.get(60, TimeUnit.SECONDS)).contains("Par NS 1510: 7S-NS");
      assertThat(a.solverMade()).isTrue();
    }
  }

  /** Par {@code ns} for North-South, by North in {@code contract} ("4S"), just made. */
  private static org.tenace.solver.ParResult par(int ns, String contract) {
    int level = contract.charAt(0) - '0';
    return new org.tenace.solver.ParResult(ns, java.util.List.of(
        new org.tenace.solver.ParContract(level, org.tenace.bridge.auction.Strain.parse(
            contract.substring(1)), false, java.util.List.of(Seat.NORTH), level + 6)));
  }

  @Test
  void aResultAgainstParIsReadFromTheViewersSideInImpsOrPoints() {
    assertThat(BoardAnalysis.againstPar(420, par(420, "4S"), false, true))
        .isEqualTo("NS +420, par NS +420 (4S-N): 0 IMPs against par");
    // East-West beat par by two undertricks: 100 + 100 against a making part-score of 140.
    assertThat(BoardAnalysis.againstPar(-100, par(140, "3H"), true, true))
        .isEqualTo("EW +100, par EW -140 (3H-N): +6 IMPs against par");
    assertThat(BoardAnalysis.againstPar(-100, par(140, "3H"), false, true))
        .isEqualTo("NS -100, par NS +140 (3H-N): -6 IMPs against par");
    assertThat(BoardAnalysis.againstPar(450, par(420, "4S"), false, false))
        .isEqualTo("NS +450, par NS +420 (4S-N): 30 points above par");
    assertThat(BoardAnalysis.againstPar(420, par(420, "4S"), true, false))
        .isEqualTo("EW -420, par EW -420 (4S-N): level with par");
    assertThat(BoardAnalysis.againstPar(100, par(110, "3D"), false, true))
        .isEqualTo("NS +100, par NS +110 (3D-N): 0 IMPs against par");
  }
}
