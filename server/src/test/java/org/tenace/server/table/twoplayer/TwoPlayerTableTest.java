package org.tenace.server.table.twoplayer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.server.engine.RuleViolationException;
import org.tenace.server.engine.honeymoon.TwoPlayerAction;
import org.tenace.server.engine.honeymoon.TwoPlayerDeal;
import org.tenace.server.engine.honeymoon.TwoPlayerRules;
import org.tenace.server.engine.honeymoon.TwoPlayerState;
import org.tenace.server.engine.honeymoon.Variant;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Role;
import org.tenace.server.table.TableException;
import org.tenace.server.table.TableSettings;

/** A two-player table's log: every event survives the codec, and a replay is the same table. */
class TwoPlayerTableTest {

  @Test
  void aReplayedLogIsTheSameTableMidDeal() {
    List<TwoPlayerEvent> log = new ArrayList<>();
    TwoPlayerSettings settings = new TwoPlayerSettings(new TwoPlayerRules(Variant.TRUMPS,
        Optional.of(Suit.HEARTS), Optional.of(Seat.NORTH), 2), 3,
        TableSettings.KibitzPolicy.ALL_HANDS, OptionalLong.of(5));
    TwoPlayerTable t = TwoPlayerTable.create("h1", "Ann\u00e9 & Bob's", settings,
        (id, seq, e) -> log.add(e));
    Holder n = t.join(Role.PLAYER, Optional.of(Seat.NORTH), "Ann \u00e9", false, "r1");
    Holder s = t.join(Role.PLAYER, Optional.of(Seat.SOUTH), "Bob", true, "");
    t.join(Role.KIBITZER, Optional.empty(), "Kim", false, "");
    Random r = new Random(1);
    for (int i = 0; i < 20; i++) {
      TwoPlayerState d = t.deal().orElseThrow();
      Seat who = d.toAct().orElseThrow();
      var legal = d.legalCards(who).cards();
      t.act(who == Seat.NORTH ? n.token() : s.token(),
          new TwoPlayerAction.Play(who, legal.get(r.nextInt(legal.size()))), 0);
    }
    List<TwoPlayerEvent> decoded = new ArrayList<>();
    for (TwoPlayerEvent e : log) {
      TwoPlayerEvent back = TwoPlayerCodec.decode(TwoPlayerCodec.encode(e));
      assertThat(back).isEqualTo(e);
      decoded.add(back);
    }
    TwoPlayerTable again = TwoPlayerTable.replay("h1", decoded, TwoPlayerTable.Sink.NONE);
    assertThat(again.deal()).isEqualTo(t.deal());
    assertThat(again.version()).isEqualTo(t.version());
    assertThat(again.holders()).isEqualTo(t.holders());
    assertThat(again.settings()).isEqualTo(settings);
  }

  @Test
  void refusedCommandsLogNothing() {
    List<TwoPlayerEvent> log = new ArrayList<>();
    TwoPlayerTable t = TwoPlayerTable.create("h2", "T", new TwoPlayerSettings(
        TwoPlayerRules.of(Variant.HONEYMOON), 0, TableSettings.KibitzPolicy.NONE,
        OptionalLong.of(1)), (id, seq, e) -> log.add(e));
    Holder n = t.join(Role.PLAYER, Optional.of(Seat.NORTH), "Ann", false, "");
    assertThatThrownBy(() -> t.join(Role.KIBITZER, Optional.empty(), "Kim", false, ""))
        .isInstanceOf(TableException.class).hasMessageContaining("KIBITZING_NOT_ALLOWED");
    assertThatThrownBy(() -> t.act(n.token(), new TwoPlayerAction.Call(Seat.NORTH,
        org.tenace.bridge.auction.Call.Other.PASS), 0)).hasMessageContaining("NO_BOARD");
    t.join(Role.PLAYER, Optional.of(Seat.SOUTH), "Bob", false, "");
    int before = log.size();
    assertThatThrownBy(() -> t.act(n.token(), new TwoPlayerAction.Call(Seat.NORTH,
        org.tenace.bridge.auction.Call.Other.DOUBLE), 0))
        .isInstanceOf(RuleViolationException.class);
    assertThat(log).hasSize(before);
  }

  /**
   * Readiness is the shell's, as at a four-player table: refused before the deal is over, a
   * retried ready gets the version the first got and logs nothing, and the next deal comes when
   * both are ready.
   */
  @Test
  void aRetriedReadyIsSafeAndTheNextDealComesWhenBothAreReady() {
    List<TwoPlayerEvent> log = new ArrayList<>();
    TwoPlayerTable t = TwoPlayerTable.create("h3", "T", new TwoPlayerSettings(
        new TwoPlayerRules(Variant.TRUMPS, Optional.of(Suit.SPADES), Optional.of(Seat.NORTH), 0),
        2, TableSettings.KibitzPolicy.NONE, OptionalLong.of(3)), (id, seq, e) -> log.add(e));
    Holder n = t.join(Role.PLAYER, Optional.of(Seat.NORTH), "Ann", false, "");
    Holder s = t.join(Role.PLAYER, Optional.of(Seat.SOUTH), "Bob", false, "");
    assertThatThrownBy(() -> t.markReady(n.token(), 0))
        .isInstanceOf(TableException.class).hasMessageContaining("the deal is not over");
    Random r = new Random(3);
    while (!t.deal().orElseThrow().isOver()) {
      TwoPlayerState d = t.deal().orElseThrow();
      Seat who = d.toAct().orElseThrow();
      var legal = d.legalCards(who).cards();
      t.act(who == Seat.NORTH ? n.token() : s.token(),
          new TwoPlayerAction.Play(who, legal.get(r.nextInt(legal.size()))), 0);
    }
    long over = t.version();
    long ready = t.markReady(n.token(), over);
    int logged = log.size();
    assertThat(t.markReady(n.token(), over)).isEqualTo(ready);
    assertThat(log).hasSize(logged);
    assertThat(t.ready()).containsExactly(Seat.NORTH);
    t.markReady(s.token(), ready);
    assertThat(t.deal().orElseThrow().number()).isEqualTo(2);
    assertThat(t.ready()).isEmpty();
  }

  /** Every kind of two-player event is written as the one protobuf record of every table. */
  @Test
  void eventsAreWrittenAsTheStoresProtobufRecords() {
    TwoPlayerEvent deal = new TwoPlayerEvent.DealStarted(4, TwoPlayerDeal.shuffle(new Random(3)));
    List<TwoPlayerEvent> events = List.of(
        new TwoPlayerEvent.Created("T", new TwoPlayerSettings(TwoPlayerRules.of(Variant.NO_TRUMP),
            0, TableSettings.KibitzPolicy.PUBLIC, OptionalLong.empty()), "d"),
        new TwoPlayerEvent.Joined(Role.KIBITZER, Optional.empty(), "Kim", "t", false, ""),
        new TwoPlayerEvent.Left("t"),
        new TwoPlayerEvent.Left("t", org.tenace.server.table.LeaveReason.REPLACED), deal,
        new TwoPlayerEvent.Acted(new TwoPlayerAction.Call(Seat.SOUTH,
            org.tenace.bridge.auction.Bid.parse("7NT"))),
        new TwoPlayerEvent.Acted(new TwoPlayerAction.Call(Seat.SOUTH,
            org.tenace.bridge.auction.Call.Other.PASS)),
        new TwoPlayerEvent.ReadyMarked(Seat.NORTH), new TwoPlayerEvent.Closed("done"));
    for (TwoPlayerEvent e : events) {
      byte[] bytes = TwoPlayerCodec.encode(e);
      assertThat(org.tenace.server.table.EventCodec.isRecord(bytes)).as("%s", e).isTrue();
      assertThat(TwoPlayerCodec.decode(bytes)).isEqualTo(e);
    }
    // A four-player reader refuses a two-player table's creation rather than misread it.
    assertThatThrownBy(() -> org.tenace.server.table.EventCodec.decode(
        TwoPlayerCodec.encode(events.get(0)))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("another game");
  }

  @Test
  void aDamagedRecordIsNamed() {
    assertThatThrownBy(() -> TwoPlayerCodec.decode("2p1\tplay\tN".getBytes(
        StandardCharsets.UTF_8))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("play");
    assertThatThrownBy(() -> TwoPlayerCodec.decode("created\tx".getBytes(
        StandardCharsets.UTF_8))).hasMessageContaining("2p1");
  }
}
