package org.tenace.server.api;

import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tenace.proto.v1.AnalyseDealRequest;
import org.tenace.proto.v1.AnalyseDealResponse;
import org.tenace.proto.v1.ChooseOptionRequest;
import org.tenace.proto.v1.ChooseOptionResponse;
import org.tenace.proto.v1.ClaimRequest;
import org.tenace.proto.v1.ClaimResponse;
import org.tenace.proto.v1.CloseTableRequest;
import org.tenace.proto.v1.CloseTableResponse;
import org.tenace.proto.v1.CommandAnswer;
import org.tenace.proto.v1.ConnectRequest;
import org.tenace.proto.v1.ConnectResponse;
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
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.server.application.ClaimSearches;
import org.tenace.server.application.DealAnalyses;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.application.Tables;
import org.tenace.server.engine.PlayChoice;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Role;
import org.tenace.server.table.Searched;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableShell;

/**
 * TableService over gRPC, for every kind of table. Each handler maps the request, calls one method
 * of the table (its {@link TableShell} for what every table does, its game for the rest) and maps
 * the reply; refusals go through {@link StatusMapper}. What a kind does its own way (create, a
 * call, a card) is its {@link TableGame}'s; what the listing shows, its {@link Hub}'s. No rules
 * live here.
 */
final class TableGrpcService extends TableServiceGrpc.TableServiceImplBase {
  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(TableGrpcService.class);
  private final Tables tables;
  private final ServerLimits limits;
  private final Map<Tables.Kind, TableGame> games = new EnumMap<>(Tables.Kind.class);
  private final ClaimSearches searches;
  private final DealAnalyses analyses;

  /**
   * {@code games}: what is done each kind's own way, one for every kind; {@code searches}: where
   * the commands that need a claim's search finish.
   */
  TableGrpcService(Tables tables, ServerLimits limits, List<TableGame> games,
      ClaimSearches searches, DealAnalyses analyses) {
    this.tables = tables;
    this.analyses = analyses;
    this.limits = limits;
    for (TableGame g : games) {
      this.games.put(g.kind(), g);
    }
    if (this.games.size() != Tables.Kind.values().length) {
      throw new IllegalArgumentException("a game for every kind of table: " + this.games.keySet());
    }
    this.searches = searches;
  }

  /** Where the commands that need a claim's search finish; the Connect stream's too. */
  ClaimSearches searches() {
    return searches;
  }

  /**
   * A deal worked out double dummy on the server's solving thread: the answer is sent when the
   * solver has it (this handler never waits on the transport's thread).
   */
  @Override
  public void analyseDeal(AnalyseDealRequest req, StreamObserver<AnalyseDealResponse> out) {
    org.tenace.bridge.card.Deal deal;
    Seat dealer;
    org.tenace.bridge.board.Vulnerability vulnerability;
    try {
      if (req.getHandsCount() != 4) {
        throw ProtoMapper.malformed("hands", "the four hands");
      }
      java.util.Map<Seat, org.tenace.bridge.card.Hand> hands = new java.util.EnumMap<>(Seat.class);
      for (int i = 0; i < 4; i++) {
        org.tenace.proto.v1.Hand h = req.getHands(i);
        List<Card> cards = new ArrayList<>();
        for (int c = 0; c < h.getCardsCount(); c++) {
          cards.add(ProtoMapper.card(h.getCards(c), "hands[" + i + "].cards[" + c + "]"));
        }
        if (hands.put(ProtoMapper.seat(h.getSeat(), "hands[" + i + "].seat"),
            org.tenace.bridge.card.Hand.of(cards)) != null) {
          throw ProtoMapper.malformed("hands", "one hand for each seat");
        }
      }
      deal = org.tenace.bridge.card.Deal.of(hands);
      dealer = ProtoMapper.seat(req.getDealer(), "dealer");
      vulnerability = switch (req.getVulnerability()) {
        case VULNERABILITY_NONE -> org.tenace.bridge.board.Vulnerability.NONE;
        case VULNERABILITY_NORTH_SOUTH -> org.tenace.bridge.board.Vulnerability.NS;
        case VULNERABILITY_EAST_WEST -> org.tenace.bridge.board.Vulnerability.EW;
        case VULNERABILITY_BOTH -> org.tenace.bridge.board.Vulnerability.BOTH;
        default -> throw ProtoMapper.malformed("vulnerability", "a vulnerability");
      };
    } catch (RuntimeException e) {
      out.onError(StatusMapper.toStatus(e));
      return;
    }
    analyses.table(deal).whenComplete((table, failed) -> {
      if (failed != null) {
        out.onError(StatusMapper.toStatus(failed));
        return;
      }
      AnalyseDealResponse.Builder r = AnalyseDealResponse.newBuilder();
      table.ifPresent(t -> {
        for (Seat declarer : Seat.values()) {
          for (org.tenace.bridge.auction.Strain strain
              : org.tenace.bridge.auction.Strain.values()) {
            r.addTricks(org.tenace.proto.v1.DoubleDummyTricks.newBuilder()
                .setDeclarer(ProtoMapper.toProto(declarer)).setStrain(ProtoMapper.toProto(strain))
                .setTricks(t.tricks(strain, declarer)));
          }
        }
        org.tenace.solver.ParResult par = org.tenace.solver.Par.dealer(t, vulnerability, dealer);
        r.setPar(org.tenace.proto.v1.Par.newBuilder().setScoreNorthSouth(par.score())
            .addAllContracts(par.contractTexts()));
      });
      out.onNext(r.build());
      out.onCompleted();
    });
  }

  @Override
  public void createTable(CreateTableRequest req, StreamObserver<CreateTableResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      // The one place the kind of table is chosen: by the game the settings name.
      TableGame game = games.get(TwoPlayerService.isTwoPlayer(req.getSettings())
          ? Tables.Kind.TWO_PLAYER : Tables.Kind.FOUR_PLAYER);
      return game.create(req, Caller.address(), limits);
    });
  }

  @Override
  public void listTables(ListTablesRequest req, StreamObserver<ListTablesResponse> out) {
    GrpcCalls.unary(out, () -> {
      List<Tables.Entry> open = new ArrayList<>();
      for (Tables.Entry e : tables.all()) {
        if (e.shell().status() != Table.Status.CLOSED) {
          open.add(e);
        }
      }
      // Four-player tables first, then two-player ones, each kind by number.
      open.sort(Comparator.comparing(Tables.Entry::kind)
          .thenComparing((a, b) -> compareIds(a.shell().id(), b.shell().id())));
      List<org.tenace.proto.v1.TableInfo> infos = new ArrayList<>();
      for (Tables.Entry e : open) {
        infos.add(e.shell().atomically(() -> info(e)));
      }
      // With several servers on one database, the others' tables too, as they published them.
      tables.elsewhere().forEach((id, listing) -> {
        try {
          infos.add(org.tenace.proto.v1.TableInfo.parseFrom(listing));
        } catch (com.google.protobuf.InvalidProtocolBufferException ex) {
          log.warn("table {}: an unreadable listing in the store is left out", id);
        }
      });
      infos.sort(Comparator.comparing((org.tenace.proto.v1.TableInfo i) ->
          Tables.Kind.of(i.getTableId())).thenComparing((x, y) -> compareIds(x.getTableId(),
              y.getTableId())));
      return ListTablesResponse.newBuilder().addAllTables(infos).build();
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
      Holder h = tables.require(req.getTableId()).shell().join(role, seat, req.getName(), false,
          req.getRequestId());
      return JoinTableResponse.newBuilder().setToken(h.token()).setViewer(ProtoMapper.viewer(h))
          .build();
    });
  }

  @Override
  public void leaveTable(LeaveTableRequest req, StreamObserver<LeaveTableResponse> out) {
    GrpcCalls.unary(out, () -> {
      RequestLimits.check(req);
      return command(req.getTableId(), e -> {
        e.shell().leave(BearerToken.current());
        return LeaveTableResponse.getDefaultInstance();
      });
    });
  }

  @Override
  public void makeCall(MakeCallRequest req, StreamObserver<MakeCallResponse> out) {
    GrpcCalls.unary(out, () -> makeCall(req));
  }

  /** MakeCall for the caller's token, in the words of the table's game; Connect runs the same. */
  MakeCallResponse makeCall(MakeCallRequest req) {
    RequestLimits.check(req);
    return game(req.getTableId()).call(req);
  }

  @Override
  public void playCard(PlayCardRequest req, StreamObserver<PlayCardResponse> out) {
    GrpcCalls.unary(out, () -> playCard(req));
  }

  /** PlayCard for the caller's token, in the words of the table's game; Connect runs the same. */
  PlayCardResponse playCard(PlayCardRequest req) {
    RequestLimits.check(req);
    return game(req.getTableId()).play(req);
  }

  @Override
  public void claim(ClaimRequest req, StreamObserver<ClaimResponse> out) {
    GrpcCalls.unary(out, () -> claim(req));
  }

  /** Claim for the caller's token; the Connect stream runs the same. */
  ClaimResponse claim(ClaimRequest req) {
    RequestLimits.check(req);
    long v = command(req.getTableId(), e -> e.table().claim(BearerToken.current(),
        req.getTricks(), req.getStatement(), req.getExpectedVersion()));
    return ClaimResponse.newBuilder().setVersion(v).build();
  }

  @Override
  public void respondToClaim(RespondToClaimRequest req, StreamObserver<RespondToClaimResponse> out) {
    GrpcCalls.unary(searches, out, s -> respondToClaim(req, s));
  }

  /**
   * RespondToClaim for the caller's token, with the claim search's answers so far (SearchFirst
   * when it needs one: see ClaimSearches); the Connect stream runs the same.
   */
  RespondToClaimResponse respondToClaim(RespondToClaimRequest req, Searched searched) {
    RequestLimits.check(req);
    long v = command(req.getTableId(), e -> e.table().respondToClaim(BearerToken.current(),
        req.getAccept(), req.getExpectedVersion(), searched));
    return RespondToClaimResponse.newBuilder().setVersion(v).build();
  }

  @Override
  public void requestUndo(RequestUndoRequest req, StreamObserver<RequestUndoResponse> out) {
    GrpcCalls.unary(out, () -> requestUndo(req));
  }

  /** RequestUndo for the caller's token; the Connect stream runs the same. */
  RequestUndoResponse requestUndo(RequestUndoRequest req) {
    RequestLimits.check(req);
    long v = command(req.getTableId(),
        e -> e.table().requestUndo(BearerToken.current(), req.getExpectedVersion()));
    return RequestUndoResponse.newBuilder().setVersion(v).build();
  }

  @Override
  public void respondToUndo(RespondToUndoRequest req, StreamObserver<RespondToUndoResponse> out) {
    GrpcCalls.unary(out, () -> respondToUndo(req));
  }

  /** RespondToUndo for the caller's token; the Connect stream runs the same. */
  RespondToUndoResponse respondToUndo(RespondToUndoRequest req) {
    RequestLimits.check(req);
    long v = command(req.getTableId(), e -> e.table().respondToUndo(BearerToken.current(),
        req.getAccept(), req.getExpectedVersion()));
    return RespondToUndoResponse.newBuilder().setVersion(v).build();
  }

  @Override
  public void chooseOption(ChooseOptionRequest req, StreamObserver<ChooseOptionResponse> out) {
    GrpcCalls.unary(out, () -> chooseOption(req));
  }

  /** ChooseOption for the caller's token; the Connect stream runs the same. */
  ChooseOptionResponse chooseOption(ChooseOptionRequest req) {
    RequestLimits.check(req);
    PlayChoice choice = ProtoMapper.choice(req.getChoice(), req.getSuit());
    long v = command(req.getTableId(),
        e -> e.table().choose(BearerToken.current(), choice, req.getExpectedVersion()));
    return ChooseOptionResponse.newBuilder().setVersion(v).build();
  }

  @Override
  public void decideRuling(DecideRulingRequest req, StreamObserver<DecideRulingResponse> out) {
    GrpcCalls.unary(searches, out, s -> decideRuling(req, s));
  }

  /** DecideRuling for the caller's token, with the claim search's answers so far, as above. */
  DecideRulingResponse decideRuling(DecideRulingRequest req, Searched searched) {
    RequestLimits.check(req);
    long v = command(req.getTableId(), e -> e.table().decide(BearerToken.current(),
        req.getRulingId(), req.getChoice(), searched));
    return DecideRulingResponse.newBuilder().setVersion(v).build();
  }

  @Override
  public void markReady(MarkReadyRequest req, StreamObserver<MarkReadyResponse> out) {
    GrpcCalls.unary(out, () -> markReady(req));
  }

  /** MarkReady for the caller's token; the Connect stream runs the same. */
  MarkReadyResponse markReady(MarkReadyRequest req) {
    RequestLimits.check(req);
    long v = command(req.getTableId(),
        e -> e.shell().markReady(BearerToken.current(), req.getExpectedVersion()));
    return MarkReadyResponse.newBuilder().setVersion(v).build();
  }

  @Override
  public void closeTable(CloseTableRequest req, StreamObserver<CloseTableResponse> out) {
    GrpcCalls.unary(out, () -> {
      long v = command(req.getTableId(), e -> e.shell().closeBy(BearerToken.current()));
      return CloseTableResponse.newBuilder().setVersion(v).build();
    });
  }

  @Override
  public void watchTable(WatchTableRequest req, StreamObserver<WatchTableResponse> raw) {
    ServerCallStreamObserver<WatchTableResponse> out =
        (ServerCallStreamObserver<WatchTableResponse>) raw;
    Watching w = new Watching(out, false);
    w.start(req);
  }

  @Override
  public StreamObserver<ConnectRequest> connect(StreamObserver<ConnectResponse> raw) {
    ServerCallStreamObserver<ConnectResponse> out =
        (ServerCallStreamObserver<ConnectResponse>) raw;
    return new ConnectStream(this, new Watching(out, true), out);
  }

  /**
   * One stream's watch of a table of any kind: WatchTable's, or a Connect stream's once its first
   * message comes. gRPC takes its ready and cancel handlers only while the call starts, so they
   * are set here and find the watcher once {@link #start} has made it.
   */
  final class Watching {
    private final ServerCallStreamObserver<?> out;
    private final boolean connect;
    private volatile Tables.Entry entry;
    private volatile String token;
    private volatile Watcher watcher;
    private volatile boolean ended;

    Watching(ServerCallStreamObserver<?> out, boolean connect) {
      this.out = out;
      this.connect = connect;
      out.setOnReadyHandler(() -> {
        Watcher w = watcher;
        Tables.Entry e = entry;
        if (w != null && e != null) {
          // The table's lock first, as every send takes them: a write that fails at once ends
          // the call on this thread (stop), which takes the table's lock; drained holding the
          // watcher's alone, that deadlocked against an event sent to this watcher.
          e.shell().atomically(w::drain);
        }
      });
      out.setOnCancelHandler(this::stop);
    }

    /** The stream's watcher; null until started. */
    Watcher watcher() {
      return watcher;
    }

    /**
     * Connect: the command's answer, under the table's lock as every send to a watcher is: a
     * stream cut off for falling behind leaves the table's list of watchers.
     */
    void answer(Watcher w, CommandAnswer a) {
      entry.shell().atomically(() -> w.answer(a));
    }

    /** Connect: the command waits for a claim's search; its held updates go (table's lock). */
    void release(Watcher w) {
      entry.shell().atomically(w::release);
    }

    /** Checks the request and the token, then sends the snapshot (or what was missed). */
    void start(WatchTableRequest req) {
      Tables.Entry e;
      Holder h;
      String tok = BearerToken.current();
      try {
        RequestLimits.check(req);
        var found = tables.command(req.getTableId(), tok,
            at -> java.util.Map.entry(at, at.shell().holder(tok)));
        e = found.getKey();
        h = found.getValue();
      } catch (RuntimeException ex) {
        fail(StatusMapper.toStatus(ex));
        return;
      }
      TableShell<?, ?> t = e.shell();
      t.atomically(() -> {
        try {
          t.setConnected(tok, true);
          token = tok;
          entry = e;
          watcher = Hub.of(e).watch(h, out, connect, req.getFromSequence());
          t.resumeDealing(); // a table of robots alone waits for an audience
        } catch (RuntimeException ex) {
          fail(StatusMapper.toStatus(ex));
        }
      });
    }

    /** Ends the stream before any watch began. */
    void fail(RuntimeException status) {
      ended = true;
      out.onError(status);
    }

    /** The client closed its side before a watch began: the stream ends OK. */
    void completeIfUnstarted() {
      if (watcher == null && !ended) {
        ended = true;
        out.onCompleted();
      }
    }

    /** The client went away (or closed its side): the watcher goes, the seat shows absent. */
    void stop() {
      Tables.Entry e = entry;
      if (e == null) {
        return;
      }
      TableShell<?, ?> t = e.shell();
      t.atomically(() -> {
        Watcher w = watcher;
        if (w != null) {
          w.cancelled();
          Hub.of(e).remove(w);
        }
        if (!Hub.of(e).watching(token)) {
          t.setConnected(token, false);
        }
      });
    }
  }

  /** The table as the listing and the snapshot show it, by its audience. Under its lock. */
  private static org.tenace.proto.v1.TableInfo info(Tables.Entry e) {
    return Hub.of(e).info();
  }

  /** The game of the table {@code tableId} names, by its kind. */
  private TableGame game(String tableId) {
    return games.get(Tables.Kind.of(tableId));
  }

  /**
   * Runs {@code command} at the table {@code tableId} names for the caller's token: the table
   * checks the token itself ({@link Tables#command}).
   */
  private <T> T command(String tableId, java.util.function.Function<Tables.Entry, T> command) {
    return tables.command(tableId, BearerToken.current(), command);
  }

  private static int compareIds(String a, String b) {
    if (a.length() != b.length()) {
      return Integer.compare(a.length(), b.length());
    }
    return a.compareTo(b);
  }
}
