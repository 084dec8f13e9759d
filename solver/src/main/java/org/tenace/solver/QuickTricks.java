package org.tenace.solver;

/**
 * The search's quick bounds from the cards alone, DDS's way: the tricks the side on lead takes
 * by cashing its top cards (the leader's, partner's reached by a low card, and the suits either
 * hand then runs by length), second hand's sure tricks, and the later-trick rules (a ruff by
 * partner; the opponents' top cards at notrump, or their trump trick by position). It reads the
 * search's hands and trick (the same arrays); each bound leaves in {@link #mask} the cards whose
 * ranks make it, for the search's partition.
 */
final class QuickTricks {
  private static final long SUIT = (1L << 13) - 1;

  private final long[] hands;
  private final int[] trick;
  private final int[] cashedRounds = new int[4];
  private long mask;

  /** Bounds over the search's {@code hands} and {@code trick}. */
  QuickTricks(long[] hands, int[] trick) {
    this.hands = hands;
    this.trick = trick;
  }

  /** The cards whose ranks made the last bound found. */
  long mask() {
    return mask;
  }

  /**
   * A lower bound on the tricks the leader's side takes by cashing the cards of its top
   * sequence in each suit (the cards above every card the opponents hold), trumps first: the
   * leader's own, while partner can play lower cards under them; then, if the leader can reach
   * partner with a low card under one of partner's, partner's, above everything the leader has
   * left. A suit the opponents and partner are out of once the leader's top cards are cashed
   * (the opponents unable to ruff) gives its other cards too, by length. In a side suit only the
   * rounds in which each opponent who holds trumps still follows count. Leaves in {@link #mask}
   * the lowest card counted in each suit: every card above it, and the hands' lengths, make the
   * bound. {@code seqs}: the side's top sequences; {@code trump} the trump suit, -1 at notrump.
   */
  int tricks(int who, long seqs, int trump) {
    long me = hands[who];
    long pa = hands[(who + 2) & 3];
    long lho = hands[(who + 1) & 3];
    long rho = hands[(who + 3) & 3];
    long trumps = trump >= 0 ? SUIT << (trump * 13) : 0;
    int lhoTrumps = Long.bitCount(lho & trumps);
    int rhoTrumps = Long.bitCount(rho & trumps);
    long counted = 0;
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
      int cap = cap(trump, s, lho, rho, lhoTrumps, rhoTrumps);
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
      counted |= cut;
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
          && (s == trump || cap(trump, s, lho, rho, lhoTrumps, rhoTrumps) > rounds[s]);
    }
    if (!entry || Long.bitCount(paLeft & ~paWinners) < discards) {
      mask = counted;
      return total;
    }
    int leaderSide = trumps == 0 ? 52 : Long.bitCount(myLeft & ~trumps);
    long spare = paLeft & ~paWinners; // partner's small cards, for its discards
    for (int k = 0; k < 4; k++) {
      int s = trump >= 0 ? (trump + k) & 3 : k;
      long suit = SUIT << (s * 13);
      long left = myLeft & suit;
      long seq = seqs & suit;
      int cap = cap(trump, s, lho, rho, lhoTrumps, rhoTrumps) - rounds[s];
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
      counted |= cut;
      leaderSide -= s == trump ? Math.max(0, c - Long.bitCount(left)) : c;
      if (s == trump) {
        lhoTrumps = Math.max(0, lhoTrumps - c);
        rhoTrumps = Math.max(0, rhoTrumps - c);
      }
    }
    mask = counted;
    return total;
  }

  /**
   * Tricks second hand's side takes for sure from here, the trick in progress included, as DDS
   * counts them for second hand: the trick, when the side holds the suit's top card (that third
   * hand cannot ruff) or can ruff it (and third hand cannot overruff); then at notrump, the hand
   * that wins it cashes its next card of the suit if it holds the next card down, its top cards
   * of the other suits and every card of a suit no other hand holds. Stops counting at {@code
   * need}; 0 if the trick is not sure. Leaves in {@link #mask} the cards whose ranks count.
   */
  int secondHand(int player, int need, int trump) {
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
      mask = w;
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
    mask = w;
    return sure;
  }

  /**
   * Whether the leader can lead a side suit that partner ruffs and neither opponent can beat:
   * each follows suit, has no trump, or holds only trumps below partner's top trump. Leaves in
   * {@link #mask} partner's top trump when an opponent could ruff, else nothing.
   */
  boolean partnerRuffs(int who, int trump) {
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
        mask = 0;
        return true;
      }
      if (top > (lhoRuff | rhoRuff)) {
        mask = top;
        return true;
      }
    }
    return false;
  }

  /**
   * Whether, with no trumps in play, an opponent holds the top card of every suit the leader
   * holds: whatever is led, the opponents win the trick. Leaves those top cards in {@link
   * #mask}.
   */
  boolean opponentsWinTrick(int who, int trump) {
    long all = hands[0] | hands[1] | hands[2] | hands[3];
    if (trump >= 0 && (all & (SUIT << (trump * 13))) != 0) {
      return false;
    }
    long opps = hands[(who + 1) & 3] | hands[(who + 3) & 3];
    long tops = 0;
    for (int s = 0; s < 4; s++) {
      long suit = SUIT << (s * 13);
      if ((hands[who] & suit) == 0) {
        continue;
      }
      long top = Long.highestOneBit(all & suit);
      if ((opps & top) == 0) {
        return false;
      }
      tops |= top;
    }
    mask = tops;
    return true;
  }

  /** The cards that may be quick tricks: the top sequences, and each hand's in their suits. */
  long reach(int leader, long seqs) {
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
   * the next two. Leaves in {@link #mask} the lowest of those trumps.
   */
  boolean opponentsTrumpTrick(int who, int trump) {
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
    int h1 = MoveOrder.holder(hands, first);
    int h2 = MoveOrder.holder(hands, second);
    if (((h1 ^ who) & 1) != 0 || ((h2 ^ who) & 1) == 0
        || Long.bitCount(hands[h2] & trumps) < 2) {
      return false;
    }
    if (h1 == ((h2 + 3) & 3)) {
      mask = second;
      return true;
    }
    long third = Long.highestOneBit(all & ~first & ~second);
    if (third != 0 && ((MoveOrder.holder(hands, third) ^ who) & 1) != 0) {
      mask = third;
      return true;
    }
    return false;
  }

  /** The top sequence of {@code side} in each suit: its cards above all of {@code others}. */
  static long topSequences(long side, long others) {
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
  private static int cap(int trump, int s, long lho, long rho, int lhoTrumps, int rhoTrumps) {
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
}
