package org.tenace.bridge.score;

import java.util.Objects;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;

/**
 * The parts of a contract's score that duplicate and rubber bridge share (Law 77), from the
 * declarer's side: trick points for the tricks bid and made, overtricks, the bonus for making a
 * doubled or redoubled contract, the slam bonus, and the undertrick penalty. Game and part-score
 * bonuses differ between the two forms and are added by {@link DuplicateScore}, {@link Rubber} and
 * {@link Chicago}.
 *
 * @param trickPoints contract points: count toward game (below the line in rubber)
 * @param overtrickPoints points for tricks won beyond the contract
 * @param insult 50 for a doubled contract made, 100 redoubled
 * @param slamBonus 500/750 for a small slam made, 1000/1500 for a grand slam (not vul / vul)
 * @param undertrickPenalty points the defenders score when the contract fails
 */
public record ContractPoints(
    int trickPoints, int overtrickPoints, int insult, int slamBonus, int undertrickPenalty) {

  public ContractPoints {
    if (trickPoints < 0 || overtrickPoints < 0 || insult < 0 || slamBonus < 0
        || undertrickPenalty < 0) {
      throw new IllegalArgumentException("contract points are never negative");
    }
    if (undertrickPenalty > 0 && trickPoints + overtrickPoints + insult + slamBonus > 0) {
      throw new IllegalArgumentException("a contract is either made or defeated, not both");
    }
  }

  /** Scores {@code contract} when the declarer's side won {@code tricks} (0..13). */
  public static ContractPoints of(Contract contract, int tricks, boolean vulnerable) {
    Objects.requireNonNull(contract, "contract");
    if (tricks < 0 || tricks > 13) {
      throw new IllegalArgumentException("tricks are 0..13, not " + tricks);
    }
    int over = tricks - contract.tricksNeeded();
    if (over < 0) {
      return new ContractPoints(0, 0, 0, 0, undertricks(contract.doubling(), -over, vulnerable));
    }
    Doubling doubling = contract.doubling();
    return new ContractPoints(
        trickPoints(contract.level(), contract.strain()) * doubling.multiplier(),
        overtricks(contract.strain(), doubling, over, vulnerable),
        insult(doubling),
        slamBonus(contract.level(), vulnerable),
        0);
  }

  /** Whether the declarer's side won at least the tricks it contracted for. */
  public boolean made() {
    return undertrickPenalty == 0;
  }

  /** Trick points of {@code level} undoubled: C/D 20, H/S 30, NT 40 for the first trick then 30. */
  static int trickPoints(int level, Strain strain) {
    return switch (strain) {
      case CLUBS, DIAMONDS -> 20 * level;
      case HEARTS, SPADES -> 30 * level;
      case NO_TRUMP -> 30 * level + 10;
    };
  }

  private static int overtricks(Strain strain, Doubling doubling, int over, boolean vul) {
    return switch (doubling) {
      case UNDOUBLED -> over * (strain.isMinor() ? 20 : 30); // notrump overtricks are 30 too
      case DOUBLED -> over * (vul ? 200 : 100);
      case REDOUBLED -> over * (vul ? 400 : 200);
    };
  }

  private static int insult(Doubling doubling) {
    return switch (doubling) {
      case UNDOUBLED -> 0;
      case DOUBLED -> 50;
      case REDOUBLED -> 100;
    };
  }

  private static int slamBonus(int level, boolean vul) {
    return switch (level) {
      case 6 -> vul ? 750 : 500;
      case 7 -> vul ? 1500 : 1000;
      default -> 0;
    };
  }

  /**
   * Undoubled 50/100 a trick. Doubled, not vulnerable: 100, 200, 200, then 300 each; vulnerable:
   * 200 then 300 each. Redoubled: twice doubled.
   */
  private static int undertricks(Doubling doubling, int down, boolean vul) {
    if (doubling == Doubling.UNDOUBLED) {
      return down * (vul ? 100 : 50);
    }
    int doubled = vul
        ? 200 + 300 * (down - 1)
        : 100 + 200 * Math.min(down - 1, 2) + 300 * Math.max(down - 3, 0);
    return doubling == Doubling.REDOUBLED ? 2 * doubled : doubled;
  }
}
