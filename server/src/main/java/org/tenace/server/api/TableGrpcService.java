package org.tenace.server.api;

import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tenace.proto.v1.ChooseOptionRequest;
import org.tenace.proto.v1.ChooseOptionResponse;
import org.tenace.proto.v1.ClaimRequest;
import org.tenace.proto.v1.ClaimResponse;
import org.tenace.proto.v1.CloseTableRequest;
import org.tenace.proto.v1.CloseTableResponse;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.DecideRulingRequest;
import org.tenace.proto.v1.DecideRulingResponse;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.JoinTableResponse;
import org.tenace.proto.v1.LeaveTableRequest;
import org.tenace.proto.v1.LeaveTableResponse;
import org.tenace.proto.v1.ListTablesRequest;
import org.tenace.proto.v1.ListTablesResponse;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MakeCallResponse;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.MarkReadyResponse;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.PlayCardResponse;
import org.tenace.proto.v1.RequestUndoRequest;
import org.tenace.proto.v1.RequestUndoResponse;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.RespondToClaimResponse;
import org.tenace.proto.v1.RespondToUndoRequest;
import org.tenace.proto.v1.RespondToUndoResponse;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.pbn.PbnDeal;
import org.tenace.scoring.pbn.PbnGame;
import org.tenace.scoring.pbn.PbnReader;
import org.tenace.scoring.record.ReadResult;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.PlayChoice;
import org.tenace.server.engine.Utterance;
import org.tenace.server.table.DealSource;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Limits;
import org.tenace.server.table.Quote;
import org.tenace.server.table.Role;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableException;
import org.tenace.server.table.TableException.Reason;

/**
 * TableService over gRPC. Each handler maps the request, calls one {@link Table} method and maps
 * the reply; refusals go through {@link StatusMapper}. No rules live here.
 */
final class TableGrpcService extends TableServiceGrpc.TableServiceImplBase {
  private final Tables tables;
  private final RobotSeater robots;
  private final ServerLimits limits;
  private final TwoPlayerService twoPlayer;

  /** {@code twoPlayer}: where a two-player variant or table id is handed. */
  TableGrpcService(Tables tables, RobotSeater robots, ServerLimits limits,
      TwoPlayerService twoPlayer) {
    this.tables = tables;
    this.robots = robots;
    this.limits = limits;
    this.twoPlayer = twoPlayer;
  }

  @Override
  public void createTable(CreateTableRequest req, StreamObserver<CreateTableResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      if (TwoPlayerService.isTwoPlayer(req.getSettings())) {
        limits.checkCreateKey(Caller.createKey());
        return twoPlayer.create(req, Caller.address(), limits, openFourPlayerTables());
      }
      // The pace is the table's, kept with its settings: the robots take it after a restart too.
      var settings = ProtoMapper.settings(req.getSettings()).withRobotPace(req.hasRobotPace()
          ? Optional.of(java.time.Duration.ofSeconds(req.getRobotPace().getSeconds(),
              req.getRobotPace().getNanos()))
          : Optional.empty());
      DealSource source = source(req);
      Set<Seat> robotSeats = EnumSet.noneOf(Seat.class);
      for (int i = 0; i < req.getRobotSeatsCount(); i++) {
        Seat s = ProtoMapper.seat(req.getRobotSeats(i), "robot_seats[" + i + "]");
        if (!robotSeats.add(s)) {
          throw ProtoMapper.malformed("robot_seats", "each seat once");
        }
      }
      limits.checkCreateKey(Caller.createKey());
      Tables.Entry e = tables.create(req.getName(), settings, source, req.getRequestId(),
          Caller.address(), limits);
      robots.seat(e, robotSeats);
      Table t = e.table();
      return t.atomically(() -> CreateTableResponse.newBuilder().setTable(Presenter.info(t))
          .setDirectorToken(t.directorToken()).build());
    });
  }

  @Override
  public void listTables(ListTablesRequest req, StreamObserver<ListTablesResponse> out) {
    GrpcCalls.unary(out, () -> {
      List<Tables.Entry> open = new ArrayList<>();
      for (Tables.Entry e : tables.all()) {
        if (e.table().status() != Table.Status.CLOSED) {
          open.add(e);
        }
      }
      open.sort((a, b) -> compareIds(a.table().id(), b.table().id()));
      ListTablesResponse.Builder b = ListTablesResponse.newBuilder();
      for (Tables.Entry e : open) {
        b.addTables(e.table().atomically(() -> Presenter.info(e.table())));
      }
      for (TwoPlayerTables.Entry e : twoPlayer.tables().all()) {
        if (e.table().status() != Table.Status.CLOSED) {
          b.addTables(e.table().atomically(() -> TwoPlayerPresenter.info(e.table())));
        }
      }
      return b.build();
    });
  }

  @Override
  public void joinTable(JoinTableRequest req, StreamObserver<JoinTableResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      Role role;
      switch (req.getRole()) {
        case ROLE_PLAYER: role = Role.PLAYER; break;
        case ROLE_KIBITZER: role = Role.KIBITZER; break;
        default: throw ProtoMapper.malformed("role", "ROLE_PLAYER or ROLE_KIBITZER");
      }
      Optional<Seat> seat = req.getSeat() == org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED
          ? Optional.empty() : Optional.of(ProtoMapper.seat(req.getSeat(), "seat"));
      if (TwoPlayerService.owns(req.getTableId())) {
        return twoPlayer.join(req, role, seat);
      }
      Table t = tables.require(req.getTableId()).table();
      Holder h = t.join(role, seat, req.getName(), false, req.getRequestId());
      return JoinTableResponse.newBuilder().setToken(h.token()).setViewer(ProtoMapper.viewer(h))
          .build();
    });
  }

  @Override
  public void leaveTable(LeaveTableRequest req, StreamObserver<LeaveTableResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      if (TwoPlayerService.owns(req.getTableId())) {
        return twoPlayer.leave(req.getTableId());
      }
      Tables.Entry e = entry(req.getTableId());
      e.table().leave(BearerToken.current());
      return LeaveTableResponse.getDefaultInstance();
    });
  }

  @Override
  public void makeCall(MakeCallRequest req, StreamObserver<MakeCallResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      if (TwoPlayerService.owns(req.getTableId())) {
        return twoPlayer.call(req);
      }
      Seat seat = ProtoMapper.seat(req.getSeat(), "seat");
      Utterance said = ProtoMapper.utterance(req.getCall(), "call");
      Alert alert = ProtoMapper.alert(req.getAlert(), req.getExplanation());
      Table t = entry(req.getTableId()).table();
      long v = t.call(BearerToken.current(), seat, said, alert, req.getExpectedVersion());
      return MakeCallResponse.newBuilder().setVersion(v).build();
    });
  }

  @Override
  public void playCard(PlayCardRequest req, StreamObserver<PlayCardResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      if (TwoPlayerService.owns(req.getTableId())) {
        return twoPlayer.play(req);
      }
      Seat hand = ProtoMapper.seat(req.getSeat(), "seat");
      Card card = ProtoMapper.card(req.getCard(), "card");
      Table t = entry(req.getTableId()).table();
      long v = t.play(BearerToken.current(), hand, card, req.getExpectedVersion());
      return PlayCardResponse.newBuilder().setVersion(v).build();
    });
  }

  @Override
  public void claim(ClaimRequest req, StreamObserver<ClaimResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      Table t = entry(req.getTableId()).table();
      long v = t.claim(BearerToken.current(), req.getTricks(), req.getStatement(),
          req.getExpectedVersion());
      return ClaimResponse.newBuilder().setVersion(v).build();
    });
  }

  @Override
  public void respondToClaim(RespondToClaimRequest req,
      StreamObserver<RespondToClaimResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      Table t = entry(req.getTableId()).table();
      long v = t.respondToClaim(BearerToken.current(), req.getAccept(), req.getExpectedVersion());
      return RespondToClaimResponse.newBuilder().setVersion(v).build();
    });
  }

  @Override
  public void requestUndo(RequestUndoRequest req, StreamObserver<RequestUndoResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      Table t = entry(req.getTableId()).table();
      long v = t.requestUndo(BearerToken.current(), req.getExpectedVersion());
      return RequestUndoResponse.newBuilder().setVersion(v).build();
    });
  }

  @Override
  public void respondToUndo(RespondToUndoRequest req, StreamObserver<RespondToUndoResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      Table t = entry(req.getTableId()).table();
      long v = t.respondToUndo(BearerToken.current(), req.getAccept(), req.getExpectedVersion());
      return RespondToUndoResponse.newBuilder().setVersion(v).build();
    });
  }

  @Override
  public void chooseOption(ChooseOptionRequest req, StreamObserver<ChooseOptionResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      PlayChoice choice = ProtoMapper.choice(req.getChoice(), req.getSuit());
      Table t = entry(req.getTableId()).table();
      long v = t.choose(BearerToken.current(), choice, req.getExpectedVersion());
      return ChooseOptionResponse.newBuilder().setVersion(v).build();
    });
  }

  @Override
  public void decideRuling(DecideRulingRequest req, StreamObserver<DecideRulingResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      Table t = entry(req.getTableId()).table();
      long v = t.decide(BearerToken.current(), req.getRulingId(), req.getChoice());
      return DecideRulingResponse.newBuilder().setVersion(v).build();
    });
  }

  @Override
  public void markReady(MarkReadyRequest req, StreamObserver<MarkReadyResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      if (TwoPlayerService.owns(req.getTableId())) {
        return twoPlayer.markReady(req.getTableId(), req.getExpectedVersion());
      }
      Table t = entry(req.getTableId()).table();
      long v = t.markReady(BearerToken.current(), req.getExpectedVersion());
      return MarkReadyResponse.newBuilder().setVersion(v).build();
    });
  }

  @Override
  public void closeTable(CloseTableRequest req, StreamObserver<CloseTableResponse> out) {
    GrpcCalls.unary(out, () -> {
      if (TwoPlayerService.owns(req.getTableId())) {
        return twoPlayer.close(req.getTableId());
      }
      long v = entry(req.getTableId()).table().closeBy(BearerToken.current());
      return CloseTableResponse.newBuilder().setVersion(v).build();
    });
  }

  @Override
  public void watchTable(WatchTableRequest req, StreamObserver<WatchTableResponse> raw) {
    ServerCallStreamObserver<WatchTableResponse> out =
        (ServerCallStreamObserver<WatchTableResponse>) raw;
    Tables.Entry e;
    Holder h;
    String token = BearerToken.current();
    if (TwoPlayerService.owns(req.getTableId())) {
      try {
        RequestLimits.check(req);
      } catch (RuntimeException ex) {
        out.onError(StatusMapper.toStatus(ex));
        return;
      }
      twoPlayer.watch(req, out);
      return;
    }
    try {
      RequestLimits.check(req);
      e = entry(req.getTableId());
      h = e.table().holder(token);
    } catch (RuntimeException ex) {
      out.onError(StatusMapper.toStatus(ex));
      return;
    }
    Table t = e.table();
    Watcher[] watcher = new Watcher[1];
    out.setOnReadyHandler(() -> {
      if (watcher[0] != null) {
        watcher[0].drain();
      }
    });
    out.setOnCancelHandler(() -> t.atomically(() -> {
      Watcher w = watcher[0];
      if (w != null) {
        w.cancelled();
        e.hub().remove(w);
      }
      if (!e.hub().watching(token)) {
        t.setConnected(token, false);
      }
    }));
    t.atomically(() -> {
      try {
        t.setConnected(token, true);
        watcher[0] = e.hub().watch(h, out, req.getFromSequence());
        t.resumeDealing(); // a table of robots alone waits for an audience
      } catch (RuntimeException ex) {
        out.onError(StatusMapper.toStatus(ex));
      }
    });
  }

  /** Open four-player tables, which count towards the server's limit on open tables. */
  private long openFourPlayerTables() {
    return tables.all().stream().filter(x -> x.table().status() != Table.Status.CLOSED).count();
  }

  private Tables.Entry entry(String tableId) {
    Tables.Entry e = tables.require(tableId);
    tables.checkToken(e, BearerToken.current());
    return e;
  }

  private static DealSource source(CreateTableRequest req) {
    switch (req.getDealSourceCase()) {
      case DEAL_SEED: return new DealSource.Seeded(req.getDealSeed());
      case DEAL_PBN: {
        ReadResult<PbnGame> read = PbnReader.readText(req.getDealPbn(), "deal_pbn");
        if (!read.diagnostics().isEmpty()) {
          // The reader's words may quote the text: cut to a sentence's length.
          throw new TableException(Reason.MALFORMED,
              Quote.cut(read.diagnostics().get(0).toString(), 4 * Quote.MAX), "deal_pbn");
        }
        List<DealSource.PreparedDeal> deals = new ArrayList<>();
        for (PbnGame g : read.values()) {
          var deal = g.deal().flatMap(PbnDeal::full);
          var board = g.board();
          if (deal.isPresent() && board.isPresent()) {
            if (board.getAsInt() < 1 || board.getAsInt() > Limits.LAST_BOARD) {
              throw ProtoMapper.malformed("deal_pbn", "board numbers from 1 to "
                  + Limits.LAST_BOARD + " (board " + board.getAsInt() + ")");
            }
            deals.add(new DealSource.PreparedDeal(board.getAsInt(), deal.get()));
          }
        }
        if (deals.size() > Limits.PREPARED_BOARDS) {
          throw ProtoMapper.malformed("deal_pbn", "at most " + Limits.PREPARED_BOARDS
              + " boards with a full deal (it has " + deals.size() + ")");
        }
        if (deals.isEmpty()) {
          throw new TableException(Reason.MALFORMED, "the PBN text holds no board with a full deal",
              "deal_pbn");
        }
        return new DealSource.Prepared(deals);
      }
      default: return new DealSource.Secure();
    }
  }

  private static int compareIds(String a, String b) {
    if (a.length() != b.length()) {
      return Integer.compare(a.length(), b.length());
    }
    return a.compareTo(b);
  }
}
