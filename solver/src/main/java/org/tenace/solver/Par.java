package org.tenace.solver;

import java.util.ArrayList;
import java.util.List;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;

/**
 * Par: the score both sides reach when each bids as far as the double-dummy table says pays,
 * sacrifices (doubled, going down) included, and the contracts that reach it. Two definitions,
 * both DDS's (2.9), so that Tenace's par is the one players see elsewhere:
 *
 * <ul>
 *   <li>{@link #dealer}, DDS's {@code DealerPar}: the side that can make the highest contract is
 *       entitled to the plus score (when both can make the same contract, the side whose player
 *       can bid it first, from the dealer round); it bids the contract that scores most unless the
 *       other side's cheapest sacrifice costs less. A making par contract is given at its lowest
 *       level that keeps the score and leaves no paying sacrifice ({@code 2S-NS+2}).
 *   <li>{@link #view}, DDS's {@code Par}: the sides take turns, starting with the side said to bid
 *       first, each bidding the contract that best improves its score over the last (a higher one
 *       that makes, or a doubled sacrifice over it), until neither can improve. When both sides
 *       can make something, which side bids first can matter, so this par has two views.
 * </ul>
 */
public final class Par {
  // Strains in the order DDS's views work in: notrump, then spades down to clubs.
  private static final Strain[] DENOMS = {
    Strain.NO_TRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS
  };
  // How many levels a making par contract may come down from its top level before its
  // game or slam bonus is lost, by top level: notrump, majors, minors.
  private static final int[][] MAX_LOWER = {
    {0, 0, 1, 0, 1, 2, 0, 0}, {0, 0, 1, 2, 0, 1, 0, 0}, {0, 0, 1, 2, 3, 0, 0, 0}
  };

  private Par() {}

  /** North-South's par score at {@code vulnerability} when {@code firstToBid} bids first. */
  public static int score(DdTable table, Vulnerability vulnerability, Side firstToBid) {
    int i = firstToBid == Side.NS ? 0 : 1;
    int own = search(table, vulnerability, i).score;
    return i == 0 ? own : -own;
  }

  // ---- the views (DDS's Par) -------------------------------------------------------------------

  /** What one view's search found: the par score from its side's view, and each par strain. */
  private record Found(int score, int under, List<int[]> denomAndTricks) {}

  /**
   * Par when {@code firstToBid} bids first: North-South's score and the par contracts, as DDS's
   * {@code Par} gives them for that view.
   */
  public static ParResult view(DdTable table, Vulnerability vulnerability, Side firstToBid) {
    Found[] found = {search(table, vulnerability, 0), search(table, vulnerability, 1)};
    if (found[0].score == 0) {
      return new ParResult(0, List.of());
    }
    List<List<ParContract>> views = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      views.add(contracts(table, vulnerability, i, found[i], found[0].score));
    }
    // A view's contract below the highest one the other side bids in the other view is not par
    // (the par scores differ when the deal is "hot").
    int[] domDenom = {-1, -1};
    int[] domLevel = {-1, -1};
    for (int i = 0; i < 2; i++) {
      int opp = 1 - i;
      Side bidder = i == 0 ? Side.EW : Side.NS;
      for (ParContract c : views.get(opp)) {
        int j = denom(c.strain());
        int top = top(c);
        if ((top > domLevel[opp] || top == domLevel[opp] && j < domDenom[opp])
            && c.side() == bidder) {
          domDenom[opp] = j;
          domLevel[opp] = top;
        }
      }
    }
    int i = firstToBid == Side.NS ? 0 : 1;
    List<ParContract> out = views.get(i);
    if (domDenom[0] != -1 && domDenom[1] != -1) {
      int opp = 1 - i;
      out = out.stream().filter(c -> !(top(c) < domLevel[opp]
          || top(c) == domLevel[opp] && domDenom[opp] < denom(c.strain()))).toList();
    }
    return new ParResult(i == 0 ? found[0].score : -found[1].score, out);
  }

  /** The level a par contract is bid to: a sacrifice's, or the top level that makes. */
  private static int top(ParContract c) {
    return c.doubled() ? c.level() : c.tricks() - 6;
  }

  private static int denom(Strain s) {
    return s == Strain.NO_TRUMP ? 0 : 4 - s.ordinal();
  }

  /**
   * The par score from side {@code i}'s view (0 North-South, 1 East-West), it bidding first, and
   * every strain that reaches it: after each search the par strain is set aside and the search
   * run again, until it no longer reaches the same score.
   */
  private static Found search(DdTable table, Vulnerability vul, int i) {
    boolean[] setAside = new boolean[5];
    int bestScore = 0;
    int bestUnder = 0;
    List<int[]> found = new ArrayList<>();
    int parDenom = -1;
    int parTricks = 6; // an initial "contract" that 1 of anything beats
    int parScore = 0;
    int parUnder = 0; // undertricks when par is a sacrifice
    int current = 0; // 0: side i bids, 1: its opponents
    boolean bothOnce = false;
    int[] denoms = new int[5];
    int[] tricks = new int[5];
    int[] keys = new int[5];
    while (true) {
      Side side = (i + current) % 2 == 0 ? Side.NS : Side.EW;
      boolean vulnerable = vul.isVulnerable(side);
      boolean improved = false;
      int prevDenom = parDenom;
      int prevTricks = parTricks;
      // Strains in order of what they would score, best first (ties keep strain order).
      int n = 0;
      for (int j = 0; j < 5; j++) {
        if (setAside[j]) {
          continue;
        }
        int tt = bestTricks(table, DENOMS[j], side);
        int key = tt > parTricks || (tt == parTricks && j < parDenom)
            ? made(j, tt, vulnerable) : down(prevTricks - tt, vulnerable);
        int r = n++;
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
      for (int m = 0; m < n; m++) {
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
          if (current == 0 ? score > 0 : score < 0) {
            parTricks = tt;
            parUnder = 0;
          } else {
            parTricks = tt + under;
            parUnder = under;
          }
        }
      }
      if (improved || !bothOnce) {
        bothOnce = true;
        current = 1 - current;
        continue;
      }
      if (found.isEmpty()) {
        bestScore = parScore;
        if (bestScore == 0) {
          break;
        }
        bestUnder = parUnder;
      } else if (parScore != bestScore || found.size() >= 5) {
        break;
      }
      setAside[parDenom] = true;
      found.add(new int[] {parDenom, parTricks});
      bothOnce = false;
      current = 0;
      parDenom = -1;
      parTricks = 6;
      parScore = 0;
      parUnder = 0;
    }
    return new Found(bestScore, bestUnder, found);
  }

  /** The par contracts of view {@code i}, from what its search found. */
  private static List<ParContract> contracts(DdTable table, Vulnerability vul, int i, Found f,
      int nsViewScore) {
    List<ParContract> out = new ArrayList<>();
    if (f.under > 0) {
      // A sacrifice: by the side that does not score the par, each strain in strain order.
      Side sacrificer = (f.score > 0) == (i == 0) ? Side.EW : Side.NS;
      List<int[]> sorted = new ArrayList<>(f.denomAndTricks);
      sorted.sort((a, b) -> Integer.compare(a[0], b[0]));
      for (int[] dt : sorted) {
        Strain s = DENOMS[dt[0]];
        out.add(new ParContract(dt[1] - 6, s, true, declarers(table, s, sacrificer),
            dt[1] - f.under));
      }
      return out;
    }
    Side maker = (f.score > 0) == (i == 0) ? Side.NS : Side.EW;
    Side opponents = maker.opponents();
    int oppMax = 0;
    int oppMaxDenom = 0; // the highest-ranking strain where they take the most
    for (int m = 0; m < 5; m++) {
      int tu = bestTricks(table, DENOMS[m], opponents);
      if (tu > oppMax) {
        oppMax = tu;
        oppMaxDenom = m;
      }
    }
    // The sacrificing side's vulnerability, from the North-South view's par.
    boolean sacrificerVulnerable = vul.isVulnerable(nsViewScore > 0 ? Side.EW : Side.NS);
    int parScore = Math.abs(f.score);
    for (int[] dt : f.denomAndTricks) {
      int j = dt[0];
      int parTricks = dt[1];
      Strain s = DENOMS[j];
      // How far the contract may come down with the opponents' best sacrifice still too dear.
      int outranks = oppMaxDenom < j ? 1 : 0;
      int lower = parTricks - oppMax - outranks;
      while (lower > 0) {
        int sacrifice = -down(parTricks - lower - oppMax + 1 - outranks, sacrificerVulnerable);
        if (parScore < sacrifice) {
          break;
        }
        lower--;
      }
      int oppTricks = bestTricks(table, s, opponents);
      while (lower > 0 && f.score < 0
          && parScore > -down(parTricks - lower - oppTricks, sacrificerVulnerable)) {
        lower--;
      }
      int kind = j == 0 ? 0 : j <= 2 ? 1 : 2;
      lower = Math.min(MAX_LOWER[kind][parTricks - 6], lower);
      int over = Math.max(0, lower);
      out.add(new ParContract(parTricks - 6 - over, s, false, declarers(table, s, maker),
          parTricks));
    }
    return out;
  }

  // ---- the dealer's view (DDS's DealerPar) ------------------------------------------------------

  /**
   * Par with {@code dealer} dealing: North-South's score and the par contracts, as DDS's {@code
   * DealerPar} gives them.
   */
  public static ParResult dealer(DdTable table, Vulnerability vulnerability, Seat dealer) {
    return new DealerPar(table, vulnerability, dealer).result();
  }

  /** One DealerPar computation. Contracts are numbered 1 (1C) to 35 (7NT), 0 for none. */
  private static final class DealerPar {
    private static final int NONE = 9999;
    private final DdTable table;
    private final Seat dealer;
    private final boolean[] vulnerable = new boolean[2];
    // For each side and strain (Strain order): the highest contract it makes, and its tricks.
    private final int[][] number = new int[2][5];
    private final int[][] most = new int[2][5];
    // For each par candidate's strain and each sacrifice strain: the undertricks.
    private final int[][] sacrifice = new int[5][5];

    DealerPar(DdTable table, Vulnerability vul, Seat dealer) {
      this.table = table;
      this.dealer = dealer;
      vulnerable[0] = vul.isVulnerable(Side.NS);
      vulnerable[1] = vul.isVulnerable(Side.EW);
    }

    ParResult result() {
      int[] highest = new int[2];
      int[] dearestNumber = new int[2];
      int[] dearestScore = new int[2];
      for (int side = 0; side < 2; side++) {
        for (Strain s : Strain.values()) {
          int d = s.ordinal();
          int best = sideTricks(s, side);
          number[side][d] = 5 * (best - 7) + d + 1; // below 1 when nothing makes
          most[side][d] = best;
          if (best < 7) {
            continue;
          }
          int no = number[side][d];
          int score = madeScore(no, vulnerable[side]);
          if (score > dearestScore[side] || score == dearestScore[side] && no < dearestNumber[side]) {
            dearestScore[side] = score;
            dearestNumber[side] = no;
          }
          highest[side] = Math.max(highest[side], no);
        }
      }
      int primacy;
      if (highest[0] != highest[1]) {
        primacy = highest[0] > highest[1] ? 0 : 1;
      } else if (highest[0] == 0) {
        return new ParResult(0, List.of());
      } else {
        // Both sides make the same highest contract: it is the side that can bid it first's.
        Strain s = Strain.of((highest[0] - 1) % 5);
        int t = most[0][s.ordinal()];
        primacy = 0;
        for (int p = 0; p < 4; p++) {
          Seat seat = dealer.next(p);
          if (table.tricks(s, seat) == t) {
            primacy = seat.side() == Side.NS ? 0 : 1;
            break;
          }
        }
      }
      int side = primacy;
      int other = 1 - side;
      // The side's candidates: its strains from the highest contract down to its dearest.
      List<Integer> candidates = new ArrayList<>();
      for (int d = 0; d < 5; d++) {
        if (number[side][d] >= dearestNumber[side]) {
          candidates.add(d);
        }
      }
      candidates.sort((a, b) -> Integer.compare(number[side][b], number[side][a]));
      int bestPlus = 0;
      int bestDown = 0;
      int sacrificed = -1; // the candidate the other side's sacrifice is against
      int[] gap = new int[5];
      boolean[] bids = new boolean[5];
      for (int d : candidates) {
        int no = number[side][d];
        int target = worthwhileDown(no, vulnerable[side], vulnerable[other]);
        int down = cheapestSacrifice(side, no, d);
        if (down <= target) {
          bestDown = Math.max(bestDown, down);
          if (sacrificed < 0) {
            sacrificed = d;
          }
        } else {
          bestPlus = Math.max(bestPlus, madeScore(no, vulnerable[side]));
          bids[d] = true;
          gap[d] = target - down;
        }
      }
      int sign = side == 0 ? 1 : -1;
      List<ParContract> out = new ArrayList<>();
      if (sacrificed < 0 || bestPlus > penalty(bestDown, vulnerable[other])) {
        for (int d : candidates) {
          if (!bids[d] || madeScore(number[side][d], vulnerable[side]) != bestPlus) {
            continue;
          }
          out.add(made(side, number[side][d], gap[d]));
        }
        return new ParResult(sign * bestPlus, out);
      }
      int d = sacrificed;
      int candidateDown = cheapestSacrifice(side, number[side][d], d);
      if (candidateDown == bestDown) {
        sacrifices(side, number[side][d], d, bestDown, out);
      }
      return new ParResult(sign * penalty(bestDown, vulnerable[other]), out);
    }

    private int sideTricks(Strain s, int side) {
      return Math.max(table.tricks(s, Seat.of(side)), table.tricks(s, Seat.of(side + 2)));
    }

    /**
     * The fewest undertricks the other side's sacrifice costs over contract {@code no} in
     * strain {@code d}; each strain's figure kept in {@link #sacrifice}.
     */
    private int cheapestSacrifice(int side, int no, int d) {
      int other = 1 - side;
      int best = NONE;
      for (int e = 0; e < 5; e++) {
        int down;
        if (e == d) {
          down = sameStrainDown(side, no, d);
        } else {
          down = (no - number[other][e] + 4) / 5;
        }
        if (number[other][e] + 5 * down > 35) {
          down = NONE;
        }
        sacrifice[d][e] = down;
        best = Math.min(best, down);
      }
      return best;
    }

    /**
     * A sacrifice in the contract's own strain: at the same level when the sacrificer bids
     * before any of the side's players who make it, else one level higher.
     */
    private int sameStrainDown(int side, int no, int d) {
      int down = NONE;
      for (Sacrificer x : sameStrainSacrificers(side, no, d)) {
        down = Math.min(down, x.down());
      }
      return down;
    }

    /** An opponent's sacrifice in the contract's strain: {@code higher} 1 a level up, else 0. */
    private record Sacrificer(Seat seat, int down, int higher) {}

    /**
     * The other side's two sacrifices in the strain of the side's contract {@code no}, in the
     * order they bid from the dealer: one level higher once one of the side's players who makes
     * the contract has bid before.
     */
    private List<Sacrificer> sameStrainSacrificers(int side, int no, int d) {
      int made = (no + 34) / 5;
      Strain s = Strain.of(d);
      int higher = 0;
      List<Sacrificer> out = new ArrayList<>(2);
      for (int p = 0; p < 4; p++) {
        Seat seat = dealer.next(p);
        int diff = made - table.tricks(s, seat);
        if ((seat.ordinal() & 1) == side) {
          if (diff == 0) {
            higher = 1;
          }
        } else {
          out.add(new Sacrificer(seat, diff + higher, higher));
        }
      }
      return out;
    }

    /** The other side's sacrifices, {@code down} down, over the side's contract {@code no}. */
    private void sacrifices(int side, int no, int d, int down, List<ParContract> out) {
      int other = 1 - side;
      for (int e = 0; e < 5; e++) {
        if (sacrifice[d][e] != down) {
          continue;
        }
        if (e != d) {
          out.add(doubled(other, number[other][e] + 5 * down, down, null));
          continue;
        }
        List<Seat> seats = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        for (Sacrificer x : sameStrainSacrificers(side, no, d)) {
          if (x.down() == down) {
            seats.add(x.seat());
            numbers.add(no + 5 * x.higher());
          }
        }
        if (seats.size() == 1) {
          out.add(doubled(other, numbers.get(0), down, seats.get(0)));
        } else if (numbers.get(0).equals(numbers.get(1))) {
          out.add(doubled(other, numbers.get(0), down, null));
        } else {
          int k = numbers.get(0) < numbers.get(1) ? 0 : 1;
          out.add(doubled(other, numbers.get(k), down, seats.get(k)));
        }
      }
    }

    /** A doubled sacrifice, by {@code seat} or else by whoever of the side takes the most. */
    private ParContract doubled(int side, int no, int down, Seat seat) {
      Strain s = Strain.of((no - 1) % 5);
      int level = (no - 1) / 5 + 1;
      List<Seat> by = seat != null ? List.of(seat) : declarers(table, s, side == 0 ? Side.NS : Side.EW);
      return new ParContract(level, s, true, by, level + 6 - down);
    }

    /**
     * A making par contract {@code no}, brought down as far as the sacrifice's margin {@code gap}
     * allows without losing its bonus (DDS: a 2S+2 rather than 4S= when 4S= pays no bonus).
     */
    private ParContract made(int side, int no, int gap) {
      int bid = no;
      if (gap < -1) {
        int floor = floor(no);
        bid = Math.max(no + 5 * (gap + 1), floor);
      }
      Strain s = Strain.of((no - 1) % 5);
      int tricks = (no - 1) / 5 + 7;
      return new ParContract((bid - 1) / 5 + 1, s, false,
          declarers(table, s, side == 0 ? Side.NS : Side.EW), tricks);
    }
  }

  /** The lowest contract in the strain of {@code no} that earns the same bonus. */
  private static int floor(int no) {
    int level = (no - 1) / 5 + 1;
    int d = (no - 1) % 5;
    int game = d == 4 ? 3 : d >= 2 ? 4 : 5;
    int bottom = level >= 6 ? level : level >= game ? game : 1;
    return 5 * (bottom - 1) + d + 1;
  }

  /** The score for making contract {@code no} exactly. */
  private static int madeScore(int no, boolean vulnerable) {
    int d = (no - 1) % 5;
    return made(d == 4 ? 0 : 4 - d, (no - 1) / 5 + 7, vulnerable);
  }

  /** The most undertricks doubled that cost less than contract {@code no} scores. */
  private static int worthwhileDown(int no, boolean declarerVulnerable, boolean otherVulnerable) {
    int score = madeScore(no, declarerVulnerable);
    int down = 0;
    while (penalty(down + 1, otherVulnerable) < score) {
      down++;
    }
    return down;
  }

  /** The seats of {@code side} that take the most tricks in {@code strain}, in seat order. */
  private static List<Seat> declarers(DdTable table, Strain strain, Side side) {
    Seat a = side == Side.NS ? Seat.NORTH : Seat.EAST;
    Seat b = a.partner();
    int ta = table.tricks(strain, a);
    int tb = table.tricks(strain, b);
    return ta == tb ? List.of(a, b) : ta > tb ? List.of(a) : List.of(b);
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

  /**
   * Minus what {@code under} undertricks doubled cost, continued below one down as DDS continues
   * it (a "sacrifice" that makes ranks above any that goes down).
   */
  private static int down(int under, boolean vulnerable) {
    if (vulnerable) {
      return -300 * under + 100;
    }
    return under <= 3 ? -200 * under + 100 : -300 * under + 400;
  }

  /** What a doubled contract {@code under} tricks down costs (0 for none). */
  static int penalty(int under, boolean vulnerable) {
    if (under <= 0) {
      return 0;
    }
    return -down(under, vulnerable);
  }
}
