package org.tenace.server.api;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.tenace.movement.Movement;
import org.tenace.proto.v1.AbortSessionRequest;
import org.tenace.proto.v1.AbortSessionResponse;
import org.tenace.proto.v1.AssignAdjustedScoreRequest;
import org.tenace.proto.v1.AssignAdjustedScoreResponse;
import org.tenace.proto.v1.AssignProceduralPenaltyRequest;
import org.tenace.proto.v1.AssignProceduralPenaltyResponse;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.EndRoundRequest;
import org.tenace.proto.v1.EndRoundResponse;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.JoinSessionResponse;
import org.tenace.proto.v1.ListSessionsRequest;
import org.tenace.proto.v1.ListSessionsResponse;
import org.tenace.proto.v1.MarkPairAbsentRequest;
import org.tenace.proto.v1.MarkPairAbsentResponse;
import org.tenace.proto.v1.ReplaceByRobotRequest;
import org.tenace.proto.v1.ReplaceByRobotResponse;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.StartSessionResponse;
import org.tenace.proto.v1.SubstitutePlayerRequest;
import org.tenace.proto.v1.SubstitutePlayerResponse;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.pbn.PbnDeal;
import org.tenace.bridge.pbn.PbnGame;
import org.tenace.bridge.pbn.PbnReader;
import org.tenace.bridge.record.ReadResult;
import org.tenace.server.application.DealAnalyses;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.application.SessionDirector;
import org.tenace.server.engine.Shuffler;
import org.tenace.server.session.PairSeat;
import org.tenace.server.session.Penalty;
import org.tenace.server.session.ResultsPage;
import org.tenace.server.session.Session;
import org.tenace.server.session.SessionException.Reason;
import org.tenace.server.session.SessionException;
import org.tenace.server.session.SessionPbn;
import org.tenace.server.session.SessionPlan;
import org.tenace.server.session.SessionResults;
import org.tenace.server.session.SessionScoring;
import org.tenace.server.session.SessionSpec;
import org.tenace.solver.DdTable;

/**
 * SessionService over gRPC: maps each request to a {@link SessionPlan} or a step of the
 * {@link SessionDirector} and the session back to messages ({@link SessionMessages}); refusals
 * become statuses here. No rule of a session lives here.
 */
final class SessionGrpcService extends SessionServiceGrpc.SessionServiceImplBase {
  private final SessionDirector director;
  private final ServerLimits limits;
  private final DealAnalyses analyses;

  SessionGrpcService(SessionDirector director, ServerLimits limits, DealAnalyses analyses) {
    this.director = director;
    this.limits = limits;
    this.analyses = analyses;
  }

  @Override
  public void createSession(CreateSessionRequest req, StreamObserver<CreateSessionResponse> out) {
    unary(out, () -> {
      limits.checkCreateKey(Caller.createKey()); // a session opens tables: the same key
      SessionSpec spec = spec(req);
      SessionPlan plan = spec.plan(deals(req, spec.makeMovement()));
      SessionDirector.Run run = director.create(spec, plan);
      return CreateSessionResponse.newBuilder().setSessionId(run.session().id())
          .setDirectorToken(run.directorToken)
          .setStatus(SessionMessages.status(run, SessionResults.of(run.session()))).build();
    });
  }

  @Override
  public void joinSession(JoinSessionRequest req, StreamObserver<JoinSessionResponse> out) {
    unary(out, () -> {
      if (req.getName().isBlank() || req.getName().length() > 64
          || req.getName().chars().anyMatch(Character::isISOControl)) {
        throw new SessionException(Reason.MALFORMED, "name: 1 to 64 characters, on one line");
      }
      SessionDirector.Run run = director.require(req.getSessionId());
      SessionDirector.Joined joined = director.join(run, req.getPair(), req.getName(),
          req.getRobotPartner(), pairSeat(req.getSeat(), true));
      JoinSessionResponse.Builder b = JoinSessionResponse.newBuilder().setPair(joined.pair())
          .setToken(joined.token()).setPairName(joined.pairName());
      joined.seat().ifPresent(ps -> b.setSeat(ps == PairSeat.FIRST
          ? org.tenace.proto.v1.Seat.SEAT_NORTH : org.tenace.proto.v1.Seat.SEAT_SOUTH));
      return b.build();
    });
  }

  /** A pair's seat from a table's: North and East are the first, South and West the second. */
  private static Optional<PairSeat> pairSeat(org.tenace.proto.v1.Seat seat, boolean optional) {
    return switch (seat) {
      case SEAT_NORTH, SEAT_EAST -> Optional.of(PairSeat.FIRST);
      case SEAT_SOUTH, SEAT_WEST -> Optional.of(PairSeat.SECOND);
      default -> {
        if (optional && seat == org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED) {
          yield Optional.empty();
        }
        throw new SessionException(Reason.MALFORMED, "seat: N, E, S or W");
      }
    };
  }

  @Override
  public void substitutePlayer(SubstitutePlayerRequest req,
      StreamObserver<SubstitutePlayerResponse> out) {
    unary(out, () -> {
      SessionDirector.Run run = director.require(req.getSessionId());
      String done = director.substitute(run, BearerToken.current(), req.getPair(),
          pairSeat(req.getSeat(), false).orElseThrow(), req.getRobot());
      return SubstitutePlayerResponse.newBuilder().setDone(done)
          .setStatus(SessionMessages.status(run, SessionResults.of(run.session()))).build();
    });
  }

  @Override
  public void startSession(StartSessionRequest req, StreamObserver<StartSessionResponse> out) {
    unary(out, () -> {
      SessionDirector.Run run = director.require(req.getSessionId());
      director.start(run, BearerToken.current());
      return StartSessionResponse.newBuilder()
          .setStatus(SessionMessages.status(run, SessionResults.of(run.session()))).build();
    });
  }

  @Override
  public void watchSession(WatchSessionRequest req, StreamObserver<WatchSessionResponse> raw) {
    ServerCallStreamObserver<WatchSessionResponse> out =
        (ServerCallStreamObserver<WatchSessionResponse>) raw;
    SessionDirector.Run run;
    int holder;
    String token = BearerToken.current();
    try {
      run = director.require(req.getSessionId());
      holder = run.holder(token);
    } catch (RuntimeException ex) {
      out.onError(toStatus(ex));
      return;
    }
    // Called on the director's thread only, one change after another.
    long from = req.getFromVersion();
    Consumer<SessionDirector.Run> watcher = new Consumer<>() {
      private boolean ended;
      private boolean first = true;

      @Override
      public void accept(SessionDirector.Run r) {
        if (ended || out.isCancelled()) {
          r.watchers.remove(this);
          return;
        }
        Session s = r.session();
        Optional<String> dismissed = holder > 0 ? r.dismissal(token) : Optional.empty();
        if (dismissed.isPresent()) {
          // The director seated a substitute in this holder's place: told so, then the end.
          ended = true;
          r.watchers.remove(this);
          try {
            out.onNext(WatchSessionResponse.newBuilder()
                .setStatus(SessionMessages.status(r, SessionResults.of(s)))
                .setNotice(dismissed.get()).build());
            out.onCompleted();
          } catch (RuntimeException ex) {
            // the client went away
          }
          return;
        }
        boolean seen = first && from > 0 && from == r.version();
        first = false;
        if (seen) {
          // Resumed where the client was: nothing new to show, the next change will be.
          if (s.state() == Session.State.FINISHED || s.state() == Session.State.ABORTED) {
            ended = true;
            r.watchers.remove(this);
            out.onCompleted();
          }
          return;
        }
        WatchSessionResponse.Builder b = WatchSessionResponse.newBuilder()
            .setStatus(SessionMessages.status(r, SessionResults.of(s)));
        if (holder > 0) {
          b.addAllSeats(SessionMessages.tickets(r.ticketsOf(token)));
        } else {
          b.getStatusBuilder().addAllDirectorActions(r.directed());
        }
        try {
          out.onNext(b.build());
          if (s.state() == Session.State.FINISHED || s.state() == Session.State.ABORTED) {
            ended = true;
            out.onCompleted();
          }
        } catch (RuntimeException ex) {
          ended = true; // the client went away
        }
        if (ended) {
          r.watchers.remove(this);
        }
      }
    };
    out.setOnCancelHandler(() -> run.watchers.remove(watcher));
    try {
      director.watch(run, watcher);
    } catch (RuntimeException ex) {
      out.onError(toStatus(ex));
    }
  }

  /** The deals of a session's hand record, a board each. */
  static List<Deal> deals(SessionResults results) {
    return results.travellers().stream()
        .flatMap(t -> t.lines().stream().findFirst().stream())
        .flatMap(l -> l.play().record().deal().stream()).toList();
  }

  /**
   * The session's results page (ResultsPage), the same for everyone: what is known so far, with
   * the hands of the boards every table has played, and the double-dummy tables at hand once
   * the session is over (solved off the tables' path then, never waited for).
   */
  static String page(SessionDirector.Run run, DealAnalyses analyses) {
    Session s = run.session();
    Function<Deal, Optional<DdTable>> tables = d -> Optional.empty();
    if (s.state() == Session.State.FINISHED) {
      tables = analyses.atHand(deals(SessionResults.of(s)));
    }
    return ResultsPage.render(s, tables);
  }

  @Override
  public void getResults(GetResultsRequest req, StreamObserver<GetResultsResponse> out) {
    unary(out, () -> {
      SessionDirector.Run run = director.require(req.getSessionId());
      Session s = run.session();
      String token = BearerToken.current();
      boolean isDirector = !token.isEmpty() && token.equals(run.directorToken);
      Optional<Integer> pair = s.state() == Session.State.FINISHED || isDirector
          ? Optional.empty() : PairResults.pairOf(run, token);
      if (pair.isPresent()) {
        return PairResults.of(run, SessionResults.of(s), pair.get()).toBuilder()
            .setHtml(page(run, analyses)).build();
      }
      if (s.state() != Session.State.FINISHED && !isDirector) {
        throw new SessionException(Reason.WRONG_STATE, "the results are given once the session "
            + "is over (to its director before; a pair sees its boards' travellers)");
      }
      SessionResults results = SessionResults.of(s);
      // The final hand records carry each deal's table and par: solved off the tables' path
      // once the session is over (not while it is played). The handler runs on a transport
      // thread and never waits: a deal not solved yet comes in a later export.
      Function<Deal, Optional<DdTable>> tables = d -> Optional.empty();
      if (s.state() == Session.State.FINISHED) {
        tables = analyses.atHand(deals(results));
      }
      return GetResultsResponse.newBuilder()
          .setStatus(SessionMessages.status(run, results))
          .addAllTravellers(SessionMessages.travellers(results))
          .addAllRanking(SessionMessages.standings(s, results.ranking()))
          .setPbn(SessionPbn.write(results, LocalDate.ofInstant(
              Instant.ofEpochMilli(run.createdAt), ZoneOffset.UTC), tables))
          .setHtml(page(run, analyses)).build();
    });
  }

  @Override
  public void listSessions(ListSessionsRequest req, StreamObserver<ListSessionsResponse> out) {
    unary(out, () -> {
      // This server's sessions as they are, those the other servers of a cluster run as they
      // last published them (a second or so behind); newest first, as the ids were given.
      Map<String, org.tenace.proto.v1.SessionSummary> all = new java.util.HashMap<>();
      director.elsewhere().forEach((id, info) -> {
        try {
          all.put(id, org.tenace.proto.v1.SessionSummary.parseFrom(info));
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
          // a listing this server cannot read is left out of its list
        }
      });
      director.list().forEach(s -> all.put(s.id(), SessionMessages.summary(s)));
      List<org.tenace.proto.v1.SessionSummary> sorted = new java.util.ArrayList<>(all.values());
      sorted.sort(java.util.Comparator.comparing(
          (org.tenace.proto.v1.SessionSummary x) -> x.getSessionId().length())
          .thenComparing(org.tenace.proto.v1.SessionSummary::getSessionId).reversed());
      return ListSessionsResponse.newBuilder().addAllSessions(sorted).build();
    });
  }

  @Override
  public void endRound(EndRoundRequest req, StreamObserver<EndRoundResponse> out) {
    unary(out, () -> {
      SessionDirector.Run run = director.require(req.getSessionId());
      int adjusted = director.endRound(run, BearerToken.current(), req.getRound(),
          SessionMessages.adjusted(req.getScore()));
      return EndRoundResponse.newBuilder().setAdjusted(adjusted)
          .setStatus(SessionMessages.status(run, SessionResults.of(run.session()))).build();
    });
  }

  @Override
  public void assignAdjustedScore(AssignAdjustedScoreRequest req,
      StreamObserver<AssignAdjustedScoreResponse> out) {
    unary(out, () -> {
      SessionDirector.Run run = director.require(req.getSessionId());
      if (req.hasAssigned()) {
        director.assign(run, BearerToken.current(), req.getRound(), req.getTable(),
            req.getBoard(), SessionMessages.assigned(req.getAssigned()));
      } else {
        director.adjust(run, BearerToken.current(), req.getRound(), req.getTable(),
            req.getBoard(), SessionMessages.adjusted(req.getScore()));
      }
      return AssignAdjustedScoreResponse.newBuilder()
          .setStatus(SessionMessages.status(run, SessionResults.of(run.session()))).build();
    });
  }

  @Override
  public void assignProceduralPenalty(AssignProceduralPenaltyRequest req,
      StreamObserver<AssignProceduralPenaltyResponse> out) {
    unary(out, () -> {
      SessionDirector.Run run = director.require(req.getSessionId());
      Penalty penalty = SessionMessages.penalty(req);
      director.penalize(run, BearerToken.current(), req.getBoard(), penalty);
      return AssignProceduralPenaltyResponse.newBuilder()
          .setStatus(SessionMessages.status(run, SessionResults.of(run.session())))
          .setDone("pair " + penalty.pair() + " loses " + penalty.words() + " on board "
              + req.getBoard()).build();
    });
  }

  @Override
  public void markPairAbsent(MarkPairAbsentRequest req,
      StreamObserver<MarkPairAbsentResponse> out) {
    unary(out, () -> {
      SessionDirector.Run run = director.require(req.getSessionId());
      director.absent(run, BearerToken.current(), req.getPair(), req.getFromRound(),
          req.getToRound());
      return MarkPairAbsentResponse.newBuilder()
          .setStatus(SessionMessages.status(run, SessionResults.of(run.session()))).build();
    });
  }

  @Override
  public void proposeRepair(org.tenace.proto.v1.ProposeRepairRequest req,
      StreamObserver<org.tenace.proto.v1.ProposeRepairResponse> out) {
    unary(out, () -> {
      SessionDirector.Run run = director.require(req.getSessionId());
      if (req.getAfterRound() < 0) {
        throw new SessionException(Reason.MALFORMED, "after_round: 0 (the round in play) or"
            + " a round, not " + req.getAfterRound());
      }
      int after = req.getAfterRound() == 0 ? -1 : req.getAfterRound();
      org.tenace.movement.MovementRepair.Proposal p = switch (req.getChangeCase()) {
        case CHANGE_NOT_SET -> director.proposedRepair(run, BearerToken.current());
        case PAIR_LEAVES -> director.proposeRepair(run, BearerToken.current(), after,
            new org.tenace.movement.MovementRepair.PairLeaves(req.getPairLeaves()));
        case PAIR_ARRIVES -> director.proposeRepair(run, BearerToken.current(), after,
            new org.tenace.movement.MovementRepair.PairArrives());
        case TABLE_ADDED -> director.proposeRepair(run, BearerToken.current(), after,
            new org.tenace.movement.MovementRepair.TableAdded());
        case TABLE_REMOVED -> director.proposeRepair(run, BearerToken.current(), after,
            new org.tenace.movement.MovementRepair.TableRemoved(
                req.getTableRemoved().getFirstPair(), req.getTableRemoved().getSecondPair()));
      };
      return org.tenace.proto.v1.ProposeRepairResponse.newBuilder()
          .setRepair(SessionMessages.repair(p)).build();
    });
  }

  @Override
  public void acceptRepair(org.tenace.proto.v1.AcceptRepairRequest req,
      StreamObserver<org.tenace.proto.v1.AcceptRepairResponse> out) {
    unary(out, () -> {
      SessionDirector.Run run = director.require(req.getSessionId());
      org.tenace.movement.MovementRepair.Proposal p = director.acceptRepair(run,
          BearerToken.current());
      return org.tenace.proto.v1.AcceptRepairResponse.newBuilder()
          .setStatus(SessionMessages.status(run, SessionResults.of(run.session())))
          .setRepair(SessionMessages.repair(p)).build();
    });
  }

  @Override
  public void replaceByRobot(ReplaceByRobotRequest req,
      StreamObserver<ReplaceByRobotResponse> out) {
    unary(out, () -> {
      SessionDirector.Run run = director.require(req.getSessionId());
      director.replaceByRobot(run, BearerToken.current(), req.getPair());
      return ReplaceByRobotResponse.newBuilder()
          .setStatus(SessionMessages.status(run, SessionResults.of(run.session()))).build();
    });
  }

  @Override
  public void abortSession(AbortSessionRequest req, StreamObserver<AbortSessionResponse> out) {
    unary(out, () -> {
      SessionDirector.Run run = director.require(req.getSessionId());
      director.abort(run, BearerToken.current());
      return AbortSessionResponse.newBuilder()
          .setStatus(SessionMessages.status(run, SessionResults.of(run.session()))).build();
    });
  }

  // ---- the plan ------------------------------------------------------------------------------

  /** The director's request in the session's own words (refused in words when malformed). */
  static SessionSpec spec(CreateSessionRequest req) {
    String name = req.getName().isBlank() ? "Session" : req.getName();
    boolean teams = switch (req.getKind()) {
      case SESSION_KIND_TEAMS -> true;
      case SESSION_KIND_PAIRS, SESSION_KIND_UNSPECIFIED -> false;
      default -> throw new SessionException(Reason.MALFORMED, "kind: pairs or teams");
    };
    SessionSpec.MovementKind movement = switch (req.getMovement()) {
      case MOVEMENT_TYPE_MITCHELL -> SessionSpec.MovementKind.MITCHELL;
      case MOVEMENT_TYPE_HOWELL -> SessionSpec.MovementKind.HOWELL;
      case MOVEMENT_TYPE_TEAMS -> SessionSpec.MovementKind.TEAMS;
      case MOVEMENT_TYPE_UNSPECIFIED -> teams ? SessionSpec.MovementKind.TEAMS
          : SessionSpec.MovementKind.MITCHELL;
      default -> throw new SessionException(Reason.MALFORMED, "movement: unknown");
    };
    if (teams != (movement == SessionSpec.MovementKind.TEAMS)) {
      throw new SessionException(Reason.MALFORMED, teams
          ? "a teams session plays the teams movement" : "a pairs session plays a Mitchell or a"
          + " Howell");
    }
    SessionScoring scoring = switch (req.getScoring()) {
      case SESSION_SCORING_UNSPECIFIED -> teams ? SessionScoring.TEAM_IMPS
          : SessionScoring.MATCHPOINTS;
      case SESSION_SCORING_MATCHPOINTS -> SessionScoring.MATCHPOINTS;
      case SESSION_SCORING_IMPS_ACROSS_FIELD -> SessionScoring.CROSS_IMPS;
      case SESSION_SCORING_BUTLER -> SessionScoring.BUTLER;
      case SESSION_SCORING_TEAM_IMPS -> SessionScoring.TEAM_IMPS;
      default -> throw new SessionException(Reason.MALFORMED, "scoring: unknown");
    };
    return new SessionSpec(name, movement, req.getTables(), req.getRounds(),
        req.getBoardsPerRound(), scoring, req.getRobots(), req.getRelay(), req.getArrowSwitch());
  }

  /** The plan the request asks for, its deals made now. */
  static SessionPlan plan(CreateSessionRequest req) {
    SessionSpec spec = spec(req);
    return spec.plan(deals(req, spec.makeMovement()));
  }

  /** One deal per board: from the PBN text, from the seed, or fresh from a secure source. */
  private static SortedMap<Integer, Deal> deals(CreateSessionRequest req, Movement movement) {
    SortedMap<Integer, Deal> out = new TreeMap<>();
    if (!req.getDealsPbn().isEmpty()) {
      ReadResult<PbnGame> read = PbnReader.readText(req.getDealsPbn(), "deals_pbn");
      if (!read.diagnostics().isEmpty()) {
        throw new SessionException(Reason.MALFORMED,
            "deals_pbn: " + read.diagnostics().get(0));
      }
      for (PbnGame g : read.values()) {
        var deal = g.deal().flatMap(PbnDeal::full);
        if (deal.isPresent() && g.board().isPresent()) {
          out.putIfAbsent(g.board().getAsInt(), deal.get());
        }
      }
      return out; // the plan names any board missing
    }
    for (int b : movement.designedPlays().keySet()) {
      Shuffler shuffler = req.getDealSeed() != 0
          // Board n's deal depends on the seed and n alone, as a seeded table's does.
          ? Shuffler.seeded(req.getDealSeed() ^ (b * 0x9E3779B97F4A7C15L))
          : Shuffler.secure();
      out.put(b, shuffler.deal());
    }
    return out;
  }

  // ---- errors --------------------------------------------------------------------------------

  private static <T> void unary(StreamObserver<T> out, java.util.function.Supplier<T> body) {
    T reply;
    try {
      reply = body.get();
    } catch (RuntimeException e) {
      out.onError(toStatus(e));
      return;
    }
    out.onNext(reply);
    out.onCompleted();
  }

  static RuntimeException toStatus(RuntimeException e) {
    if (e instanceof SessionException s) {
      Status.Code code = switch (s.reason()) {
        case MALFORMED -> Status.Code.INVALID_ARGUMENT;
        case TOKEN_INVALID -> Status.Code.UNAUTHENTICATED;
        case NOT_DIRECTOR -> Status.Code.PERMISSION_DENIED;
        case SESSION_NOT_FOUND -> Status.Code.NOT_FOUND;
        case PAIR_TAKEN -> Status.Code.ALREADY_EXISTS;
        case WRONG_STATE -> Status.Code.FAILED_PRECONDITION;
      };
      return StatusMapper.status(code, s.reason().name(), s.getMessage());
    }
    return StatusMapper.toStatus(e);
  }
}
