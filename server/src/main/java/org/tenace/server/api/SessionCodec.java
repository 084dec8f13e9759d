package org.tenace.server.api;

import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;
import org.tenace.movement.Movement;
import org.tenace.movement.MovementRepair;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.compare.Artificial;
import org.tenace.bridge.event.Assignment;
import org.tenace.bridge.event.Outcome;
import org.tenace.bridge.pbn.PbnDeal;
import org.tenace.bridge.pbn.PbnGame;
import org.tenace.bridge.pbn.PbnReader;
import org.tenace.bridge.pbn.PbnRecords;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.PlayedCard;
import org.tenace.bridge.record.RecordedCall;
import org.tenace.server.application.SessionLog;
import org.tenace.server.application.SessionLog.Aborted;
import org.tenace.server.application.SessionLog.Absent;
import org.tenace.server.application.SessionLog.Created;
import org.tenace.server.application.SessionLog.Event;
import org.tenace.server.application.SessionLog.Joined;
import org.tenace.server.application.SessionLog.Opened;
import org.tenace.server.application.SessionLog.Penalized;
import org.tenace.server.application.SessionLog.Played;
import org.tenace.server.application.SessionLog.Repaired;
import org.tenace.server.application.SessionLog.Replaced;
import org.tenace.server.application.SessionLog.RobotPartner;
import org.tenace.server.application.SessionLog.SeatJoined;
import org.tenace.server.application.SessionLog.SeatVacated;
import org.tenace.server.application.SessionLog.Started;
import org.tenace.server.session.PairSeat;
import org.tenace.server.session.Penalty;
import org.tenace.server.session.SessionPlay;
import org.tenace.server.session.SessionSpec;
import org.tenace.server.store.proto.v1.SessionStoreV1;
import org.tenace.server.store.proto.v1.StoreV1;

/**
 * A session's events ({@link SessionLog}) in the store's own format, tenace.store.v1's
 * StoredSessionEvent; an event of the first format, one line of text (the creation as the public
 * API's CreateSessionRequest in base64, a board's record as PBN), is still read.
 */
final class SessionCodec implements SessionLog.Codec {
  static final SessionCodec INSTANCE = new SessionCodec();

  private SessionCodec() {}

  /**
   * The newest format version this code writes: 3 for a repaired movement, 2 for a board with an
   * assigned score and for a procedural penalty, 1 for every other event (what servers of before
   * read).
   */
  static final int FORMAT_VERSION = 3;

  /** The format of a board with an assigned score. */
  private static final int ASSIGNED_VERSION = 2;

  @Override
  public byte[] encode(Event e) {
    SessionStoreV1.SessionEvent.Builder b = SessionStoreV1.SessionEvent.newBuilder();
    if (e instanceof Created c) {
      SessionSpec spec = c.spec();
      SessionStoreV1.SessionCreated.Builder cb = SessionStoreV1.SessionCreated.newBuilder()
          .setDirectorToken(c.directorToken()).setName(spec.name())
          .setMovement(spec.movement().name()).setTables(spec.tables())
          .setRounds(spec.rounds()).setBoardsPerRound(spec.boardsPerRound())
          .setScoring(spec.scoring().name()).setRobots(spec.robots()).setRelay(spec.relay())
          .setArrowSwitch(spec.arrowSwitch());
      c.deals().forEach((board, deal) -> cb.addDeals(SessionStoreV1.SessionDeal.newBuilder()
          .setBoard(board).setDealPbn(deal.toPbn(Seat.NORTH))));
      b.setCreated(cb);
    } else if (e instanceof Joined j) {
      b.setPairJoined(SessionStoreV1.PairJoined.newBuilder().setPair(j.pair())
          .setToken(j.token()).setName(j.name()));
    } else if (e instanceof RobotPartner r) {
      b.setRobotPartner(SessionStoreV1.RobotPartner.newBuilder().setPair(r.pair())
          .setSeat(pairSeat(r.seat())));
    } else if (e instanceof SeatJoined j) {
      b.setSeatJoined(SessionStoreV1.SeatJoined.newBuilder().setPair(j.pair())
          .setSeat(pairSeat(j.seat())).setToken(j.token()).setName(j.name()));
    } else if (e instanceof SeatVacated v) {
      b.setSeatVacated(SessionStoreV1.SeatVacated.newBuilder().setPair(v.pair())
          .setSeat(pairSeat(v.seat())));
    } else if (e instanceof Started) {
      b.setStarted(SessionStoreV1.SessionStarted.getDefaultInstance());
    } else if (e instanceof Opened o) {
      b.setRoundOpened(SessionStoreV1.RoundOpened.newBuilder().setRound(o.round())
          .putAllTableIds(o.tableIds()));
    } else if (e instanceof Replaced r) {
      b.setPairReplaced(SessionStoreV1.PairReplaced.newBuilder().setPair(r.pair()));
    } else if (e instanceof Aborted) {
      b.setAborted(SessionStoreV1.SessionAborted.getDefaultInstance());
    } else if (e instanceof Absent a) {
      b.setPairAbsent(SessionStoreV1.PairAbsent.newBuilder().setPair(a.pair())
          .setFromRound(a.from()).setToRound(a.to()));
    } else if (e instanceof Repaired r) {
      b.setMovementRepaired(repaired(r));
      return SessionStoreV1.StoredSessionEvent.newBuilder().setFormatVersion(FORMAT_VERSION)
          .setEvent(b).build().toByteArray();
    } else if (e instanceof Penalized pen) {
      b.setPenaltyGiven(SessionStoreV1.PenaltyGiven.newBuilder().setBoard(pen.board())
          .setPair(pen.penalty().pair()).setUnit(pen.penalty().unit().name())
          .setAmount(pen.penalty().amount().toPlainString()));
      // Format 2: a server of before penalties refuses it rather than score without it.
      return SessionStoreV1.StoredSessionEvent.newBuilder().setFormatVersion(ASSIGNED_VERSION)
          .setEvent(b).build().toByteArray();
    } else {
      SessionPlay p = ((Played) e).play();
      SessionStoreV1.BoardPlayed.Builder pb = SessionStoreV1.BoardPlayed.newBuilder()
          .setRound(p.round()).setTable(p.table()).setNs(p.ns()).setEw(p.ew())
          .setRecord(record(p.record()));
      p.adjusted().ifPresent(a -> pb.setArtificial(SessionStoreV1.ArtificialAdjustment
          .newBuilder().setNs(a.ns().name()).setEw(a.ew().name())));
      p.assigned().ifPresent(a -> pb.setAssigned(SessionStoreV1.AssignedAdjustment
          .newBuilder().setNs(a.ns().toString()).setEw(a.ew().toString())));
      b.setBoardPlayed(pb);
      if (p.assigned().isPresent()) {
        return SessionStoreV1.StoredSessionEvent.newBuilder()
            .setFormatVersion(ASSIGNED_VERSION).setEvent(b).build().toByteArray();
      }
    }
    // Format 1 where it says all: a server of before assigned scores reads these still.
    return SessionStoreV1.StoredSessionEvent.newBuilder().setFormatVersion(1)
        .setEvent(b).build().toByteArray();
  }

  /** True for a record of the protobuf format, false for a line of the first, text one. */
  static boolean isRecord(byte[] payload) {
    return payload.length > 0 && payload[0] == 0x08;
  }

  @Override
  public Event decode(byte[] payload) {
    if (!isRecord(payload)) {
      return decodeText(payload);
    }
    SessionStoreV1.StoredSessionEvent stored;
    try {
      stored = SessionStoreV1.StoredSessionEvent.parseFrom(payload);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("a session's event cannot be read", e);
    }
    if (stored.getFormatVersion() < 1 || stored.getFormatVersion() > FORMAT_VERSION) {
      throw new IllegalArgumentException("a session's event of format "
          + stored.getFormatVersion() + ", which this server does not know (it reads 1 to "
          + FORMAT_VERSION + ")");
    }
    SessionStoreV1.SessionEvent e = stored.getEvent();
    return switch (e.getKindCase()) {
      case CREATED -> {
        SessionStoreV1.SessionCreated c = e.getCreated();
        SortedMap<Integer, Deal> deals = new TreeMap<>();
        for (SessionStoreV1.SessionDeal d : c.getDealsList()) {
          deals.put(d.getBoard(), Deal.parsePbn(d.getDealPbn()));
        }
        yield new Created(new SessionSpec(c.getName(),
            SessionSpec.MovementKind.valueOf(c.getMovement()), c.getTables(), c.getRounds(),
            c.getBoardsPerRound(),
            org.tenace.server.session.SessionScoring.valueOf(c.getScoring()), c.getRobots(),
            c.getRelay(), c.getArrowSwitch()), deals, c.getDirectorToken());
      }
      case PAIR_JOINED -> new Joined(e.getPairJoined().getPair(), e.getPairJoined().getToken(),
          e.getPairJoined().getName());
      case ROBOT_PARTNER -> new RobotPartner(e.getRobotPartner().getPair(),
          pairSeat(e.getRobotPartner().getSeat()));
      case SEAT_JOINED -> new SeatJoined(e.getSeatJoined().getPair(),
          pairSeat(e.getSeatJoined().getSeat()), e.getSeatJoined().getToken(),
          e.getSeatJoined().getName());
      case SEAT_VACATED -> new SeatVacated(e.getSeatVacated().getPair(),
          pairSeat(e.getSeatVacated().getSeat()));
      case STARTED -> new Started();
      case ROUND_OPENED -> new Opened(e.getRoundOpened().getRound(),
          new TreeMap<>(e.getRoundOpened().getTableIdsMap()));
      case BOARD_PLAYED -> {
        SessionStoreV1.BoardPlayed p = e.getBoardPlayed();
        yield new Played(new SessionPlay(p.getRound(), p.getTable(), p.getNs(), p.getEw(),
            record(p.getRecord()), p.hasArtificial()
                ? Optional.of(new Outcome.Adjusted(
                    Artificial.valueOf(p.getArtificial().getNs()),
                    Artificial.valueOf(p.getArtificial().getEw())))
                : Optional.empty(), p.hasAssigned()
                ? Optional.of(Assignment.parse(p.getAssigned().getNs(), p.getAssigned().getEw()))
                : Optional.empty()));
      }
      case PAIR_REPLACED -> new Replaced(e.getPairReplaced().getPair());
      case ABORTED -> new Aborted();
      case PAIR_ABSENT -> new Absent(e.getPairAbsent().getPair(),
          e.getPairAbsent().getFromRound(), e.getPairAbsent().getToRound());
      case MOVEMENT_REPAIRED -> repaired(e.getMovementRepaired());
      case PENALTY_GIVEN -> new Penalized(e.getPenaltyGiven().getBoard(),
          new Penalty(e.getPenaltyGiven().getPair(),
              Penalty.Unit.valueOf(e.getPenaltyGiven().getUnit()),
              new java.math.BigDecimal(e.getPenaltyGiven().getAmount())));
      case KIND_NOT_SET -> throw new IllegalArgumentException(
          "a session's event of a kind this server does not know");
    };
  }

  private static SessionStoreV1.MovementRepaired repaired(Repaired r) {
    SessionStoreV1.MovementRepaired.Builder b = SessionStoreV1.MovementRepaired.newBuilder()
        .setAfterRound(r.after()).setName(r.movement().name())
        .setTables(r.movement().tables()).setPairs(r.movement().pairs())
        .addAllChanges(r.changes());
    if (r.change() instanceof MovementRepair.PairLeaves l) {
      b.setChange("PAIR_LEAVES").addChangePairs(l.pair());
    } else if (r.change() instanceof MovementRepair.PairArrives) {
      b.setChange("PAIR_ARRIVES");
    } else if (r.change() instanceof MovementRepair.TableAdded) {
      b.setChange("TABLE_ADDED");
    } else if (r.change() instanceof MovementRepair.TableRemoved t) {
      b.setChange("TABLE_REMOVED").addChangePairs(t.first()).addChangePairs(t.second());
    }
    for (Movement.Round round : r.movement().rounds()) {
      SessionStoreV1.RepairedRound.Builder rb = SessionStoreV1.RepairedRound.newBuilder()
          .setRound(round.number()).addAllByes(round.byes());
      for (Movement.Table t : round.tables()) {
        rb.addTables(SessionStoreV1.RepairedTable.newBuilder().setTable(t.number())
            .setNs(t.ns()).setEw(t.ew()).addAllBoards(t.boards()));
      }
      b.addRounds(rb);
    }
    r.absent().forEach((pair, rounds) -> b.addAbsent(SessionStoreV1.AbsentRounds.newBuilder()
        .setPair(pair).addAllRounds(rounds)));
    return b.build();
  }

  /**
   * A repair as stored. Its movement is read over the boards of a placeholder movement: the
   * director rebuilds it over the session's own movement (its boards and their plays).
   */
  private static Repaired repaired(SessionStoreV1.MovementRepaired m) {
    List<Integer> pairs = m.getChangePairsList();
    MovementRepair.Change change = switch (m.getChange()) {
      case "PAIR_LEAVES" -> new MovementRepair.PairLeaves(pairs.get(0));
      case "PAIR_ARRIVES" -> new MovementRepair.PairArrives();
      case "TABLE_ADDED" -> new MovementRepair.TableAdded();
      case "TABLE_REMOVED" -> new MovementRepair.TableRemoved(pairs.get(0), pairs.get(1));
      default -> throw new IllegalArgumentException("a repair of a kind this server does not"
          + " know: " + m.getChange());
    };
    List<Movement.Round> rounds = new ArrayList<>();
    SortedMap<Integer, Integer> designed = new TreeMap<>();
    int perRound = 1;
    for (SessionStoreV1.RepairedRound r : m.getRoundsList()) {
      List<Movement.Table> tables = new ArrayList<>();
      for (SessionStoreV1.RepairedTable t : r.getTablesList()) {
        tables.add(new Movement.Table(t.getTable(), t.getNs(), t.getEw(), t.getBoardsList()));
        perRound = t.getBoardsCount();
        t.getBoardsList().forEach(board -> designed.merge(board, 1, Integer::sum));
      }
      rounds.add(new Movement.Round(r.getRound(), tables, r.getByesList()));
    }
    SortedMap<Integer, java.util.SortedSet<Integer>> absent = new TreeMap<>();
    for (SessionStoreV1.AbsentRounds a : m.getAbsentList()) {
      absent.put(a.getPair(), new java.util.TreeSet<>(a.getRoundsList()));
    }
    return new Repaired(m.getAfterRound(), change, new Movement(m.getName(), m.getTables(),
        m.getPairs(), perRound, Movement.Comparison.FIELD, designed, rounds), absent,
        m.getChangesList());
  }

  private static SessionStoreV1.BoardRecord record(HandRecord r) {
    SessionStoreV1.BoardRecord.Builder b = SessionStoreV1.BoardRecord.newBuilder()
        .setBoard(r.board().orElseThrow().number()).setDealer(seat(r.dealer()))
        .setVulnerability(r.vulnerability().name()).setPassedOut(r.passedOut())
        .addAllNotes(r.notes());
    r.deal().ifPresent(d -> b.setDealPbn(d.toPbn(Seat.NORTH)));
    for (RecordedCall c : r.auction()) {
      b.addCalls(SessionStoreV1.RecordedCall.newBuilder().setSeat(seat(c.seat()))
          .setCall(c.call().toString()).setAlerted(c.alert())
          .setExplanation(c.explanation().orElse("")));
    }
    for (PlayedCard c : r.play()) {
      b.addCards(SessionStoreV1.RecordedCard.newBuilder().setSeat(seat(c.seat()))
          .setCard(c.card().toString()));
    }
    r.contract().ifPresent(c -> b.setContract(c.toBidString()).setDeclarer(seat(c.declarer())));
    r.result().ifPresent(b::setTricks);
    r.nsScore().ifPresent(b::setNsScore);
    return b.build();
  }

  private static HandRecord record(SessionStoreV1.BoardRecord r) {
    HandRecord.Builder b = HandRecord.builder(seat(r.getDealer()),
        Vulnerability.valueOf(r.getVulnerability())).board(r.getBoard())
        .passedOut(r.getPassedOut()).notes(r.getNotesList());
    if (!r.getDealPbn().isEmpty()) {
      b.deal(Deal.parsePbn(r.getDealPbn()));
    }
    b.auction(r.getCallsList().stream().map(c -> {
      Call call = Call.parse(c.getCall());
      return c.getAlerted() ? RecordedCall.alerted(seat(c.getSeat()), call, c.getExplanation())
          : RecordedCall.of(seat(c.getSeat()), call);
    }).toList());
    b.play(r.getCardsList().stream()
        .map(c -> PlayedCard.of(seat(c.getSeat()), Card.parse(c.getCard()))).toList());
    if (!r.getContract().isEmpty()) {
      b.contract(Contract.parse(r.getContract(), seat(r.getDeclarer())));
    }
    b.result(r.hasTricks() ? OptionalInt.of(r.getTricks()) : OptionalInt.empty());
    b.nsScore(r.hasNsScore() ? OptionalInt.of(r.getNsScore()) : OptionalInt.empty());
    return b.build();
  }

  private static SessionStoreV1.PairSeat pairSeat(PairSeat s) {
    return s == PairSeat.FIRST ? SessionStoreV1.PairSeat.PAIR_SEAT_FIRST
        : SessionStoreV1.PairSeat.PAIR_SEAT_SECOND;
  }

  /** Unset is the second seat: the first format's robot partner always sat there. */
  private static PairSeat pairSeat(SessionStoreV1.PairSeat s) {
    return s == SessionStoreV1.PairSeat.PAIR_SEAT_FIRST ? PairSeat.FIRST : PairSeat.SECOND;
  }

  private static StoreV1.Seat seat(Seat s) {
    return switch (s) {
      case NORTH -> StoreV1.Seat.SEAT_NORTH;
      case EAST -> StoreV1.Seat.SEAT_EAST;
      case SOUTH -> StoreV1.Seat.SEAT_SOUTH;
      case WEST -> StoreV1.Seat.SEAT_WEST;
    };
  }

  private static Seat seat(StoreV1.Seat s) {
    return switch (s) {
      case SEAT_NORTH -> Seat.NORTH;
      case SEAT_EAST -> Seat.EAST;
      case SEAT_SOUTH -> Seat.SOUTH;
      case SEAT_WEST -> Seat.WEST;
      default -> throw new IllegalArgumentException("a session's record without a seat");
    };
  }

  /**
   * An event of the first format, one line of text (a board's record as PBN after it; the
   * creation the public API's CreateSessionRequest in base64, which is planned again here with
   * the deals it carries).
   */
  private static Event decodeText(byte[] payload) {
    String text = new String(payload, StandardCharsets.UTF_8);
    int nl = text.indexOf('\n');
    String head = nl < 0 ? text : text.substring(0, nl);
    String body = nl < 0 ? "" : text.substring(nl + 1);
    String[] w = head.split(" ", 4);
    try {
      return switch (w[0]) {
        case "created" -> {
          CreateSessionRequest req = CreateSessionRequest.parseFrom(
              Base64.getDecoder().decode(body.strip()));
          SortedMap<Integer, Deal> deals = new TreeMap<>();
          for (PbnGame g : PbnReader.readText(req.getDealsPbn(), "session log").values()) {
            var deal = g.deal().flatMap(PbnDeal::full);
            if (deal.isPresent() && g.board().isPresent()) {
              deals.putIfAbsent(g.board().getAsInt(), deal.get());
            }
          }
          yield new Created(SessionGrpcService.spec(req), deals, w[1]);
        }
        case "joined" -> new Joined(Integer.parseInt(w[1]), w[2], w.length > 3 ? w[3] : "");
        case "robot-partner" -> new RobotPartner(Integer.parseInt(w[1]), PairSeat.SECOND);
        case "started" -> new Started();
        case "opened" -> {
          String[] parts = head.split(" ");
          Map<Integer, String> ids = new TreeMap<>();
          for (int i = 2; i < parts.length; i++) {
            String[] kv = parts[i].split("=", 2);
            ids.put(Integer.parseInt(kv[0]), kv[1]);
          }
          yield new Opened(Integer.parseInt(parts[1]), ids);
        }
        case "played" -> {
          String[] parts = head.split(" ");
          PbnGame g = PbnReader.readText(body, "session log").values().get(0);
          HandRecord r = PbnRecords.toHandRecord(g);
          yield new Played(new SessionPlay(Integer.parseInt(parts[1]),
              Integer.parseInt(parts[2]), Integer.parseInt(parts[3]),
              Integer.parseInt(parts[4]), r, parts.length < 7 ? Optional.empty()
                  : Optional.of(new Outcome.Adjusted(Artificial.parse(parts[5]),
                      Artificial.parse(parts[6])))));
        }
        case "replaced" -> new Replaced(Integer.parseInt(w[1]));
        case "aborted" -> new Aborted();
        default -> throw new IllegalArgumentException("unknown session event '" + w[0] + "'");
      };
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("a session's creation cannot be read", e);
    }
  }
}
