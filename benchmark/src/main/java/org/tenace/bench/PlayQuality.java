package org.tenace.bench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.compare.Imps;
import org.tenace.bridge.score.DuplicateScore;
import org.tenace.solver.CardCost;
import org.tenace.solver.DdTable;
import org.tenace.solver.DoubleDummy;
import org.tenace.solver.Par;
import org.tenace.solver.ParContract;
import org.tenace.solver.ParResult;
import org.tenace.solver.PlayCosts;

/**
 * How well a board was bid and played, measured double dummy (as {@code tenace analyse} costs the
 * cards): the tricks declarer's side and the defenders gave away with their cards, the opening
 * lead's share, and the contract's score at its double-dummy tricks against par in IMPs.
 */
final class PlayQuality {
  private PlayQuality() {}

  /**
   * One board's figures.
   *
   * @param played whether a contract was played (false: passed out; the card figures are zero)
   * @param declarerLoss tricks declarer's and dummy's cards gave away
   * @param defenceLoss tricks the defenders' cards gave away
   * @param leadLoss tricks the opening lead gave away
   * @param worstCard the most tricks one card gave away
   * @param impsFromPar the contract's score at its double-dummy tricks against par, in IMPs (absolute)
   * @param atParStrainAndLevel whether the contract's level and strain are a par contract's
   */
  record Board(boolean played, int declarerLoss, int defenceLoss, int leadLoss, int worstCard,
      int impsFromPar, boolean atParStrainAndLevel) {}

  /**
   * Measures a board: {@code contract} empty when it was passed out; {@code play} the cards in the
   * order played, from the opening lead (a claimed board's play stops early).
   *
   * @throws DoubleDummy.BudgetExceeded when a position takes more than {@code nodeBudget} nodes
   * @throws IllegalArgumentException when the play cannot be followed
   */
  static Board of(DoubleDummy solver, Deal deal, Seat dealer, Vulnerability vulnerability,
      Optional<Contract> contract, List<Card> play, long nodeBudget) {
    DdTable table = solver.table(deal, nodeBudget);
    ParResult par = Par.dealer(table, vulnerability, dealer);
    if (contract.isEmpty()) {
      return new Board(false, 0, 0, 0, 0, Math.abs(Imps.of(-par.score())), par.score() == 0);
    }
    Contract c = contract.get();
    int score = DuplicateScore.ns(c, table.tricks(c.strain(), c.declarer()), vulnerability);
    int imps = Math.abs(Imps.of(score - par.score()));
    boolean atPar = false;
    for (ParContract p : par.contracts()) {
      atPar |= p.level() == c.level() && p.strain() == c.strain();
    }
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, deal.hand(s));
    }
    List<CardCost> costs = play.isEmpty() ? List.of() : PlayCosts.of(solver, hands, c.strain(),
        c.declarer(), c.openingLeader(), new ArrayList<>(play), nodeBudget);
    int declarer = 0;
    int defence = 0;
    int worst = 0;
    for (CardCost k : costs) {
      if (k.declarerSide()) {
        declarer += k.cost();
      } else {
        defence += k.cost();
      }
      worst = Math.max(worst, k.cost());
    }
    int lead = costs.isEmpty() ? 0 : costs.get(0).cost();
    return new Board(true, declarer, defence, lead, worst, imps, atPar);
  }

  /** A mean and its standard error over boards. */
  record Mean(double mean, double standardError, int n) {
    static Mean of(List<? extends Number> values) {
      int n = values.size();
      if (n == 0) {
        return new Mean(0, 0, 0);
      }
      double sum = 0;
      for (Number v : values) {
        sum += v.doubleValue();
      }
      double mean = sum / n;
      double squares = 0;
      for (Number v : values) {
        squares += (v.doubleValue() - mean) * (v.doubleValue() - mean);
      }
      double se = n < 2 ? 0 : Math.sqrt(squares / (n - 1) / n);
      return new Mean(mean, se, n);
    }

    @Override
    public String toString() {
      return String.format(java.util.Locale.ROOT, "%.2f ± %.2f", mean, standardError);
    }
  }

  /** The figures over many boards: the played boards for the cards, all boards for the contract. */
  record Summary(Mean declarerLoss, Mean defenceLoss, Mean leadLoss, Mean impsFromPar,
      double atParShare, double twoTrickCardShare, int boards, int played) {
    static Summary of(List<Board> boards) {
      List<Integer> declarer = new ArrayList<>();
      List<Integer> defence = new ArrayList<>();
      List<Integer> lead = new ArrayList<>();
      List<Integer> imps = new ArrayList<>();
      int atPar = 0;
      int twoTricks = 0;
      for (Board b : boards) {
        imps.add(b.impsFromPar());
        atPar += b.atParStrainAndLevel() ? 1 : 0;
        if (b.played()) {
          declarer.add(b.declarerLoss());
          defence.add(b.defenceLoss());
          lead.add(b.leadLoss());
          twoTricks += b.worstCard() >= 2 ? 1 : 0;
        }
      }
      int n = Math.max(1, boards.size());
      return new Summary(Mean.of(declarer), Mean.of(defence), Mean.of(lead), Mean.of(imps),
          (double) atPar / n, (double) twoTricks / Math.max(1, declarer.size()), boards.size(),
          declarer.size());
    }

    /** The bidding-only report's lines: the contract's figures, over all boards. */
    String biddingText(String title) {
      return String.format(java.util.Locale.ROOT,
          "%s: %d boards, %d passed out%n"
              + "  contract against par, IMPs (mean absolute)      %s%n"
              + "  boards at par's level and strain                %.0f%%%n",
          title, boards, boards - played, impsFromPar, 100 * atParShare);
    }

    /** The report's lines, each figure with its standard error. */
    String text(String title) {
      return String.format(java.util.Locale.ROOT,
          "%s: %d boards, %d played%n"
              + "  declarer's tricks lost to double dummy a board  %s%n"
              + "  defenders' tricks lost a board                  %s%n"
              + "  of which the opening lead                       %s%n"
              + "  contract against par, IMPs (mean absolute)      %s%n"
              + "  boards at par's level and strain                %.0f%%%n"
              + "  boards with a card giving away 2+ tricks        %.0f%%%n",
          title, boards, played, declarerLoss, defenceLoss, leadLoss, impsFromPar,
          100 * atParShare, 100 * twoTrickCardShare);
    }
  }
}
