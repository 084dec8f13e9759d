package org.tenace.cli.play;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.solver.BackgroundSolver;
import org.tenace.solver.DdTable;
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

  /**
   * Made on its worker at the first {@code dd}: its table (2^20 entries, some 48 MB, for a budget
   * this large) costs nothing in a client that never asks.
   */
  private final BackgroundSolver worker;
  private final Map<Deal, CompletableFuture<Solved>> solved = new ConcurrentHashMap<>();

  /** A deal worked out: its table's text for {@code dd}, and par (null past the budget). */
  private record Solved(String text, ParResult par) {}

  BoardAnalysis(long nodeBudget) {
    this.worker = new BackgroundSolver(20, nodeBudget);
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
    String title = "Board " + b.getBoardNumber();
    boolean[] fresh = new boolean[1];
    CompletableFuture<Solved> f;
    try {
      f = solve(b, deal.get(), fresh);
    } catch (RejectedExecutionException e) {
      return title + ": the double-dummy table cannot be worked out now (the client is closing).";
    }
    if (f.isDone()) {
      return f.join().text();
    }
    if (!fresh[0]) {
      return title + ": the double-dummy table is still being worked out.";
    }
    f.thenAccept(x -> later.accept(x.text()));
    return title + ": working out the double-dummy table...";
  }

  /**
   * Par of the board that is over at {@code s}, once worked out: {@code later} gets it (at once
   * if it is known), or nothing when the board is not over or par is past the budget.
   */
  void par(TableSnapshot s, Consumer<ParResult> later) {
    Optional<Deal> deal = publicDeal(s.getBoard());
    if (deal.isEmpty()) {
      return;
    }
    try {
      solve(s.getBoard(), deal.get(), new boolean[1]).thenAccept(x -> {
        if (x.par() != null) {
          later.accept(x.par());
        }
      });
    } catch (RejectedExecutionException e) {
      // closing: no par
    }
  }

  /** The deal's working out, begun now ({@code fresh[0]} set) unless it was already. */
  private CompletableFuture<Solved> solve(BoardView b, Deal deal, boolean[] fresh) {
    CompletableFuture<Solved> mine = new CompletableFuture<>();
    CompletableFuture<Solved> f = solved.putIfAbsent(deal, mine);
    if (f != null) {
      return f;
    }
    fresh[0] = true;
    String title = "Board " + b.getBoardNumber();
    Seat dealer = Vocabulary.seat(b.getDealer());
    Vulnerability vul = Vocabulary.vulnerability(b.getVulnerability());
    try {
      worker.solve(deal).whenComplete((table, failed) -> {
        try {
          if (failed != null) {
            mine.completeExceptionally(failed);
          } else {
            mine.complete(table.map(t -> new Solved(text(title, t, vul, dealer),
                Par.dealer(t, vul, dealer))).orElse(new Solved(title
                + ": the double-dummy table could not be worked out within the limit.", null)));
          }
        } catch (RuntimeException e) {
          mine.completeExceptionally(e);
        }
      });
    } catch (RejectedExecutionException e) {
      solved.remove(deal, mine);
      throw e;
    }
    return mine;
  }

  /** Whether the solver (and its table) exists yet: only once a {@code dd} has been worked on. */
  boolean solverMade() {
    return worker.solverMade();
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

  /**
   * A result against par, from the viewer's side ({@code ew} for East-West): at IMPs, "NS +420,
   * par NS +420 (4S-N): 0 IMPs against par"; at matchpoints the points above or below par.
   */
  static String againstPar(int scoreNorthSouth, ParResult par, boolean ew, boolean imps) {
    int sign = ew ? -1 : 1;
    int diff = sign * (scoreNorthSouth - par.score());
    String head = ScoreLines.sideScore(scoreNorthSouth, ew) + ", par "
        + ScoreLines.sideScore(par.score(), ew) + " (" + par.contractsText() + "): ";
    if (imps) {
      int n = org.tenace.bridge.compare.Imps.of(diff);
      return head + (n > 0 ? "+" : "") + n + (Math.abs(n) == 1 ? " IMP" : " IMPs")
          + " against par";
    }
    return head + (diff == 0 ? "level with par" : Math.abs(diff) + " points "
        + (diff > 0 ? "above" : "below") + " par");
  }

  @Override
  public void close() {
    worker.close();
  }
}
