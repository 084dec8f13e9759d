package org.tenace.solver;

import org.tenace.bridge.card.TrickWinner;

/**
 * The search's move ordering: the cards a hand may play, one of each run of equivalent cards,
 * ordered by the weights DDS gives each card for the hand's place in the trick, trumps or
 * notrump (who wins the trick so far, ruffs, discards from long suits keeping Kx, forcing out
 * fourth hand's top card); at a lead, the last card that cut off at that depth (the killer) and
 * the table's move add to theirs. It reads the search's hands and trick (the same arrays) and
 * keeps what it learns: the killers, and the runs of each depth's moves.
 */
final class MoveOrder {
  private final long[] hands;
  private final int[] trick;
  private final int[] leadScore = new int[13];
  private final long[] runCards;
  private final int[] killer;
  private int trump;
  private int leader;
  private int played;
  private int depth;
  private int ttMove;

  /** Ordering over the search's {@code hands} and {@code trick}, for {@code maxDepth} depths. */
  MoveOrder(long[] hands, int[] trick, int maxDepth) {
    this.hands = hands;
    this.trick = trick;
    this.runCards = new long[maxDepth];
    this.killer = new int[maxDepth];
  }

  /** Forgets the killers learnt so far, as a new instance starts. */
  void forget() {
    java.util.Arrays.fill(killer, 0);
    java.util.Arrays.fill(runCards, 0);
  }

  /** The card at {@code depth} cut the search off: it is tried early at that depth's leads. */
  void cutoff(int depth, int card) {
    killer[depth] = card;
  }

  /** The cards of runs of more than one card among the moves last generated at {@code depth}. */
  long runs(int depth) {
    return runCards[depth];
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
   * DDS's weights: {@link #orderLeads}, {@link #orderFollows}), with {@code played} cards of the
   * trick led by {@code leader} down, at {@code depth} cards from the search's root; {@code
   * ttMove} is the table's best move for the position, or -1.
   */
  int generate(int player, int[] out, int leader, int played, int trump, int depth, int ttMove) {
    this.leader = leader;
    this.played = played;
    this.trump = trump;
    this.depth = depth;
    this.ttMove = ttMove;
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
      if (TrickWinner.beats(trick[i], trick[win], trump)) {
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

  private int holder(long card) {
    return holder(hands, card);
  }

  /** The seat of {@code hands} holding {@code card} (a single bit), or -1 for none. */
  static int holder(long[] hands, long card) {
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
