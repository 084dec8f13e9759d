package org.tenace.bridge.score;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.check.Require;

/**
 * Chicago: a rubber of exactly four deals. Deal 1 is played with neither side
 * vulnerable, deals 2 and 3 with the dealer's side vulnerable, deal 4 with both. Contracts score
 * as in rubber bridge (trick points below the line, the rest and honours above) with part-scores
 * carried from deal to deal until a side reaches 100: that side then scores a game bonus at once,
 * 300 if it was not vulnerable on that deal, 500 if it was, and a new game starts for both.
 *
 * <p>Part-score convention implemented here: when deal 4 has been played, each side that holds an
 * unconverted part-score (trick points below the line in the unfinished game, from any deal)
 * scores 100, as an unfinished rubber does. A passed-out deal is dealt again by the same dealer
 * and does not count as one of the four.
 *
 * @param firstDealer the dealer of deal 1; the deal passes clockwise
 * @param deals the deals played so far, 0 to 4
 */
public record Chicago(Seat firstDealer, ScoreSheet sheet, int deals) {

  public Chicago {
    Require.nonNull("firstDealer sheet", firstDealer, sheet);
    if (deals < 0 || deals > 4) {
      throw new IllegalArgumentException("a Chicago has deals 0..4 played, not " + deals);
    }
  }

  public static Chicago start(Seat firstDealer) {
    return new Chicago(firstDealer, ScoreSheet.EMPTY, 0);
  }

  public boolean isOver() {
    return deals == 4;
  }

  /** The number of the next deal, 1 to 4. */
  public int nextDeal() {
    requireNotOver();
    return deals + 1;
  }

  /** The dealer of the next deal. */
  public Seat dealer() {
    return firstDealer.next(nextDeal() - 1);
  }

  /** The vulnerability of the next deal: none, dealer's side, dealer's side, both. */
  public Vulnerability vulnerability() {
    return switch (nextDeal()) {
      case 1 -> Vulnerability.NONE;
      case 4 -> Vulnerability.BOTH;
      default -> dealer().side() == Side.NS ? Vulnerability.NS : Vulnerability.EW;
    };
  }

  /** Scores the next deal without honours. */
  public Chicago record(Contract contract, int tricks) {
    return record(contract, tricks, Optional.empty());
  }

  /** Scores the next deal; {@code honours} from {@link Honours#of} or as claimed. */
  public Chicago record(Contract contract, int tricks, Optional<Honours> honours) {
    Require.nonNull("contract honours", contract, honours);
    int deal = nextDeal();
    int game = game();
    Side declarers = contract.declarer().side();
    boolean vulnerable = vulnerability().isVulnerable(declarers);
    ScoreSheet next = sheet.with(
        DealEntries.of(deal, game, contract, tricks, vulnerable, honours));
    if (next.belowInGame(declarers, game) >= 100) {
      next = next.with(List.of(
          new Entry(deal, game, declarers, Entry.Kind.GAME_BONUS, vulnerable ? 500 : 300)));
      game++;
    }
    if (deal == 4) {
      List<Entry> bonuses = new ArrayList<>();
      for (Side side : Side.values()) {
        if (next.belowInGame(side, game) > 0) {
          bonuses.add(new Entry(deal, game, side, Entry.Kind.PART_SCORE_BONUS, 100));
        }
      }
      next = next.with(bonuses);
    }
    return new Chicago(firstDealer, next, deal);
  }

  /** A passed-out deal: the same dealer deals again and the deal does not count. */
  public Chicago passedOut() {
    requireNotOver();
    return this;
  }

  /** The game being played, from 1: one more than the games made so far. */
  public int game() {
    return 1 + (int) sheet.entries().stream()
        .filter(e -> e.kind() == Entry.Kind.GAME_BONUS).count();
  }

  /** Trick points toward game in the game being played. */
  public int partScore(Side side) {
    return sheet.belowInGame(side, game());
  }

  public int total(Side side) {
    return sheet.total(side);
  }

  private void requireNotOver() {
    if (isOver()) {
      throw new IllegalStateException("the Chicago is over after four deals: start a new one");
    }
  }
}
