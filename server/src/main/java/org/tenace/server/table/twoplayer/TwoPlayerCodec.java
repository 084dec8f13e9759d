package org.tenace.server.table.twoplayer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.server.engine.honeymoon.TwoPlayerAction;
import org.tenace.server.engine.honeymoon.TwoPlayerDeal;
import org.tenace.server.engine.honeymoon.TwoPlayerRules;
import org.tenace.server.engine.honeymoon.Variant;
import org.tenace.server.store.proto.v1.StoreV1;
import org.tenace.server.table.EventCodec;
import org.tenace.server.table.Role;
import org.tenace.server.table.TableSettings;

/**
 * Two-player events as stored: the same {@code tenace.store.v1} records as every table's
 * ({@link EventCodec#record}), the shell's events (joined, left, ready, closed) in the same
 * messages as a four-player table's, the game's own in kinds of their own (Created's
 * {@code two_player} settings, {@code two_player_dealt}, {@code two_player_acted}).
 *
 * <p>Stores written before kept two-player events as a line of tab-separated fields of their own,
 * starting with the format's name and version ({@code 2p1}), then the event's kind; cards as their
 * index (0-51), hands as their bits in hex, bids as their rank (0 = 1C to 34 = 7NT). Those are
 * still read ({@link #decode} tells the two apart by the first byte); nothing writes them.
 */
public final class TwoPlayerCodec {
  static final String FORMAT = "2p1";

  private TwoPlayerCodec() {}

  public static byte[] encode(TwoPlayerEvent e) {
    StoreV1.TableEvent.Builder b = StoreV1.TableEvent.newBuilder();
    if (e instanceof TwoPlayerEvent.Created c) {
      TwoPlayerSettings s = c.settings();
      TwoPlayerRules r = s.rules();
      StoreV1.TwoPlayerSettings.Builder sb = StoreV1.TwoPlayerSettings.newBuilder()
          .setVariant(r.variant().name())
          .setTrump(r.trump().map(t -> String.valueOf(t.letter())).orElse(""))
          .setHandicapSeat(EventCodec.seat(r.handicapSeat()))
          .setHandicapTricks(r.handicapTricks())
          .setDeals(s.deals())
          .setKibitz(s.kibitz().name());
      s.seed().ifPresent(sb::setSeed);
      b.setCreated(StoreV1.Created.newBuilder().setName(c.name()).setTwoPlayer(sb)
          .setDirectorToken(c.directorToken()));
    } else if (e instanceof TwoPlayerEvent.Joined j) {
      b.setJoined(StoreV1.Joined.newBuilder().setRole(j.role().name())
          .setSeat(EventCodec.seat(j.seat())).setName(j.name()).setToken(j.token())
          .setRobot(j.robot()).setRequestId(j.requestId()));
    } else if (e instanceof TwoPlayerEvent.Left l) {
      b.setLeft(StoreV1.Left.newBuilder().setToken(l.token())
          .setReason(EventCodec.leaveReason(l.reason())));
    } else if (e instanceof TwoPlayerEvent.DealStarted d) {
      StoreV1.TwoPlayerDealt.Builder db = StoreV1.TwoPlayerDealt.newBuilder()
          .setNumber(d.number()).setNorth(d.deal().north().toPbn())
          .setSouth(d.deal().south().toPbn());
      for (Card c : d.deal().stock()) {
        db.addStock(c.toString());
      }
      b.setTwoPlayerDealt(db);
    } else if (e instanceof TwoPlayerEvent.Acted a) {
      StoreV1.TwoPlayerActed.Builder ab = StoreV1.TwoPlayerActed.newBuilder()
          .setSeat(EventCodec.seat(a.action().seat()));
      if (a.action() instanceof TwoPlayerAction.Call c) {
        ab.setCall(c.call().toString());
      } else {
        ab.setCard(((TwoPlayerAction.Play) a.action()).card().toString());
      }
      b.setTwoPlayerActed(ab);
    } else if (e instanceof TwoPlayerEvent.ReadyMarked r) {
      b.setReadyMarked(StoreV1.ReadyMarked.newBuilder().setSeat(EventCodec.seat(r.seat())));
    } else {
      b.setClosed(StoreV1.Closed.newBuilder().setReason(((TwoPlayerEvent.Closed) e).reason()));
    }
    return EventCodec.record(b.build());
  }

  /**
   * Reads an event back, of either format; a damaged one is an IllegalArgumentException naming
   * the fault.
   */
  public static TwoPlayerEvent decode(byte[] bytes) {
    if (!EventCodec.isRecord(bytes)) {
      return decodeText(bytes);
    }
    StoreV1.TableEvent e = EventCodec.parseRecord(bytes);
    try {
      return event(e);
    } catch (RuntimeException ex) {
      throw new IllegalArgumentException("unreadable two-player event " + e.getKindCase() + ": "
          + ex.getMessage(), ex);
    }
  }

  private static TwoPlayerEvent event(StoreV1.TableEvent e) {
    switch (e.getKindCase()) {
      case CREATED: {
        StoreV1.Created c = e.getCreated();
        if (!c.hasTwoPlayer()) {
          throw new IllegalArgumentException("not a two-player table's creation");
        }
        StoreV1.TwoPlayerSettings s = c.getTwoPlayer();
        TwoPlayerRules r = new TwoPlayerRules(Variant.valueOf(s.getVariant()),
            s.getTrump().isEmpty() ? Optional.empty()
                : Optional.of(Suit.parse(s.getTrump().charAt(0))),
            EventCodec.optionalSeat(s.getHandicapSeat()), s.getHandicapTricks());
        return new TwoPlayerEvent.Created(c.getName(), new TwoPlayerSettings(r, s.getDeals(),
            TableSettings.KibitzPolicy.valueOf(s.getKibitz()),
            s.hasSeed() ? OptionalLong.of(s.getSeed()) : OptionalLong.empty()),
            c.getDirectorToken());
      }
      case JOINED: {
        StoreV1.Joined j = e.getJoined();
        return new TwoPlayerEvent.Joined(Role.valueOf(j.getRole()),
            EventCodec.optionalSeat(j.getSeat()), j.getName(), j.getToken(), j.getRobot(),
            j.getRequestId());
      }
      case LEFT:
        return new TwoPlayerEvent.Left(e.getLeft().getToken(),
            EventCodec.leaveReason(e.getLeft().getReason()));
      case TWO_PLAYER_DEALT: {
        StoreV1.TwoPlayerDealt d = e.getTwoPlayerDealt();
        List<Card> stock = new ArrayList<>(d.getStockCount());
        for (String c : d.getStockList()) {
          stock.add(Card.parse(c));
        }
        return new TwoPlayerEvent.DealStarted(d.getNumber(), new TwoPlayerDeal(
            Hand.parsePbn(d.getNorth()), Hand.parsePbn(d.getSouth()), stock));
      }
      case TWO_PLAYER_ACTED: {
        StoreV1.TwoPlayerActed a = e.getTwoPlayerActed();
        Seat seat = EventCodec.seat(a.getSeat());
        switch (a.getKindCase()) {
          case CALL:
            return new TwoPlayerEvent.Acted(new TwoPlayerAction.Call(seat,
                Call.parse(a.getCall())));
          case CARD:
            return new TwoPlayerEvent.Acted(new TwoPlayerAction.Play(seat,
                Card.parse(a.getCard())));
          default:
            throw new IllegalArgumentException("no call or card");
        }
      }
      case READY_MARKED:
        return new TwoPlayerEvent.ReadyMarked(EventCodec.seat(e.getReadyMarked().getSeat()));
      case CLOSED:
        return new TwoPlayerEvent.Closed(e.getClosed().getReason());
      default:
        throw new IllegalArgumentException("not a two-player table's event");
    }
  }

  /** Reads an event of the "2p1" text format. */
  static TwoPlayerEvent decodeText(byte[] bytes) {
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

  private static Optional<Seat> seat(String s) {
    return s.equals("-") ? Optional.empty() : Optional.of(Seat.parse(s.charAt(0)));
  }

  private static void need(String[] f, int n) {
    if (f.length != n) {
      throw new IllegalArgumentException(n + " fields, not " + f.length);
    }
  }
}
