package org.tenace.robot.bidding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.tenace.robot.AuctionCall;
import org.tenace.robot.CallView;
import org.tenace.robot.RobotLevel;
import org.tenace.robot.house.HouseRobot;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.auction.Contract;
import org.tenace.scoring.auction.Strain;
import org.tenace.scoring.board.Board;
import org.tenace.scoring.card.Deal;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.compare.Imps;
import org.tenace.scoring.record.Auctions;
import org.tenace.scoring.record.RecordedCall;
import org.tenace.scoring.score.DuplicateScore;
import org.tenace.solver.DdTable;
import org.tenace.solver.DoubleDummy;
import org.tenace.solver.Par;
import org.tenace.solver.ParContract;
import org.tenace.solver.ParResult;

/**
 * The bidding alone, measured as {@code tenace bench --robots} measures the contract: the same
 * seeded deals (dealer and vulnerability by board number), four house robots bid each one, and
 * the contract's score at its double-dummy tricks is compared with par ({@code Par.dealer}) in
 * IMPs, mean absolute, a passed-out board scoring 0. No card is played, so it runs in the time of
 * the double-dummy tables; a file of tables ({@code -Dtenace.bidding.tables=FILE}, one line a
 * deal: board number and the 20 tricks) is read when present and written as they are solved, so
 * a second run takes seconds. Off unless asked for:
 * {@code ./mvnw -pl robot test -Dtest=BiddingQualityTest -Dtenace.bidding.deals=500}
 * ({@code -Dtenace.bidding.seed}, default 1). docs/performance.md has the figures.
 */
class BiddingQualityTest {
  private static final long NODE_BUDGET = 20_000_000;

  @Test
  @EnabledIfSystemProperty(named = "tenace.bidding.deals", matches = "\\d+")
  void contractsAgainstParOnSeededDeals() throws IOException {
    int n = Integer.getInteger("tenace.bidding.deals");
    long seed = Long.getLong("tenace.bidding.seed", 1L);
    String file = System.getProperty("tenace.bidding.tables");
    Map<Integer, int[]> known = new HashMap<>();
    if (file != null && Files.exists(Path.of(file))) {
      for (String line : Files.readAllLines(Path.of(file))) {
        String[] f = line.trim().split("\\s+");
        if (f.length == 21) {
          int[] t = new int[20];
          for (int i = 0; i < 20; i++) {
            t[i] = Integer.parseInt(f[i + 1]);
          }
          known.put(Integer.parseInt(f[0]), t);
        }
      }
    }
    DoubleDummy solver = new DoubleDummy(20);
    HouseRobot robot = new HouseRobot(RobotLevel.FAST, 1);
    Random random = new Random(seed);
    List<Integer> imps = new ArrayList<>();
    int atPar = 0;
    int passedOut = 0;
    int unsolved = 0;
    StringBuilder boards = new StringBuilder();
    for (int board = 1; board <= n; board++) {
      Board b = Board.of(board);
      Deal deal = Deal.shuffled(random);
      DdTable table;
      if (known.containsKey(board)) {
        table = DdTable.of(known.get(board));
      } else {
        try {
          table = solver.table(deal, NODE_BUDGET);
        } catch (DoubleDummy.BudgetExceeded e) {
          unsolved++;
          continue;
        }
        if (file != null) {
          Files.writeString(Path.of(file), line(board, table),
              java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        }
      }
      List<RecordedCall> record = new ArrayList<>();
      List<AuctionCall> calls = new ArrayList<>();
      while (!Auctions.isComplete(record)) {
        Seat seat = b.dealer().next(record.size());
        Call call = robot.chooseCall(new CallView(seat, deal.hand(seat), b.dealer(),
            b.vulnerability(), calls, Auctions.legalCalls(record))).call();
        record.add(RecordedCall.of(seat, call));
        calls.add(AuctionCall.of(seat, call));
      }
      Optional<Contract> contract = Auctions.finalContract(record);
      ParResult par = Par.dealer(table, b.vulnerability(), b.dealer());
      int score = contract.map(c -> DuplicateScore.ns(c, table.tricks(c.strain(), c.declarer()),
          b.vulnerability())).orElse(0);
      int loss = Math.abs(Imps.of(score - par.score()));
      imps.add(loss);
      passedOut += contract.isEmpty() ? 1 : 0;
      atPar += contract.isEmpty() ? (par.score() == 0 ? 1 : 0) : atPar(contract.get(), par);
      boards.append(String.format(Locale.ROOT, "%4d %2d IMPs  %s  %s  par %d %s%n", board, loss,
          record.stream().map(r -> r.call().toString()).reduce((x, y) -> x + " " + y).orElse(""),
          contract.map(Contract::toString).orElse("passed out"), par.score(), par.contractsText()));
    }
    double mean = imps.stream().mapToInt(Integer::intValue).average().orElse(0);
    double squares = imps.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
    double se = imps.size() < 2 ? 0 : Math.sqrt(squares / (imps.size() - 1) / imps.size());
    System.out.print(boards);
    System.out.printf(Locale.ROOT, "bidding, %d seeded deals (seed %d), %d solved: contract against par"
            + " %.2f ± %.2f IMPs (mean absolute); at par's level and strain %.0f%%; passed out %d;"
            + " %d not solved within %,d nodes, left out%n", n, seed, imps.size(), mean, se,
        100.0 * atPar / Math.max(1, imps.size()), passedOut, unsolved, NODE_BUDGET);
    assertThat(imps).hasSize(n - unsolved);
  }

  private static int atPar(Contract c, ParResult par) {
    for (ParContract p : par.contracts()) {
      if (p.level() == c.level() && p.strain() == c.strain()) {
        return 1;
      }
    }
    return 0;
  }

  private static String line(int board, DdTable table) {
    StringBuilder sb = new StringBuilder().append(board);
    for (Strain s : Strain.values()) {
      for (Seat d : Seat.values()) {
        sb.append(' ').append(table.tricks(s, d));
      }
    }
    return sb.append('\n').toString();
  }
}
