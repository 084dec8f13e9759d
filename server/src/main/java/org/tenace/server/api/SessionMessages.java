package org.tenace.server.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tenace.proto.v1.ArtificialAverage;
import org.tenace.proto.v1.ArtificialScore;
import org.tenace.proto.v1.AssignedResult;
import org.tenace.proto.v1.AssignedScore;
import org.tenace.proto.v1.Assignment;
import org.tenace.proto.v1.Direction;
import org.tenace.proto.v1.PairEntry;
import org.tenace.proto.v1.RoundPlan;
import org.tenace.proto.v1.SeatTicket;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.SessionStatus;
import org.tenace.proto.v1.SessionSummary;
import org.tenace.proto.v1.Standing;
import org.tenace.proto.v1.Traveller;
import org.tenace.proto.v1.TravellerLine;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.compare.Artificial;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.event.Outcome;
import org.tenace.bridge.record.HandRecord;
import org.tenace.server.application.SessionDirector;
import org.tenace.server.session.Session;
import org.tenace.server.session.SessionException;
import org.tenace.server.session.SessionResults;
import org.tenace.server.session.Sitting;

/** A session as SessionService's messages: sittings, standings, travellers; never a card. */
final class SessionMessages {
  private SessionMessages() {}

  static SessionStatus status(SessionDirector.Run run, SessionResults results) {
    Session s = results.session();
    SessionStatus.Builder b = SessionStatus.newBuilder()
        .setSessionId(s.id())
        .setName(s.plan().name())
        .setMovement(s.plan().movement().name())
        .setState(switch (s.state()) {
          case WAITING -> SessionState.SESSION_STATE_WAITING;
          case PLAYING -> SessionState.SESSION_STATE_PLAYING;
          case FINISHED -> SessionState.SESSION_STATE_FINISHED;
          case ABORTED -> SessionState.SESSION_STATE_ABORTED;
        })
        .setVersion(run.version())
        .setRound(s.round())
        .setRounds(s.plan().rounds())
        .setPairs(s.pairs())
        .setBoards(s.plan().movement().boards())
        .setBoardsFinished(s.plays().size())
        .setBoardsTotal(s.resultsExpected())
        .setScoring(switch (s.plan().scoring()) {
          case MATCHPOINTS -> org.tenace.proto.v1.SessionScoring.SESSION_SCORING_MATCHPOINTS;
          case CROSS_IMPS -> org.tenace.proto.v1.SessionScoring.SESSION_SCORING_IMPS_ACROSS_FIELD;
          case BUTLER -> org.tenace.proto.v1.SessionScoring.SESSION_SCORING_BUTLER;
          case TEAM_IMPS -> org.tenace.proto.v1.SessionScoring.SESSION_SCORING_TEAM_IMPS;
        });
    List<List<Sitting>> sittings = s.sittings();
    for (int r = 0; r < sittings.size(); r++) {
      RoundPlan.Builder plan = RoundPlan.newBuilder().setRound(r + 1);
      for (Sitting x : sittings.get(r)) {
        plan.addAssignments(Assignment.newBuilder().setPair(x.pair()).setTable(x.table())
            .setDirection(x.side().map(d -> d == Side.NS ? Direction.DIRECTION_NORTH_SOUTH
                : Direction.DIRECTION_EAST_WEST).orElse(Direction.DIRECTION_UNSPECIFIED))
            .addAllBoards(x.boards()).setOpponent(x.opponent()));
      }
      Map<Integer, String> ids = run.tableIds(r + 1);
      ids.keySet().stream().sorted().forEach(t -> plan.addTableIds(ids.get(t)));
      b.addPlan(plan);
    }
    b.addAllRepairs(run.repairs());
    b.addAllStandings(standings(s, results.ranking()));
    s.entries().forEach((pair, name) ->
        b.addEntries(PairEntry.newBuilder().setPair(pair).setName(name)));
    return b.build();
  }

  /** A repaired movement as proposed: where each pair sits each round, and the check's words. */
  static org.tenace.proto.v1.MovementRepairProposal repair(
      org.tenace.movement.MovementRepair.Proposal p) {
    var b = org.tenace.proto.v1.MovementRepairProposal.newBuilder().setAfterRound(p.after())
        .setChange(p.change().words()).setMovement(p.movement().name())
        .setTables(p.movement().tables()).setPairs(p.movement().pairs())
        .addAllArrivals(p.arrivals()).addAllChanges(p.changes()).setPlayable(p.playable());
    for (org.tenace.movement.MovementCheck.Defect d : p.defects()) {
      b.addDefects(org.tenace.proto.v1.RepairDefect.newBuilder().setRound(d.round())
          .setWords(d.words()).setKind(switch (d.kind()) {
            case SEATING -> org.tenace.proto.v1.RepairDefectKind.REPAIR_DEFECT_KIND_SEATING;
            case MEETS_AGAIN ->
                org.tenace.proto.v1.RepairDefectKind.REPAIR_DEFECT_KIND_MEETS_AGAIN;
            case BOARD_AGAIN ->
                org.tenace.proto.v1.RepairDefectKind.REPAIR_DEFECT_KIND_BOARD_AGAIN;
          }));
    }
    for (org.tenace.movement.Movement.Round round : p.movement().rounds()) {
      RoundPlan.Builder plan = RoundPlan.newBuilder().setRound(round.number());
      for (Sitting x : Sitting.of(round)) {
        plan.addAssignments(Assignment.newBuilder().setPair(x.pair()).setTable(x.table())
            .setDirection(x.side().map(d -> d == Side.NS ? Direction.DIRECTION_NORTH_SOUTH
                : Direction.DIRECTION_EAST_WEST).orElse(Direction.DIRECTION_UNSPECIFIED))
            .addAllBoards(x.boards()).setOpponent(x.opponent()));
      }
      b.addPlan(plan);
    }
    return b.build();
  }

  static List<Standing> standings(Session s,
      List<org.tenace.bridge.compare.Standing> ranking) {
    List<Standing> out = new ArrayList<>();
    for (org.tenace.bridge.compare.Standing st : ranking) {
      int pair = Integer.parseInt(st.pair());
      out.add(Standing.newBuilder().setRank(st.place()).setPair(pair)
          .setTotal(decimal(st.total())).setBoards(st.boards())
          .setPercentage(st.percentage().map(SessionMessages::decimal).orElse(""))
          .setName(s.plan().scoring().byMatch() ? s.entries().getOrDefault(pair, "")
              : s.name(pair)).setPlace(st.placeText()).build());
    }
    return out;
  }

  static List<Traveller> travellers(SessionResults results) {
    List<Traveller> out = new ArrayList<>();
    for (SessionResults.Traveller t : results.travellers()) {
      Traveller.Builder b = Traveller.newBuilder().setBoard(t.board())
          .setDealer(ProtoMapper.toProto(t.conditions().dealer()))
          .setVulnerability(ProtoMapper.toProto(t.conditions().vulnerability()));
      for (SessionResults.Line line : t.lines()) {
        HandRecord r = line.play().record();
        TravellerLine.Builder l = TravellerLine.newBuilder().setRound(line.play().round())
            .setTable(line.play().table()).setNsPair(line.play().ns())
            .setEwPair(line.play().ew()).setNsScore(r.nsScore().orElse(0))
            .setNsPoints(decimal(line.ns())).setEwPoints(decimal(line.ew()));
        if (line.nsPenalty().signum() != 0) {
          l.setNsPenalty(decimal(line.nsPenalty()));
        }
        if (line.ewPenalty().signum() != 0) {
          l.setEwPenalty(decimal(line.ewPenalty()));
        }
        if (line.play().ruled()) {
          l.setAdjusted(line.play().ruling());
        } else if (r.passedOut()) {
          l.setContract("Pass");
        } else {
          var c = r.contract().orElseThrow();
          l.setContract(c.toBidString())
              .setDeclarer(ProtoMapper.toProto(c.declarer()))
              .setTricks(r.result().orElse(0));
        }
        b.addLines(l);
      }
      out.add(b.build());
    }
    return out;
  }

  static SessionSummary summary(Session s) {
    return SessionSummary.newBuilder().setSessionId(s.id()).setName(s.plan().name())
        .setMovement(s.plan().movement().name()).setState(switch (s.state()) {
          case WAITING -> SessionState.SESSION_STATE_WAITING;
          case PLAYING -> SessionState.SESSION_STATE_PLAYING;
          case FINISHED -> SessionState.SESSION_STATE_FINISHED;
          case ABORTED -> SessionState.SESSION_STATE_ABORTED;
        }).setRound(s.round()).setRounds(s.plan().rounds()).setPairs(s.pairs())
        .setJoined(s.entries().size()).build();
  }

  /** The artificial scores a request names; UNSPECIFIED is refused, naming the field. */
  static Outcome.Adjusted adjusted(ArtificialScore score) {
    return new Outcome.Adjusted(artificial(score.getNorthSouth(), "score.north_south"),
        artificial(score.getEastWest(), "score.east_west"));
  }

  /**
   * The assigned score a request names (Law 12C1): North-South's results, and East-West's when
   * the score is split; what cannot be is refused in words, naming the field.
   */
  static org.tenace.bridge.event.Assignment assigned(AssignedScore score) {
    org.tenace.bridge.event.AssignedScore ns = assigned(score.getNorthSouthList(),
        "assigned.north_south");
    return new org.tenace.bridge.event.Assignment(ns, score.getEastWestCount() == 0 ? ns
        : assigned(score.getEastWestList(), "assigned.east_west"));
  }

  private static org.tenace.bridge.event.AssignedScore assigned(List<AssignedResult> results,
      String field) {
    if (results.isEmpty()) {
      throw new SessionException(SessionException.Reason.MALFORMED,
          field + ": an assigned score needs a result (such as 4S= by N)");
    }
    List<org.tenace.bridge.event.AssignedScore.Part> parts = new ArrayList<>();
    try {
      for (AssignedResult r : results) {
        if (!r.hasContract()) {
          throw new IllegalArgumentException("each result needs its contract and declarer");
        }
        parts.add(new org.tenace.bridge.event.AssignedScore.Part(r.getPercent(),
            ProtoMapper.contract(r.getContract(), field + ".contract"), r.getTricks()));
      }
      return new org.tenace.bridge.event.AssignedScore(parts);
    } catch (IllegalArgumentException e) {
      throw new SessionException(SessionException.Reason.MALFORMED,
          field + ": " + e.getMessage());
    }
  }

  private static Artificial artificial(ArtificialAverage a, String field) {
    return switch (a) {
      case ARTIFICIAL_AVERAGE_PLUS -> Artificial.AVERAGE_PLUS;
      case ARTIFICIAL_AVERAGE_PLAIN -> Artificial.AVERAGE;
      case ARTIFICIAL_AVERAGE_MINUS -> Artificial.AVERAGE_MINUS;
      default -> throw new SessionException(SessionException.Reason.MALFORMED,
          field + ": an artificial score (average plus, average or average minus)");
    };
  }

  /** The penalty a request names; no amount, or one that is not a decimal, is refused. */
  static org.tenace.server.session.Penalty penalty(
      org.tenace.proto.v1.AssignProceduralPenaltyRequest req) {
    org.tenace.server.session.Penalty.Unit unit = switch (req.getAmountCase()) {
      case MATCHPOINTS -> org.tenace.server.session.Penalty.Unit.MATCHPOINTS;
      case IMPS -> org.tenace.server.session.Penalty.Unit.IMPS;
      case PERCENT_OF_TOP -> org.tenace.server.session.Penalty.Unit.PERCENT;
      case AMOUNT_NOT_SET -> throw new SessionException(SessionException.Reason.MALFORMED,
          "amount: a penalty in matchpoints, IMPs or a percentage of a top");
    };
    String text = switch (req.getAmountCase()) {
      case MATCHPOINTS -> req.getMatchpoints();
      case IMPS -> req.getImps();
      default -> req.getPercentOfTop();
    };
    java.math.BigDecimal amount;
    try {
      amount = new java.math.BigDecimal(text.strip());
    } catch (NumberFormatException e) {
      throw new SessionException(SessionException.Reason.MALFORMED, "amount: "
          + org.tenace.server.table.Quote.of(text) + " is not a number");
    }
    return new org.tenace.server.session.Penalty(req.getPair(), unit, amount);
  }

  static List<SeatTicket> tickets(List<SessionDirector.Ticket> tickets) {
    return tickets.stream().map(t -> SeatTicket.newBuilder().setTableId(t.tableId())
        .setSeat(ProtoMapper.toProto(t.seat())).setToken(t.token()).build()).toList();
  }

  static String decimal(Fraction f) {
    return f.round(2).stripTrailingZeros().toPlainString();
  }
}
