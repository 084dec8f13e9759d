package org.tenace.bridge.score;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Side;

/** The entries one played deal writes on a rubber or Chicago sheet, before any game bonus. */
final class DealEntries {

  private DealEntries() {}

  static List<Entry> of(int deal, int game, Contract contract, int tricks, boolean vulnerable,
      Optional<Honours> honours) {
    honours.ifPresent(h -> h.checkPossibleIn(contract.strain()));
    ContractPoints p = ContractPoints.of(contract, tricks, vulnerable);
    Side declarers = contract.declarer().side();
    List<Entry> out = new ArrayList<>(5);
    if (p.made()) {
      out.add(new Entry(deal, game, declarers, Entry.Kind.TRICK_POINTS, p.trickPoints()));
      add(out, deal, game, declarers, Entry.Kind.OVERTRICKS, p.overtrickPoints());
      add(out, deal, game, declarers, Entry.Kind.INSULT, p.insult());
      add(out, deal, game, declarers, Entry.Kind.SLAM_BONUS, p.slamBonus());
    } else {
      add(out, deal, game, declarers.opponents(), Entry.Kind.UNDERTRICKS, p.undertrickPenalty());
    }
    honours.ifPresent(h -> out.add(new Entry(deal, game, h.side(), Entry.Kind.HONOURS, h.points())));
    return out;
  }

  private static void add(List<Entry> out, int deal, int game, Side side, Entry.Kind kind,
      int points) {
    if (points > 0) {
      out.add(new Entry(deal, game, side, kind, points));
    }
  }
}
