package org.tenace.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.tenace.robot.AuctionCall;
import org.tenace.robot.CallView;
import org.tenace.robot.CardView;
import org.tenace.robot.house.HouseRobot;
import org.tenace.robot.RobotLevel;
import org.tenace.robot.Trick;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.record.Auctions;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.PlayedCard;
import org.tenace.bridge.record.RecordedCall;
import org.tenace.solver.DoubleDummy;

/**
 * {@code tenace bench --robots}: four house robots bid and play seeded random deals, and each
 * board is measured double dummy ({@link PlayQuality}); recorded boards (a PBN file's play, as the
 * BBO daylong records hold ben's and GIB's) go through the same report in the same run.
 */
final class RobotBench {
  static final long NODE_BUDGET = 20_000_000;

  /**
   * A board the robots played, and the thinking time of each call and card in nanoseconds: wall
   * time, and for the cards also the thinking thread's CPU time (what a core of its own would
   * take, whatever else the machine runs).
   */
  record Played(Optional<Contract> contract, List<Card> play, List<Long> callNanos,
      List<Long> cardNanos, List<Long> cardCpuNanos) {}

  private static final java.lang.management.ThreadMXBean THREADS =
      java.lang.management.ManagementFactory.getThreadMXBean();

  /** The calling thread's CPU time in nanoseconds, or 0 where the JVM cannot tell. */
  private static long cpuNanos() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
  }

  private RobotBench() {}

  /** An auction the robots bid: the calls in order, and each call's thinking in nanoseconds. */
  record Bidding(List<AuctionCall> calls, List<RecordedCall> record, List<Long> callNanos) {
    Optional<Contract> contract() {
      return Auctions.finalContract(record);
    }

    String text() {
      return String.join(" ", record.stream().map(r -> r.call().toString()).toList());
    }
  }

  /** Four robots bid the deal. */
  static Bidding bid(HouseRobot robot, Deal deal, Seat dealer, Vulnerability vulnerability) {
    List<RecordedCall> record = new ArrayList<>();
    List<AuctionCall> calls = new ArrayList<>();
    List<Long> callNanos = new ArrayList<>();
    while (!Auctions.isComplete(record)) {
      Seat seat = dealer.next(record.size());
      List<Call> legal = Auctions.legalCalls(record);
      long t0 = System.nanoTime();
      Call call = robot.chooseCall(new CallView(seat, deal.hand(seat), dealer,
          vulnerability, calls, legal)).call();
      callNanos.add(System.nanoTime() - t0);
      record.add(RecordedCall.of(seat, call));
      calls.add(AuctionCall.of(seat, call));
    }
    return new Bidding(calls, record, callNanos);
  }

  /** Four robots bid and play the deal. */
  static Played play(HouseRobot robot, Deal deal, Seat dealer, Vulnerability vulnerability) {
    Bidding bidding = bid(robot, deal, dealer, vulnerability);
    List<AuctionCall> calls = bidding.calls();
    List<Long> callNanos = bidding.callNanos();
    List<Long> cardNanos = new ArrayList<>();
    List<Long> cardCpuNanos = new ArrayList<>();
    Optional<Contract> contract = bidding.contract();
    List<Card> play = new ArrayList<>();
    if (contract.isEmpty()) {
      return new Played(contract, play, callNanos, cardNanos, cardCpuNanos);
    }
    Contract c = contract.get();
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, deal.hand(s));
    }
    Suit trump = c.strain().trumpOrNull();
    List<Trick> done = new ArrayList<>();
    Trick current = Trick.start(c.openingLeader());
    while (done.size() < 13) {
      Seat player = current.turn();
      Seat actor = player == c.dummy() ? c.declarer() : player;
      boolean faced = !done.isEmpty() || !current.isEmpty();
      Hand hand = hands.get(player);
      List<Card> legal = !current.isEmpty() && hand.hasSuit(current.led().suit())
          ? hand.suit(current.led().suit()).cards() : hand.cards();
      long cpu0 = cpuNanos();
      long t0 = System.nanoTime();
      Card card = robot.chooseCard(new CardView(actor, dealer, vulnerability,
          calls, c, player, hands.get(actor),
          faced ? Optional.of(hands.get(c.dummy())) : Optional.empty(), done, current, legal));
      cardNanos.add(System.nanoTime() - t0);
      cardCpuNanos.add(cpuNanos() - cpu0);
      if (!legal.contains(card)) {
        throw new IllegalStateException(actor + " played " + card + ", not among " + legal);
      }
      hands.put(player, hand.without(card));
      play.add(card);
      current = current.then(card);
      if (current.isComplete()) {
        done.add(current);
        current = Trick.start(current.winner(trump));
      }
    }
    return new Played(contract, play, callNanos, cardNanos, cardCpuNanos);
  }

  /** A deal to play: its cards, dealer and vulnerability. */
  record Setting(Deal deal, Seat dealer, Vulnerability vulnerability) {}

  /** {@code n} seeded random deals, dealer and vulnerability by board number. */
  static List<Setting> seeded(int n, long seed) {
    Random random = new Random(seed);
    List<Setting> out = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      Board b = Board.of(i);
      out.add(new Setting(Deal.shuffled(random), b.dealer(), b.vulnerability()));
    }
    return out;
  }

  /**
   * The robots on the deals, then the recorded boards, in one report; {@code title} says where
   * the deals came from. Each board is played and then costed double dummy on one of
   * {@code threads} worker threads, each with its own solver, and its line is printed as soon as
   * every board before it is done. Returns 1 when a board could not be solved within the budget,
   * else 0.
   */
  static int run(String title, List<Setting> deals, List<HandRecord> recorded,
      List<RobotLevel> levels, int threads, PrintWriter out) {
    int unsolved = 0;
    for (RobotLevel level : levels) {
      // One seed for every table of the run: the same deal is played the same way each time.
      HouseRobot robot = new HouseRobot(level, 1);
      String name = level.name().toLowerCase(Locale.ROOT);
      out.printf(Locale.ROOT, "house robot (%s), %s, board by board:%n", name, title);
      InOrder lines = new InOrder(deals.size(), out);
      // Each board's play and measure depend only on its deal (the robots' work is counted, not
      // timed; each worker has its own solver), so the report is the same on any number.
      List<Result> results = onWorkers(deals.size(), threads, "robot-bench", (solver, i) -> {
        Setting s = deals.get(i);
        Played p = play(robot, s.deal(), s.dealer(), s.vulnerability());
        Optional<PlayQuality.Board> b = measure(solver, s, p);
        lines.done(i, line(i + 1, p, b));
        return new Result(p, b);
      });
      List<PlayQuality.Board> boards = new ArrayList<>();
      List<Long> callNanos = new ArrayList<>();
      List<Long> cardNanos = new ArrayList<>();
      List<Long> cardCpuNanos = new ArrayList<>();
      for (Result r : results) {
        callNanos.addAll(r.played().callNanos());
        cardNanos.addAll(r.played().cardNanos());
        cardCpuNanos.addAll(r.played().cardCpuNanos());
        r.board().ifPresentOrElse(boards::add, () -> { });
        unsolved += r.board().isEmpty() ? 1 : 0;
      }
      out.print(PlayQuality.Summary.of(boards).text("house robot (" + name + "), " + title));
      out.printf(Locale.ROOT, "  thinking per call p50 %s, p99 %s; per card p50 %s, p99 %s%n",
          ms(callNanos, 0.5), ms(callNanos, 0.99), ms(cardNanos, 0.5), ms(cardNanos, 0.99));
      out.printf(Locale.ROOT, "  thinking per card in CPU time (one core's work) p50 %s, p99 %s%n",
          ms(cardCpuNanos, 0.5), ms(cardCpuNanos, 0.99));
      out.flush();
    }
    if (!recorded.isEmpty()) {
      List<PlayQuality.Board> theirs = costRecords(recorded, threads, true);
      int skipped = recorded.size() - theirs.size();
      out.print(PlayQuality.Summary.of(theirs).text("recorded play, " + recorded.size()
          + " boards" + (skipped > 0 ? " (" + skipped + " without a deal or a play to follow)" : "")));
    }
    if (unsolved > 0) {
      out.printf(Locale.ROOT, "  %d boards not solved within %,d nodes, left out%n", unsolved,
          NODE_BUDGET);
    }
    out.flush();
    return unsolved > 0 ? 1 : 0;
  }

  /**
   * The bidding alone ({@code tenace bench --robots --bidding-only}): four robots bid each deal
   * (both levels bid alike), and the contract's score at its double-dummy tricks is set against
   * par, as the full run measures it, without a card played; a file's recorded auctions go through
   * the same report beside. Each board's double-dummy table is solved on one of {@code threads}
   * workers. Returns 1 when a board could not be solved within the budget, else 0.
   */
  static int bidding(String title, List<Setting> deals, List<HandRecord> recorded, int threads,
      PrintWriter out) {
    HouseRobot robot = new HouseRobot(RobotLevel.FAST, 1);
    out.printf(Locale.ROOT, "house robot bidding, %s, board by board:%n", title);
    InOrder lines = new InOrder(deals.size(), out);
    List<Bidding> auctions = new ArrayList<>(Collections.nCopies(deals.size(), null));
    List<Optional<PlayQuality.Board>> boards = onWorkers(deals.size(), threads, "robot-bench",
        (solver, i) -> {
          Setting s = deals.get(i);
          Bidding b = bid(robot, s.deal(), s.dealer(), s.vulnerability());
          Optional<PlayQuality.Board> q = measure(solver, s,
              new Played(b.contract(), List.of(), b.callNanos(), List.of(), List.of()));
          synchronized (auctions) {
            auctions.set(i, b);
          }
          lines.done(i, biddingLine(i + 1, b.text(), b.contract(), q));
          return q;
        });
    List<PlayQuality.Board> solved = new ArrayList<>();
    boards.forEach(b -> b.ifPresent(solved::add));
    List<Long> callNanos = new ArrayList<>();
    synchronized (auctions) {
      auctions.forEach(a -> callNanos.addAll(a.callNanos()));
    }
    int unsolved = boards.size() - solved.size();
    out.print(PlayQuality.Summary.of(solved).biddingText("house robot bidding, " + title));
    out.printf(Locale.ROOT, "  thinking per call p50 %s, p99 %s%n", ms(callNanos, 0.5),
        ms(callNanos, 0.99));
    if (!recorded.isEmpty()) {
      List<PlayQuality.Board> theirs = costRecords(recorded, threads, false);
      int skipped = recorded.size() - theirs.size();
      out.print(PlayQuality.Summary.of(theirs).biddingText("recorded bidding, " + recorded.size()
          + " boards" + (skipped > 0 ? " (" + skipped + " without a deal or a contract)" : "")));
    }
    if (unsolved > 0) {
      out.printf(Locale.ROOT, "  %d boards not solved within %,d nodes, left out%n", unsolved,
          NODE_BUDGET);
    }
    out.flush();
    return unsolved > 0 ? 1 : 0;
  }

  /**
   * The records' own boards costed double dummy on {@code threads} workers: their play card by
   * card, or ({@code withPlay} false) the contract alone. A record without a deal, without a
   * contract, or whose play cannot be followed or solved within the budget is left out.
   */
  private static List<PlayQuality.Board> costRecords(List<HandRecord> recorded, int threads,
      boolean withPlay) {
    List<Optional<PlayQuality.Board>> costed = onWorkers(recorded.size(), threads,
        "robot-bench-record", (solver, i) -> {
          HandRecord r = recorded.get(i);
          if (r.deal().isEmpty() || !r.passedOut() && r.contract().isEmpty()) {
            return Optional.empty();
          }
          try {
            return Optional.of(PlayQuality.of(solver, r.deal().get(), r.dealer(),
                r.vulnerability(), r.passedOut() ? Optional.empty() : r.contract(),
                withPlay ? r.play().stream().map(PlayedCard::card).toList() : List.of(),
                NODE_BUDGET));
          } catch (DoubleDummy.BudgetExceeded | IllegalArgumentException e) {
            return Optional.empty();
          }
        });
    List<PlayQuality.Board> theirs = new ArrayList<>();
    costed.forEach(b -> b.ifPresent(theirs::add));
    return theirs;
  }

  /** A board's line of the bidding report. */
  static String biddingLine(int number, String auction, Optional<Contract> contract,
      Optional<PlayQuality.Board> b) {
    String c = contract.map(k -> k.toBidString() + " by " + k.declarer().letter())
        .orElse("passed out");
    return b.map(q -> String.format(Locale.ROOT, "  board %d: %s; %s, %d IMPs from par%s", number,
            auction, c, q.impsFromPar(), q.atParStrainAndLevel() ? ", par's level and strain" : ""))
        .orElse(String.format(Locale.ROOT, "  board %d: %s; %s, not solved within %,d nodes",
            number, auction, c, NODE_BUDGET));
  }

  /** A board played, and its figures (empty: the solver could not cost it within the budget). */
  record Result(Played played, Optional<PlayQuality.Board> board) {}

  /** The boards played, costed double dummy on {@code threads} worker threads, in board order. */
  static List<Optional<PlayQuality.Board>> analyse(List<Setting> deals, List<Played> played,
      int threads) {
    return onWorkers(deals.size(), threads, "robot-bench-analysis",
        (solver, i) -> measure(solver, deals.get(i), played.get(i)));
  }

  /** One board's figures, or empty when the solver cannot cost it within {@link #NODE_BUDGET}. */
  static Optional<PlayQuality.Board> measure(DoubleDummy solver, Setting s, Played p) {
    try {
      return Optional.of(PlayQuality.of(solver, s.deal(), s.dealer(), s.vulnerability(),
          p.contract(), p.play(), NODE_BUDGET));
    } catch (DoubleDummy.BudgetExceeded e) {
      return Optional.empty();
    }
  }

  /** A board's line of the report. */
  static String line(int number, Played p, Optional<PlayQuality.Board> b) {
    String contract = p.contract().map(c -> c.toBidString() + " by " + c.declarer().letter())
        .orElse("passed out");
    if (b.isEmpty()) {
      return String.format(Locale.ROOT, "  board %d: %s, not solved within %,d nodes", number,
          contract, NODE_BUDGET);
    }
    PlayQuality.Board q = b.get();
    return String.format(Locale.ROOT, "  board %d: %s, declarer lost %d, defenders %d, lead %d,"
        + " worst card %d, %d IMPs from par%s", number, contract, q.declarerLoss(),
        q.defenceLoss(), q.leadLoss(), q.worstCard(), q.impsFromPar(),
        q.atParStrainAndLevel() ? ", par's level and strain" : "");
  }

  /** Prints each board's line once every board before it has printed its own. */
  private static final class InOrder {
    private final String[] lines;
    private final PrintWriter out;
    private int next;

    InOrder(int n, PrintWriter out) {
      this.lines = new String[n];
      this.out = out;
    }

    synchronized void done(int i, String line) {
      lines[i] = line;
      while (next < lines.length && lines[next] != null) {
        out.println(lines[next]);
        lines[next++] = null;
      }
      out.flush();
    }
  }

  /** A task on one board, given the worker's own solver. */
  interface BoardTask<R> {
    R apply(DoubleDummy solver, int board);
  }

  /**
   * {@code task} on boards 0 to n - 1, shared out among {@code threads} workers, each with its
   * own solver (a solver's table of positions is not shared between threads); the results in
   * board order. A task's failure fails the whole.
   */
  static <R> List<R> onWorkers(int n, int threads, String name, BoardTask<R> task) {
    List<R> results = new ArrayList<>(Collections.nCopies(n, null));
    AtomicInteger next = new AtomicInteger();
    AtomicReference<RuntimeException> failed = new AtomicReference<>();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < Math.min(threads, Math.max(1, n)); t++) {
      Thread w = new Thread(() -> {
        DoubleDummy solver = new DoubleDummy(20);
        for (int i = next.getAndIncrement(); i < n && failed.get() == null;
            i = next.getAndIncrement()) {
          try {
            R r = task.apply(solver, i);
            synchronized (results) {
              results.set(i, r);
            }
          } catch (RuntimeException e) {
            failed.compareAndSet(null, e);
          }
        }
      }, name + "-" + t);
      w.start();
      workers.add(w);
    }
    for (Thread w : workers) {
      try {
        w.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while the boards were played", e);
      }
    }
    if (failed.get() != null) {
      throw failed.get();
    }
    synchronized (results) {
      for (int i = 0; i < n; i++) {
        if (results.get(i) == null) {
          throw new IllegalStateException("board " + (i + 1) + " was not done");
        }
      }
      return new ArrayList<>(results);
    }
  }

  private static String ms(List<Long> nanos, double q) {
    if (nanos.isEmpty()) {
      return "-";
    }
    List<Long> sorted = new ArrayList<>(nanos);
    Collections.sort(sorted);
    long v = sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(q * sorted.size()) - 1));
    return String.format(Locale.ROOT, "%.1f ms", v / 1e6);
  }
}
