package org.tenace.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;

class BackgroundSolverTest {
  // Every card of each suit with one hand: North holds all the spades, and so on.
  private static final Deal SUITS =
      Deal.parsePbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");

  @Test
  void aDealIsSolvedOnItsOwnThreadAndTheSolverMadeOnlyThen() {
    try (BackgroundSolver worker = new BackgroundSolver(12, 50_000_000L)) {
      assertThat(worker.solverMade()).isFalse();
      Optional<DdTable> table = worker.solve(SUITS).orTimeout(60, TimeUnit.SECONDS).join();
      assertThat(table).hasValueSatisfying(t -> {
        assertThat(t.tricks(Strain.SPADES, Seat.NORTH)).isEqualTo(13);
        // At notrump East, on lead, cashes thirteen hearts.
        assertThat(t.tricks(Strain.NO_TRUMP, Seat.NORTH)).isZero();
      });
      assertThat(worker.solverMade()).isTrue();
    }
  }

  @Test
  void aDealPastTheBudgetHasNoTable() {
    Deal deal = Deal.of(Reference.randomHands(new Random(3), 13));
    try (BackgroundSolver worker = new BackgroundSolver(12, 1000)) {
      assertThat(worker.solve(deal)).succeedsWithin(Duration.ofSeconds(60))
          .isEqualTo(Optional.empty());
    }
  }

  @Test
  void aClosedSolverTakesNoDeal() {
    BackgroundSolver worker = new BackgroundSolver(12, 1);
    worker.close();
    assertThatThrownBy(() -> worker.solve(SUITS)).isInstanceOf(RejectedExecutionException.class);
  }
}
