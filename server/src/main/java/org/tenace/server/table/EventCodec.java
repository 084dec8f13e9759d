package org.tenace.server.table;

import com.google.protobuf.InvalidProtocolBufferException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
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
 * Table events as stored: a {@code tenace.store.v1.StoredTableEvent} (server/src/main/proto), a
 * protobuf message that carries its format version. Reading recognises each format the store has
 * had: a record whose first byte is 0x08 (field 1, the version, which the encoder always writes
 * first and never 0) is protobuf; anything else is the first format, positional text with no
 * version, whose records start with their kind in lowercase letters ({@link TextEventCodec}).
 */
public final class EventCodec {
  /**
   * The format version this code writes: 2 records the claim search's answers, which a reader of
   * 1 would ignore and search again, perhaps to other rulings; it reads 1 and 2.
   */
  public static final int FORMAT_VERSION = 2;
  private static final byte VERSION_TAG = 0x08;

  private EventCodec() {}

  public static byte[] encode(TableEvent e) {
    return record(event(e));
  }

  /** One stored record of {@code event}, of this format version: every kind of table's. */
  public static byte[] record(StoreV1.TableEvent event) {
    return StoreV1.StoredTableEvent.newBuilder()
        .setFormatVersion(FORMAT_VERSION)
        .setEvent(event)
        .build()
        .toByteArray();
  }

  /** Whether {@code bytes} is a protobuf record (not one of a text format before it). */
  public static boolean isRecord(byte[] bytes) {
    return bytes.length > 0 && bytes[0] == VERSION_TAG;
  }

  /**
   * The event of a protobuf record; a damaged one, or one of a format version newer than this
   * code, is an IllegalArgumentException naming the fault.
   */
  public static StoreV1.TableEvent parseRecord(byte[] bytes) {
    StoreV1.StoredTableEvent stored;
    try {
      stored = StoreV1.StoredTableEvent.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("unreadable event: " + e.getMessage(), e);
    }
    if (stored.getFormatVersion() < 1 || stored.getFormatVersion() > FORMAT_VERSION) {
      throw new IllegalArgumentException("event of store format " + stored.getFormatVersion()
          + ": this server reads formats 0 (text) to " + FORMAT_VERSION);
    }
    return stored.getEvent();
  }

  /**
   * Reads an event back, whichever format wrote it; a damaged entry, or one of a format version
   * newer than this code, is an IllegalArgumentException naming the fault.
   */
  public static TableEvent decode(byte[] bytes) {
    if (bytes.length == 0) {
      throw new IllegalArgumentException("unreadable event: empty");
    }
    if (bytes[0] != VERSION_TAG) {
      return TextEventCodec.decode(bytes);
    }
    StoreV1.TableEvent stored = parseRecord(bytes);
    try {
      return event(stored);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("unreadable event " + stored + ": "
          + e.getMessage(), e);
    }
  }

  // ---- encoding

  private static StoreV1.TableEvent event(TableEvent e) {
    StoreV1.TableEvent.Builder b = StoreV1.TableEvent.newBuilder();
    if (e instanceof TableEvent.Created c) {
      b.setCreated(StoreV1.Created.newBuilder().setName(c.name()).setSettings(settings(c.settings()))
          .setSource(source(c.source())).setDirectorToken(c.directorToken()));
    } else if (e instanceof TableEvent.Joined j) {
      b.setJoined(StoreV1.Joined.newBuilder().setRole(j.role().name()).setSeat(seat(j.seat()))
          .setName(j.name()).setToken(j.token()).setRobot(j.robot()).setRequestId(j.requestId()));
    } else if (e instanceof TableEvent.Left l) {
      b.setLeft(StoreV1.Left.newBuilder().setToken(l.token()).setSeat(seat(l.seat()))
          .setReason(leaveReason(l.reason())));
    } else if (e instanceof TableEvent.ConnectionChanged c) {
      b.setConnectionChanged(StoreV1.ConnectionChanged.newBuilder().setSeat(seat(c.seat()))
          .setConnected(c.connected()));
    } else if (e instanceof TableEvent.BoardStarted s) {
      b.setBoardStarted(StoreV1.BoardStarted.newBuilder().setNumber(s.number())
          .setDealer(seat(s.dealer())).setVulnerability(s.vulnerability().name())
          .setDealPbn(s.deal().toPbn(Seat.NORTH)).setSaltHex(s.salt().hex()));
    } else if (e instanceof TableEvent.Acted a) {
      b.setActed(action(a.action()));
    } else if (e instanceof TableEvent.UndoRequested u) {
      b.setUndoRequested(StoreV1.UndoRequested.newBuilder().setSeat(seat(u.seat())));
    } else if (e instanceof TableEvent.UndoAnswered u) {
      b.setUndoAnswered(StoreV1.UndoAnswered.newBuilder().setBy(seat(u.by()))
          .setConsent(u.consent()));
    } else if (e instanceof TableEvent.ReadyMarked r) {
      b.setReadyMarked(StoreV1.ReadyMarked.newBuilder().setSeat(seat(r.seat())));
    } else if (e instanceof TableEvent.Closed c) {
      b.setClosed(StoreV1.Closed.newBuilder().setReason(c.reason()));
    } else {
      throw new AssertionError(e);
    }
    return b.build();
  }

  private static StoreV1.TableSettings settings(TableSettings s) {
    StoreV1.TableSettings.Builder b = StoreV1.TableSettings.newBuilder().setMode(s.mode().name())
        .setEdition(s.edition().name()).setKibitz(s.kibitz().name())
        .setUndoApprover(s.undo().approver().name()).setUndoScope(s.undo().scope().name())
        .setScoring(s.scoring().name()).setBoardCount(s.boardCount())
        .setFirstBoard(s.firstBoard()).setAutoPassBarred(s.autoPassBarred())
        .setDirectorTimeoutMillis(s.directorTimeout().toMillis())
        .setSeating(s.seating().name());
    s.robotPace().ifPresent(p -> b.setRobotPaceNanos(p.toNanos()));
    s.robotLevel().ifPresent(l -> b.setRobotLevel(l.name()));
    return b.build();
  }

  private static StoreV1.DealSource source(DealSource s) {
    StoreV1.DealSource.Builder b = StoreV1.DealSource.newBuilder();
    if (s instanceof DealSource.Secure) {
      b.setSecure(StoreV1.SecureSource.getDefaultInstance());
    } else if (s instanceof DealSource.Seeded seeded) {
      b.setSeeded(StoreV1.SeededSource.newBuilder().setSeed(seeded.seed()));
    } else {
      StoreV1.PreparedSource.Builder p = StoreV1.PreparedSource.newBuilder();
      for (DealSource.PreparedDeal d : ((DealSource.Prepared) s).deals()) {
        p.addDeals(StoreV1.PreparedDeal.newBuilder().setBoard(d.board())
            .setDealPbn(d.deal().toPbn(Seat.NORTH)));
      }
      b.setPrepared(p);
    }
    return b.build();
  }

  private static StoreV1.BoardAction action(BoardAction a) {
    StoreV1.BoardAction.Builder b = StoreV1.BoardAction.newBuilder();
    if (a instanceof BoardAction.Call c) {
      b.setCall(StoreV1.MakeCall.newBuilder().setSeat(seat(c.seat()))
          .setUtterance(c.said().toString()).setAlerted(c.alert().alerted())
          .setExplanation(c.alert().explanation()));
    } else if (a instanceof BoardAction.ChangeCall c) {
      b.setChangeCall(StoreV1.ChangeCall.newBuilder().setSeat(seat(c.seat()))
          .setUtterance(c.said().toString()).setAlerted(c.alert().alerted())
          .setExplanation(c.alert().explanation()).setReason(c.reason().name()));
    } else if (a instanceof BoardAction.PlayCard p) {
      b.setPlayCard(StoreV1.PlayCard.newBuilder().setSeat(seat(p.seat()))
          .setCard(p.card().toString()).setHand(seat(p.hand())));
    } else if (a instanceof BoardAction.Claim c) {
      b.setClaim(StoreV1.Claim.newBuilder().setSeat(seat(c.seat())).setTricks(c.tricks())
          .setStatement(c.statement()));
    } else if (a instanceof BoardAction.RespondToClaim r) {
      StoreV1.RespondToClaim.Builder rb = StoreV1.RespondToClaim.newBuilder()
          .setSeat(seat(r.seat())).setAccept(r.accept());
      if (r.sure().recorded()) {
        rb.setSureTricks(sureTricks(r.sure()));
      }
      b.setRespondToClaim(rb);
    } else if (a instanceof BoardAction.AgreeToPlayOn p) {
      b.setAgreeToPlayOn(StoreV1.AgreeToPlayOn.newBuilder().setSeat(seat(p.seat())));
    } else if (a instanceof BoardAction.Undo u) {
      b.setUndo(StoreV1.Undo.newBuilder().setSeat(seat(u.seat())));
    } else if (a instanceof BoardAction.Choose c) {
      b.setChoose(StoreV1.Choose.newBuilder().setSeat(seat(c.seat()))
          .setKind(c.choice().kind().name())
          .setSuit(c.choice().suit().map(s -> String.valueOf(s.letter())).orElse("")));
    } else if (a instanceof BoardAction.Decide d) {
      StoreV1.Decide.Builder db = StoreV1.Decide.newBuilder().setRulingId(d.rulingId())
          .setDecidedBy(d.by().name()).setChoice(d.choice());
      if (d.sure().recorded()) {
        db.setSureTricks(sureTricks(d.sure()));
      }
      b.setDecide(db);
    } else if (a instanceof BoardAction.DrawAttention d) {
      b.setDrawAttention(StoreV1.DrawAttention.newBuilder().setSeat(seat(d.seat())));
    } else {
      throw new AssertionError(a);
    }
    return b.build();
  }

  private static StoreV1.SureTricks sureTricks(SureTricks s) {
    StoreV1.SureTricks.Builder b = StoreV1.SureTricks.newBuilder();
    s.of(Side.NS).ifPresent(t -> {
      b.setNorthSouthSearched(true);
      t.ifPresent(b::setNorthSouth);
    });
    s.of(Side.EW).ifPresent(t -> {
      b.setEastWestSearched(true);
      t.ifPresent(b::setEastWest);
    });
    return b.build();
  }

  private static SureTricks sureTricks(StoreV1.SureTricks s) {
    SureTricks t = SureTricks.NONE_YET;
    if (s.getNorthSouthSearched()) {
      t = t.with(Side.NS,
          s.hasNorthSouth() ? OptionalInt.of(s.getNorthSouth()) : OptionalInt.empty());
    }
    if (s.getEastWestSearched()) {
      t = t.with(Side.EW,
          s.hasEastWest() ? OptionalInt.of(s.getEastWest()) : OptionalInt.empty());
    }
    return t;
  }

  /** A seat as stored. */
  public static StoreV1.Seat seat(Seat s) {
    switch (s) {
      case NORTH: return StoreV1.Seat.SEAT_NORTH;
      case EAST: return StoreV1.Seat.SEAT_EAST;
      case SOUTH: return StoreV1.Seat.SEAT_SOUTH;
      case WEST: return StoreV1.Seat.SEAT_WEST;
      default: throw new AssertionError(s);
    }
  }

  /** A seat or none as stored. */
  public static StoreV1.Seat seat(Optional<Seat> s) {
    return s.map(EventCodec::seat).orElse(StoreV1.Seat.SEAT_UNSPECIFIED);
  }

  // ---- decoding

  private static TableEvent event(StoreV1.TableEvent e) {
    switch (e.getKindCase()) {
      case CREATED: {
        StoreV1.Created c = e.getCreated();
        if (c.getGameCase() != StoreV1.Created.GameCase.GAME_NOT_SET) {
          throw new IllegalArgumentException("a table of another game (" + c.getGameCase() + ")");
        }
        return new TableEvent.Created(c.getName(), settings(c.getSettings()),
            source(c.getSource()), c.getDirectorToken());
      }
      case JOINED: {
        StoreV1.Joined j = e.getJoined();
        return new TableEvent.Joined(Role.valueOf(j.getRole()), optionalSeat(j.getSeat()),
            j.getName(), j.getToken(), j.getRobot(), j.getRequestId());
      }
      case LEFT:
        return new TableEvent.Left(e.getLeft().getToken(), optionalSeat(e.getLeft().getSeat()),
            leaveReason(e.getLeft().getReason()));
      case CONNECTION_CHANGED:
        return TableEvent.ConnectionChanged.of(seat(e.getConnectionChanged().getSeat()),
            e.getConnectionChanged().getConnected());
      case BOARD_STARTED: {
        StoreV1.BoardStarted b = e.getBoardStarted();
        return new TableEvent.BoardStarted(b.getNumber(), seat(b.getDealer()),
            Vulnerability.valueOf(b.getVulnerability()), Deal.parsePbn(b.getDealPbn()),
            new Salt(b.getSaltHex()));
      }
      case ACTED:
        return new TableEvent.Acted(action(e.getActed()));
      case UNDO_REQUESTED:
        return new TableEvent.UndoRequested(seat(e.getUndoRequested().getSeat()));
      case UNDO_ANSWERED:
        return new TableEvent.UndoAnswered(optionalSeat(e.getUndoAnswered().getBy()),
            e.getUndoAnswered().getConsent());
      case READY_MARKED:
        return new TableEvent.ReadyMarked(seat(e.getReadyMarked().getSeat()));
      case CLOSED:
        return new TableEvent.Closed(e.getClosed().getReason());
      default:
        throw new IllegalArgumentException("no event kind set (" + e.getKindCase() + ")");
    }
  }

  private static TableSettings settings(StoreV1.TableSettings s) {
    return new TableSettings(Mode.valueOf(s.getMode()), LawsEdition.valueOf(s.getEdition()),
        TableSettings.KibitzPolicy.valueOf(s.getKibitz()),
        new TableSettings.UndoPolicy(TableSettings.Approver.valueOf(s.getUndoApprover()),
            TableSettings.Scope.valueOf(s.getUndoScope())),
        TableSettings.ScoringMethod.valueOf(s.getScoring()), s.getBoardCount(),
        s.getFirstBoard(), s.getAutoPassBarred(),
        Duration.ofMillis(s.getDirectorTimeoutMillis()),
        s.getSeating().isEmpty() ? Seating.FOUR_PLAYERS : Seating.valueOf(s.getSeating()),
        s.hasRobotPaceNanos() ? Optional.of(Duration.ofNanos(s.getRobotPaceNanos()))
            : Optional.empty(),
        s.getRobotLevel().isEmpty() ? Optional.empty()
            : Optional.of(org.tenace.robot.RobotLevel.valueOf(s.getRobotLevel())));
  }

  private static DealSource source(StoreV1.DealSource s) {
    switch (s.getKindCase()) {
      case SECURE:
        return new DealSource.Secure();
      case SEEDED:
        return new DealSource.Seeded(s.getSeeded().getSeed());
      case PREPARED: {
        List<DealSource.PreparedDeal> deals = new ArrayList<>();
        for (StoreV1.PreparedDeal d : s.getPrepared().getDealsList()) {
          deals.add(new DealSource.PreparedDeal(d.getBoard(), Deal.parsePbn(d.getDealPbn())));
        }
        return new DealSource.Prepared(deals);
      }
      default:
        throw new IllegalArgumentException("no deal source set");
    }
  }

  private static BoardAction action(StoreV1.BoardAction a) {
    switch (a.getKindCase()) {
      case CALL: {
        StoreV1.MakeCall c = a.getCall();
        return new BoardAction.Call(seat(c.getSeat()), Utterance.parse(c.getUtterance()),
            alert(c.getAlerted(), c.getExplanation()));
      }
      case CHANGE_CALL: {
        StoreV1.ChangeCall c = a.getChangeCall();
        return new BoardAction.ChangeCall(seat(c.getSeat()), Utterance.parse(c.getUtterance()),
            alert(c.getAlerted(), c.getExplanation()), ChangeReason.valueOf(c.getReason()));
      }
      case PLAY_CARD:
        return new BoardAction.PlayCard(seat(a.getPlayCard().getSeat()),
            Card.parse(a.getPlayCard().getCard()), optionalSeat(a.getPlayCard().getHand()));
      case CLAIM:
        return new BoardAction.Claim(seat(a.getClaim().getSeat()), a.getClaim().getTricks(),
            a.getClaim().getStatement());
      case RESPOND_TO_CLAIM:
        return new BoardAction.RespondToClaim(seat(a.getRespondToClaim().getSeat()),
            a.getRespondToClaim().getAccept(), a.getRespondToClaim().hasSureTricks()
                ? sureTricks(a.getRespondToClaim().getSureTricks()) : SureTricks.UNRECORDED);
      case AGREE_TO_PLAY_ON:
        return new BoardAction.AgreeToPlayOn(seat(a.getAgreeToPlayOn().getSeat()));
      case UNDO:
        return new BoardAction.Undo(seat(a.getUndo().getSeat()));
      case CHOOSE: {
        StoreV1.Choose c = a.getChoose();
        Optional<Suit> suit = c.getSuit().isEmpty() ? Optional.empty()
            : Optional.of(Suit.parse(c.getSuit().charAt(0)));
        return new BoardAction.Choose(seat(c.getSeat()),
            new PlayChoice(PlayChoice.Kind.valueOf(c.getKind()), suit));
      }
      case DECIDE:
        return new BoardAction.Decide(a.getDecide().getRulingId(), a.getDecide().getChoice(),
            Ruling.DecidedBy.valueOf(a.getDecide().getDecidedBy()), a.getDecide().hasSureTricks()
                ? sureTricks(a.getDecide().getSureTricks()) : SureTricks.UNRECORDED);
      case DRAW_ATTENTION:
        return new BoardAction.DrawAttention(seat(a.getDrawAttention().getSeat()));
      default:
        throw new IllegalArgumentException("no action kind set");
    }
  }

  private static Alert alert(boolean alerted, String explanation) {
    return alerted ? new Alert(true, explanation) : Alert.NONE;
  }

  /** A stored seat; none is an IllegalArgumentException. */
  public static Seat seat(StoreV1.Seat s) {
    switch (s) {
      case SEAT_NORTH: return Seat.NORTH;
      case SEAT_EAST: return Seat.EAST;
      case SEAT_SOUTH: return Seat.SOUTH;
      case SEAT_WEST: return Seat.WEST;
      default: throw new IllegalArgumentException("no seat (" + s + ")");
    }
  }

  /** A stored seat, or none. */
  public static Optional<Seat> optionalSeat(StoreV1.Seat s) {
    return s == StoreV1.Seat.SEAT_UNSPECIFIED ? Optional.empty() : Optional.of(seat(s));
  }

  /** A leave's reason as stored: empty for one of the holder's own (as first written). */
  public static String leaveReason(LeaveReason r) {
    return r == LeaveReason.LEFT ? "" : r.name();
  }

  /** A stored leave's reason: empty for one of the holder's own. */
  public static LeaveReason leaveReason(String stored) {
    return stored.isEmpty() ? LeaveReason.LEFT : LeaveReason.valueOf(stored);
  }
}
