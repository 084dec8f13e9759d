package org.tenace.server.engine;

import org.tenace.bridge.card.Seat;

/**
 * Drives an auction from a line of tokens, as the rule cases are written: {@code N:1H}
 * (a seat and its call), {@code 1H} (the seat whose turn it is), {@code 2C!} (alerted), {@code
 * 1H*} (the star only marks an irregular call), {@code 8C} (a bid above seven), {@code W:accept},
 * {@code W:refuse}.
 */
final class Script {
  private Script() {}

  static AuctionSettings settings(Mode mode) {
    return mode == Mode.ONLINE ? AuctionSettings.ONLINE : AuctionSettings.LAWS;
  }

  static Auction start(Mode mode) {
    return Auction.start(Seat.NORTH, settings(mode));
  }

  static Auction run(Mode mode, String script) {
    return run(start(mode), script);
  }

  static Auction run(Auction a, String script) {
    for (String token : script.strip().split("\\s+")) {
      if (!token.isEmpty()) {
        a = step(a, token);
      }
    }
    return a;
  }

  static Auction step(Auction a, String token) {
    Seat seat;
    String what = token;
    int colon = token.indexOf(':');
    if (colon >= 0) {
      seat = Seat.parse(token.substring(0, colon));
      what = token.substring(colon + 1);
    } else {
      seat = a.turn();
    }
    if (what.equalsIgnoreCase("accept")) {
      return a.accept(seat);
    }
    if (what.equalsIgnoreCase("refuse")) {
      return a.refuse(seat);
    }
    Alert alert = Alert.NONE;
    if (what.endsWith("*")) {
      what = what.substring(0, what.length() - 1);
    }
    if (what.endsWith("!")) {
      what = what.substring(0, what.length() - 1);
      alert = Alert.of("");
    }
    return a.apply(new BoardAction.Call(seat, Utterance.parse(what), alert));
  }
}
