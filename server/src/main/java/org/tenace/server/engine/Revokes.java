package org.tenace.server.engine;

import java.util.ArrayList;
import java.util.List;
import org.tenace.bridge.card.Side;

/**
 * The revokes of one play in laws mode (Laws 61-64), in the order they were made: when each is
 * established (63A), which one attention may still correct (62), and the tricks they transfer
 * when play ends (64). An immutable value; a change that changes nothing returns the same value.
 */
final class Revokes {
  static final Revokes NONE = new Revokes(List.of());

  private final List<Revoke> list;

  private Revokes(List<Revoke> list) {
    this.list = list;
  }

  List<Revoke> list() {
    return list;
  }

  /** Revoke {@code r} is made. */
  Revokes recorded(Revoke r) {
    return new Revokes(append(r));
  }

  /** Law 63A1: {@code side} plays to trick {@code trickNo}, establishing its earlier revokes. */
  Revokes playedBy(Side side, int trickNo) {
    List<Revoke> rs = list;
    for (int i = 0; i < rs.size(); i++) {
      Revoke r = rs.get(i);
      if (!r.established() && !r.corrected() && r.offender().side() == side
          && r.trick() < trickNo) {
        rs = new ArrayList<>(rs);
        rs.set(i, r.establish());
        rs = List.copyOf(rs);
      }
    }
    return rs == list ? this : new Revokes(rs);
  }

  /** Laws 63A2-3: {@code side} makes or agrees to a claim, establishing all its revokes. */
  Revokes claimedBy(Side side) {
    List<Revoke> rs = new ArrayList<>(list);
    for (int i = 0; i < rs.size(); i++) {
      Revoke r = rs.get(i);
      if (!r.established() && !r.corrected() && r.offender().side() == side) {
        rs.set(i, r.establish());
      }
    }
    return new Revokes(List.copyOf(rs));
  }

  /** Law 62: the latest revoke not yet established (or on trick 12, 62D), or null. */
  Revoke correctable() {
    for (int i = list.size() - 1; i >= 0; i--) {
      Revoke r = list.get(i);
      if (!r.corrected() && (!r.established() || r.trick() == 12)) {
        return r;
      }
    }
    return null;
  }

  /** These (made before {@code r}) and {@code r}, corrected (Law 62). */
  Revokes corrected(Revoke r) {
    return new Revokes(append(r.correct()));
  }

  /**
   * Law 64: the trick transfer of each established revoke, once play has ended. {@code done}
   * holds the {@code completed} tricks (packed, winner in bits 29-30); a claim gave {@code
   * toClaimer} of the {@code claimed} remaining tricks to {@code claimerSide}.
   */
  List<PlayResult.Transfer> transfers(
      int[] done, int completed, Side claimerSide, int toClaimer, int claimed) {
    List<Revoke> est = list.stream().filter(r -> r.established() && !r.corrected()).toList();
    if (est.isEmpty()) {
      return List.of();
    }
    Won won = new Won(done, completed, claimerSide, toClaimer, claimed);
    boolean bothSides = est.stream().map(r -> r.offender().side()).distinct().count() > 1;
    List<PlayResult.Transfer> out = new ArrayList<>();
    int[] cap = new int[2]; // per offending side: tricks won from its first revoke on
    boolean[] capSet = new boolean[2];
    for (int i = 0; i < est.size(); i++) {
      Revoke r = est.get(i);
      Side os = r.offender().side();
      if (!capSet[os.ordinal()]) {
        capSet[os.ordinal()] = true;
        cap[os.ordinal()] = won.from(os, r.trick());
      }
      String law;
      int t;
      boolean repeated = false;
      for (int j = 0; j < i; j++) {
        repeated |= est.get(j).offender() == r.offender() && est.get(j).led() == r.led();
      }
      if (bothSides) {
        law = "64B6";
        t = 0;
      } else if (r.trick() == 12) {
        law = "64B7";
        t = 0;
      } else if (repeated) {
        law = "64B2";
        t = 0;
      } else if (r.faced()) {
        law = "64B3";
        t = 0;
      } else {
        boolean wonByO = r.trick() <= completed && won.winner(r.trick()) == r.offender().ordinal();
        boolean laterWon = won.from(os, r.trick() + 1) > 0;
        if (wonByO) {
          law = "64A1";
          t = 1 + (laterWon ? 1 : 0);
        } else if (won.from(os, r.trick()) > 0) {
          law = "64A2";
          t = 1;
        } else {
          law = "64B1";
          t = 0;
        }
      }
      t = Math.min(t, cap[os.ordinal()]);
      cap[os.ordinal()] -= t;
      out.add(new PlayResult.Transfer(r, t, law));
    }
    return List.copyOf(out);
  }

  /** The tricks of the ended play, as Law 64 counts them. */
  private record Won(int[] done, int completed, Side claimerSide, int toClaimer, int claimed) {
    int winner(int number) {
      return (done[number - 1] >>> 29) & 3;
    }

    /** Tricks {@code side} won from trick {@code from} on, a claim's share included. */
    int from(Side side, int from) {
      int n = 0;
      for (int k = Math.max(from, 1); k <= completed; k++) {
        if ((winner(k) & 1) == side.ordinal()) {
          n++;
        }
      }
      if (claimed > 0 && from <= completed + 1 + claimed) {
        n += claimerSide == side ? toClaimer : claimed - toClaimer;
      }
      return n;
    }
  }

  private List<Revoke> append(Revoke r) {
    List<Revoke> rs = new ArrayList<>(list);
    rs.add(r);
    return List.copyOf(rs);
  }
}
