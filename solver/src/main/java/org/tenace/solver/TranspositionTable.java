package org.tenace.solver;

/**
 * The solver's transposition table: bounds on North-South's tricks, each for every position of
 * one key (every hand's suit lengths at a trick start, the strain, the leader and who plays for
 * whom) whose cards, by relative rank down to a stored mask, are held by the stored owners;
 * with each, the best move found, as a relative card. The search computes keys, patterns and
 * masks from its hands; the table only stores, finds and makes room.
 */
final class TranspositionTable {
  // A group of entries for each key (suit lengths and context), the owner patterns
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

  /** A table of {@code 2^tableBits} entries (8 to 24 bits, checked by the solver). */
  TranspositionTable(int tableBits) {
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

  /** The table's generation: it changes whenever the table is emptied. */
  long generation() {
    return generation;
  }

  /** The first entry of group {@code g} (-1: none, so no entries). */
  int begin(int g) {
    return g < 0 ? 0 : kPlace[2 * g];
  }

  /** The end of group {@code g}'s entries (-1: none). */
  int end(int g) {
    return g < 0 ? 0 : kPlace[2 * g] + kPlace[2 * g + 1];
  }

  /** Whether the owners by relative rank {@code relA} and {@code relB} match entry {@code i}. */
  boolean matches(int i, long relA, long relB) {
    int at = 4 * i;
    return (relA & tPattern[at]) == tPattern[at + 1]
        && (relB & tPattern[at + 2]) == tPattern[at + 3];
  }

  /** Entry {@code i}'s lower bound. */
  int lo(int i) {
    return tLo[i];
  }

  /** Entry {@code i}'s upper bound. */
  int hi(int i) {
    return tHi[i];
  }

  /** Entry {@code i}'s mask of relative ranks in spades and hearts. */
  long maskA(int i) {
    return tPattern[4 * i];
  }

  /** Entry {@code i}'s mask of relative ranks in diamonds and clubs. */
  long maskB(int i) {
    return tPattern[4 * i + 2];
  }

  /** Entry {@code i}'s best move, as a relative card. */
  byte move(int i) {
    return tMove[i];
  }

  /**
   * Stores the bounds {@code lo}..{@code hi} and {@code move} for the positions of key ({@code
   * len}, {@code ctx}) whose cards under the masks have the owners given: narrowing an entry of
   * the same pattern, else in a new entry of group {@code g} (-1: the key has none yet).
   */
  void store(int g, long len, int ctx, long maskA, long ownA, long maskB, long ownB, int lo,
      int hi, byte move) {
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

  /** The first place to look for a key in the key index. */
  private int home(long len, int ctx) {
    long h = (len ^ ((long) ctx << 58) ^ ctx) * 0x9E3779B97F4A7C15L;
    h ^= h >>> 31;
    h *= 0xC2B2AE3D27D4EB4FL;
    return (int) (h >>> 33) & keyMask;
  }

  /** The group of a key in the table, or -1 if it has none. */
  int group(long len, int ctx) {
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
  void empty() {
    generation++;
    groups = 0;
    poolTop = 0;
  }
}
