package org.tenace.solver;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tenace.scoring.auction.Strain;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Deal;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.card.Side;

/**
 * A double-dummy solver: the tricks each side takes from a position when all four hands are seen
 * and everybody plays best; and, for claims, the fewest tricks a side wins when every hand, its
 * own included, plays against it. Alpha-beta over null windows, a transposition table keyed on
 * the relative ranks of the remaining cards at each trick start, equivalent cards tried once, and
 * a quick-trick bound (a sure-trick bound for claims). Every call runs within a node budget and
 * throws {@link BudgetExceeded} past it, so a caller's time is bounded. An instance is not
 * thread-safe: one per thread.
 */
public final class DoubleDummy {

  /** The search needed more nodes than its budget allowed. */
  public static final class BudgetExceeded extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BudgetExceeded() {
      super("double-dummy node budget exceeded", null, false, false);
    }
  }

  private static final BudgetExceeded EXCEEDED = new BudgetExceeded();
  private static final int MAX_DEPTH = 53;
  private static final int[] TABLE_LEADERS = {1, 3, 0, 2};

  // Who plays for North-South's tricks, as a set of seats: each side for its own (best play), or
  // every hand alike (for or against them: the claim question). Part of the table's key.
  private static final int BEST_PLAY = 0b0101;
  private static final int ALL_FOR_NS = 0b1111;
  private static final int ALL_AGAINST_NS = 0;

  private final long[] hands = new long[4];
  private final int[] trick = new int[4];
  private final int[][] moves = new int[MAX_DEPTH][13];
  private final long[] ttKey1;
  private final long[] ttKey2;
  private final byte[] ttLower;
  private final byte[] ttUpper;
  private final byte[] ttMove;
  private final long[] history = new long[52];
  private final int[] leadScore = new int[13];
  private int lastBest;
  private final int ttMask;
  private int trump;
  private int forNorthSouth;
  private long goalKey;
  private int leader;
  private int played;
  private int depth;
  private long nodes;
  private long budget;

  /** A solver with a transposition table of {@code 2^tableBits} entries (about 18 bytes each). */
  public DoubleDummy(int tableBits) {
    if (tableBits < 8 || tableBits > 24) {
      throw new IllegalArgumentException("table bits 8..24: " + tableBits);
    }
    int size = 1 << tableBits;
    ttKey1 = new long[size];
    ttKey2 = new long[size];
    ttLower = new byte[size];
    ttUpper = new byte[size];
    ttMove = new byte[size];
    ttMask = size - 1;
    java.util.Arrays.fill(ttKey1, -1L);
  }

  /** Nodes visited by the last call. */
  public long nodes() {
    return nodes;
  }

  /** Tricks North-South take from the position, the trick in progress included. */
  public int tricksForNorthSouth(Position p, long nodeBudget) {
    load(p, nodeBudget, BEST_PLAY);
    return exact(0);
  }

  /**
   * The fewest tricks {@code side} wins from the position, the trick in progress included, when
   * all four hands play to give it as few as they can: the tricks it cannot lose under any legal
   * play (what a claim may not concede, Laws 69 to 71).
   */
  public int leastTricks(Position p, Side side, long nodeBudget) {
    boolean ns = side == Side.NS;
    load(p, nodeBudget, ns ? ALL_AGAINST_NS : ALL_FOR_NS);
    int nsTricks = exact(0);
    return ns ? nsTricks : tricksLeft() - nsTricks;
  }

  /**
   * For each card the seat to play may legally play, the tricks North-South take after it, with
   * best play from then on.
   */
  public Map<Card, Integer> values(Position p, List<Card> candidates, long nodeBudget) {
    load(p, nodeBudget, BEST_PLAY);
    Map<Card, Integer> out = new LinkedHashMap<>();
    int player = (leader + played) & 3;
    for (Card c : candidates) {
      int card = c.index();
      if ((hands[player] & (1L << card)) == 0) {
        throw new IllegalArgumentException(c + " is not in " + Seat.of(player) + "'s hand");
      }
      out.put(c, valueAfter(player, card));
    }
    return out;
  }

  /**
   * The double-dummy table of a full deal: the 20 strain and declarer results, within {@code
   * nodeBudget} nodes in all. The table of positions carries over from one strain and leader to
   * the next (its keys hold both), and each search starts from the result just found (declarers
   * of one side, and often both sides, take the same tricks), so that a right guess costs two
   * null-window searches.
   */
  public DdTable table(Deal deal, long nodeBudget) {
    int[] out = new int[20];
    nodes = 0;
    budget = nodeBudget;
    for (Strain strain : Strain.values()) {
      int guess = -1;
      for (int lead : TABLE_LEADERS) {
        for (int s = 0; s < 4; s++) {
          hands[s] = deal.hand(Seat.of(s)).bits();
        }
        trump = strain == Strain.NO_TRUMP ? -1 : strain.ordinal();
        forNorthSouth = BEST_PLAY;
        goalKey = 0;
        leader = lead;
        played = 0;
        depth = 0;
        int ns = guess < 0 ? exact(0) : around(guess);
        guess = ns;
        int declarer = (lead + 3) & 3;
        out[strain.ordinal() * 4 + declarer] = (declarer & 1) == 0 ? ns : 13 - ns;
      }
    }
    return DdTable.of(out);
  }

  /** The exact value by null-window searches from a guess (MTD(f)). */
  private int around(int guess) {
    int lo = 0;
    int hi = tricksLeft();
    int g = Math.max(lo, Math.min(hi, guess));
    while (lo < hi) {
      int beta = Math.max(lo + 1, Math.min(hi, g));
      int v = search(beta - 1, beta);
      if (v >= beta) {
        lo = v;
      } else {
        hi = v;
      }
      g = v >= beta ? v + 1 : v;
    }
    return lo;
  }

  private void load(Position p, long nodeBudget, int playsForNorthSouth) {
    for (Seat s : Seat.values()) {
      hands[s.ordinal()] = p.hands().get(s).bits();
    }
    trump = p.trump() == null ? -1 : p.trump().ordinal();
    forNorthSouth = playsForNorthSouth;
    goalKey = playsForNorthSouth == BEST_PLAY ? 0 : playsForNorthSouth == ALL_FOR_NS ? 1 : 2;
    leader = p.leader().ordinal();
    played = p.trick().size();
    for (int i = 0; i < played; i++) {
      trick[i] = p.trick().get(i).index();
    }
    depth = 0;
    nodes = 0;
    budget = nodeBudget;
  }

  private int valueAfter(int player, int card) {
    hands[player] &= ~(1L << card);
    trick[played++] = card;
    int value;
    if (played == 4) {
      int w = winner();
      int won = (w & 1) == 0 ? 1 : 0;
      int savedLeader = leader;
      int t0 = trick[0];
      int t1 = trick[1];
      int t2 = trick[2];
      leader = w;
      played = 0;
      value = won + exact(0);
      played = 4;
      leader = savedLeader;
      trick[0] = t0;
      trick[1] = t1;
      trick[2] = t2;
    } else {
      value = exact(0);
    }
    played--;
    hands[player] |= 1L << card;
    return value;
  }

  /** The exact value by a sequence of null-window searches. */
  private int exact(int floor) {
    int lo = floor;
    int hi = tricksLeft();
    while (lo < hi) {
      int mid = (lo + hi + 1) / 2;
      int v = search(mid - 1, mid);
      if (v >= mid) {
        lo = v;
      } else {
        hi = v;
      }
    }
    return lo;
  }

  private int tricksLeft() {
    int cards = played;
    for (long h : hands) {
      cards += Long.bitCount(h);
    }
    return cards / 4;
  }

  /** North-South tricks from the current state, fail-soft within (alpha, beta). */
  private int search(int alpha, int beta) {
    if (played == 0) {
      int left = Long.bitCount(hands[leader]);
      if (left == 0) {
        return 0;
      }
      if (left == 1) {
        return lastTrick();
      }
      long k1 = key1();
      long k2 = key2();
      int slot = slot(k1, k2);
      if (!(ttKey1[slot] == k1 && ttKey2[slot] == k2)) {
        slot ^= 1; // two entries per bucket
      }
      int lower = 0;
      int upper = left;
      int first = -1;
      if (ttKey1[slot] == k1 && ttKey2[slot] == k2) {
        lower = ttLower[slot];
        upper = ttUpper[slot];
        first = absolute(ttMove[slot]);
        if (lower >= beta) {
          return lower;
        }
        if (upper <= alpha) {
          return upper;
        }
      } else {
        // A new entry replaces the bucket's entry with fewer tricks left (cheaper to recompute).
        int other = slot ^ 1;
        slot = tricksIn(ttKey1[slot], ttKey2[slot]) <= tricksIn(ttKey1[other], ttKey2[other]) ? slot : other;
      }
      // When every hand plays alike, no side cashes its tricks: only those no play can lose bound.
      if (forNorthSouth != BEST_PLAY) {
        lower = Math.max(lower, sureTricks(0));
        upper = Math.min(upper, left - sureTricks(1));
        if (lower >= beta) {
          return lower;
        }
        if (upper <= alpha) {
          return upper;
        }
      }
      // The leader's quick tricks bound its side's only when that side plays for its own tricks.
      boolean northSouthLead = (leader & 1) == 0;
      if (northSouthLead == playsForNorthSouth(leader)) {
        int quick = quickTricks(leader);
        if (northSouthLead) {
          if (quick >= beta) {
            return quick;
          }
          lower = Math.max(lower, quick);
        } else {
          if (left - quick <= alpha) {
            return left - quick;
          }
          upper = Math.min(upper, left - quick);
        }
      }
      int v = expand(alpha, beta, first);
      if (v <= alpha) {
        upper = Math.min(upper, v);
      } else if (v >= beta) {
        lower = Math.max(lower, v);
      } else {
        lower = v;
        upper = v;
      }
      ttKey1[slot] = k1;
      ttKey2[slot] = k2;
      ttLower[slot] = (byte) Math.max(0, Math.min(lower, upper));
      ttUpper[slot] = (byte) upper;
      ttMove[slot] = relative(lastBest);
      return v;
    }
    return expand(alpha, beta, -1);
  }

  private int expand(int alpha, int beta, int first) {
    int player = (leader + played) & 3;
    boolean max = playsForNorthSouth(player);
    int[] list = moves[depth];
    int n = generate(player, list);
    order(list, n, first);
    int best = max ? -1 : 99;
    int bestCard = list[0];
    for (int i = 0; i < n; i++) {
      if (++nodes > budget) {
        throw EXCEEDED;
      }
      int card = list[i];
      hands[player] &= ~(1L << card);
      trick[played++] = card;
      depth++;
      int v;
      if (played == 4) {
        int w = winner();
        int won = (w & 1) == 0 ? 1 : 0;
        int savedLeader = leader;
        int t0 = trick[0];
        int t1 = trick[1];
        int t2 = trick[2];
        leader = w;
        played = 0;
        v = won + search(alpha - won, beta - won);
        played = 4;
        leader = savedLeader;
        trick[0] = t0;
        trick[1] = t1;
        trick[2] = t2;
      } else {
        v = search(alpha, beta);
      }
      depth--;
      played--;
      hands[player] |= 1L << card;
      if (max ? v > best : v < best) {
        best = v;
        bestCard = card;
      }
      if (max && best > alpha) {
        alpha = best;
      } else if (!max && best < beta) {
        beta = best;
      }
      if (alpha >= beta) {
        history[card] += 1L << Math.min(20, Long.bitCount(hands[player]));
        break;
      }
    }
    lastBest = bestCard;
    return best;
  }

  /**
   * Move ordering: the card the table remembers first, then the generator's first choice, then
   * the rest by how often each card caused a cutoff (history heuristic).
   */
  private void order(int[] list, int n, int first) {
    int start = 0;
    if (first >= 0) {
      for (int i = 0; i < n; i++) {
        if (list[i] == first) {
          System.arraycopy(list, 0, list, 1, i);
          list[0] = first;
          start = 1;
          break;
        }
      }
    }
    if (start == 0) {
      start = 1;
    }
    for (int i = start + 1; i < n; i++) {
      int c = list[i];
      long h = history[c];
      int j = i;
      while (j > start && history[list[j - 1]] < h) {
        list[j] = list[j - 1];
        j--;
      }
      list[j] = c;
    }
  }

  /** A card as (suit, place from the top among the suit's remaining cards), for the table. */
  private byte relative(int card) {
    if (card < 0) {
      return -1;
    }
    int s = card / 13;
    long around = (hands[0] | hands[1] | hands[2] | hands[3] | (1L << card)) & (SUIT << (s * 13));
    int above = Long.bitCount(around & ~((2L << card) - 1));
    return (byte) (s * 16 + above);
  }

  /** The card a stored relative move stands for in the current position, or -1. */
  private int absolute(byte rel) {
    if (rel < 0) {
      return -1;
    }
    int s = rel / 16;
    int above = rel % 16;
    long around = (hands[0] | hands[1] | hands[2] | hands[3]) & (SUIT << (s * 13));
    for (int r = 12; r >= 0; r--) {
      long bit = 1L << (s * 13 + r);
      if ((around & bit) != 0) {
        if (above == 0) {
          return s * 13 + r;
        }
        above--;
      }
    }
    return -1;
  }

  /**
   * Tricks {@code side} (0 North-South, 1 East-West) wins whatever anyone plays: each of its
   * trumps above all the opponents' wins the trick it falls in, and one hand's cards fall in
   * different tricks.
   */
  private int sureTricks(int side) {
    if (trump < 0) {
      return 0;
    }
    long trumps = SUIT << (trump * 13);
    long theirs = (hands[side + 1] | hands[(side + 3) & 3]) & trumps;
    long above = theirs == 0 ? trumps : trumps & ~((Long.highestOneBit(theirs) << 1) - 1);
    return Math.max(Long.bitCount(hands[side] & above), Long.bitCount(hands[side + 2] & above));
  }

  private boolean playsForNorthSouth(int seat) {
    return (forNorthSouth & (1 << seat)) != 0;
  }

  /** The last trick, all cards forced: 1 if North-South win it. */
  private int lastTrick() {
    nodes++;
    int best = 63 - Long.numberOfLeadingZeros(hands[leader]);
    int bestSeat = leader;
    for (int i = 1; i < 4; i++) {
      int p = (leader + i) & 3;
      int c = 63 - Long.numberOfLeadingZeros(hands[p]);
      if (beats(c, best)) {
        best = c;
        bestSeat = p;
      }
    }
    return (bestSeat & 1) == 0 ? 1 : 0;
  }

  /** The seat that wins the complete trick in {@code trick}. */
  private int winner() {
    int best = 0;
    for (int i = 1; i < 4; i++) {
      if (beats(trick[i], trick[best])) {
        best = i;
      }
    }
    return (leader + best) & 3;
  }

  private boolean beats(int c, int holder) {
    int cs = c / 13;
    int hs = holder / 13;
    if (cs == hs) {
      return c > holder;
    }
    return cs == trump;
  }

  private static final long SUIT = (1L << 13) - 1;

  /**
   * The moves of {@code player}, one per group of equivalent cards, best-looking first: winners,
   * then low cards.
   */
  private int generate(int player, int[] out) {
    long hand = hands[player];
    long legal = hand;
    int ledSuit = -1;
    if (played > 0) {
      ledSuit = trick[0] / 13;
      long follow = hand & (SUIT << (ledSuit * 13));
      if (follow != 0) {
        legal = follow;
      }
    }
    long around = hands[0] | hands[1] | hands[2] | hands[3];
    for (int i = 0; i < played; i++) {
      around |= 1L << trick[i];
    }
    // Representatives: the lowest card of each run of this player's cards adjacent in `around`.
    long reps = 0;
    for (int s = 0; s < 4; s++) {
      long mine = legal & (SUIT << (s * 13));
      if (mine == 0) {
        continue;
      }
      boolean inRun = false;
      int runLow = -1;
      for (int r = 12; r >= 0; r--) {
        int c = s * 13 + r;
        long bit = 1L << c;
        if ((around & bit) == 0) {
          continue;
        }
        if ((mine & bit) != 0) {
          runLow = c;
          inRun = true;
        } else if (inRun) {
          reps |= 1L << runLow;
          inRun = false;
        }
      }
      if (inRun) {
        reps |= 1L << runLow;
      }
    }
    int n = 0;
    if (played == 0) {
      return orderLeads(player, reps, around, out);
    }
    // Following. Second hand: low first. Third hand: low if partner's card already beats the
    // fourth hand, else the cheapest card that does. Fourth hand: the cheapest winner, else low.
    int winIdx = 0;
    for (int i = 1; i < played; i++) {
      if (beats(trick[i], trick[winIdx])) {
        winIdx = i;
      }
    }
    int winSeat = (leader + winIdx) & 3;
    boolean partnerWinning = ((winSeat ^ player) & 1) == 0;
    int first = -1;
    if (played == 3 && !partnerWinning || played == 2) {
      int fourth = (player + 1) & 3;
      int toBeat = played == 2 ? bestReply(fourth, trick[winIdx]) : trick[winIdx];
      boolean needed = !(played == 2 && partnerWinning && toBeat == trick[winIdx]);
      if (needed) {
        for (long b = reps; b != 0; b &= b - 1) {
          int c = Long.numberOfTrailingZeros(b);
          if (beats(c, trick[winIdx]) && beats(c, toBeat) && (first < 0 || cheaper(c, first))) {
            first = c;
          }
        }
      }
      if (first >= 0) {
        out[n++] = first;
      }
    }
    // The rest, lowest first (non-trumps before trumps when discarding).
    for (int pass = 0; pass < 2; pass++) {
      for (int s = 0; s < 4; s++) {
        boolean trumpSuit = s == trump && s != ledSuit;
        if ((pass == 0) == trumpSuit) {
          continue;
        }
        for (long b = reps & (SUIT << (s * 13)); b != 0; b &= b - 1) {
          int c = Long.numberOfTrailingZeros(b);
          if (c != first) {
            out[n++] = c;
          }
        }
      }
    }
    return n;
  }

  /** The best card {@code seat} can play over {@code winning}, or {@code winning} if none beats it. */
  private int bestReply(int seat, int winning) {
    long hand = hands[seat];
    int led = trick[0] / 13;
    long follow = hand & (SUIT << (led * 13));
    long pool = follow != 0 ? follow : hand;
    int best = winning;
    for (long b = pool; b != 0; b &= b - 1) {
      int c = Long.numberOfTrailingZeros(b);
      if (beats(c, best)) {
        best = c;
      }
    }
    return best;
  }

  /**
   * Leads, most promising first: cashing a top card (unless an opponent ruffs), giving partner a
   * ruff or reaching partner's top card, then low cards, then the rest.
   */
  private int orderLeads(int player, long reps, long around, int[] out) {
    int partner = (player + 2) & 3;
    int lho = (player + 1) & 3;
    int rho = (player + 3) & 3;
    long trumps = trump >= 0 ? SUIT << (trump * 13) : 0;
    int n = 0;
    int[] score = leadScore;
    for (long b = reps; b != 0; b &= b - 1) {
      int c = Long.numberOfTrailingZeros(b);
      int s = c / 13;
      long suit = SUIT << (s * 13);
      long higher = around & suit & ~((2L << c) - 1);
      boolean top = (higher & ~hands[player]) == 0;
      boolean oppRuff = trump >= 0 && s != trump
          && (((hands[lho] & suit) == 0 && (hands[lho] & trumps) != 0)
              || ((hands[rho] & suit) == 0 && (hands[rho] & trumps) != 0));
      boolean partnerRuff = trump >= 0 && s != trump && (hands[partner] & suit) == 0
          && (hands[partner] & trumps) != 0;
      long others = around & suit & ~hands[player];
      boolean partnerTop = others != 0 && (Long.highestOneBit(others) & hands[partner]) != 0;
      boolean lowest = (hands[player] & suit & ((1L << c) - 1)) == 0;
      int v = 0;
      if (top && !oppRuff) {
        v += 60 + (s == trump ? 5 : 0);
      }
      if (partnerRuff && !oppRuff) {
        v += 50;
      }
      if (partnerTop && lowest && !oppRuff) {
        v += 40;
      }
      if (lowest) {
        v += 10;
      }
      if (oppRuff) {
        v -= 30;
      }
      int i = n++;
      while (i > 0 && score[i - 1] < v) {
        out[i] = out[i - 1];
        score[i] = score[i - 1];
        i--;
      }
      out[i] = c;
      score[i] = v;
    }
    return n;
  }

  /** Among two winning cards, the one that costs less: a non-trump, else the lower. */
  private boolean cheaper(int a, int b) {
    boolean at = a / 13 == trump;
    boolean bt = b / 13 == trump;
    if (at != bt) {
      return !at;
    }
    return a % 13 < b % 13;
  }

  /**
   * A lower bound on the tricks the leader's side takes: the leader's own top cards cashed in a
   * row, or a low card led to partner's top card and then partner's top cards.
   */
  private int quickTricks(int who) {
    int own = topTricks(who, who);
    // Or: lead a low card to partner's top card in some suit, then partner cashes its own.
    int partner = (who + 2) & 3;
    int cross = 0;
    long around = hands[0] | hands[1] | hands[2] | hands[3];
    for (int s = 0; s < 4; s++) {
      long suit = around & (SUIT << (s * 13));
      if ((hands[who] & suit) == 0 || (hands[partner] & Long.highestOneBit(suit)) == 0) {
        continue;
      }
      if (trump >= 0 && s != trump) {
        long opps = hands[(who + 1) & 3] | hands[(who + 3) & 3];
        boolean oppTrumps = (opps & (SUIT << (trump * 13))) != 0;
        if (oppTrumps && ((hands[(who + 1) & 3] & suit) == 0 || (hands[(who + 3) & 3] & suit) == 0)) {
          continue; // the crossing trick could be ruffed
        }
      }
      cross = Math.max(cross, topTricks(partner, who));
      break;
    }
    return Math.min(Math.max(own, cross), Long.bitCount(hands[who]));
  }

  /**
   * Tricks {@code who} can cash from the top in a row once on lead: in each suit its cards that
   * are the highest remaining, limited (in a side suit when the opponents hold trumps) by how long
   * both opponents can follow. {@code leader}'s hand must not hold a card in between (it does not,
   * when it is {@code who} or when its cards in the suit are below).
   */
  private int topTricks(int who, int leader) {
    long around = hands[0] | hands[1] | hands[2] | hands[3];
    long mine = hands[who];
    long lho = hands[(who + 1) & 3];
    long rho = hands[(who + 3) & 3];
    boolean oppTrumps = trump >= 0 && ((lho | rho) & (SUIT << (trump * 13))) != 0;
    int total = 0;
    for (int s = 0; s < 4; s++) {
      int top = 0;
      for (int r = 12; r >= 0; r--) {
        long bit = 1L << (s * 13 + r);
        if ((around & bit) == 0) {
          continue;
        }
        if ((mine & bit) == 0) {
          break;
        }
        top++;
      }
      if (top == 0) {
        continue;
      }
      if (oppTrumps && s != trump) {
        int cap = Math.min(Long.bitCount(lho & (SUIT << (s * 13))), Long.bitCount(rho & (SUIT << (s * 13))));
        top = Math.min(top, cap);
      } else if (trump >= 0 && s != trump) {
        // Opponents without trumps can only discard: every top card wins.
        top = Math.min(top, Long.bitCount(mine & (SUIT << (s * 13))));
      }
      total += top;
    }
    return total;
  }

  /**
   * Keys describe the position completely (owners by relative rank, leader, trump, who plays for
   * whom): entries stay valid across deals and questions.
   */
  private long key1() {
    return suitKey(0) | (suitKey(1) << 30) | ((long) (trump + 1) << 60);
  }

  private long key2() {
    return suitKey(2) | (suitKey(3) << 30) | ((long) leader << 60) | (goalKey << 62);
  }

  /** The owners of the suit's remaining cards from the top, two bits each, and their count. */
  private long suitKey(int s) {
    long key = 0;
    int n = 0;
    for (int r = 12; r >= 0; r--) {
      long bit = 1L << (s * 13 + r);
      for (int p = 0; p < 4; p++) {
        if ((hands[p] & bit) != 0) {
          key |= (long) p << (4 + 2 * n);
          n++;
          break;
        }
      }
    }
    return key | n;
  }

  /** Tricks left in a stored position (from the card counts in its key); -1 for an empty entry. */
  private static int tricksIn(long k1, long k2) {
    if (k1 == -1L) {
      return -1;
    }
    int cards = (int) ((k1 & 15) + ((k1 >>> 30) & 15) + (k2 & 15) + ((k2 >>> 30) & 15));
    return cards / 4;
  }

  private int slot(long k1, long k2) {
    long h = k1 * 0x9E3779B97F4A7C15L ^ Long.rotateLeft(k2 * 0xC2B2AE3D27D4EB4FL, 31);
    return (int) (h ^ (h >>> 29)) & ttMask;
  }
}
