package org.tenace.solver;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.TrickWinner;

/**
 * A double-dummy solver: the tricks each side takes from a position when all four hands are seen
 * and everybody plays best; and, for claims, the fewest tricks a side wins when every hand, its
 * own included, plays against it. Alpha-beta over null windows on bit-board hands, with partition
 * search as DDS does it: each result carries the cards whose ranks decided it, and the table,
 * keyed on the suit lengths of each hand at a trick start, stores bounds for every position whose
 * cards from the top of each suit down to the lowest deciding card are held by the same hands.
 * Equivalent cards are tried once, and so is a card below every deciding card of one of its suit
 * already tried. The side on lead's quick tricks (its top cards, partner's reached by a low card,
 * and the suits either hand then runs by length), the top trumps each side holds, second hand's
 * sure tricks, and DDS's later-trick rules (a ruff by partner; the opponents' top cards at
 * notrump or their trump trick by position) bound the search; moves are ordered by the weights DDS
 * gives each card for the hand's place in the trick, trumps or notrump, who is winning the trick
 * so far, ruffs and discards. Every call runs within a node budget or a time limit and throws
 * {@link BudgetExceeded} past it, so a caller's time is bounded. An instance is not
 * thread-safe: one per thread ({@link #tables} runs a batch on several).
 */
public final class DoubleDummy {

  /** The search needed more nodes than its budget allowed. */
  public static final class BudgetExceeded extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BudgetExceeded() {
      super("double-dummy node budget or time limit exceeded", null, false, false);
    }
  }

  private static final BudgetExceeded EXCEEDED = new BudgetExceeded();
  private static final int MAX_DEPTH = 53;
  private static final int[] TABLE_LEADERS = {0, 2, 1, 3};

  // Who plays for North-South's tricks, as a set of seats: each side for its own (best play), or
  // every hand alike (for or against them: the claim question). Part of the table's key.
  private static final int BEST_PLAY = 0b0101;
  private static final int ALL_FOR_NS = 0b1111;
  private static final int ALL_AGAINST_NS = 0;

  private final long[] hands = new long[4];
  private final int[] trick = new int[4];
  private final int[][] moves = new int[MAX_DEPTH][13];
  private final MoveOrder order = new MoveOrder(hands, trick, MAX_DEPTH);
  private final TranspositionTable table;
  private int lastBest;
  private long wr;
  private long wx; // the cards of the runs of equivalent cards tried for the result in wr
  private final int[] lowWin = new int[MAX_DEPTH * 4];
  private final QuickTricks quickTricks = new QuickTricks(hands, trick);
  private long sureMask;
  private int trump;
  private int forNorthSouth;
  private int goalKey;
  private int leader;
  private int played;
  private int depth;
  private long nodes;
  private long budget;
  private long deadline;
  private int clock; // nodes until the next look at the time

  /**
   * A solver with a transposition table of {@code 2^tableBits} entries (about 50 bytes each with
   * the index of their keys).
   */
  public DoubleDummy(int tableBits) {
    if (tableBits < 8 || tableBits > 24) {
      throw new IllegalArgumentException("table bits 8..24: " + tableBits);
    }
    table = new TranspositionTable(tableBits);
  }

  /**
   * Forgets what this instance learnt from earlier calls (the positions in its table, the
   * killer moves), so that the next call's work (its nodes, hence where a budget stops it) is
   * that of a new instance, whatever it solved before.
   */
  public void forget() {
    table.empty();
    order.forget();
  }

  /** Nodes visited by the last call. */
  public long nodes() {
    return nodes;
  }

  /** Tricks North-South take from the position, the trick in progress included. */
  public int tricksForNorthSouth(Position p, long nodeBudget) {
    load(p, nodeBudget, null, BEST_PLAY);
    return exact(0);
  }

  /** Tricks North-South take from the position, within {@code timeLimit}. */
  public int tricksForNorthSouth(Position p, Duration timeLimit) {
    load(p, Long.MAX_VALUE, timeLimit, BEST_PLAY);
    return exact(0);
  }

  /**
   * The fewest tricks {@code side} wins from the position, the trick in progress included, when
   * all four hands play to give it as few as they can: the tricks it cannot lose under any legal
   * play (what a claim may not concede, Laws 69 to 71).
   */
  public int leastTricks(Position p, Side side, long nodeBudget) {
    return leastTricks(p, side, nodeBudget, null);
  }

  /** {@link #leastTricks(Position, Side, long)} bounded by time alone, as claims are judged. */
  public int leastTricks(Position p, Side side, Duration timeLimit) {
    return leastTricks(p, side, Long.MAX_VALUE, timeLimit);
  }

  private int leastTricks(Position p, Side side, long nodeBudget, Duration timeLimit) {
    boolean ns = side == Side.NS;
    load(p, nodeBudget, timeLimit, ns ? ALL_AGAINST_NS : ALL_FOR_NS);
    int nsTricks = exact(0);
    return ns ? nsTricks : tricksLeft() - nsTricks;
  }

  /**
   * For each card the seat to play may legally play, the tricks North-South take after it, with
   * best play from then on.
   */
  public Map<Card, Integer> values(Position p, List<Card> candidates, long nodeBudget) {
    return values(p, candidates, nodeBudget, null);
  }

  /**
   * {@link #values(Position, List, long)} within a node budget and a time limit (null: none),
   * whichever ends first.
   */
  public Map<Card, Integer> values(Position p, List<Card> candidates, long nodeBudget,
      Duration timeLimit) {
    load(p, nodeBudget, timeLimit, BEST_PLAY);
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
   * nodeBudget} nodes in all. The table of positions starts empty and carries over from one
   * strain and leader to the next (its keys hold both), and each search starts from the result
   * just found (declarers of one side, and often both sides, take the same tricks), so that a
   * right guess costs two null-window searches.
   */
  public DdTable table(Deal deal, long nodeBudget) {
    return table(deal, nodeBudget, null);
  }

  /** {@link #table(Deal, long)} within {@code timeLimit} alone. */
  public DdTable table(Deal deal, Duration timeLimit) {
    return table(deal, Long.MAX_VALUE, timeLimit);
  }

  private DdTable table(Deal deal, long nodeBudget, Duration timeLimit) {
    int[] out = new int[20];
    table.empty(); // another deal's positions rarely come back, and would crowd out this one's
    nodes = 0;
    budget = nodeBudget;
    long until = until(timeLimit);
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
        deadline = until;
        int ns = guess < 0 ? exact(0) : around(guess);
        guess = ns;
        int declarer = (lead + 3) & 3;
        out[strain.ordinal() * 4 + declarer] = (declarer & 1) == 0 ? ns : 13 - ns;
      }
    }
    return DdTable.of(out);
  }

  // Views of the pieces for tests: a position loaded as a search would see it.

  /** The table's key of a position at the start of a trick: suit lengths, then owners by rank. */
  long[] keyOf(Position p) {
    load(p, Long.MAX_VALUE, null, BEST_PLAY);
    return new long[] {lengthKey(), relSuit(0) | (relSuit(1) << 26), relSuit(2) | (relSuit(3) << 26)};
  }

  /**
   * The leader's quick tricks, then the sure trump tricks of North-South and of East-West: with
   * best play, or (a side given) when every hand plays against that side, as claims are judged.
   */
  int[] boundsOf(Position p, Side against) {
    load(p, Long.MAX_VALUE, null,
        against == null ? BEST_PLAY : against == Side.NS ? ALL_AGAINST_NS : ALL_FOR_NS);
    int quick = quickTricks.tricks(leader, QuickTricks.topSequences(
        hands[leader] | hands[(leader + 2) & 3], hands[(leader + 1) & 3] | hands[(leader + 3) & 3]),
        trump);
    return trump < 0 ? new int[] {quick, 0, 0} : new int[] {quick, sureTricks(0), sureTricks(1)};
  }

  /** The cards the search tries for the seat to play: one of each run of equivalent cards. */
  List<Card> movesOf(Position p) {
    load(p, Long.MAX_VALUE, null, BEST_PLAY);
    int player = (leader + played) & 3;
    int n = order.generate(player, moves[0], leader, played, trump, depth, -1);
    List<Card> out = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(Card.of(moves[0][i]));
    }
    return out;
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

  /**
   * The tables of many deals on {@code threads} threads (a solver each), in the order given; each
   * deal within {@code perDeal}. A deal over its time fails the batch with {@link BudgetExceeded}.
   */
  public static List<DdTable> tables(List<Deal> deals, int threads, Duration perDeal) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads: " + threads);
    }
    DdTable[] out = new DdTable[deals.size()];
    java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicReference<RuntimeException> failed =
        new java.util.concurrent.atomic.AtomicReference<>();
    Runnable work = () -> {
      DoubleDummy dd = new DoubleDummy(20);
      for (int i; failed.get() == null && (i = next.getAndIncrement()) < out.length; ) {
        try {
          out[i] = dd.table(deals.get(i), perDeal);
        } catch (RuntimeException e) {
          failed.compareAndSet(null, e);
        }
      }
    };
    List<Thread> pool = new java.util.ArrayList<>();
    for (int t = 1; t < Math.min(threads, Math.max(1, out.length)); t++) {
      Thread th = new Thread(work, "double-dummy-" + t);
      th.setDaemon(true);
      th.start();
      pool.add(th);
    }
    work.run();
    for (Thread th : pool) {
      try {
        th.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while solving", e);
      }
    }
    if (failed.get() != null) {
      throw failed.get();
    }
    return List.of(out);
  }

  private boolean overTime() {
    clock = 1024;
    return System.nanoTime() > deadline;
  }

  private static long until(Duration timeLimit) {
    if (timeLimit == null) {
      return Long.MAX_VALUE;
    }
    long now = System.nanoTime();
    long n = timeLimit.toNanos();
    return n >= Long.MAX_VALUE - now ? Long.MAX_VALUE : now + n;
  }

  private void load(Position p, long nodeBudget, Duration timeLimit, int playsForNorthSouth) {
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
    deadline = until(timeLimit);
  }

  private int valueAfter(int player, int card) {
    hands[player] &= ~(1L << card);
    trick[played++] = card;
    int value;
    if (played == 4) {
      int w = winner();
      int won = (w & 1) == 0 ? 1 : 0;
      int full = nextTrick(w);
      value = won + exact(0);
      backToTrick(full);
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

  /**
   * North-South tricks from the current state, fail-soft within (alpha, beta). Leaves in {@link
   * #wr} the cards whose ranks decided the result (partition search): any position where the
   * hands hold as many cards of each suit and those cards, by relative rank, in the same hands
   * has a result on the same side of the window.
   */
  private int search(int alpha, int beta) {
    return played == 0 ? trickStart(alpha, beta) : expand(alpha, beta, -1);
  }

  private int trickStart(int alpha, int beta) {
    wx = 0;
    int left = Long.bitCount(hands[leader]);
    if (left <= 1) {
      if (left == 0) {
        wr = 0;
        return 0;
      }
      return lastTrick();
    }
    // The window may already be decided by the tricks left (it moves by each trick won).
    if (alpha >= left || beta <= 0) {
      wr = 0;
      return alpha >= left ? left : 0;
    }
    // The leader's quick tricks bound its side's only when that side plays for its own tricks.
    boolean northSouthLead = (leader & 1) == 0;
    if (northSouthLead == playsForNorthSouth(leader)) {
      // Each quick trick is a card of the side's top sequences or, for length, one of the
      // leader's in a suit where it holds such a card: too few of them, no need to count.
      long seqs = QuickTricks.topSequences(hands[leader] | hands[(leader + 2) & 3],
          hands[(leader + 1) & 3] | hands[(leader + 3) & 3]);
      int quick = Long.bitCount(quickTricks.reach(leader, seqs))
          < (northSouthLead ? beta : left - alpha) ? 0 : quickTricks.tricks(leader, seqs, trump);
      if (northSouthLead ? quick >= beta : left - quick <= alpha) {
        wr = quickTricks.mask();
        return northSouthLead ? quick : left - quick;
      }
      // Needing one trick, or every trick, the side may have it or have lost it at once.
      int need = northSouthLead ? beta : left - alpha;
      if (forNorthSouth == BEST_PLAY) {
        if (need == 1 && quick == 0 && quickTricks.partnerRuffs(leader, trump)) {
          wr = quickTricks.mask();
          return northSouthLead ? 1 : left - 1;
        }
        if (need == left && (quickTricks.opponentsWinTrick(leader, trump)
            || quickTricks.opponentsTrumpTrick(leader, trump))) {
          wr = quickTricks.mask();
          return northSouthLead ? left - 1 : 1;
        }
      }
    }
    long len = lengthKey();
    int ctx = leader | ((trump + 1) << 2) | (goalKey << 5);
    long relA = relSuit(0) | (relSuit(1) << 26);
    long relB = relSuit(2) | (relSuit(3) << 26);
    TranspositionTable tt = table;
    int g = tt.group(len, ctx);
    int first = -1;
    for (int i = tt.begin(g), end = tt.end(g); i < end; i++) {
      if (!tt.matches(i, relA, relB)) {
        continue;
      }
      if (tt.lo(i) >= beta) {
        wr = absolute(tt.maskA(i), tt.maskB(i));
        return tt.lo(i);
      }
      if (tt.hi(i) <= alpha) {
        wr = absolute(tt.maskA(i), tt.maskB(i));
        return tt.hi(i);
      }
      if (first < 0) {
        first = absolute(tt.move(i));
      }
    }
    // Trumps above all the other side's win the trick they fall in, whoever plays what.
    if (trump >= 0) {
      int lower = sureTricks(0);
      long lowerMask = sureMask;
      if (lower >= beta) {
        wr = lowerMask;
        return lower;
      }
      int upper = left - sureTricks(1);
      if (upper <= alpha) {
        wr = sureMask;
        return upper;
      }
    }
    long seen = tt.generation();
    int v = expand(alpha, beta, first);
    long w = extend(wr, wx);
    // The search below met only keys with fewer cards: the key's group is still where it was,
    // unless the table was emptied meanwhile.
    if (tt.generation() != seen) {
      g = -1;
    }
    wx = 0;
    store(g, len, ctx, relA, relB, w, v, alpha, beta, left, relative(lastBest));
    wr = w;
    return v;
  }

  private void store(int g, long len, int ctx, long relA, long relB, long w, int v, int alpha,
      int beta, int left, byte move) {
    long maskA = relMask(w, 0) | (relMask(w, 1) << 26);
    long maskB = relMask(w, 2) | (relMask(w, 3) << 26);
    long ownA = relA & maskA;
    long ownB = relB & maskB;
    int lo = v > alpha ? v : 0;
    int hi = v < beta ? v : left;
    table.store(g, len, ctx, maskA, ownA, maskB, ownB, lo, hi, move);
  }

  private int expand(int alpha, int beta, int first) {
    int player = (leader + played) & 3;
    boolean max = playsForNorthSouth(player);
    // Second hand's side may already have the tricks it needs (with best play only: its
    // count assumes both its hands play for it).
    if (played == 1 && forNorthSouth == BEST_PLAY) {
      int left = Long.bitCount(hands[player]);
      int need = max ? beta : left - alpha; // tricks second hand's side needs for a cutoff
      int sure = quickTricks.secondHand(player, need, trump);
      if (sure >= need) {
        wr = quickTricks.mask();
        wx = 0;
        return max ? sure : left - sure;
      }
    }
    int[] list = moves[depth];
    int n = order.generate(player, list, leader, played, trump, depth, first);
    int best = max ? -1 : 99;
    int bestCard = list[0];
    long union = 0;
    long unionRuns = 0;
    int[] low = lowWin;
    int at = depth * 4;
    low[at] = low[at + 1] = low[at + 2] = low[at + 3] = -1;
    for (int i = 0; i < n; i++) {
      int card = list[i];
      int suit = card / 13;
      if (card < low[at + suit]) {
        continue; // below every deciding card of a card of its suit already tried: the same
      }
      if (++nodes > budget || (--clock < 0 && overTime())) {
        throw EXCEEDED;
      }
      hands[player] &= ~(1L << card);
      trick[played++] = card;
      depth++;
      int v;
      if (played == 4) {
        int wi = winnerIndex();
        int w = (leader + wi) & 3;
        int won = (w & 1) == 0 ? 1 : 0;
        long byRank = byRank(wi);
        int full = nextTrick(w);
        v = won + search(alpha - won, beta - won);
        wr |= byRank;
        backToTrick(full);
      } else {
        v = search(alpha, beta);
      }
      depth--;
      played--;
      hands[player] |= 1L << card;
      // A card tried for its run of equivalent cards: the run holds only while no other hand's
      // card comes between, so its ranks decide (the lowest makes all above it relevant).
      if (max ? v > best : v < best) {
        best = v;
        bestCard = card;
      }
      if (max ? best >= beta : best <= alpha) {
        order.cutoff(depth, card);
        lastBest = bestCard;
        return best; // wr: the cards that decided this move
      }
      union |= wr;
      unionRuns |= wx;
      if (low[at + suit] < 0) {
        // The first card of its suit whose result no rank of the suit at or above it decided:
        // every lower card of the suit gives a position that matches on the deciding cards.
        long decided = union & (SUIT << (suit * 13));
        int lowest = decided == 0 ? suit * 13 + 13 : Long.numberOfTrailingZeros(decided);
        if (card < lowest) {
          low[at + suit] = lowest;
        }
      }
      if (max && best > alpha) {
        alpha = best;
      } else if (!max && best < beta) {
        beta = best;
      }
    }
    lastBest = bestCard;
    wr = union;
    wx = unionRuns | order.runs(depth);
    return best;
  }

  /**
   * The deciding cards {@code w} widened for the runs of equivalent cards {@code x} that were
   * searched as one: a run that the relevant part of its suit (from the top down to the lowest
   * deciding card) cuts in two would not be one run in a position that matches only above the
   * cut, so the cut moves down to the run's lowest card. Runs wholly below the cut are small
   * cards in every matching position; wholly above it, the same cards.
   */
  private long extend(long w, long x) {
    if (x == 0) {
      return w;
    }
    long all = hands[0] | hands[1] | hands[2] | hands[3];
    for (int s = 0; s < 4; s++) {
      long suit = SUIT << (s * 13);
      long xs = x & suit;
      long ws = w & suit;
      if (xs == 0 || ws == 0) {
        continue;
      }
      long line = Long.lowestOneBit(ws);
      // Only a run with cards on both sides of the line can move it.
      boolean straddles = (xs & (line - 1)) != 0 && (xs & -line) != 0;
      for (boolean moved = straddles; moved; ) {
        moved = false;
        for (int h = 0; h < 4; h++) {
          long hx = xs & hands[h];
          while (hx != 0) {
            long top = Long.highestOneBit(hx);
            long low = top;
            hx ^= top;
            long below = all & suit & (top - 1);
            while (below != 0 && (hx & Long.highestOneBit(below)) != 0) {
              low = Long.highestOneBit(below);
              hx ^= low;
              below = all & suit & (low - 1);
            }
            if (top >= line && low < line) {
              line = low;
              moved = true;
            }
          }
        }
      }
      w |= line;
    }
    return w;
  }

  /** The trick's winning card, if it won by rank (over another card of its suit), as a bit. */
  private long byRank(int wi) {
    int ws = trick[wi] / 13;
    for (int i = 0; i < 4; i++) {
      if (i != wi && trick[i] / 13 == ws) {
        return 1L << trick[wi];
      }
    }
    return 0;
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
   * Tricks {@code side} (0 North-South, 1 East-West) wins whatever anyone plays, from its trumps
   * above all the opponents' (its top trumps): each wins the trick it falls in unless partner's
   * falls in the same one, which only a trick where both must play a trump can force, and then
   * only when neither has a lower trump to play. A side whose hands do not both play for it is
   * sure only of one hand's. Leaves in {@link #sureMask} the top trumps counted.
   */
  private int sureTricks(int side) {
    long trumps = SUIT << (trump * 13);
    long theirs = (hands[side + 1] | hands[(side + 3) & 3]) & trumps;
    long above = theirs == 0 ? trumps : trumps & ~((Long.highestOneBit(theirs) << 1) - 1);
    long a = hands[side] & above;
    long b = hands[side + 2] & above;
    int ta = Long.bitCount(a);
    int tb = Long.bitCount(b);
    boolean together = side == 0
        ? playsForNorthSouth(0) && playsForNorthSouth(2)
        : !playsForNorthSouth(1) && !playsForNorthSouth(3);
    if (!together || ta == 0 || tb == 0) {
      long best = ta >= tb ? a : b;
      sureMask = best;
      return Long.bitCount(best);
    }
    int la = Long.bitCount(hands[side] & trumps);
    int lb = Long.bitCount(hands[side + 2] & trumps);
    int clashes = Math.max(0, Math.min(la, lb) - (la - ta) - (lb - tb));
    sureMask = a | b;
    return ta + tb - clashes;
  }

  private boolean playsForNorthSouth(int seat) {
    return (forNorthSouth & (1 << seat)) != 0;
  }

  /** The last trick, all cards forced: 1 if North-South win it; wr its winner if by rank. */
  private int lastTrick() {
    nodes++;
    int best = 63 - Long.numberOfLeadingZeros(hands[leader]);
    int bestSeat = leader;
    int suits = 1 << (best / 13);
    boolean twice = false;
    for (int i = 1; i < 4; i++) {
      int p = (leader + i) & 3;
      int c = 63 - Long.numberOfLeadingZeros(hands[p]);
      int bit = 1 << (c / 13);
      twice |= (suits & bit) != 0;
      suits |= bit;
      if (TrickWinner.beats(c, best, trump)) {
        best = c;
        bestSeat = p;
      }
    }
    wr = 0;
    if (twice) {
      for (int p = 0; p < 4; p++) {
        int c = 63 - Long.numberOfLeadingZeros(hands[p]);
        if (c != best && c / 13 == best / 13) {
          wr = 1L << best;
        }
      }
    }
    return (bestSeat & 1) == 0 ? 1 : 0;
  }

  /** The place in {@code trick} of the card that wins the complete trick. */
  /**
   * Turns the full trick over and has {@code w}, who won it, lead to the next; returns the full
   * trick (its leader and first three cards, packed) for {@link #backToTrick} once the search
   * below it is done. The fourth card is its caller's to take back.
   */
  private int nextTrick(int w) {
    int full = leader | trick[0] << 2 | trick[1] << 8 | trick[2] << 14;
    leader = w;
    played = 0;
    return full;
  }

  /** Puts back the full trick {@link #nextTrick} turned over. */
  private void backToTrick(int full) {
    played = 4;
    leader = full & 3;
    trick[0] = full >>> 2 & 63;
    trick[1] = full >>> 8 & 63;
    trick[2] = full >>> 14 & 63;
  }

  private int winnerIndex() {
    int best = 0;
    for (int i = 1; i < 4; i++) {
      if (TrickWinner.beats(trick[i], trick[best], trump)) {
        best = i;
      }
    }
    return best;
  }

  /** The seat that wins the complete trick in {@code trick}. */
  private int winner() {
    return (leader + winnerIndex()) & 3;
  }

  private static final long SUIT = (1L << 13) - 1;


  /** The length of each hand in each suit, four bits each: the part of the key matched exactly. */
  private long lengthKey() {
    long k = 0;
    for (int h = 0; h < 4; h++) {
      long hand = hands[h];
      for (int s = 0; s < 4; s++) {
        k |= (long) Long.bitCount(hand & (SUIT << (s * 13))) << (16 * h + 4 * s);
      }
    }
    return k;
  }

  /** The owners of the suit's remaining cards from the top, two bits each. */
  private long relSuit(int s) {
    int sh = s * 13;
    int h1 = (int) (hands[1] >>> sh) & 0x1FFF;
    int h2 = (int) (hands[2] >>> sh) & 0x1FFF;
    int h3 = (int) (hands[3] >>> sh) & 0x1FFF;
    int rem = ((int) (hands[0] >>> sh) & 0x1FFF) | h1 | h2 | h3;
    long odd = SPREAD_DOWN[compress(h1 | h3, rem)];
    long high = SPREAD_DOWN[compress(h2 | h3, rem)];
    return (odd | (high << 1)) >>> (2 * (13 - Integer.bitCount(rem)));
  }

  /** The bits of {@code x} at the places of {@code rem}'s cards, gathered from the lowest. */
  private static int compress(int x, int rem) {
    int lo = rem & 0x7F;
    int high = COMPRESS6[((rem >>> 7) << 6) | ((x & rem) >>> 7)];
    return COMPRESS7[(lo << 7) | (x & lo)] | high << Integer.bitCount(lo);
  }

  // COMPRESS7[rem << 7 | x]: the bits of x at the places of rem's (7 bits), gathered; COMPRESS6
  // the same for 6 bits. SPREAD_DOWN[c]: the 13 bits of c in reverse order, two places apart.
  private static final byte[] COMPRESS7 = new byte[1 << 14];
  private static final byte[] COMPRESS6 = new byte[1 << 12];
  private static final long[] SPREAD_DOWN = new long[1 << 13];
  // TOP_PLACES[rem]: the ranks of rem's cards from the top, four bits each.
  private static final long[] TOP_PLACES = new long[1 << 13];

  static {
    for (int rem = 0; rem < 1 << 7; rem++) {
      for (int x = 0; x < 1 << 7; x++) {
        int out = 0;
        int k = 0;
        for (int b = 0; b < 7; b++) {
          if ((rem & (1 << b)) != 0) {
            out |= ((x >>> b) & 1) << k++;
          }
        }
        COMPRESS7[(rem << 7) | x] = (byte) out;
        if (rem < 1 << 6 && x < 1 << 6) {
          COMPRESS6[(rem << 6) | x] = (byte) out;
        }
      }
    }
    for (int c = 0; c < 1 << 13; c++) {
      long spread = 0;
      long places = 0;
      int k = 0;
      for (int b = 0; b < 13; b++) {
        if ((c & (1 << b)) != 0) {
          spread |= 1L << (2 * (12 - b));
        }
        if ((c & (1 << (12 - b))) != 0) {
          places |= (long) (12 - b) << (4 * k++);
        }
      }
      SPREAD_DOWN[c] = spread;
      TOP_PLACES[c] = places;
    }
  }

  /**
   * The part of suit {@code s} that the cards of {@code w} make relevant, as a mask over relative
   * ranks (two bits each): every remaining card from the top down to the lowest card of {@code w}.
   * Below it, the cards are small cards whose order never decided a trick (had it, the winner
   * would be in {@code w}), so positions with the same owners above and the same lengths agree.
   */
  private long relMask(long w, int s) {
    int sh = s * 13;
    long rem = ((hands[0] | hands[1] | hands[2] | hands[3]) >>> sh) & SUIT;
    long mine = (w >>> sh) & rem;
    if (mine == 0) {
      return 0;
    }
    int k = Long.bitCount(rem & ~((Long.lowestOneBit(mine) << 1) - 1)) + 1; // cards to match
    return (1L << (2 * k)) - 1;
  }

  /**
   * The cards of the current position at the relative ranks a stored mask marks: in each suit,
   * as many of its top cards as the mask has places (masks cover the top of a suit).
   */
  private long absolute(long maskA, long maskB) {
    long all = hands[0] | hands[1] | hands[2] | hands[3];
    long out = 0;
    for (int s = 0; s < 4; s++) {
      long m = (s < 2 ? maskA : maskB) >>> ((s & 1) * 26) & ((1L << 26) - 1);
      if (m == 0) {
        continue;
      }
      int k = Long.bitCount(m) >>> 1;
      int rem = (int) (all >>> (s * 13)) & 0x1FFF;
      int cut = (int) (TOP_PLACES[rem] >>> (4 * (k - 1))) & 0xF;
      out |= (long) (rem & -(1 << cut)) << (s * 13);
    }
    return out;
  }

}
