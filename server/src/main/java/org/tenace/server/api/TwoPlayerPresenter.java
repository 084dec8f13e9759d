package org.tenace.server.api;

import com.google.protobuf.Timestamp;
import java.util.Optional;
import org.tenace.proto.v1.AuctionCall;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.TableInfo;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.TwoPlayerOptions;
import org.tenace.proto.v1.TwoPlayerPhase;
import org.tenace.proto.v1.TwoPlayerUpdate;
import org.tenace.proto.v1.TwoPlayerView;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.Viewer;
import org.tenace.server.engine.honeymoon.Phase;
import org.tenace.server.engine.honeymoon.TwoPlayerRules;
import org.tenace.server.engine.honeymoon.TwoPlayerState;
import org.tenace.server.engine.honeymoon.TwoPlayerTrick;
import org.tenace.server.engine.honeymoon.TwoPlayerVisibility;
import org.tenace.server.engine.honeymoon.Variant;
import org.tenace.server.table.Holder;
import org.tenace.server.table.twoplayer.TwoPlayerEvent;
import org.tenace.server.table.twoplayer.TwoPlayerSettings;
import org.tenace.server.table.twoplayer.TwoPlayerTable;

/**
 * What a viewer of a two-player table receives: the table's info, and its whole deal redacted by
 * {@link TwoPlayerVisibility}. Every card put into a message passes through that class's answer
 * for the viewer, or is public (played cards, the turned-up card). Callers hold the table's lock.
 */
final class TwoPlayerPresenter {
  private TwoPlayerPresenter() {}

  static TableSnapshot snapshot(TwoPlayerTable t, Holder h) {
    return TableSnapshot.newBuilder()
        .setSequence(t.version())
        .setTable(info(t))
        .setViewer(ProtoMapper.viewer(h))
        .setTwoPlayer(view(t, viewer(h, t.settings())))
        .build();
  }

  static WatchTableResponse update(TwoPlayerTable t, long seq, TwoPlayerEvent e, Viewer v,
      long millis) {
    org.tenace.proto.v1.TableEvent.Builder b = org.tenace.proto.v1.TableEvent.newBuilder()
        .setSequence(seq)
        .setTime(Timestamp.newBuilder().setSeconds(millis / 1000)
            .setNanos((int) (millis % 1000) * 1_000_000))
        .setBoardNumber(t.deal().map(TwoPlayerState::number).orElse(0))
        .setTwoPlayerUpdate(TwoPlayerUpdate.newBuilder()
            .setWhat(TwoPlayerTable.describe(e, t.deal()))
            .setView(view(t, v)));
    return WatchTableResponse.newBuilder().setEvent(b).build();
  }

  /** The engine's viewer for a holder: a player's seat, or a kibitzer under the policy. */
  static Viewer viewer(Holder h, TwoPlayerSettings s) {
    return switch (h.role()) {
      case PLAYER -> Viewer.of(h.seat().orElseThrow());
      case DIRECTOR -> Viewer.kibitzer(Viewer.KibitzPolicy.ALL_HANDS);
      case KIBITZER -> Viewer.kibitzer(
          s.kibitz() == org.tenace.server.table.TableSettings.KibitzPolicy.ALL_HANDS
              ? Viewer.KibitzPolicy.ALL_HANDS : Viewer.KibitzPolicy.PUBLIC);
    };
  }

  static TableInfo info(TwoPlayerTable t) {
    TwoPlayerSettings s = t.settings();
    TableInfo.Builder b = TableInfo.newBuilder()
        .setTableId(t.id())
        .setName(t.name())
        .setSettings(settings(s))
        .setStatus(ProtoMapper.toProto(t.status()))
        .setBoardNumber(t.deal().map(TwoPlayerState::number).orElse(0))
        .setBoardsCompleted(t.dealsCompleted())
        .setKibitzerCount(t.kibitzers());
    for (Seat seat : TwoPlayerRules.SEATS) {
      org.tenace.proto.v1.SeatInfo.Builder si = org.tenace.proto.v1.SeatInfo.newBuilder()
          .setSeat(ProtoMapper.toProto(seat));
      t.seat(seat).ifPresent(h -> si.setOccupied(true).setPlayerName(h.name())
          .setRobot(h.robot()));
      b.addSeats(si);
    }
    return b.build();
  }

  static org.tenace.proto.v1.TableSettings settings(TwoPlayerSettings s) {
    return org.tenace.proto.v1.TableSettings.newBuilder()
        .setVariant(variant(s.rules().variant()))
        .setTwoPlayer(options(s.rules()))
        .setKibitzPolicy(ProtoMapper.toProto(s.kibitz()))
        .setBoardCount(s.deals())
        .setFirstBoardNumber(1)
        .build();
  }

  static TwoPlayerOptions options(TwoPlayerRules r) {
    TwoPlayerOptions.Builder b = TwoPlayerOptions.newBuilder()
        .setHandicapTricks(r.handicapTricks());
    r.trump().ifPresent(t -> b.setTrumpSuit(ProtoMapper.toProto(t)));
    r.handicapSeat().ifPresent(s -> b.setHandicapSeat(ProtoMapper.toProto(s)));
    return b.build();
  }

  static org.tenace.proto.v1.Variant variant(Variant v) {
    return switch (v) {
      case HONEYMOON -> org.tenace.proto.v1.Variant.VARIANT_HONEYMOON;
      case NO_TRUMP -> org.tenace.proto.v1.Variant.VARIANT_NO_TRUMP;
      case TRUMPS -> org.tenace.proto.v1.Variant.VARIANT_TRUMPS;
    };
  }

  /** The table's deal as {@code v} may see it. */
  static TwoPlayerView view(TwoPlayerTable t, Viewer v) {
    TwoPlayerSettings settings = t.settings();
    TwoPlayerView.Builder b = TwoPlayerView.newBuilder()
        .setVariant(variant(settings.rules().variant()))
        .setOptions(options(settings.rules()))
        .setTotalNorth(t.total(Seat.NORTH))
        .setTotalSouth(t.total(Seat.SOUTH));
    for (Seat s : t.ready()) {
      b.addReady(ProtoMapper.toProto(s));
    }
    Optional<TwoPlayerState> deal = t.deal();
    if (deal.isEmpty()) {
      return b.build();
    }
    TwoPlayerState s = deal.get();
    b.setDealNumber(s.number())
        .setDealer(ProtoMapper.toProto(s.dealer()))
        .setPhase(phase(s.phase()))
        .setStockCount(s.stockCount())
        .setExchangeTricksNorth(s.won(Seat.NORTH, Phase.EXCHANGE))
        .setExchangeTricksSouth(s.won(Seat.SOUTH, Phase.EXCHANGE))
        .setScoredTricksNorth(s.won(Seat.NORTH, Phase.PLAY))
        .setScoredTricksSouth(s.won(Seat.SOUTH, Phase.PLAY));
    for (Seat seat : TwoPlayerRules.SEATS) {
      if (s.vulnerable().contains(seat)) {
        b.addVulnerable(ProtoMapper.toProto(seat));
      }
      if (TwoPlayerVisibility.seesHand(s, seat, v)) {
        // Played out: the hands as dealt (every card has been seen, so nothing new is shown).
        b.addHands(ProtoMapper.toProto(seat,
            TwoPlayerVisibility.playedOut(s) ? dealt(s, seat) : s.hand(seat)));
      }
    }
    s.turnedUp().ifPresent(c -> b.setTurnedUp(ProtoMapper.toProto(c)));
    int i = 0;
    for (TwoPlayerState.AuctionEntry e : s.auction()) {
      b.addAuction(AuctionCall.newBuilder().setIndex(i++).setSeat(ProtoMapper.toProto(e.seat()))
          .setCall(ProtoMapper.toProto(e.call())));
    }
    s.contract().ifPresent(c -> b.setContract(ProtoMapper.toProto(c)));
    s.trump().ifPresent(x -> b.setTrump(ProtoMapper.toProto(x)));
    for (TwoPlayerTrick.PlayedCard p : s.trick()) {
      b.addTrick(played(p));
    }
    s.lastTrick().ifPresent(tr -> {
      org.tenace.proto.v1.TwoPlayerTrick.Builder tb = org.tenace.proto.v1.TwoPlayerTrick
          .newBuilder().setPhase(phase(tr.phase())).setWinner(ProtoMapper.toProto(tr.winner()));
      tr.cards().forEach(p -> tb.addCards(played(p)));
      tr.winnerTook().ifPresent(c -> tb.setWinnerTook(ProtoMapper.toProto(c)));
      if (TwoPlayerVisibility.seesDraw(s, tr, v)) {
        tr.loserDrew().ifPresent(c -> tb.setLoserDrew(ProtoMapper.toProto(c)));
      }
      b.setLastTrick(tb);
    });
    s.toAct().ifPresent(x -> b.setToAct(ProtoMapper.toProto(x)));
    if (v instanceof Viewer.Player p && s.toAct().filter(x -> x == p.seat()).isPresent()) {
      s.legalCalls(p.seat()).forEach(c -> b.addLegalCalls(ProtoMapper.toProto(c)));
      for (Card c : s.legalCards(p.seat()).sortedForDisplay()) {
        b.addLegalCards(ProtoMapper.toProto(c));
      }
    }
    s.result().ifPresent(r -> b.setResult(org.tenace.proto.v1.TwoPlayerResult.newBuilder()
        .setPassedOut(r.passedOut()).setTricksNorth(r.northTricks())
        .setTricksSouth(r.southTricks()).setScoreNorth(r.northScore())
        .setScoreSouth(r.southScore())));
    return b.build();
  }

  private static org.tenace.bridge.card.Hand dealt(TwoPlayerState s, Seat seat) {
    return seat == Seat.NORTH ? s.deal().north() : s.deal().south();
  }

  private static PlayedCard played(TwoPlayerTrick.PlayedCard p) {
    return PlayedCard.newBuilder().setSeat(ProtoMapper.toProto(p.seat()))
        .setCard(ProtoMapper.toProto(p.card())).build();
  }

  static TwoPlayerPhase phase(Phase p) {
    return switch (p) {
      case AUCTION -> TwoPlayerPhase.TWO_PLAYER_PHASE_AUCTION;
      case EXCHANGE -> TwoPlayerPhase.TWO_PLAYER_PHASE_EXCHANGE;
      case PLAY -> TwoPlayerPhase.TWO_PLAYER_PHASE_PLAY;
      case COMPLETE -> TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE;
    };
  }
}
