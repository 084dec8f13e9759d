package org.tenace.cli.play;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.scoring.auction.Strain;
import org.tenace.scoring.board.Vulnerability;
import org.tenace.scoring.card.Deal;
import org.tenace.scoring.card.Hand;
import org.tenace.scoring.card.Seat;
import org.tenace.solver.DdTable;
import org.tenace.solver.DoubleDummy;
import org.tenace.solver.Par;
import org.tenace.solver.ParResult;

/**
 * The {@code dd} command: the double-dummy table and par of the board just played, worked out
 * here in the client from the four hands the table shows once the board is over (never before:
 * nothing is solved while a hand is hidden). The solving runs on its own low-priority thread,
 * within a node budget, so the prompt never waits; the answer is shown when it comes.
 */
final class BoardAnalysis implements AutoCloseable {
  /** The most nodes one deal may take: a few seconds of one core for most deals. */
  static final long NODE_BUDGET = 2_000_000_000L;
  private static final Seat[] ROWS = {Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST};
  private static final Strain[] COLUMNS = {
    Strain.NO_TRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS
  };

  private final long nodeBudget;
  private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "tenace-double-dummy");
    t.setDaemon(true);
    t.setPriority(Thread.MIN_PRIORITY);
    return t;
  });
  /**
   * The worker's alone, and made there at the first {@code dd}: its table (2^20 entries, some
   * 48 MB, for a budget this large) costs nothing in a client that never asks.
   */
  private volatile DoubleDummy solver; // the worker's alone (volatile for solverMade only)
  private final Map<Deal, String> answers = new ConcurrentHashMap<>();
  private final Map<Deal, Boolean> asked = new ConcurrentHashMap<>();

  BoardAnalysis(long nodeBudget) {
    this.nodeBudget = nodeBudget;
  }

  /**
   * What to show now for {@code dd} at snapshot {@code s}; when the table is to be worked out,
   * {@code later} gets it once it is.
   */
  String ask(TableSnapshot s, Consumer<String> later) {
    BoardView b = s.getBoard();
    Optional<Deal> deal = publicDeal(b);
    if (deal.isEmpty()) {
      return "The double-dummy table comes once the board is over.";
    }
    String done = answers.get(deal.get());
    if (done != null) {
      return done;
    }
    String title = "Board " + b.getBoardNumber();
    if (asked.putIfAbsent(deal.get(), Boolean.TRUE) != null) {
      return title + ": the double-dummy table is still being worked out.";
    }
    Seat dealer = Vocabulary.seat(b.getDealer());
    Vulnerability vul = Vocabulary.vulnerability(b.getVulnerability());
    try {
      worker.execute(() -> {
        String text;
        try {
          if (solver == null) {
            solver = new DoubleDummy(20);
          }
          text = text(title, solver.table(deal.get(), nodeBudget), vul, dealer);
        } catch (DoubleDummy.BudgetExceeded e) {
          text = title + ": the double-dummy table could not be worked out within the limit.";
        }
        answers.put(deal.get(), text);
        later.accept(text);
      });
    } catch (RejectedExecutionException e) {
      return title + ": the double-dummy table cannot be worked out now (the client is closing).";
    }
    return title + ": working out the double-dummy table...";
  }

  /** Whether the solver (and its table) exists yet: only once a {@code dd} has been worked on. */
  boolean solverMade() {
    return solver != null;
  }

  /** The deal, when the board is over and the table has shown all four hands as dealt. */
  static Optional<Deal> publicDeal(BoardView b) {
    if (b.getPhase() != BoardPhase.BOARD_PHASE_COMPLETE || b.getHandsCount() != 4) {
      return Optional.empty();
    }
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    b.getHandsList().forEach(h -> hands.put(Vocabulary.seat(h.getSeat()), Vocabulary.hand(h)));
    try {
      return Optional.of(Deal.of(hands));
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // not four whole hands
    }
  }

  /** The table, a row a declarer and a column a strain, and par with its contracts. */
  static String text(String title, DdTable table, Vulnerability vul, Seat dealer) {
    StringBuilder sb = new StringBuilder(title)
        .append(", double dummy (declarer's tricks):\n").append(String.format("  %-6s", ""));
    for (String strain : List.of("NT", "S", "H", "D", "C")) {
      sb.append(String.format("%3s", strain)); // right-aligned over the rows' figures
    }
    sb.append('\n');
    for (Seat d : ROWS) {
      sb.append(String.format("  %-6s", Screen.seatName(Vocabulary.toProto(d))));
      for (Strain s : COLUMNS) {
        sb.append(String.format("%3d", table.tricks(s, d)));
      }
      sb.append('\n');
    }
    ParResult par = Par.dealer(table, vul, dealer);
    sb.append("  Par ").append(par.score() == 0 ? "0" : par.scoreText()).append(": ")
        .append(par.contractsText());
    return sb.toString();
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
