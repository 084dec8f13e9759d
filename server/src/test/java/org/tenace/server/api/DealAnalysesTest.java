package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.server.application.DealAnalyses;
import org.tenace.solver.DdTable;

/** Deals' tables solved off the caller's thread, each within its budget; the caller never waits. */
class DealAnalysesTest {
  /** Asks as an export does, again and again, until the worker has solved the deal's table. */
  private static DdTable exported(DealAnalyses a, Deal d) {
    return await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(10))
        .until(() -> a.atHand(List.of(d)).apply(d), Optional::isPresent).orElseThrow();
  }

  // Each hand one whole suit: whoever leads runs their suit, so the solver sees it at once.
  private static final Deal SUITS = Deal.parsePbn(
      "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");
  private static final Deal ANY = Deal.parsePbn(
      "N:KQJ6.A8.AJT3.JT9 84.KQ9.Q54.AQ643 732.J6532.K86.82 AT95.T74.972.K75");

  @Test
  void aDealSolvedInTimeHasItsTable() {
    try (DealAnalyses a = new DealAnalyses(DealAnalyses.NODE_BUDGET)) {
      // A server whose sessions never end never pays for the solver's table.
      assertThat(a.solverMade()).isFalse();
      DdTable t = exported(a, SUITS);

      // North declares spades: North ruffs East's heart lead and runs the spades; at notrump
      // East runs the hearts.
      assertThat(t.tricks(Strain.SPADES, Seat.NORTH)).isEqualTo(13);
      assertThat(t.tricks(Strain.NO_TRUMP, Seat.NORTH)).isZero();
      // Asked again, it is at hand at once.
      assertThat(a.atHand(List.of(SUITS)).apply(SUITS)).contains(t);
      assertThat(a.solverMade()).isTrue();
    }
  }

  @Test
  void aDealPastTheBudgetHasNoneAndIsNotTriedAgain() {
    try (DealAnalyses a = new DealAnalyses(1_000)) {
      assertThat(a.atHand(List.of(ANY)).apply(ANY)).isEmpty(); // put to the worker, first
      // The one worker takes the deals in turn: SUITS solved is the worker done with ANY, and
      // free for the next deal.
      exported(a, SUITS);
      // ANY went past the budget: it has no table, and asking again puts it to no one.
      assertThat(a.atHand(List.of(ANY)).apply(ANY)).isEmpty();
    }
  }

  @Test
  void anExportNeverWaitsForATableNotYetSolved() {
    try (DealAnalyses a = new DealAnalyses(5_000_000)) {
      // Asked on the caller's thread: a whole deal's table takes the worker far longer than
      // this call, which returns what is at hand (nothing yet) at once.
      assertThat(a.atHand(List.of(ANY)).apply(ANY)).isEmpty();
    }
  }
}
