package org.tenace.server.api;

import java.util.EnumSet;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MakeCallResponse;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.PlayCardResponse;
import org.tenace.proto.v1.TwoPlayerOptions;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.application.Tables;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.honeymoon.TwoPlayerAction;
import org.tenace.server.engine.honeymoon.TwoPlayerRules;
import org.tenace.server.engine.honeymoon.Variant;
import org.tenace.server.table.TableSettings;
import org.tenace.server.table.twoplayer.TwoPlayerSettings;
import org.tenace.server.table.twoplayer.TwoPlayerTable;

/**
 * What TableService does its own way at two-player tables: creating one (its settings), and
 * the mapping of a call or a card into the game's action: the two-player kind's
 * {@link TableGame}. {@link TableGrpcService} hands a request here when its settings name a
 * two-player variant, or its table id is a two-player table's; everything else (join, leave, ready, close, watch) is the same at every table. Maps
 * the request, calls one {@link TwoPlayerTable} method, maps the reply; no rules live here.
 */
final class TwoPlayerService implements TableGame {
  /** Seats the server's robots at a two-player table. */
  interface Robots {
    void seat(Tables.Entry table, Set<Seat> seats);

    Robots NONE = (t, s) -> {
      if (!s.isEmpty()) {
        throw ProtoMapper.malformed("robot_seats", "this server runs no robots");
      }
    };
  }

  private final Tables tables;
  private final Robots robots;

  TwoPlayerService(Tables tables, Robots robots) {
    this.tables = tables;
    this.robots = robots;
  }

  static boolean isTwoPlayer(org.tenace.proto.v1.TableSettings s) {
    return s.getVariant() != org.tenace.proto.v1.Variant.VARIANT_UNSPECIFIED;
  }

  @Override
  public Tables.Kind kind() {
    return Tables.Kind.TWO_PLAYER;
  }

  @Override
  public CreateTableResponse create(CreateTableRequest req, String client, ServerLimits limits) {
    limits.checkCreateKey(Caller.createKey());
    TwoPlayerSettings settings = settings(req);
    Set<Seat> robotSeats = EnumSet.noneOf(Seat.class);
    for (int i = 0; i < req.getRobotSeatsCount(); i++) {
      Seat s = ProtoMapper.seat(req.getRobotSeats(i), "robot_seats[" + i + "]");
      if (!TwoPlayerRules.SEATS.contains(s) || !robotSeats.add(s)) {
        throw ProtoMapper.malformed("robot_seats", "North or South, each once");
      }
    }
    if (robotSeats.size() > 1) {
      // Two robots alone would deal and play for nobody, deal after deal.
      throw ProtoMapper.malformed("robot_seats", "one seat at most at a two-player table");
    }
    Tables.Entry e = tables.create(req.getName(), settings, req.getRequestId(), client, limits);
    robots.seat(e, robotSeats);
    TwoPlayerTable t = e.twoPlayer();
    return t.atomically(() -> CreateTableResponse.newBuilder()
        .setTable(TwoPlayerPresenter.info(t)).setDirectorToken(t.directorToken()).build());
  }

  /** The settings of a two-player CreateTable: the four-player ones that do not apply refused. */
  static TwoPlayerSettings settings(CreateTableRequest req) {
    org.tenace.proto.v1.TableSettings s = req.getSettings();
    Variant variant = switch (s.getVariant()) {
      case VARIANT_HONEYMOON -> Variant.HONEYMOON;
      case VARIANT_NO_TRUMP -> Variant.NO_TRUMP;
      case VARIANT_TRUMPS -> Variant.TRUMPS;
      default -> throw ProtoMapper.malformed("settings.variant",
          "VARIANT_HONEYMOON, VARIANT_NO_TRUMP or VARIANT_TRUMPS");
    };
    if (s.getMode() != org.tenace.proto.v1.Mode.MODE_UNSPECIFIED
        && ProtoMapper.mode(s.getMode(), "settings.mode") != Mode.ONLINE) {
      throw ProtoMapper.malformed("settings.mode", "online: laws mode is for four-player tables");
    }
    if (req.hasRobotPace()) {
      // The two-player robot has no pacing: refused rather than silently ignored.
      throw ProtoMapper.malformed("robot_pace",
          "none: a two-player table's robot plays at its own pace");
    }
    if (req.getRobotLevel() != org.tenace.proto.v1.RobotLevel.ROBOT_LEVEL_UNSPECIFIED) {
      // The two-player robot has one level: refused rather than silently ignored.
      throw ProtoMapper.malformed("robot_level",
          "none: a two-player table's robot has one level");
    }
    if (req.getDealSourceCase() == CreateTableRequest.DealSourceCase.DEAL_PBN) {
      throw ProtoMapper.malformed("deal_pbn", "no PBN: a two-player deal has a stock PBN lacks");
    }
    TwoPlayerOptions o = s.getTwoPlayer();
    Optional<Suit> trump = Optional.empty();
    if (variant == Variant.TRUMPS) {
      trump = Optional.of(o.getTrumpSuit() == org.tenace.proto.v1.Suit.SUIT_UNSPECIFIED
          ? Suit.SPADES : ProtoMapper.suit(o.getTrumpSuit(), "settings.two_player.trump_suit"));
    } else if (o.getTrumpSuit() != org.tenace.proto.v1.Suit.SUIT_UNSPECIFIED) {
      throw ProtoMapper.malformed("settings.two_player.trump_suit",
          "a trump suit with VARIANT_TRUMPS only");
    }
    int handicap = o.getHandicapTricks();
    if (handicap < 0 || handicap > TwoPlayerRules.MAX_HANDICAP) {
      throw ProtoMapper.malformed("settings.two_player.handicap_tricks",
          "0 to " + TwoPlayerRules.MAX_HANDICAP + " tricks");
    }
    Optional<Seat> receiver = Optional.empty();
    if (handicap > 0) {
      Seat r = ProtoMapper.seat(o.getHandicapSeat(), "settings.two_player.handicap_seat");
      if (!TwoPlayerRules.SEATS.contains(r)) {
        throw ProtoMapper.malformed("settings.two_player.handicap_seat", "North or South");
      }
      receiver = Optional.of(r);
    }
    TableSettings.KibitzPolicy kibitz = s.getKibitzPolicy()
        == org.tenace.proto.v1.KibitzPolicy.KIBITZ_POLICY_UNSPECIFIED
        ? TableSettings.KibitzPolicy.PUBLIC
        : ProtoMapper.kibitz(s.getKibitzPolicy(), "settings.kibitz_policy");
    if (s.getBoardCount() < 0 || s.getBoardCount() > TwoPlayerSettings.MAX_DEALS) {
      throw ProtoMapper.malformed("settings.board_count",
          "0 (no limit) to " + TwoPlayerSettings.MAX_DEALS + " deals");
    }
    return new TwoPlayerSettings(new TwoPlayerRules(variant, trump, receiver, handicap),
        s.getBoardCount(), kibitz,
        req.getDealSourceCase() == CreateTableRequest.DealSourceCase.DEAL_SEED
            ? OptionalLong.of(req.getDealSeed()) : OptionalLong.empty());
  }

  @Override
  public MakeCallResponse call(MakeCallRequest req) {
    Seat seat = ProtoMapper.seat(req.getSeat(), "seat");
    Call call = ProtoMapper.utterance(req.getCall(), "call").asCall().orElseThrow(() ->
        ProtoMapper.malformed("call.bid.level", "a level from 1 to 7"));
    long v = act(req.getTableId(), new TwoPlayerAction.Call(seat, call),
        req.getExpectedVersion());
    return MakeCallResponse.newBuilder().setVersion(v).build();
  }

  @Override
  public PlayCardResponse play(PlayCardRequest req) {
    Seat seat = ProtoMapper.seat(req.getSeat(), "seat");
    var card = ProtoMapper.card(req.getCard(), "card");
    long v = act(req.getTableId(), new TwoPlayerAction.Play(seat, card),
        req.getExpectedVersion());
    return PlayCardResponse.newBuilder().setVersion(v).build();
  }

  /** The caller's action at two-player table {@code id}; the table checks the token. */
  private long act(String id, TwoPlayerAction action, long expected) {
    return tables.command(id, BearerToken.current(),
        e -> e.twoPlayer().act(BearerToken.current(), action, expected));
  }
}
