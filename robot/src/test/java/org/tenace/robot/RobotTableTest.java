package org.tenace.robot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.robot.bidding.Bidder;
import org.tenace.robot.play.CardPlayer;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.score.ContractPoints;
import org.tenace.solver.DoubleDummy;
import org.tenace.solver.Position;

/**
 * Four house robots bid and play seeded random deals under the test referee. Asserts only real
 * invariants (every call and card was offered, every auction ended, nothing fell back) and loose
 * sanity bounds; prints the quality measures for the report.
 */
class RobotTableTest {
  private static final int DEALS = Integer.getInteger("robot.deals", 1000);
  private static final int DD_DEALS = Integer.getInteger("robot.ddDeals", 100);
  private static final long DD_BUDGET = Long.getLong("robot.ddBudget", 3_000_000);

  @Test
  void fourRobotsPlayAThousandDealsLegallyAndSensibly() {
    Bidder bidder = new Bidder();
    CardPlayer player = new CardPlayer();
    int[] fallbacks = new int[1];
    Robot strict = new Robot() {
      @Override
      public CallChoice chooseCall(CallView v) {
        return bidder.decide(v);
      }

      @Override
      public Card chooseCard(CardView v) {
        CardPlayer.Decision d = player.decide(v);
        if (d.fellBack()) {
          fallbacks[0]++;
        }
        assertThat(d.nodes()).isLessThanOrEqualTo(CardPlayer.NODE_BUDGET);
        return d.card();
      }
    };
    Referee referee = new Referee(strict);
    Random random = new Random(20261101);
    DoubleDummy solver = new DoubleDummy(20);
    Stats stats = new Stats();
    for (int i = 1; i <= DEALS; i++) {
      Deal deal = Referee.randomDeal(random);
      Referee.Result result = referee.play(deal, Board.of(i));
      assertThat(result.tricks()).hasSize(result.passedOut() ? 0 : 13);
      stats.add(result, i <= DD_DEALS ? solver : null);
    }
    System.out.println(stats.report());
    assertThat(fallbacks[0]).as("cards chosen by the fallback").isZero();
    assertThat(stats.passedOut).as("boards passed out").isLessThan(DEALS / 4);
    assertThat(stats.made).as("contracts made").isGreaterThan(stats.played / 3);
  }

  /** The report's games are games by the score: doubling counts where it reaches 100. */
  @Test
  void aGameIsATrickScoreOfAHundred() {
    for (String game : new String[] {"3NT S", "4H S", "5D S", "2SX S", "3DX S", "1NTXX S",
        "1SXX S", "7C S"}) {
      assertThat(Stats.isGameOrMore(Contract.parse(game))).as(game).isTrue();
    }
    for (String partScore : new String[] {"2NT S", "3S S", "4D S", "2CX S", "2DX S", "1CXX S",
        "1DXX S", "1NTX S"}) {
      assertThat(Stats.isGameOrMore(Contract.parse(partScore))).as(partScore).isFalse();
    }
  }

  /** The measures of quality, gathered over the deals. */
  static final class Stats {
    int deals;
    int passedOut;
    int played;
    int made;
    int doubled;
    final Map<Integer, Integer> levels = new TreeMap<>();
    final Map<String, int[]> madeByKind = new TreeMap<>();
    final Map<Strain, Integer> strains = new EnumMap<>(Strain.class);
    int gameZone;
    int gameZoneBid;
    int slamZone;
    int slamZoneBid;
    int lowGames;
    int ddSolved;
    int ddTried;
    int ddMade;
    long ddAbsDiff;
    int ddPlayedAbove;
    int ddPlayedBelow;

    void add(Referee.Result r, DoubleDummy solver) {
      deals++;
      Deal d = r.deal();
      for (Side side : Side.values()) {
        int hcp = 0;
        for (Seat s : side.seats()) {
          hcp += d.hand(s).highCardPoints();
        }
        boolean declares = r.contract().map(c -> c.declarer().side() == side).orElse(false);
        boolean game = declares && isGameOrMore(r.contract().get());
        boolean slam = declares && r.contract().get().level() >= 6;
        if (hcp >= 26) {
          gameZone++;
          if (game) {
            gameZoneBid++;
          }
        }
        if (hcp >= 33) {
          slamZone++;
          if (slam) {
            slamZoneBid++;
          }
        }
        if (game && hcp < 22) {
          lowGames++;
        }
      }
      if (r.passedOut()) {
        passedOut++;
        return;
      }
      Contract c = r.contract().get();
      played++;
      if (r.declarerTricks() >= c.tricksNeeded()) {
        made++;
      }
      if (c.doubling() != org.tenace.bridge.auction.Doubling.UNDOUBLED) {
        doubled++;
      }
      levels.merge(c.level(), 1, Integer::sum);
      String kind = c.level() + (c.strain() == Strain.NO_TRUMP ? "NT" : c.strain().isMajor() ? "M" : "m");
      int[] k = madeByKind.computeIfAbsent(kind, x -> new int[2]);
      k[1]++;
      if (r.declarerTricks() >= c.tricksNeeded()) {
        k[0]++;
      }
      strains.merge(c.strain(), 1, Integer::sum);
      if (solver != null) {
        ddTried++;
        Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
        for (Seat s : Seat.values()) {
          hands.put(s, d.hand(s));
        }
        try {
          int ns = solver.tricksForNorthSouth(Position.onLead(hands, c.strain().trumpOrNull(),
              c.openingLeader()), DD_BUDGET);
          int dd = c.declarer().side() == Side.NS ? ns : 13 - ns;
          ddSolved++;
          ddAbsDiff += Math.abs(r.declarerTricks() - dd);
          if (r.declarerTricks() > dd) {
            ddPlayedAbove++;
          } else if (r.declarerTricks() < dd) {
            ddPlayedBelow++;
          }
          if (dd >= c.tricksNeeded()) {
            ddMade++;
          }
        } catch (DoubleDummy.BudgetExceeded e) {
          // Too hard for the budget: left out of the measure.
        }
      }
    }

    /** A game: the contract's trick score, doubled or redoubled as bid, is 100 or more. */
    static boolean isGameOrMore(Contract c) {
      return ContractPoints.of(c, c.tricksNeeded(), false).trickPoints() >= 100;
    }

    String report() {
      StringBuilder sb = new StringBuilder("Robot table: ").append(deals).append(" deals\n");
      sb.append(String.format("  passed out: %d (%.1f%%)%n", passedOut, 100.0 * passedOut / deals));
      sb.append(String.format("  contracts made: %d of %d (%.1f%%); doubled: %d%n", made, played,
          100.0 * made / played, doubled));
      sb.append("  made by kind (M major, m minor):");
      madeByKind.forEach((k, v) -> sb.append(' ').append(k).append(' ').append(v[0]).append('/').append(v[1]));
      sb.append('\n');
      sb.append("  levels: ").append(levels).append("\n  strains: ").append(strains).append('\n');
      sb.append(String.format("  sides with 26+ HCP that bid game or more: %d of %d (%.1f%%)%n",
          gameZoneBid, gameZone, 100.0 * gameZoneBid / Math.max(1, gameZone)));
      sb.append(String.format("  sides with 33+ HCP that bid a slam: %d of %d (%.1f%%)%n",
          slamZoneBid, slamZone, 100.0 * slamZoneBid / Math.max(1, slamZone)));
      sb.append(String.format("  games bid on fewer than 22 HCP: %d%n", lowGames));
      sb.append(String.format("  double dummy: %d of %d deals solved; mean |tricks - DD tricks| = %.2f"
          + " (above DD %d, below %d, equal %d); contracts that make double dummy: %d (%.1f%%)%n",
          ddSolved, ddTried, (double) ddAbsDiff / Math.max(1, ddSolved), ddPlayedAbove, ddPlayedBelow,
          ddSolved - ddPlayedAbove - ddPlayedBelow, ddMade, 100.0 * ddMade / Math.max(1, ddSolved)));
      return sb.toString();
    }
  }
}
