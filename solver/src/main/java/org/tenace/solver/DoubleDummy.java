package org.tenace.solver;

import java.time.Duration;
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
  // The table: a group of entries for each key (suit lengths and context), the owner patterns
  // seen with it, in a block of its own that doubles as it fills, up to maxBlock entries, then
  // replaced in turn. Blocks come from one pool; when the pool is full, the live blocks are
  // packed down and, if that frees too little, the groups with fewest tricks left lose their
  // entries; when the key index is full (or packing frees too little), the whole table is
  // emptied at once (a new generation).
  // The key index, two words a key: the suit lengths, then the generation and the context;
  // and beside it, two ints a key: where its block starts and how many entries it holds.
  private final long[] kKey;
  private final int[] kPlace;
  private final int keyMask;
  private final int[] kCap;
  private final int[] kNext;
  private long generation = 1;
  private int groups;
  private int poolTop;
  private final int maxBlock;
  private final int[] blockOwner; // while the pool is packed: the group (+1) of each block start
  private final long[] packedByTricks = new long[14]; // while packed: block sizes by tricks left
  // Four words an entry, side by side for a scan: the mask of relative ranks that matter in
  // spades and hearts, their owners there, then the same in diamonds and clubs.
  private final long[] tPattern;
  private final byte[] tLo;
  private final byte[] tHi;
  private final byte[] tMove;
  private final int[] leadScore = new int[13];
  private int lastBest;
  private long wr;
  private long wx; // the cards of the runs of equivalent cards tried for the result in wr
  private final long[] runCards = new long[MAX_DEPTH];
  private final int[] lowWin = new int[MAX_DEPTH * 4];
  private final int[] cashedRounds = new int[4];
  private final int[] killer = new int[MAX_DEPTH];
  private int ttMove = -1; // the table's best move for the position being expanded, or -1
  private long quickMask;
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
    int size = 1 << tableBits;
    int keys = size / 2;
    kKey = new long[2 * keys];
    kPlace = new int[2 * keys];
    keyMask = keys - 1;
    kCap = new int[keys];
    kNext = new int[keys];
    maxBlock = Math.min(256, size / 8);
    blockOwner = new int[size / 4];
    tPattern = new long[4 * size];
    tLo = new byte[size];
    tHi = new byte[size];
    tMove = new byte[size];
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
    empty(); // another deal's positions rarely come back, and would crowd out this one's
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
    int quick = quickTricks(leader, topSequences(hands[leader] | hands[(leader + 2) & 3],
        hands[(leader + 1) & 3] | hands[(leader + 3) & 3]));
    return trump < 0 ? new int[] {quick, 0, 0} : new int[] {quick, sureTricks(0), sureTricks(1)};
  }

  /** The cards the search tries for the seat to play: one of each run of equivalent cards. */
  List<Card> movesOf(Position p) {
    load(p, Long.MAX_VALUE, null, BEST_PLAY);
    int n = generate((leader + played) & 3, moves[0]);
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
    ttMove = -1;
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
      long seqs = topSequences(hands[leader] | hands[(leader + 2) & 3],
          hands[(leader + 1) & 3] | hands[(leader + 3) & 3]);
      int quick = Long.bitCount(quickReach(seqs)) < (northSouthLead ? beta : left - alpha) ? 0
          : quickTricks(leader, seqs);
      if (northSouthLead ? quick >= beta : left - quick <= alpha) {
        wr = quickMask;
        return northSouthLead ? quick : left - quick;
      }
      // Needing one trick, or every trick, the side may have it or have lost it at once.
      int need = northSouthLead ? beta : left - alpha;
      if (forNorthSouth == BEST_PLAY) {
        if (need == 1 && quick == 0 && partnerRuffs(leader)) {
          wr = quickMask;
          return northSouthLead ? 1 : left - 1;
        }
        if (need == left && (opponentsWinTrick(leader) || opponentsTrumpTrick(leader))) {
          wr = quickMask;
          return northSouthLead ? left - 1 : 1;
        }
      }
    }
    long len = lengthKey();
    int ctx = leader | ((trump + 1) << 2) | (goalKey << 5);
    long relA = relSuit(0) | (relSuit(1) << 26);
    long relB = relSuit(2) | (relSuit(3) << 26);
    int g = group(len, ctx);
    int first = -1;
    for (int i = g < 0 ? 0 : kPlace[2 * g], end = g < 0 ? 0 : i + kPlace[2 * g + 1]; i < end;
        i++) {
      int at = 4 * i;
      if ((relA & tPattern[at]) != tPattern[at + 1]
          || (relB & tPattern[at + 2]) != tPattern[at + 3]) {
        continue;
      }
      if (tLo[i] >= beta) {
        wr = absolute(tPattern[at], tPattern[at + 2]);
        return tLo[i];
      }
      if (tHi[i] <= alpha) {
        wr = absolute(tPattern[at], tPattern[at + 2]);
        return tHi[i];
      }
      if (first < 0) {
        first = absolute(tMove[i]);
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
    long seen = generation;
    int v = expand(alpha, beta, first);
    long w = extend(wr, wx);
    // The search below met only keys with fewer cards: the key's group is still where it was,
    // unless the table was emptied meanwhile.
    if (generation != seen) {
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
    if (g >= 0) {
      for (int i = kPlace[2 * g], end = i + kPlace[2 * g + 1]; i < end; i++) {
        int at = 4 * i;
        if (tPattern[at] == maskA && tPattern[at + 1] == ownA && tPattern[at + 2] == maskB
            && tPattern[at + 3] == ownB) {
          tLo[i] = (byte) Math.max(tLo[i], lo);
          tHi[i] = (byte) Math.min(tHi[i], hi);
          tMove[i] = move;
          return;
        }
      }
    } else {
      g = newGroup(len, ctx);
    }
    int i = slot(g, len, ctx);
    tPattern[4 * i] = maskA;
    tPattern[4 * i + 1] = ownA;
    tPattern[4 * i + 2] = maskB;
    tPattern[4 * i + 3] = ownB;
    tLo[i] = (byte) lo;
    tHi[i] = (byte) hi;
    tMove[i] = move;
  }

  private int expand(int alpha, int beta, int first) {
    int player = (leader + played) & 3;
    boolean max = playsForNorthSouth(player);
    // Second hand's side may already have the tricks it needs (with best play only: its
    // count assumes both its hands play for it).
    if (played == 1 && forNorthSouth == BEST_PLAY) {
      int left = Long.bitCount(hands[player]);
      int need = max ? beta : left - alpha; // tricks second hand's side needs for a cutoff
      int sure = secondHandTricks(player, need);
      if (sure >= need) {
        wr = quickMask;
        wx = 0;
        return max ? sure : left - sure;
      }
    }
    int[] list = moves[depth];
    ttMove = first;
    int n = generate(player, list);
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
        int savedLeader = leader;
        int t0 = trick[0];
        int t1 = trick[1];
        int t2 = trick[2];
        leader = w;
        played = 0;
        v = won + search(alpha - won, beta - won);
        wr |= byRank;
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
      // A card tried for its run of equivalent cards: the run holds only while no other hand's
      // card comes between, so its ranks decide (the lowest makes all above it relevant).
      if (max ? v > best : v < best) {
        best = v;
        bestCard = card;
      }
      if (max ? best >= beta : best <= alpha) {
        killer[depth] = card;
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
    wx = unionRuns | runCards[depth];
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
      if (beats(c, best)) {
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
  private int winnerIndex() {
    int best = 0;
    for (int i = 1; i < 4; i++) {
      if (beats(trick[i], trick[best])) {
        best = i;
      }
    }
    return best;
  }

  /** The seat that wins the complete trick in {@code trick}. */
  private int winner() {
    return (leader + winnerIndex()) & 3;
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
  private static final long ALL = (1L << 52) - 1;
  private static final long BOTTOMS = 1L | 1L << 13 | 1L << 26 | 1L << 39;
  private static final long TOPS = BOTTOMS << 12;

  /**
   * {@code from} spread towards higher cards ({@code step} 1) or lower ones (-1) through the
   * cards of {@code pass}, any number of places (an occluded fill in doubling steps).
   */
  private static long fill(long from, long pass, int step) {
    long g = from;
    long p = pass;
    if (step > 0) {
      g |= p & (g << 1);
      p &= p << 1;
      g |= p & (g << 2);
      p &= p << 2;
      g |= p & (g << 4);
      p &= p << 4;
      g |= p & (g << 8);
    } else {
      g |= p & (g >>> 1);
      p &= p >>> 1;
      g |= p & (g >>> 2);
      p &= p >>> 2;
      g |= p & (g >>> 4);
      p &= p >>> 4;
      g |= p & (g >>> 8);
    }
    return g;
  }

  /**
   * The moves of {@code player}, one per group of equivalent cards, most promising first (by
   * DDS's weights: {@link #orderLeads}, {@link #orderFollows}).
   */
  private int generate(int player, int[] out) {
    long hand = hands[player];
    long legal = hand;
    if (played > 0) {
      int ledSuit = trick[0] / 13;
      long follow = hand & (SUIT << (ledSuit * 13));
      if (follow != 0) {
        legal = follow;
      }
    }
    long around = hands[0] | hands[1] | hands[2] | hands[3];
    for (int i = 0; i < played; i++) {
      around |= 1L << trick[i];
    }
    // Representatives: the lowest card of each run of this player's cards adjacent in `around`:
    // a card whose next lower card in its suit is someone else's, or that has none. Members: the
    // cards of the runs of more than one card. Found by filling from the player's cards up (and
    // down) through the cards no other hand holds, within each suit.
    long open = ~(around & ~hand) & ALL;
    long up = fill(hand, open & ~BOTTOMS, 1);
    long down = fill(hand, open & ~TOPS, -1);
    long belowMine = (up << 1) & ~BOTTOMS;
    long aboveMine = (down >>> 1) & ~TOPS;
    long reps = legal & ~belowMine;
    long members = legal & (belowMine | aboveMine);
    runCards[depth] = members;
    if (played == 0) {
      return orderLeads(player, reps, around, out);
    }
    return orderFollows(player, reps, around, out);
  }

  /**
   * Leads, most promising first, scored as DDS scores them: a suit in which the opponents have
   * few cards to choose from (a smaller tree) and neither can ruff; a card that wins the trick
   * (the leader's or partner's top card, or a ruff for partner), more so when the side also
   * holds the next card down; a suit where partner holds the second and third cards, or where
   * the opponent with the top card has it alone; and away from a top card held over the leader.
   */
  private int orderLeads(int player, long reps, long around, int[] out) {
    int partner = (player + 2) & 3;
    int lho = (player + 1) & 3;
    int rho = (player + 3) & 3;
    int tricks = Long.bitCount(hands[player]);
    long trumps = trump >= 0 ? SUIT << (trump * 13) : 0;
    boolean trumpGame = (around & trumps) != 0;
    long meT = hands[player] & trumps;
    long paT = hands[partner] & trumps;
    long lhoT = hands[lho] & trumps;
    long rhoT = hands[rho] & trumps;
    int n = 0;
    int[] score = leadScore;
    int s = -1;
    long all = 0;
    long mine = 0;
    long pa = 0;
    long lh = 0;
    long rh = 0;
    long firstCard = 0;
    long secondCard = 0;
    int first = -1;
    int second = -1;
    int third = -1;
    for (long b = reps; b != 0; b &= b - 1) {
      int c = Long.numberOfTrailingZeros(b);
      if (c / 13 != s) { // the suit's holdings, once for its leads (they come suit by suit)
        s = c / 13;
        long suit = SUIT << (s * 13);
        all = around & suit;
        mine = hands[player] & suit;
        pa = hands[partner] & suit;
        lh = hands[lho] & suit;
        rh = hands[rho] & suit;
        firstCard = Long.highestOneBit(all);
        secondCard = Long.highestOneBit(all & ~firstCard);
        first = holder(firstCard);
        second = holder(secondCard);
        third = holder(Long.highestOneBit(all & ~firstCard & ~secondCard));
      }
      // DDS names a run of equivalent cards by its top card.
      long runTop = runTop(1L << c, mine, all);
      boolean run = runTop != 1L << c;
      int place = Long.bitCount(all & ~((runTop << 1) - 1)) + 1; // 1: the suit's top card
      boolean isTop = runTop == firstCard;
      int lenP = Long.bitCount(pa);
      int lenL = Long.bitCount(lh);
      int lenR = Long.bitCount(rh);
      int countL = (lenL == 0 ? tricks + 1 : lenL) << 2;
      int countR = (lenR == 0 ? tricks + 1 : lenR) << 2;
      boolean pHigh = pa > (lh | rh);
      boolean lhoTopSingle = lenL == 1 && first == lho || lenR == 1 && first == rho;
      int v;
      int killerBonus;
      int tableBonus;
      if (trumpGame) {
        boolean side = s != trump;
        int d = -(((countL + countR) << 5) / 13);
        if (side && (lenL == 0 && lhoT != 0 || lenR == 0 && rhoT != 0)) {
          d -= 12;
        }
        if (side && lenP == 0 && paT != 0 && lenR > 0) {
          d += 17;
        }
        if (first == rho || second == rho) {
          d -= lenR != 1 ? 12 : 0;
        } else if (first == lho && second == partner && lenP != 1) {
          d += 27;
        }
        if (side && Long.bitCount(mine) == 1 && meT != 0 && lenP > 1 && first == partner) {
          d += 19;
        }
        boolean lhoFollows = lenL != 0 || lhoT == 0;
        boolean rhoFollows = lenR != 0 || rhoT == 0;
        boolean wins;
        if (isTop) {
          if (!side) {
            wins = true;
          } else if (lenP != 0 || paT == 0) {
            wins = lhoFollows && rhoFollows;
          } else {
            wins = (lenL != 0 || paT > lhoT) && (lenR != 0 || paT > rhoT);
          }
        } else if (pHigh) {
          wins = !side || lhoFollows && rhoFollows;
        } else if (side && lenP == 0 && paT != 0) {
          boolean lRuffs = lenL == 0 && lhoT != 0;
          boolean rRuffs = lenR == 0 && rhoT != 0;
          wins = lRuffs && rRuffs ? paT > (lhoT | rhoT)
              : lRuffs ? paT > lhoT : rRuffs ? paT > rhoT : true;
        } else {
          wins = false;
        }
        killerBonus = wins ? 55 : 18;
        tableBonus = wins ? 18 : 0;
        if (wins) {
          if (lhoTopSingle) {
            v = d + 35 + place;
          } else if (first == player) {
            v = d + (second == partner ? 48 + place : isTop ? 31 : -3 + place);
          } else if (first == partner) {
            v = d + (second == player ? 42 : 28) + place;
          } else if (run && runTop == secondCard) {
            v = d + 40;
          } else {
            v = d + (run ? 22 : 11) + place;
          }
        } else {
          d += nextRound(player, partner, second, third, lenP, 20, 13);
          if (lhoTopSingle) {
            v = d + place + 2;
          } else if (first == player) {
            v = d + (second == partner ? 33 + place : isTop ? 38 : -14 + place);
          } else if (first == partner) {
            v = d + 34 + place;
          } else if (run && runTop == secondCard) {
            v = d + 35;
          } else {
            v = d + 17 - (Long.numberOfTrailingZeros(runTop) % 13 + 2);
          }
        }
      } else {
        int d = -(((countL + countR) << 5) / 19) - (lenP == 0 ? 9 : 0);
        killerBonus = isTop || pHigh ? 126 : 47;
        tableBonus = isTop || pHigh ? 32 : 19;
        if (isTop || pHigh) {
          if (second == rho) {
            d -= lenR != 1 ? 1 : 0;
          } else if (second == lho) {
            d += lenL != 1 ? 22 : 16;
          }
          boolean clear = (second != lho || lenL == 1) && (second != rho || lenR == 1);
          v = d + (clear ? 45 : 18) + place;
        } else {
          if (first == rho || second == rho) {
            d -= lenR != 1 ? 10 : 0;
          } else if (first == lho && second == partner && lenP != 1) {
            d += 31;
          }
          d += nextRound(player, partner, second, third, lenP, 35, 25);
          if (lhoTopSingle) {
            v = d + 28 + place;
          } else if (first == player) {
            v = d - 17 + place;
          } else if (!run) {
            v = d + 12 + place;
          } else if (runTop == secondCard) {
            v = d + 48;
          } else {
            v = d + 29 - place;
          }
        }
      }
      // The lead that last cut off at this depth, and the table's best move, count for more.
      long runBits = mine & ((runTop << 1) - 1) & -(1L << c);
      boolean isKiller = (runBits & (1L << killer[depth])) != 0;
      boolean isTt = ttMove >= 0 && (runBits & (1L << ttMove)) != 0;
      v += isKiller ? killerBonus : isTt ? tableBonus : 0;
      n = insert(out, score, n, c, v);
    }
    return n;
  }

  /** A card's rank as DDS counts it: 2 for a deuce up to 14 for an ace; 0 for no card. */
  private static int rankOf(long card) {
    return RANKS[64 - Long.numberOfLeadingZeros(card)];
  }

  private static final byte[] RANKS = new byte[65]; // by card index + 1

  static {
    for (int c = 0; c < 52; c++) {
      RANKS[c + 1] = (byte) (c % 13 + 2);
    }
  }

  /** The seat holding {@code card}, or that played it to the trick, or -1 for none. */
  private int owner(long card) {
    for (int i = 0; i < played; i++) {
      if (1L << trick[i] == card) {
        return (leader + i) & 3;
      }
    }
    return holder(card);
  }

  /**
   * A follower's cards, most promising first, scored as DDS scores them: second hand low unless
   * it wins where partner cannot; third hand wins over the fourth as cheaply as it can, or
   * forces out its top card, and lets partner's winner stand; fourth hand wins cheaply or plays
   * low; a discard from a long suit, keeping a guarded second card and a lone top card; a ruff
   * when it wins the trick, and no overruff of partner's winner.
   */
  private int orderFollows(int player, long reps, long around, int[] out) {
    if ((reps & (reps - 1)) == 0) {
      out[0] = Long.numberOfTrailingZeros(reps);
      return 1;
    }
    int lead = trick[0];
    int ls = lead / 13;
    long lsMask = SUIT << (ls * 13);
    long trumps = trump >= 0 ? SUIT << (trump * 13) : 0;
    boolean trumpGame = (around & trumps) != 0;
    int second = (leader + 1) & 3;
    int third = (leader + 2) & 3;
    int fourth = (leader + 3) & 3;
    long hand = hands[player];
    boolean cannotFollow = (hand & lsMask) == 0;
    int leadRank = lead % 13 + 2;
    int win = 0;
    for (int i = 1; i < played; i++) {
      if (beats(trick[i], trick[win])) {
        win = i;
      }
    }
    int winCard = trick[win];
    int winRank = winCard % 13 + 2;
    boolean winTrump = winCard / 13 == trump;
    long thirdLs = hands[third] & lsMask;
    long fourthLs = hands[fourth] & lsMask;
    long thirdT = hands[third] & trumps;
    long fourthT = hands[fourth] & trumps;
    int max3rd = rankOf(Long.highestOneBit(thirdLs));
    int min3rd = rankOf(Long.lowestOneBit(thirdLs));
    int max4th = rankOf(Long.highestOneBit(fourthLs));
    int min4th = rankOf(Long.lowestOneBit(fourthLs));
    long aggrLs = around & lsMask;
    int myMax = rankOf(Long.highestOneBit(hand & lsMask));
    // Third hand: the card to force out fourth hand's top card with, or to beat second hand's.
    long forceCard = played == 2 && !cannotFollow ? forcing(player, fourth, around & lsMask, win) : 0;
    // Third hand at notrump over partner's winner, partner now void: overtake when its top
    // cards run the suit.
    long overtake = 0;
    if (played == 2 && !cannotFollow && !trumpGame && win == 0 && leadRank > max4th
        && (hands[leader] & lsMask) == 0 && owner(Long.highestOneBit(aggrLs)) == player) {
      int oppLen = Math.max(Long.bitCount(fourthLs) - 1, Long.bitCount(hands[second] & lsMask));
      long mine = hand & lsMask;
      long others = aggrLs & ~mine & ~(1L << lead);
      long below = others == 0 ? 0 : Long.highestOneBit(others);
      if (oppLen <= Long.bitCount(mine & ~((below << 1) - 1)) - 1) {
        overtake = runTop(Long.lowestOneBit(mine & ~((2L << lead) - 1)), mine, aggrLs);
      }
    }
    int n = 0;
    int[] score = leadScore;
    for (long b = reps; b != 0; b &= b - 1) {
      int c = Long.numberOfTrailingZeros(b);
      int s = c / 13;
      long suit = SUIT << (s * 13);
      long mine = hand & suit;
      long all = around & suit;
      long runTop = runTop(1L << c, mine, all);
      boolean run = runTop != 1L << c;
      int rank = rankOf(runTop);
      int place = Long.bitCount(all & ~((runTop << 1) - 1)) + 1;
      int len = Long.bitCount(mine);
      long firstCard = Long.highestOneBit(all);
      long secondCard = Long.highestOneBit(all & ~firstCard);
      boolean guardedSecond = len == 2 && (hand & secondCard) != 0;
      boolean loneTop = len == 1 && (hand & firstCard) != 0;
      int v;
      if (played == 1) {
        if (!cannotFollow) {
          if (trumpGame) {
            boolean wins;
            if (ls == trump) {
              wins = max4th > leadRank && max4th > max3rd || rank > leadRank && rank > max3rd;
            } else if (rank > leadRank && rank > max3rd) {
              wins = max3rd != 0 || thirdT == 0 || max4th == 0 && fourthT != 0 && fourthT > thirdT;
            } else if (max4th > leadRank && max4th > max3rd) {
              wins = max3rd != 0 || thirdT == 0;
            } else if (leadRank > max4th && leadRank > max3rd && leadRank > rank) {
              wins = max4th == 0 && fourthT != 0
                  && (max3rd != 0 || thirdT == 0 || fourthT > thirdT);
            } else {
              wins = max4th == 0 && fourthT != 0;
            }
            if (wins) {
              if (min3rd > rank) {
                v = 40 + place;
              } else if (max4th > leadRank && (hands[leader] & lsMask) > fourthLs) {
                v = 41 + place;
              } else if (rank > leadRank) {
                v = rank < max4th ? 78 - rank : rank > max3rd ? 73 - rank
                    : run ? 62 - rank : 49 - rank;
              } else {
                v = (max4th > 0 ? 47 : 40) - rank;
              }
            } else if (rank < min3rd || rank < min4th) {
              v = -9 + place;
            } else if (rank < leadRank) {
              v = -16 + place;
            } else {
              v = (run ? 22 : 10) - rank;
            }
          } else if (max4th > leadRank && max4th > max3rd) {
            v = -rank;
          } else if (rank > leadRank && rank > max3rd) {
            v = 81 - rank;
          } else if (min3rd > rank || min4th > rank) {
            v = -3 + place;
          } else if (rank < leadRank) {
            v = -11 + place;
          } else {
            v = run ? 10 + place : 13 - rank;
          }
        } else {
          boolean partnerWins = fourthLs > (thirdLs | 1L << lead);
          if (!trumpGame) {
            int add = partnerWins ? (len << 6) / 23 - (guardedSecond ? 2 : loneTop ? 3 : 0)
                : (len << 6) / 33 - (guardedSecond ? 6 : loneTop ? 8 : 0);
            v = -rank + add;
          } else if (ls == trump) {
            v = -rank + (partnerWins ? (len << 6) / 44 : (len << 6) / 36 - (guardedSecond ? 4 : 0));
          } else if (s != trump) {
            boolean good;
            if (thirdLs != 0) {
              good = partnerWins || fourthLs == 0 && fourthT != 0;
            } else {
              good = fourthLs == 0 && fourthT > thirdT || thirdT == 0 && fourthLs > 1L << lead;
            }
            v = -rank + (good ? 60 + (len << 6) / 44
                : -2 + (len << 6) / 36 - (guardedSecond ? 4 : 0));
          } else if (thirdLs != 0 || fourthLs == 0 && fourthT != 0 && fourthT > thirdT) {
            v = 24 - rank + (len << 6) / 44;
          } else if (runTop > thirdT) {
            v = 24 - rank + (len << 6) / 44;
          } else {
            v = 15 - rank + (len << 6) / 36 - (guardedSecond ? 4 : 0);
          }
        }
      } else if (played == 2) {
        int r1 = winRank;
        if (!cannotFollow) {
          boolean low = myMax < min4th || myMax < r1;
          if (trumpGame && ls == trump) {
            if (win == 0 && leadRank > max4th || low) {
              v = -rank;
            } else if (myMax > max4th) {
              v = rank > max4th && rank > r1 ? 58 - rank : -rank;
            } else {
              v = -rank + (runTop == forceCard ? 20 : 0);
            }
          } else if (trumpGame && winTrump) {
            v = -rank;
          } else if (trumpGame && win == 0) {
            if (max4th == 0 || leadRank > max4th || low) {
              v = -rank;
            } else if (myMax > max4th) {
              v = rank > max4th ? 58 - rank : -rank;
            } else {
              v = (rank > r1 && rank > max4th ? 60 - rank : -rank)
                  + (runTop == forceCard ? 20 : 0);
            }
          } else if (trumpGame) {
            if (max4th == 0) {
              v = rank > r1 ? 20 - rank : -rank;
            } else if (low) {
              v = -rank;
            } else if (myMax > max4th) {
              v = rank > r1 && rank > max4th ? 58 - rank : -rank;
            } else {
              v = (rank > r1 && rank > max4th ? 60 - rank : -rank)
                  + (runTop == forceCard ? 20 : 0);
            }
          } else if (win == 0 && leadRank > max4th) {
            v = -rank + (runTop == overtake ? 20 : 0);
          } else if (low) {
            v = -rank;
          } else {
            boolean force = max4th > myMax && max4th > r1;
            v = (rank > r1 && rank > max4th ? 60 - rank : -rank)
                + (force && runTop == forceCard ? 20 : 0);
          }
        } else if (!trumpGame) {
          v = -rank + (len << 6) / 24 - (guardedSecond || loneTop ? 4 : 0);
        } else if (ls == trump || s != trump) {
          v = -rank + (len << 6) / 40;
        } else if (win == 0 && leadRank > max4th && (max4th != 0 || fourthT == 0)) {
          v = -rank - 50;
        } else if (winTrump && rank < r1) {
          v = -32 + place + (len << 6) / 40;
        } else if (win == 0) {
          if (max4th != 0) {
            v = (owner(secondCardOf(aggrLs)) == leader ? 36 : 48) - rank + (len << 6) / 50;
          } else {
            v = (runTop > fourthT ? 48 : -12) - rank + (len << 6) / 50;
          }
        } else if (max4th != 0) {
          v = 72 - rank + (len << 6) / 50;
        } else {
          v = (runTop > fourthT ? 48 : 36) - rank + (len << 6) / 50;
        }
      } else {
        boolean partnerWinning = win == 1;
        if (!cannotFollow) {
          v = partnerWinning || ls != trump && winTrump || rank <= winRank ? -rank : 30 - rank;
        } else if (!trumpGame) {
          v = -rank + (len << 6) / 27 - (guardedSecond ? 6 : loneTop ? 8 : 0);
        } else {
          int val = (len << 6) / 24 - (guardedSecond ? 2 : 0);
          if (ls == trump) {
            v = -rank + val;
          } else if (partnerWinning) {
            v = (s == trump ? 2 : 25) - rank + val;
          } else if (winTrump) {
            v = s == trump ? (rank > winRank ? 33 : -13) + place : 14 - rank + val;
          } else {
            v = s == trump ? 33 + place : 14 - rank + val;
          }
        }
      }
      n = insert(out, score, n, c, v);
    }
    return n;
  }

  /** The second highest card of {@code cards}, as a bit. */
  private static long secondCardOf(long cards) {
    return Long.highestOneBit(cards & ~Long.highestOneBit(cards));
  }

  /**
   * Third hand's card that forces out fourth hand's top card as cheaply as it can (the lowest
   * of its runs above fourth hand's next card below its top run), or failing that, when second
   * hand is winning, that beats second hand's card; as the top card of its run, or 0.
   */
  private long forcing(int player, int fourth, long live, int win) {
    long theirs = hands[fourth] & live;
    if (theirs == 0) {
      return 0;
    }
    long top = Long.highestOneBit(theirs);
    long gap = Long.highestOneBit(live & ~theirs & (top - 1));
    long next = gap == 0 ? 0 : Long.highestOneBit(theirs & (gap - 1));
    if (next == 0) {
      return 0;
    }
    long winning = 1L << trick[win];
    long bar;
    if (next > winning) {
      bar = next;
    } else if (win == 1) {
      bar = winning;
    } else {
      return 0;
    }
    long mine = hands[player] & live;
    long over = mine & ~((bar << 1) - 1);
    return over == 0 ? 0 : runTop(Long.lowestOneBit(over), mine, live);
  }

  /** The top card of the run of {@code mine} (one suit's, in {@code live}) from {@code card} up. */
  private static long runTop(long card, long mine, long live) {
    if (card == 0) {
      return 0;
    }
    long otherAbove = live & ~mine & ~((card << 1) - 1);
    return Long.highestOneBit(otherAbove == 0 ? mine : mine & (Long.lowestOneBit(otherAbove) - 1));
  }

  /**
   * For a lead the side does not win at once: {@code both} if partner holds the suit's second
   * and third cards (the side wins the next round), {@code one} if the side holds them between
   * its hands and partner has more than one card.
   */
  private static int nextRound(int player, int partner, int second, int third, int lenP, int both,
      int one) {
    if (second == partner && third == partner) {
      return both;
    }
    boolean split = second == player && third == partner || second == partner && third == player;
    return split && lenP > 1 ? one : 0;
  }

  /** The seat holding {@code card} (a single bit), or -1 for none. */
  private int holder(long card) {
    if (card == 0) {
      return -1;
    }
    for (int h = 0; h < 4; h++) {
      if ((hands[h] & card) != 0) {
        return h;
      }
    }
    return -1;
  }

  /**
   * A lower bound on the tricks the leader's side takes by cashing the cards of its top
   * sequence in each suit (the cards above every card the opponents hold), trumps first: the
   * leader's own, while partner can play lower cards under them; then, if the leader can reach
   * partner with a low card under one of partner's, partner's, above everything the leader has
   * left. A suit the opponents and partner are out of once the leader's top cards are cashed
   * (the opponents unable to ruff) gives its other cards too, by length. In a side suit only the
   * rounds in which each opponent who holds trumps still follows count. Leaves in {@link #quickMask} the lowest card counted in each suit: every card above
   * it, and the hands' lengths, make the bound. {@code seqs}: the side's top sequences.
   */
  private int quickTricks(int who, long seqs) {
    long me = hands[who];
    long pa = hands[(who + 2) & 3];
    long lho = hands[(who + 1) & 3];
    long rho = hands[(who + 3) & 3];
    long trumps = trump >= 0 ? SUIT << (trump * 13) : 0;
    int lhoTrumps = Long.bitCount(lho & trumps);
    int rhoTrumps = Long.bitCount(rho & trumps);
    long mask = 0;
    int total = 0;
    long cashed = 0; // the leader's cards cashed
    long under = 0; // partner's cards played under them
    int discards = 0; // partner's discards meanwhile
    // A hand with no side card left must ruff its partner's winner and take the lead: each
    // round of a side suit costs partner a side card, and so does a trump round it cannot follow.
    int partnerSide = trumps == 0 ? 52 : Long.bitCount(pa & ~trumps);
    int[] rounds = cashedRounds;
    for (int k = 0; k < 4; k++) {
      int s = trump >= 0 ? (trump + k) & 3 : k;
      rounds[s] = 0;
      long suit = SUIT << (s * 13);
      long mine = me & suit;
      long partners = pa & suit;
      if (mine == 0) {
        continue;
      }
      long seq = seqs & suit;
      int cap = cap(s, lho, rho, lhoTrumps, rhoTrumps);
      int lenP = Long.bitCount(partners);
      if (s != trump) {
        cap = Math.min(cap, partnerSide);
      }
      int c = 0;
      long cut = 0;
      for (long run = mine & seq; run != 0 && c < cap; ) {
        long card = Long.highestOneBit(run);
        run ^= card;
        // Partner plays its lowest cards; none may come from above the card led.
        if (lenP != 0 && lenP - Long.bitCount(partners & ~((card << 1) - 1)) < c + 1) {
          break;
        }
        c++;
        cut = card;
        cashed |= card;
      }
      if (c == 0) {
        continue;
      }
      // The opponents and partner out of the suit by then (and the opponents unable to ruff),
      // the leader's other cards of the suit win by length, whatever their ranks.
      if (Long.bitCount(lho & suit) <= c && Long.bitCount(rho & suit) <= c && lenP <= c
          && (s == trump || lhoTrumps == 0 && rhoTrumps == 0)) {
        int extra = Long.bitCount(mine) - c;
        if (s != trump) {
          extra = Math.min(extra, partnerSide - c);
        }
        if (extra > 0) {
          c += extra;
          cashed |= mine;
        }
      }
      rounds[s] = c;
      total += c;
      mask |= cut;
      under |= lowest(partners, Math.min(c, lenP));
      discards += Math.max(0, c - lenP);
      partnerSide -= s == trump ? Math.max(0, c - lenP) : c;
      if (s == trump) {
        lhoTrumps = Math.max(0, lhoTrumps - c);
        rhoTrumps = Math.max(0, rhoTrumps - c);
      }
    }
    long myLeft = me & ~cashed;
    long paLeft = pa & ~under;
    // Partner discards what the rest cannot use; the entry must come before partner draws trumps.
    long paWinners = 0;
    boolean entry = false;
    for (int s = 0; s < 4; s++) {
      long suit = SUIT << (s * 13);
      long seq = seqs & suit;
      paWinners |= paLeft & seq;
      long left = myLeft & suit;
      entry |= left != 0 && (paLeft & seq & ~((Long.highestOneBit(left) << 1) - 1)) != 0
          && (s == trump || cap(s, lho, rho, lhoTrumps, rhoTrumps) > rounds[s]);
    }
    if (!entry || Long.bitCount(paLeft & ~paWinners) < discards) {
      quickMask = mask;
      return total;
    }
    int leaderSide = trumps == 0 ? 52 : Long.bitCount(myLeft & ~trumps);
    long spare = paLeft & ~paWinners; // partner's small cards, for its discards
    for (int k = 0; k < 4; k++) {
      int s = trump >= 0 ? (trump + k) & 3 : k;
      long suit = SUIT << (s * 13);
      long left = myLeft & suit;
      long seq = seqs & suit;
      int cap = cap(s, lho, rho, lhoTrumps, rhoTrumps) - rounds[s];
      if (s != trump) {
        cap = Math.min(cap, leaderSide); // past that, the leader would ruff partner's winners
      }
      long top = left == 0 ? 0 : Long.highestOneBit(left);
      int c = 0;
      long cut = 0;
      for (long run = paLeft & seq & ~((top << 1) - 1); run != 0 && c < cap; ) {
        long card = Long.highestOneBit(run);
        run ^= card;
        c++;
        cut = card;
      }
      if (c == 0) {
        continue;
      }
      // Partner's other cards of a suit the others are out of win by length, as the leader's do,
      // if partner's discards meanwhile can still come from small cards of suits not so counted.
      if (rounds[s] == 0 && Long.bitCount(lho & suit) <= c && Long.bitCount(rho & suit) <= c
          && Long.bitCount(left) <= c && (s == trump || lhoTrumps == 0 && rhoTrumps == 0)
          && Long.bitCount(spare & ~suit) >= discards) {
        int extra = Long.bitCount(paLeft & suit) - c;
        if (s != trump) {
          extra = Math.min(extra, leaderSide - c);
        }
        if (extra > 0) {
          c += extra;
          spare &= ~suit;
        }
      }
      total += c;
      mask |= cut;
      leaderSide -= s == trump ? Math.max(0, c - Long.bitCount(left)) : c;
      if (s == trump) {
        lhoTrumps = Math.max(0, lhoTrumps - c);
        rhoTrumps = Math.max(0, rhoTrumps - c);
      }
    }
    quickMask = mask;
    return total;
  }

  /**
   * Tricks second hand's side takes for sure from here, the trick in progress included, as DDS
   * counts them for second hand: the trick, when the side holds the suit's top card (that third
   * hand cannot ruff) or can ruff it (and third hand cannot overruff); then at notrump, the hand
   * that wins it cashes its next card of the suit if it holds the next card down, its top cards
   * of the other suits and every card of a suit no other hand holds. Stops counting at {@code
   * need}; 0 if the trick is not sure. Leaves in {@link #quickMask} the cards whose ranks count.
   */
  private int secondHandTricks(int player, int need) {
    int lead = trick[0];
    int ls = lead / 13;
    long suit = SUIT << (ls * 13);
    int partner = (player + 2) & 3;
    int lho = (player + 1) & 3;
    long mine = hands[player] & suit;
    long pa = hands[partner] & suit;
    long lh = hands[lho] & suit;
    long trumps = trump >= 0 ? SUIT << (trump * 13) : 0;
    boolean lhoRuffs = lh == 0 && (hands[lho] & trumps) != 0;
    long w = 0;
    if (trump >= 0 && ls != trump && (mine == 0 && (hands[player] & trumps) != 0
        || pa == 0 && (hands[partner] & trumps) != 0)) {
      if (lhoRuffs) {
        return 0;
      }
    } else if ((mine | pa) > ((1L << lead) | lh) && !(ls != trump && lhoRuffs)) {
      w = Long.highestOneBit(mine | pa);
    } else {
      return 0;
    }
    int sure = 1;
    if (sure >= need || trump >= 0) {
      quickMask = w;
      return sure;
    }
    int hh = mine > pa ? player : partner; // the hand that wins the trick, and leads next
    long all = (hands[0] | hands[1] | hands[2] | hands[3] | 1L << lead) & suit;
    long second = Long.highestOneBit(all & ~Long.highestOneBit(all));
    if (second != 0 && (hands[hh] & second) != 0 && (hands[hh] & Long.highestOneBit(all)) != 0) {
      sure++;
      w |= second;
    }
    long others = hands[(hh + 1) & 3] | hands[(hh + 2) & 3] | hands[(hh + 3) & 3];
    for (int s = 0; s < 4 && sure < need; s++) {
      long sm = SUIT << (s * 13);
      long own = hands[hh] & sm;
      if (s == ls || own == 0) {
        continue;
      }
      if ((others & sm) == 0) {
        sure += Long.bitCount(own);
      } else if (Long.highestOneBit(own) > (others & sm)) {
        sure++;
        w |= Long.highestOneBit(own);
      }
    }
    quickMask = w;
    return sure;
  }

  /**
   * Whether the leader can lead a side suit that partner ruffs and neither opponent can beat:
   * each follows suit, has no trump, or holds only trumps below partner's top trump. Leaves in
   * {@link #quickMask} partner's top trump when an opponent could ruff, else nothing.
   */
  private boolean partnerRuffs(int who) {
    if (trump < 0) {
      return false;
    }
    long trumps = SUIT << (trump * 13);
    long pa = hands[(who + 2) & 3];
    long paT = pa & trumps;
    if (paT == 0) {
      return false;
    }
    long lho = hands[(who + 1) & 3];
    long rho = hands[(who + 3) & 3];
    long top = Long.highestOneBit(paT);
    for (int s = 0; s < 4; s++) {
      long suit = SUIT << (s * 13);
      if (s == trump || (hands[who] & suit) == 0 || (pa & suit) != 0) {
        continue;
      }
      long lhoRuff = (lho & suit) == 0 ? lho & trumps : 0;
      long rhoRuff = (rho & suit) == 0 ? rho & trumps : 0;
      if ((lhoRuff | rhoRuff) == 0) {
        quickMask = 0;
        return true;
      }
      if (top > (lhoRuff | rhoRuff)) {
        quickMask = top;
        return true;
      }
    }
    return false;
  }

  /**
   * Whether, with no trumps in play, an opponent holds the top card of every suit the leader
   * holds: whatever is led, the opponents win the trick. Leaves those top cards in {@link
   * #quickMask}.
   */
  private boolean opponentsWinTrick(int who) {
    long all = hands[0] | hands[1] | hands[2] | hands[3];
    if (trump >= 0 && (all & (SUIT << (trump * 13))) != 0) {
      return false;
    }
    long opps = hands[(who + 1) & 3] | hands[(who + 3) & 3];
    long mask = 0;
    for (int s = 0; s < 4; s++) {
      long suit = SUIT << (s * 13);
      if ((hands[who] & suit) == 0) {
        continue;
      }
      long top = Long.highestOneBit(all & suit);
      if ((opps & top) == 0) {
        return false;
      }
      mask |= top;
    }
    quickMask = mask;
    return true;
  }

  /** The cards that may be quick tricks: the top sequences, and each hand's in their suits. */
  private long quickReach(long seqs) {
    long out = seqs;
    long mine = hands[leader];
    long pa = hands[(leader + 2) & 3];
    for (int s = 0; s < 4; s++) {
      long suit = SUIT << (s * 13);
      if ((mine & seqs & suit) != 0) {
        out |= mine & suit;
      }
      if ((pa & seqs & suit) != 0) {
        out |= pa & suit;
      }
    }
    return out;
  }

  /**
   * Whether the opponents of the leader's side win a trump trick, as DDS's later tricks find it
   * for a side that needs every trick: the side holds the top trump but an opponent holds the
   * next one with another trump and plays after the top one's holder, or the opponents hold
   * the next two. Leaves in {@link #quickMask} the lowest of those trumps.
   */
  private boolean opponentsTrumpTrick(int who) {
    if (trump < 0) {
      return false;
    }
    long trumps = SUIT << (trump * 13);
    long all = (hands[0] | hands[1] | hands[2] | hands[3]) & trumps;
    long first = Long.highestOneBit(all);
    long second = Long.highestOneBit(all & ~first);
    if (second == 0) {
      return false;
    }
    int h1 = holder(first);
    int h2 = holder(second);
    if (((h1 ^ who) & 1) != 0 || ((h2 ^ who) & 1) == 0
        || Long.bitCount(hands[h2] & trumps) < 2) {
      return false;
    }
    if (h1 == ((h2 + 3) & 3)) {
      quickMask = second;
      return true;
    }
    long third = Long.highestOneBit(all & ~first & ~second);
    if (third != 0 && ((holder(third) ^ who) & 1) != 0) {
      quickMask = third;
      return true;
    }
    return false;
  }

  /** The top sequence of {@code side} in each suit: its cards above every card of {@code others}. */
  private static long topSequences(long side, long others) {
    long out = 0;
    for (int s = 0; s < 4; s++) {
      long suit = SUIT << (s * 13);
      long theirs = others & suit;
      out |= theirs == 0 ? side & suit : side & suit & ~((Long.highestOneBit(theirs) << 1) - 1);
    }
    return out;
  }

  /**
   * Rounds of a suit both opponents follow, counting only an opponent who could ruff: all of
   * them at notrump, in trumps, or when neither opponent holds a trump.
   */
  private int cap(int s, long lho, long rho, int lhoTrumps, int rhoTrumps) {
    if (trump < 0 || s == trump) {
      return 13;
    }
    long suit = SUIT << (s * 13);
    int cap = 13;
    if (lhoTrumps > 0) {
      cap = Math.min(cap, Long.bitCount(lho & suit));
    }
    if (rhoTrumps > 0) {
      cap = Math.min(cap, Long.bitCount(rho & suit));
    }
    return cap;
  }

  /** The {@code n} lowest cards of {@code cards}. */
  private static long lowest(long cards, int n) {
    long out = 0;
    for (int i = 0; i < n; i++) {
      out |= Long.lowestOneBit(cards & ~out);
    }
    return out;
  }

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

  /** The first place to look for a key in the key index. */
  private int home(long len, int ctx) {
    long h = (len ^ ((long) ctx << 58) ^ ctx) * 0x9E3779B97F4A7C15L;
    h ^= h >>> 31;
    h *= 0xC2B2AE3D27D4EB4FL;
    return (int) (h >>> 33) & keyMask;
  }

  /** The group of a key in the table, or -1 if it has none. */
  private int group(long len, int ctx) {
    long live = generation << 8;
    for (int k = home(len, ctx); (kKey[2 * k + 1] & ~0xFFL) == live; k = (k + 1) & keyMask) {
      if (kKey[2 * k] == len && kKey[2 * k + 1] == (live | ctx)) {
        return k;
      }
    }
    return -1;
  }

  /** A new, empty group for a key the table does not hold, emptying the table if it is full. */
  private int newGroup(long len, int ctx) {
    if (groups > keyMask / 2) {
      empty();
    }
    makeRoom(4);
    int k = home(len, ctx);
    while ((kKey[2 * k + 1] >>> 8) == generation) {
      k = (k + 1) & keyMask;
    }
    kKey[2 * k] = len;
    kKey[2 * k + 1] = (generation << 8) | ctx;
    kPlace[2 * k] = poolTop;
    kPlace[2 * k + 1] = 0;
    kCap[k] = 4;
    kNext[k] = 0;
    poolTop += 4;
    groups++;
    return k;
  }

  /**
   * The place for a new entry of group {@code g}: the next free one, in a block twice the size
   * when the group's is full (a new generation if the pool has no room: the group alone, in a
   * new block), or in turn over the oldest once the block is as large as blocks grow.
   */
  private int slot(int g, long len, int ctx) {
    int fill = kPlace[2 * g + 1];
    int cap = kCap[g];
    if (fill < cap) {
      kPlace[2 * g + 1] = fill + 1;
      return kPlace[2 * g] + fill;
    }
    if (cap >= maxBlock) {
      return kPlace[2 * g] + (kNext[g]++ & (cap - 1));
    }
    int grown = Math.max(4, Math.min(2 * cap, maxBlock));
    long seen = generation;
    makeRoom(grown);
    if (generation != seen) {
      g = newGroup(len, ctx);
      kPlace[2 * g + 1] = 1;
      return kPlace[2 * g];
    }
    fill = kPlace[2 * g + 1]; // packing moved the group's block, or emptied it
    int from = kPlace[2 * g];
    int to = poolTop;
    System.arraycopy(tPattern, 4 * from, tPattern, 4 * to, 4 * fill);
    System.arraycopy(tLo, from, tLo, to, fill);
    System.arraycopy(tHi, from, tHi, to, fill);
    System.arraycopy(tMove, from, tMove, to, fill);
    poolTop += grown;
    kPlace[2 * g] = to;
    kCap[g] = grown;
    kPlace[2 * g + 1] = fill + 1;
    return to + fill;
  }

  /**
   * Room for a block of {@code size} entries at the pool's top: the live blocks moved down over
   * the ones their groups outgrew, each cut to its entries (four at least); if that would leave
   * less than half the pool free, the groups of the fewest tricks (the cheapest to search again)
   * lose their entries, keeping their keys, until it does.
   */
  private void makeRoom(int size) {
    if (poolTop + size <= tLo.length) {
      return;
    }
    long live = generation;
    long[] packed = packedByTricks;
    java.util.Arrays.fill(packed, 0);
    long total = 0;
    for (int k = 0; k <= keyMask; k++) {
      if ((kKey[2 * k + 1] >>> 8) == live && kCap[k] > 0) {
        blockOwner[kPlace[2 * k] >>> 2] = k + 1; // blocks start at multiples of four
        int cap = packedCap(k);
        packed[tricksOf(kKey[2 * k])] += cap;
        total += cap;
      }
    }
    int least = 0;
    while (least < packed.length && total + size > tLo.length / 2) {
      total -= packed[least++];
    }
    int top = 0;
    for (int b = 0, end = poolTop >>> 2; b < end; b++) {
      int k = blockOwner[b] - 1;
      if (k < 0) {
        continue;
      }
      blockOwner[b] = 0;
      if (tricksOf(kKey[2 * k]) < least) {
        kPlace[2 * k] = 0;
        kPlace[2 * k + 1] = 0;
        kCap[k] = 0;
        kNext[k] = 0;
        continue;
      }
      int from = kPlace[2 * k];
      int fill = kPlace[2 * k + 1];
      System.arraycopy(tPattern, 4 * from, tPattern, 4 * top, 4 * fill);
      System.arraycopy(tLo, from, tLo, top, fill);
      System.arraycopy(tHi, from, tHi, top, fill);
      System.arraycopy(tMove, from, tMove, top, fill);
      int cap = packedCap(k);
      kPlace[2 * k] = top;
      kCap[k] = cap;
      top += cap;
    }
    poolTop = top;
    if (least >= packed.length || poolTop + size > tLo.length / 2) {
      empty();
    }
  }

  /** The size of a group's block once packed: its entries, four at least, or a full block. */
  private int packedCap(int k) {
    return kCap[k] >= maxBlock ? maxBlock : Math.max(4, (kPlace[2 * k + 1] + 3) & ~3);
  }

  /** The tricks left in a position of the given suit lengths (four bits each). */
  private static int tricksOf(long len) {
    int cards = 0;
    for (long l = len; l != 0; l >>>= 4) {
      cards += (int) (l & 0xF);
    }
    return cards / 4;
  }

  /** Empties the table: a new generation, in which no key of an older one counts. */
  private void empty() {
    generation++;
    groups = 0;
    poolTop = 0;
  }

  /**
   * Puts card {@code c} of weight {@code v} into the first {@code n} of {@code out}, kept in
   * falling weight (a later card after the earlier ones of its weight); returns the new count.
   */
  private static int insert(int[] out, int[] score, int n, int c, int v) {
    int i = n;
    while (i > 0 && score[i - 1] < v) {
      out[i] = out[i - 1];
      score[i] = score[i - 1];
      i--;
    }
    out[i] = c;
    score[i] = v;
    return n + 1;
  }
}
