package org.tenace.server.api;

import java.util.List;
import java.util.Locale;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.BoardResult;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.Strain;

/**
 * Honest, cheap measures of how robots bid and played a run of boards, from the completed
 * boards alone (no double-dummy solver, so no par): passed-out boards, contract levels, contracts
 * made, whether the stronger side declared, whether games were bid with the values for one.
 */
record PlayQuality(int boards, int passedOut, int[] levels, int made, int strongerDeclared,
    int unequal, int gameValues, int gamesBidWithValues, int passedOutWithValues,
    double meanTricksOverNeeded) {

  static PlayQuality of(List<BoardCompleted> done) {
    int passed = 0;
    int made = 0;
    int stronger = 0;
    int unequal = 0;
    int gameValues = 0;
    int gamesBid = 0;
    int passedWithValues = 0;
    long over = 0;
    int[] levels = new int[8];
    for (BoardCompleted b : done) {
      BoardResult r = b.getResult();
      int ns = hcp(b, Seat.SEAT_NORTH) + hcp(b, Seat.SEAT_SOUTH);
      int ew = 40 - ns;
      boolean nsDeclares = r.hasContract() && (r.getContract().getDeclarer() == Seat.SEAT_NORTH
          || r.getContract().getDeclarer() == Seat.SEAT_SOUTH);
      int strongSide = Math.max(ns, ew);
      if (!r.hasContract()) {
        passed++;
        if (strongSide >= 21) {
          passedWithValues++;
        }
      } else {
        int level = r.getContract().getLevel();
        levels[level]++;
        int need = level + 6;
        if (r.getTricks() >= need) {
          made++;
        }
        over += r.getTricks() - need;
        if (ns != ew) {
          unequal++;
          if (nsDeclares == (ns > ew)) {
            stronger++;
          }
        }
      }
      if (strongSide >= 26) {
        gameValues++;
        boolean strongDeclares = r.hasContract() && nsDeclares == (ns > ew);
        if (strongDeclares && isGameOrMore(r.getContract())) {
          gamesBid++;
        }
      }
    }
    int played = done.size() - passed;
    return new PlayQuality(done.size(), passed, levels, made, stronger, unequal, gameValues,
        gamesBid, passedWithValues, played == 0 ? 0 : (double) over / played);
  }

  private static boolean isGameOrMore(org.tenace.proto.v1.Contract c) {
    Strain s = c.getStrain();
    int game = s == Strain.STRAIN_NO_TRUMP ? 3
        : s == Strain.STRAIN_HEARTS || s == Strain.STRAIN_SPADES ? 4 : 5;
    return c.getLevel() >= game;
  }

  private static int hcp(BoardCompleted b, Seat seat) {
    int points = 0;
    for (Hand h : b.getHandsList()) {
      if (h.getSeat() == seat) {
        for (Card c : h.getCardsList()) {
          points += Math.max(0, c.getRankValue() - 10);
        }
      }
    }
    return points;
  }

  String report() {
    int played = boards - passedOut;
    StringBuilder levelText = new StringBuilder();
    for (int l = 1; l <= 7; l++) {
      levelText.append(String.format(Locale.ROOT, " %d:%.1f%%", l, pct(levels[l], played)));
    }
    return String.format(Locale.ROOT, "boards %d; passed out %.1f%% (%d; with a side holding 21+ HCP:"
        + " %d)%ncontract levels (share of played boards):%s%ncontracts made %.1f%% of %d;"
        + " mean tricks over the contract %+.2f%nthe side with more HCP declared %.1f%% of %d"
        + " boards%ngame (or more) bid by the side holding 26+ HCP: %.1f%% of %d boards",
        boards, pct(passedOut, boards), passedOut, passedOutWithValues, levelText,
        pct(made, played), played, meanTricksOverNeeded, pct(strongerDeclared, unequal), unequal,
        pct(gamesBidWithValues, gameValues), gameValues);
  }

  private static double pct(int n, int of) {
    return of == 0 ? 0 : 100.0 * n / of;
  }
}
