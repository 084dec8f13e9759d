package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.scoring.auction.Strain;
import org.tenace.scoring.card.Deal;
import org.tenace.scoring.card.Seat;
import org.tenace.solver.DdTable;

/** Deals' tables solved off the caller's thread, each within its budget and the caller's wait. */
class DealAnalysesTest {
  // Each hand one whole suit: whoever leads runs their suit, so the solver sees it at once.
  private static final Deal SUITS = Deal.parsePbn(
      "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");
  private static final Deal ANY = Deal.parsePbn(
      "N:KQJ6.A8.AJT3.JT9 84.KQ9.Q54.AQ643 732.J6532.K86.82 AT95.T74.972.K75");

  @Test
  void aDealSolvedInTimeHasItsTable() {
    try (DealAnalyses a = new DealAnalyses(DealAnalyses.NODE_BUDGET)) {
      DdTable t = a.within(List.of(SUITS), Duration.ofSeconds(30)).apply(SUITS).orElseThrow();

      // North declares spades: North ruffs East's heart lead and runs the spades; at notrump
      // East runs the hearts.
      assertThat(t.tricks(Strain.SPADES, Seat.NORTH)).isEqualTo(13);
      assertThat(t.tricks(Strain.NO_TRUMP, Seat.NORTH)).isZero();
      // Asked again, it is at hand at once.
      assertThat(a.within(List.of(SUITS), Duration.ZERO).apply(SUITS)).contains(t);
    }
  }

  @Test
  void aDealPastTheBudgetHasNoneAndTheCallerDoesNotWaitLong() {
    try (DealAnalyses a = new DealAnalyses(1_000)) {
      long start = System.nanoTime();
      assertThat(a.within(List.of(ANY), Duration.ofSeconds(30)).apply(ANY)).isEmpty();
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
    }
  }

  @Test
  void aDealNotSolvedWithinTheWaitHasNoneYet() {
    try (DealAnalyses a = new DealAnalyses(5_000_000)) {
      assertThat(a.within(List.of(ANY), Duration.ZERO).apply(ANY)).isEmpty();
    }
  }
}
