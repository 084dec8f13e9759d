package org.tenace.server.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.BoardAction;
import org.tenace.server.engine.ChangeReason;
import org.tenace.server.engine.LawsEdition;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.PlayChoice;
import org.tenace.server.engine.Ruling;
import org.tenace.server.engine.Salt;
import org.tenace.server.engine.SureTricks;
import org.tenace.server.engine.Utterance;
import org.tenace.server.store.proto.v1.StoreV1;

/**
 * Every kind of table event, with every value of each of its enumerations, every card and every
 * utterance, encodes and decodes to an equal event; the first (text) format still decodes.
 */
class EventCodecTest {
  private static final Deal DEAL = Deal.parsePbn(
      "N:K765.8.A75432.62 QT2.KJ76.Q9.KJT3 J9.T43.J8.AQ9754 A843.AQ952.KT6.8");
  private static final Salt SALT = new Salt("0123456789abcdef".repeat(4));
  /** Strings the text format had to escape, and some that are not ASCII. */
  private static final List<String> TEXTS =
      List.of("", "plain", "tab\there", "line\nbreak\r", "back\\slash", "♠ Ézé 名");

  static Stream<TableEvent> events() {
    List<TableEvent> out = new ArrayList<>();
    List<Optional<Seat>> seats = new ArrayList<>();
    seats.add(Optional.empty());
    Arrays.stream(Seat.values()).map(Optional::of).forEach(seats::add);
    List<DealSource> sources = List.of(new DealSource.Secure(), new DealSource.Seeded(-42),
        new DealSource.Seeded(Long.MAX_VALUE), new DealSource.Prepared(List.of(
            new DealSource.PreparedDeal(3, DEAL))),
        new DealSource.Prepared(List.of(new DealSource.PreparedDeal(1, DEAL),
            new DealSource.PreparedDeal(17, DEAL))));
    for (Mode mode : Mode.values()) {
      for (LawsEdition edition : LawsEdition.values()) {
        for (TableSettings.KibitzPolicy kibitz : TableSettings.KibitzPolicy.values()) {
          for (TableSettings.Approver approver : TableSettings.Approver.values()) {
            for (TableSettings.Scope scope : TableSettings.Scope.values()) {
              for (TableSettings.ScoringMethod scoring : TableSettings.ScoringMethod.values()) {
                TableSettings s = new TableSettings(mode, edition, kibitz,
                    new TableSettings.UndoPolicy(approver, scope), scoring, out.size() % 5,
                    1 + out.size() % 3, out.size() % 2 == 0, Duration.ofMillis(out.size() * 7L),
                    Seating.FOUR_PLAYERS);
                out.add(new TableEvent.Created("Table " + out.size(), s,
                    sources.get(out.size() % sources.size()), "director-" + out.size()));
              }
            }
          }
        }
      }
    }
    for (DealSource source : sources) {
      out.add(new TableEvent.Created("t", TableSettings.defaults(Mode.ONLINE), source, "d"));
    }
    // CreateTable's robot_pace, kept with the settings: none, at once, and a pace with nanos.
    for (Duration pace : List.of(Duration.ZERO, Duration.ofMillis(1500), Duration.ofNanos(7))) {
      out.add(new TableEvent.Created("paced", TableSettings.defaults(Mode.ONLINE)
          .withRobotPace(Optional.of(pace)), new DealSource.Secure(), "d"));
    }
    // CreateTable's robot_level, kept with the settings too.
    for (org.tenace.robot.RobotLevel level : org.tenace.robot.RobotLevel.values()) {
      out.add(new TableEvent.Created("level", TableSettings.defaults(Mode.ONLINE)
          .withRobotLevel(Optional.of(level)), new DealSource.Secure(), "d"));
    }
    for (String text : TEXTS) {
      out.add(new TableEvent.Created(text, TableSettings.defaults(Mode.LAWS),
          new DealSource.Secure(), text));
      out.add(new TableEvent.Joined(Role.KIBITZER, Optional.empty(), text, text, false, text));
      out.add(new TableEvent.Left(text, Optional.empty()));
      out.add(new TableEvent.Closed(text));
      out.add(new TableEvent.Acted(new BoardAction.Claim(Seat.SOUTH, 3, text)));
      out.add(new TableEvent.Acted(new BoardAction.Decide(2, text, Ruling.DecidedBy.DIRECTOR)));
      out.add(new TableEvent.Acted(new BoardAction.Call(Seat.EAST, Utterance.parse("1NT"),
          Alert.of(text))));
    }
    for (Role role : Role.values()) {
      for (Optional<Seat> seat : seats) {
        out.add(new TableEvent.Joined(role, seat, "P", "tok", true, "req"));
        out.add(new TableEvent.Joined(role, seat, "P", "tok", false, ""));
      }
    }
    for (Optional<Seat> seat : seats) {
      out.add(new TableEvent.Left("tok", seat));
      // The director seated a substitute there: the reason is kept.
      out.add(new TableEvent.Left("tok", seat, LeaveReason.REPLACED));
      out.add(new TableEvent.UndoAnswered(seat, true));
      out.add(new TableEvent.UndoAnswered(seat, false));
    }
    for (Seat seat : Seat.values()) {
      out.add(new TableEvent.ConnectionChanged(seat, true));
      out.add(new TableEvent.ConnectionChanged(seat, false));
      out.add(new TableEvent.UndoRequested(seat));
      out.add(new TableEvent.ReadyMarked(seat));
      for (Vulnerability v : Vulnerability.values()) {
        out.add(new TableEvent.BoardStarted(1 + v.ordinal() * 9, seat, v, DEAL, SALT));
      }
      actions(seat).forEach(a -> out.add(new TableEvent.Acted(a)));
    }
    return out.stream();
  }

  private static List<BoardAction> actions(Seat seat) {
    List<BoardAction> out = new ArrayList<>();
    List<String> said = new ArrayList<>(List.of("P", "X", "XX"));
    for (int level = 1; level <= 9; level++) {
      for (String strain : List.of("C", "D", "H", "S", "NT")) {
        said.add(level + strain);
      }
    }
    said.add(Integer.MAX_VALUE + "NT");
    for (String s : said) {
      out.add(new BoardAction.Call(seat, Utterance.parse(s), Alert.NONE));
      out.add(new BoardAction.Call(seat, Utterance.parse(s), Alert.of("")));
      for (ChangeReason r : ChangeReason.values()) {
        out.add(new BoardAction.ChangeCall(seat, Utterance.parse(s), Alert.of("why"), r));
        out.add(new BoardAction.ChangeCall(seat, Utterance.parse(s), Alert.NONE, r));
      }
    }
    for (Suit suit : Suit.values()) {
      for (Rank rank : Rank.values()) {
        out.add(new BoardAction.PlayCard(seat, Card.of(suit, rank)));
        out.add(new BoardAction.PlayCard(seat, Card.of(suit, rank), Optional.of(seat.partner())));
      }
      out.add(new BoardAction.Choose(seat, PlayChoice.require(suit)));
      out.add(new BoardAction.Choose(seat, PlayChoice.ban(suit)));
    }
    for (PlayChoice.Kind k : PlayChoice.Kind.values()) {
      if (k != PlayChoice.Kind.REQUIRE && k != PlayChoice.Kind.BAN) {
        out.add(new BoardAction.Choose(seat, new PlayChoice(k, Optional.empty())));
      }
    }
    for (int tricks : new int[] {0, 1, 13}) {
      out.add(new BoardAction.Claim(seat, tricks, "the rest"));
    }
    out.add(new BoardAction.RespondToClaim(seat, true));
    out.add(new BoardAction.RespondToClaim(seat, false));
    // The claim search's recorded answers: none asked, one side, a search out of time, both.
    List<SureTricks> recorded = List.of(SureTricks.NONE_YET,
        SureTricks.NONE_YET.with(Side.NS, OptionalInt.of(seat.ordinal())),
        SureTricks.NONE_YET.with(Side.EW, OptionalInt.empty()),
        SureTricks.NONE_YET.with(Side.NS, OptionalInt.empty()).with(Side.EW, OptionalInt.of(13)));
    for (SureTricks sure : recorded) {
      out.add(new BoardAction.RespondToClaim(seat, true, sure));
      out.add(new BoardAction.Decide(1, "3", Ruling.DecidedBy.DEFAULT, sure));
    }
    out.add(new BoardAction.AgreeToPlayOn(seat));
    out.add(new BoardAction.Undo(seat));
    out.add(new BoardAction.DrawAttention(seat));
    for (Ruling.DecidedBy by : Ruling.DecidedBy.values()) {
      out.add(new BoardAction.Decide(seat.ordinal(), "choice " + seat, by));
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("events")
  void eachEventComesBackEqual(TableEvent e) {
    byte[] stored = EventCodec.encode(e);
    assertThat(stored[0]).as("the format version's tag comes first").isEqualTo((byte) 0x08);
    assertThat(EventCodec.decode(stored)).isEqualTo(e);
  }

  /**
   * The first format's events: it kept no named hand for a card, nor a robot pace or level, nor
   * why a holder left.
   */
  static Stream<TableEvent> textEvents() {
    return events().filter(e -> !(e instanceof TableEvent.Left l
        && l.reason() != LeaveReason.LEFT))
        .filter(e -> !(e instanceof TableEvent.Acted a
        && a.action() instanceof BoardAction.PlayCard p && p.hand().isPresent()))
        .filter(e -> !(e instanceof TableEvent.Acted a && recordsASearch(a.action())))
        .filter(e -> !(e instanceof TableEvent.Created c && c.settings().robotPace().isPresent()))
        .filter(e -> !(e instanceof TableEvent.Created c
            && c.settings().robotLevel().isPresent()));
  }

  /** Nor the claim search's answers. */
  private static boolean recordsASearch(BoardAction a) {
    return (a instanceof BoardAction.RespondToClaim r && r.sure().recorded())
        || (a instanceof BoardAction.Decide d && d.sure().recorded());
  }

  @ParameterizedTest
  @MethodSource("textEvents")
  void eachEventInTheFirstTextFormatStillDecodes(TableEvent e) {
    assertThat(EventCodec.decode(TextEventCodec.encode(e))).isEqualTo(e);
  }

  @Test
  void theSamplesCoverEveryKindOfEventAndAction() {
    Set<Class<?>> kinds = events().map(e -> e instanceof TableEvent.Acted a
        ? a.action().getClass() : e.getClass()).collect(Collectors.toSet());
    assertThat(kinds).containsAll(Arrays.stream(TableEvent.class.getPermittedSubclasses())
        .filter(c -> c != TableEvent.Acted.class).toList());
    assertThat(kinds).containsAll(Arrays.asList(BoardAction.class.getPermittedSubclasses()));
  }

  @Test
  void aDecodedConnectionChangeIsTheSharedValue() {
    // Every table keeps its seats' latest connection change: one value each, not a copy a table.
    for (Seat seat : Seat.values()) {
      for (boolean on : new boolean[] {true, false}) {
        TableEvent e = new TableEvent.ConnectionChanged(seat, on);
        assertThat(EventCodec.decode(EventCodec.encode(e)))
            .isSameAs(TableEvent.ConnectionChanged.of(seat, on)).isEqualTo(e);
      }
    }
  }

  @Test
  void eachRecordCarriesTheFormatVersion() throws Exception {
    byte[] stored = EventCodec.encode(new TableEvent.Closed("done"));
    StoreV1.StoredTableEvent parsed = StoreV1.StoredTableEvent.parseFrom(stored);
    assertThat(parsed.getFormatVersion()).isEqualTo(EventCodec.FORMAT_VERSION);
    assertThat(parsed.getEvent().getClosed().getReason()).isEqualTo("done");
  }

  /** Version 1 had no claim answers: its answers decode as not recorded (searched again). */
  @Test
  void aRecordOfFormatOneStillDecodes() {
    byte[] stored = StoreV1.StoredTableEvent.newBuilder().setFormatVersion(1)
        .setEvent(StoreV1.TableEvent.newBuilder().setActed(StoreV1.BoardAction.newBuilder()
            .setRespondToClaim(StoreV1.RespondToClaim.newBuilder()
                .setSeat(StoreV1.Seat.SEAT_EAST).setAccept(true))))
        .build().toByteArray();
    assertThat(EventCodec.decode(stored)).isEqualTo(new TableEvent.Acted(
        new BoardAction.RespondToClaim(Seat.EAST, true, SureTricks.UNRECORDED)));
  }

  @Test
  void aRecordOfANewerFormatIsRefusedNotMisread() {
    byte[] stored = StoreV1.StoredTableEvent.newBuilder()
        .setFormatVersion(EventCodec.FORMAT_VERSION + 1)
        .setEvent(StoreV1.TableEvent.newBuilder()
            .setClosed(StoreV1.Closed.newBuilder().setReason("x")))
        .build().toByteArray();
    assertThatThrownBy(() -> EventCodec.decode(stored))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("store format " + (EventCodec.FORMAT_VERSION + 1));
  }

  @Test
  void aDamagedRecordIsRefusedNotMisread() {
    byte[] stored = EventCodec.encode(new TableEvent.Closed("done"));
    byte[] cut = Arrays.copyOf(stored, stored.length - 2);
    assertThatThrownBy(() -> EventCodec.decode(cut)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> EventCodec.decode(new byte[0]))
        .isInstanceOf(IllegalArgumentException.class);
    byte[] noKind = StoreV1.StoredTableEvent.newBuilder().setFormatVersion(1).build()
        .toByteArray();
    assertThatThrownBy(() -> EventCodec.decode(noKind))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no event kind");
  }
}
