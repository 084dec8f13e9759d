package org.tenace.solver;

import org.tenace.scoring.auction.Strain;
import org.tenace.scoring.board.Vulnerability;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.card.Side;

/**
 * Par: the score both sides reach when each bids as far as the double-dummy table says pays,
 * sacrifices (doubled, going down) included. As DDS's {@code Par} defines it: the sides take
 * turns, starting with the side that opens the bidding, each bidding the contract that best
 * improves its score over the last (a higher one that makes, or a doubled sacrifice over it),
 * until neither can improve. When both sides can make something the side that bids first can
 * matter, so par has two views.
 */
public final class Par {
  // Strains in the order DDS's par works in: notrump, then spades down to clubs.
  private static final Strain[] DENOMS = {
    Strain.NO_TRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS
  };

  private Par() {}

  /** North-South's par score at {@code vulnerability} when {@code firstToBid} bids first. */
  public static int score(DdTable table, Vulnerability vulnerability, Side firstToBid) {
    int i = firstToBid == Side.NS ? 0 : 1;
    int own = sideScore(table, vulnerability, i);
    return i == 0 ? own : -own;
  }

  /** The par score from side {@code i}'s view (0 North-South, 1 East-West), it bidding first. */
  private static int sideScore(DdTable table, Vulnerability vul, int i) {
    int parDenom = -1;
    int parTricks = 6; // an initial "contract" that 1 of anything beats
    int parScore = 0;
    int current = 0; // 0: side i bids, 1: its opponents
    boolean bothOnce = false;
    int[] denoms = new int[5];
    int[] tricks = new int[5];
    int[] keys = new int[5];
    while (true) {
      int k = (i + current) % 2;
      Side side = k == 0 ? Side.NS : Side.EW;
      boolean vulnerable = vul.isVulnerable(side);
      boolean improved = false;
      int prevDenom = parDenom;
      int prevTricks = parTricks;
      for (int j = 0; j < 5; j++) {
        int tt = bestTricks(table, DENOMS[j], side);
        int key = tt > parTricks || (tt == parTricks && j < parDenom)
            ? made(j, tt, vulnerable) : -penalty(prevTricks - tt, vulnerable);
        int r = j;
        while (r > 0 && key > keys[r - 1]) {
          denoms[r] = denoms[r - 1];
          tricks[r] = tricks[r - 1];
          keys[r] = keys[r - 1];
          r--;
        }
        denoms[r] = j;
        tricks[r] = tt;
        keys[r] = key;
      }
      for (int m = 0; m < 5; m++) {
        int j = denoms[m];
        int tt = tricks[m];
        int score;
        int under = 0;
        if (tt > parTricks || (tt == parTricks && j < parDenom)) {
          score = made(j, tt, vulnerable);
        } else {
          // Over the last contract in this strain: a sacrifice, one level higher if the strain
          // does not outrank the last contract's.
          under = prevTricks - tt;
          if (j >= prevDenom) {
            if (prevTricks == 13) {
              continue; // nothing above 7NT
            }
            under++;
          }
          if (under <= 0) {
            continue;
          }
          score = -penalty(under, vulnerable);
        }
        if (current == 1) {
          score = -score;
        }
        if (current == 0 ? score > parScore : score < parScore) {
          improved = true;
          parScore = score;
          parDenom = j;
          parTricks = (current == 0 ? score > 0 : score < 0) ? tt : tt + under;
        }
      }
      if (!improved && bothOnce) {
        return parScore;
      }
      bothOnce = true;
      current = 1 - current;
    }
  }

  private static int bestTricks(DdTable table, Strain strain, Side side) {
    Seat a = side == Side.NS ? Seat.NORTH : Seat.EAST;
    return Math.max(table.tricks(strain, a), table.tricks(strain, a.partner()));
  }

  /** The score for bidding {@code tricks - 6} in denomination {@code j} and making it exactly. */
  static int made(int j, int tricks, boolean vulnerable) {
    int level = tricks - 6;
    int points = j == 0 ? 40 + 30 * (level - 1) : j <= 2 ? 30 * level : 20 * level;
    int score = points + (points >= 100 ? (vulnerable ? 500 : 300) : 50);
    if (level == 6) {
      score += vulnerable ? 750 : 500;
    } else if (level == 7) {
      score += vulnerable ? 1500 : 1000;
    }
    return score;
  }

  /** What a doubled contract {@code under} tricks down costs (0 for none). */
  static int penalty(int under, boolean vulnerable) {
    if (under <= 0) {
      return 0;
    }
    if (vulnerable) {
      return 200 + 300 * (under - 1);
    }
    return under == 1 ? 100 : under == 2 ? 300 : 500 + 300 * (under - 3);
  }
}
