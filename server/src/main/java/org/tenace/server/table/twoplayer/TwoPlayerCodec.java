package org.tenace.server.table.twoplayer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.tenace.scoring.auction.Bid;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Hand;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.card.Suit;
import org.tenace.server.engine.honeymoon.TwoPlayerAction;
import org.tenace.server.engine.honeymoon.TwoPlayerDeal;
import org.tenace.server.engine.honeymoon.TwoPlayerRules;
import org.tenace.server.engine.honeymoon.Variant;
import org.tenace.server.table.Role;
import org.tenace.server.table.TableSettings;

/**
 * Two-player events as stored: one line of tab-separated fields, starting with the format's name
 * and version ({@code 2p1}), then the event's kind. Tabs cannot occur inside a field: names and
 * reasons are printable text (the table refuses control characters). Cards are their index
 * (0-51), hands their bits in hex, bids their rank (0 = 1C to 34 = 7NT).
 */
public final class TwoPlayerCodec {
  static final String FORMAT = "2p1";

  private TwoPlayerCodec() {}

  public static byte[] encode(TwoPlayerEvent e) {
    List<String> f = new ArrayList<>();
    f.add(FORMAT);
    if (e instanceof TwoPlayerEvent.Created c) {
      TwoPlayerSettings s = c.settings();
      TwoPlayerRules r = s.rules();
      f.addAll(List.of("created", c.name(), r.variant().name(),
          r.trump().map(t -> String.valueOf(t.letter())).orElse("-"),
          r.handicapSeat().map(x -> String.valueOf(x.letter())).orElse("-"),
          String.valueOf(r.handicapTricks()), String.valueOf(s.deals()), s.kibitz().name(),
          s.seed().isPresent() ? String.valueOf(s.seed().getAsLong()) : "-", c.directorToken()));
    } else if (e instanceof TwoPlayerEvent.Joined j) {
      f.addAll(List.of("joined", j.role().name(),
          j.seat().map(x -> String.valueOf(x.letter())).orElse("-"), j.name(), j.token(),
          j.robot() ? "1" : "0", j.requestId()));
    } else if (e instanceof TwoPlayerEvent.Left l) {
      f.addAll(List.of("left", l.token()));
    } else if (e instanceof TwoPlayerEvent.DealStarted d) {
      StringBuilder stock = new StringBuilder();
      for (Card c : d.deal().stock()) {
        stock.append(stock.length() == 0 ? "" : ",").append(c.index());
      }
      f.addAll(List.of("deal", String.valueOf(d.number()),
          Long.toHexString(d.deal().north().bits()), Long.toHexString(d.deal().south().bits()),
          stock.toString()));
    } else if (e instanceof TwoPlayerEvent.Acted a) {
      if (a.action() instanceof TwoPlayerAction.Call c) {
        f.addAll(List.of("call", String.valueOf(c.seat().letter()), call(c.call())));
      } else {
        TwoPlayerAction.Play p = (TwoPlayerAction.Play) a.action();
        f.addAll(List.of("play", String.valueOf(p.seat().letter()),
            String.valueOf(p.card().index())));
      }
    } else if (e instanceof TwoPlayerEvent.ReadyMarked r) {
      f.addAll(List.of("ready", String.valueOf(r.seat().letter())));
    } else {
      f.addAll(List.of("closed", ((TwoPlayerEvent.Closed) e).reason()));
    }
    return String.join("\t", f).getBytes(StandardCharsets.UTF_8);
  }

  /** Reads an event back; a damaged one is an IllegalArgumentException naming the fault. */
  public static TwoPlayerEvent decode(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    String[] f = text.split("\t", -1);
    if (f.length < 2 || !f[0].equals(FORMAT)) {
      throw new IllegalArgumentException("not a two-player event of format " + FORMAT + ": "
          + text.substring(0, Math.min(40, text.length())));
    }
    try {
      switch (f[1]) {
        case "created": {
          need(f, 11);
          Variant v = Variant.valueOf(f[3]);
          TwoPlayerRules r = new TwoPlayerRules(v,
              f[4].equals("-") ? Optional.empty() : Optional.of(Suit.parse(f[4].charAt(0))),
              seat(f[5]), Integer.parseInt(f[6]));
          return new TwoPlayerEvent.Created(f[2], new TwoPlayerSettings(r,
              Integer.parseInt(f[7]), TableSettings.KibitzPolicy.valueOf(f[8]),
              f[9].equals("-") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(f[9]))),
              f[10]);
        }
        case "joined":
          need(f, 8);
          return new TwoPlayerEvent.Joined(Role.valueOf(f[2]), seat(f[3]), f[4], f[5],
              f[6].equals("1"), f[7]);
        case "left":
          need(f, 3);
          return new TwoPlayerEvent.Left(f[2]);
        case "deal": {
          need(f, 6);
          List<Card> stock = new ArrayList<>();
          for (String c : f[5].split(",")) {
            stock.add(Card.of(Integer.parseInt(c)));
          }
          return new TwoPlayerEvent.DealStarted(Integer.parseInt(f[2]),
              new TwoPlayerDeal(Hand.ofBits(Long.parseUnsignedLong(f[3], 16)),
                  Hand.ofBits(Long.parseUnsignedLong(f[4], 16)), stock));
        }
        case "call":
          need(f, 4);
          return new TwoPlayerEvent.Acted(new TwoPlayerAction.Call(Seat.parse(f[2].charAt(0)),
              f[3].equals("P") ? Call.Other.PASS : Bid.ofRank(Integer.parseInt(f[3]))));
        case "play":
          need(f, 4);
          return new TwoPlayerEvent.Acted(new TwoPlayerAction.Play(Seat.parse(f[2].charAt(0)),
              Card.of(Integer.parseInt(f[3]))));
        case "ready":
          need(f, 3);
          return new TwoPlayerEvent.ReadyMarked(Seat.parse(f[2].charAt(0)));
        case "closed":
          need(f, 3);
          return new TwoPlayerEvent.Closed(f[2]);
        default:
          throw new IllegalArgumentException("unknown kind " + f[1]);
      }
    } catch (RuntimeException ex) {
      throw new IllegalArgumentException("unreadable two-player event " + f[1] + ": "
          + ex.getMessage(), ex);
    }
  }

  private static String call(Call c) {
    if (c == Call.Other.PASS) {
      return "P";
    }
    if (c instanceof Bid b) {
      return String.valueOf(b.rank());
    }
    throw new IllegalArgumentException("two-player auctions have bids and passes only: " + c);
  }

  private static Optional<Seat> seat(String s) {
    return s.equals("-") ? Optional.empty() : Optional.of(Seat.parse(s.charAt(0)));
  }

  private static void need(String[] f, int n) {
    if (f.length != n) {
      throw new IllegalArgumentException(n + " fields, not " + f.length);
    }
  }
}
