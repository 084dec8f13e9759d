package org.tenace.client;

import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.ChooseOptionRequest;
import org.tenace.proto.v1.ChooseOptionResponse;
import org.tenace.proto.v1.CommandAnswer;
import org.tenace.proto.v1.ConnectRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MakeCallResponse;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.MarkReadyResponse;
import org.tenace.proto.v1.Option;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.PlayCardResponse;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.RespondToClaimResponse;
import org.tenace.proto.v1.RespondToUndoRequest;
import org.tenace.proto.v1.RespondToUndoResponse;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.TableStatus;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * A {@link Player} at one seat, as a gRPC client of TableService: the reference bot loop of
 * docs/protocol.md, for any program that can answer a seat's questions.
 *
 * <p>It watches the table into a {@link TableModel}; whenever the model carries this seat's turn
 * it asks the player, with the seat's {@link SeatView}: a call or a card from the legal ones the
 * server sent, an answer to a claim, to an undo request or to a laws-mode option; and it sends
 * MarkReady between boards itself. Every command carries expected_version = the model's sequence.
 * A refusal as STALE_VERSION waits for the next message; any other refusal is logged and answered
 * once more with the fallback (the first legal call or card, the {@link Player}'s default
 * answers). A player that throws or answers outside the legal list is replaced for that decision
 * by the same fallback.
 *
 * <p>What the seat plays depends only on the table's history, never on the clock: a play turn
 * whose picture has not caught up yet waits for the events that settle it, and the player is
 * waited for as long as it thinks. A robot bounds its own thinking in work units, so the same
 * deal, seat and history give the same call and card on a loaded machine and an idle one (a
 * fallback after a wait would not). Only a program the driver cannot trust to answer (a Table
 * Manager program behind the gateway) is given a think limit, explicitly: past it, the fallback.
 *
 * <p>It watches through a {@link TableStream}: when the stream breaks (UNAVAILABLE,
 * RESOURCE_EXHAUSTED, a network error) it resumes with the stream's backoff, at most
 * {@link #MAX_BACKOFF} apart, from the last sequence applied + 1, keeping the model and so the
 * turn it knew. It stops for good after TableClosed, when its watch is replaced by another stream
 * with its token (ABORTED), when the token is no longer valid, or on {@link #close()}.
 *
 * <p>Threads: the stream's callbacks only hand messages to one worker thread, which owns the
 * model and all bookkeeping; the player thinks on a thread of its own, waited for as long as it
 * thinks (or at most the think limit given explicitly).
 */
public final class SeatDriver implements AutoCloseable {
  private static final System.Logger log = System.getLogger(SeatDriver.class.getName());

  /** The longest wait between two reconnection attempts. */
  public static final Duration MAX_BACKOFF = TableStream.MAX_BACKOFF;
  /** How long a command cut off by the transport waits before it is tried once more. */
  private static final Duration RETRY_WAIT = Duration.ofMillis(500);

  /** The answers when the player gives none: the first legal call or card, else the defaults. */
  private static final Player FALLBACK = new FirstLegal();

  /** What the driver tells its owner. Called on the driver's worker thread: return quickly. */
  public interface Listener {
    /** The first snapshot arrived: the player is at the table. */
    default void seated(TableSnapshot snapshot) {}

    /** A board was completed (as the stream reported it). */
    default void boardCompleted(BoardCompleted board) {}

    /** The driver stopped for good, and why. */
    default void stopped(String reason) {}

    /**
     * Each message of the table's stream, once applied to the model and before the seat is
     * asked anything it brings: for owners that translate the table's events (a gateway).
     */
    default void received(WatchTableResponse message) {}
  }

  /** Counts since the start, for owners and tests. */
  public record Stats(long commands, long refusals, long stale, long fallbacks, long reconnects,
      long boardsCompleted) {}

  private final TableServiceGrpc.TableServiceStub stub;
  private final TableStream stream;
  private final String tableId;
  private final Player player;
  private final Listener listener;
  /** Empty: the player is waited for as long as it thinks (a robot bounds itself in work). */
  private final Optional<Duration> thinkLimit;
  private final ScheduledExecutorService worker;
  private volatile ExecutorService thinker;
  private volatile Thread workerThread;
  private volatile boolean closing; // close() was called: no more commands, whatever is thought
  private IntFunction<List<org.tenace.proto.v1.Trick>> recall = board -> List.of();

  // Owned by the worker thread.
  private final TableModel model;
  private final Map<Integer, org.tenace.proto.v1.Trick> seenTricks = new HashMap<>();
  private int seenBoard;
  private boolean seated;
  private Seat me;
  private boolean stopped;
  private boolean connect;         // watch and act over one Connect stream (overConnect)
  private long commandId;          // on Connect: the id of the command in flight
  private long commandAt;          // on Connect: the picture it was sent at
  private boolean inFlight;
  private long waitUntil = -1;     // our last command's version: act again once it is applied
  private long refusedAt = -1;     // the picture a command was refused at: wait for a newer one
  private long fallbackAt = -1;    // the picture at which to answer with the plain fallback

  private final AtomicLong commands = new AtomicLong();
  private final AtomicLong refusals = new AtomicLong();
  private final AtomicLong stale = new AtomicLong();
  private final AtomicLong fallbacks = new AtomicLong();
  private final AtomicLong reconnects = new AtomicLong();
  private final AtomicLong boards = new AtomicLong();
  private final CompletableFuture<String> done = new CompletableFuture<>();

  /**
   * A driver for the seat that {@code token} holds at table {@code tableId}, reached through
   * {@code channel}, for a program that may never answer: past {@code thinkLimit} on one
   * question, the fallback answers it. The guard is for programs outside the project's control
   * (the gateway's Table Manager programs), never for a robot: a robot's card would then depend
   * on how loaded the machine is. Nothing happens until {@link #start()}.
   */
  public SeatDriver(Channel channel, String tableId, String token, Player player,
      Listener listener, Duration thinkLimit) {
    this(channel, tableId, token, player, listener, Optional.of(thinkLimit));
  }

  /**
   * A driver for the seat that {@code token} holds at table {@code tableId}, reached through
   * {@code channel}, for a player that bounds its own thinking (a robot counts its work in
   * units): it is waited for however long it takes, so that its answers depend only on the
   * table's history. Nothing happens until {@link #start()}.
   */
  public SeatDriver(Channel channel, String tableId, String token, Player player,
      Listener listener) {
    this(channel, tableId, token, player, listener, Optional.empty());
  }

  private SeatDriver(Channel channel, String tableId, String token, Player player,
      Listener listener, Optional<Duration> thinkLimit) {
    if (tableId == null || tableId.isEmpty()) {
      throw new IllegalArgumentException("a table id is required");
    }
    if (token == null || token.isEmpty()) {
      throw new IllegalArgumentException("a seat token is required");
    }
    if (thinkLimit.filter(l -> l.isNegative() || l.isZero()).isPresent()) {
      throw new IllegalArgumentException("the think limit must be positive: " + thinkLimit.get());
    }
    this.stub = TableServiceGrpc.newStub(ClientInterceptors.intercept(channel,
        Bearer.of(token)));
    this.tableId = tableId;
    this.player = java.util.Objects.requireNonNull(player, "player");
    this.listener = java.util.Objects.requireNonNull(listener, "listener");
    this.thinkLimit = thinkLimit;
    this.worker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = daemon("seat-driver-" + tableId).newThread(r);
      workerThread = t;
      return t;
    });
    this.thinker = Executors.newSingleThreadExecutor(daemon("seat-player-" + tableId));
    this.stream = new TableStream(channel, tableId, token, worker, new Object(),
        new TableStream.Handler() {
          @Override
          public void received(WatchTableResponse message) {
            SeatDriver.this.received(message);
          }

          @Override
          public void answered(CommandAnswer answer) {
            SeatDriver.this.answered(answer);
          }

          @Override
          public void dropped(Status why, Optional<Duration> resumeIn) {
            SeatDriver.this.dropped(why, resumeIn);
          }
        });
    this.model = stream.model();
  }

  /**
   * Watch and act over one Connect stream instead of WatchTable and a unary call per command
   * (docs/protocol.md): the same commands and answers, a call less per action. Before
   * {@link #start()}; four-player tables only.
   */
  public SeatDriver overConnect() {
    connect = true;
    stream.overConnect();
    return this;
  }

  /**
   * Where the seat's memory of a board joined in the middle of its play comes from: the tricks
   * played so far at board {@code number}, every card shown. A fresh snapshot shows the tricks
   * already turned over without their cards (Law 66), which a seat that watched them play
   * remembers; an owner that knows what the seat saw (the server, driving its own robots again
   * after a restart or on the node that took their table over) gives them here, so that the seat
   * plays on with the picture it had, as it would have without the break. Called on the
   * driver's thread when a board is first seen with tricks in it; before {@link #start()}.
   */
  public SeatDriver remembering(IntFunction<List<org.tenace.proto.v1.Trick>> played) {
    this.recall = java.util.Objects.requireNonNull(played, "played");
    return this;
  }

  /** Starts watching the table and playing; returns at once. */
  public SeatDriver start() {
    stream.start();
    return this;
  }

  /** Completes with the reason once the driver has stopped for good. */
  public CompletableFuture<String> done() {
    return done;
  }

  public Stats stats() {
    return new Stats(commands.get(), refusals.get(), stale.get(), fallbacks.get(),
        reconnects.get(), boards.get());
  }

  /**
   * What the driver is waiting for, in one line (the model's sequence and turn, a command in
   * flight, the versions it waits on), for logs and failing tests; read on the worker thread.
   */
  public String describe() {
    if (Thread.currentThread() == workerThread) {
      return describeNow();
    }
    try {
      return worker.submit(this::describeNow).get(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    } catch (ExecutionException | TimeoutException
        | java.util.concurrent.RejectedExecutionException e) {
      return "stopped or busy: " + e;
    }
  }

  private String describeNow() {
    return "sequence " + (model.isReady() ? model.sequence() : -1) + ", turn "
        + model.turn().map(t -> t.getKindCase() + " for " + t.getSeat()).orElse("none")
        + ", in flight " + inFlight + ", wait until " + waitUntil + ", refused at " + refusedAt
        + ", fallback at " + fallbackAt + ", stream " + stream.isOpen() + ", failures "
        + stream.failures() + ", stopped " + stopped + ", " + stats();
  }

  /** Stops: the stream is cancelled, no more commands are sent. */
  @Override
  public void close() {
    closing = true;
    thinker.shutdownNow(); // a player thinking or pacing itself is told to stop
    if (Thread.currentThread() == workerThread) {
      stop("closed"); // from a listener: already on the worker
      return;
    }
    try {
      worker.execute(() -> stop("closed"));
    } catch (java.util.concurrent.RejectedExecutionException alreadyStopped) {
      return;
    }
    try {
      done.get(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      worker.shutdownNow();
    }
  }

  // ------------------------------------------------------------------ the stream

  /** On Connect: the answer to the command in flight, as the unary call would have given it. */
  private void answered(CommandAnswer a) {
    if (stopped || !inFlight || a.getCommandId() != commandId) {
      return;
    }
    if (a.getRefusal().isEmpty()) {
      inFlight = false;
      waitUntil = Math.max(waitUntil, a.getVersion());
      act();
      return;
    }
    Status s;
    try {
      s = io.grpc.protobuf.StatusProto.toStatusRuntimeException(
          com.google.rpc.Status.parseFrom(a.getRefusal())).getStatus();
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      s = Status.INTERNAL.withDescription("an unreadable refusal");
    }
    refused(commandAt, s);
  }

  /**
   * Sends a command: on the Connect stream when the driver uses one (none open: the resumed
   * stream brings the turn again), else by its unary call.
   */
  private void send(ConnectRequest.Builder command, long at, Runnable unary) {
    if (closing) {
      return; // an answer cut short by close() is no answer
    }
    if (!connect) {
      unary.run();
      return;
    }
    if (!stream.send(command.setCommandId(commandId + 1).build())) {
      return;
    }
    inFlight = true;
    commands.incrementAndGet();
    commandId++;
    commandAt = at;
  }

  private void received(WatchTableResponse r) {
    if (stopped) {
      return;
    }
    rememberTricks();
    listener.received(r);
    if (r.hasSnapshot()) {
      if (r.getSnapshot().getViewer().getSeat() == org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED) {
        stop("the token holds no seat: a seat driver needs a player's token");
        return;
      }
      me = Vocabulary.seat(r.getSnapshot().getViewer().getSeat());
      if (!seated) {
        seated = true;
        listener.seated(r.getSnapshot());
      }
    }
    if (r.hasEvent() && r.getEvent().hasBoardCompleted()) {
      boards.incrementAndGet();
      listener.boardCompleted(r.getEvent().getBoardCompleted());
    }
    boolean closed = r.hasEvent() ? r.getEvent().hasTableClosed()
        : r.getSnapshot().getTable().getStatus() == TableStatus.TABLE_STATUS_CLOSED;
    if (closed) {
      stop("the table closed");
      return;
    }
    act();
  }

  private void dropped(Status status, Optional<Duration> resumeIn) {
    if (stopped) {
      return;
    }
    if (connect && inFlight) {
      // The answer went with the stream: as a unary call cut off, try again on the resumed one.
      refused(commandAt, Status.UNAVAILABLE.withDescription("the stream ended"));
    }
    if (resumeIn.isEmpty()) {
      stop(status.isOk() ? "the table closed"
          : "the stream ended: " + status.getCode() + " " + status.getDescription());
      return;
    }
    reconnects.incrementAndGet();
  }

  private void stop(String reason) {
    if (stopped) {
      return;
    }
    stopped = true;
    stream.close();
    thinker.shutdownNow();
    worker.shutdown();
    try {
      listener.stopped(reason);
    } finally {
      done.complete(reason);
    }
  }

  /** Keeps the full tricks of this board, for a later snapshot that shows them redacted. */
  private void rememberTricks() {
    var board = model.board();
    if (board.isEmpty()) {
      return;
    }
    if (board.get().getBoardNumber() != seenBoard) {
      seenBoard = board.get().getBoardNumber();
      seenTricks.clear();
      if (board.get().getTricksCount() > 0) { // joined mid-play: what the seat saw before
        recalled(seenBoard).forEach(this::remember);
      }
    }
    board.get().getTricksList().forEach(this::remember);
  }

  private void remember(org.tenace.proto.v1.Trick t) {
    if (t.getCardsCount() == 4) {
      seenTricks.put(t.getNumber(), t);
    }
  }

  private List<org.tenace.proto.v1.Trick> recalled(int boardNumber) {
    try {
      return recall.apply(boardNumber);
    } catch (RuntimeException e) {
      log.log(Level.WARNING, "table " + tableId + ": the tricks of board " + boardNumber
          + " could not be recalled (" + e + "); the seat plays on without them");
      return List.of();
    }
  }

  // ------------------------------------------------------------------ acting

  private void act() {
    if (stopped || inFlight || !model.isReady()) {
      return;
    }
    var maybeTurn = model.turn();
    long at = model.sequence();
    if (maybeTurn.isEmpty() || at < waitUntil || at <= refusedAt) {
      return;
    }
    Turn turn = maybeTurn.get();
    switch (turn.getKindCase()) {
      case CALL -> makeCall(turn, at);
      case PLAY -> playCard(turn, at);
      case CLAIM_RESPONSE -> {
        SeatView view = view();
        var claim = turn.getClaimResponse().getClaim();
        boolean accept = answer("claim answer", at, p -> p.acceptClaim(view, claim), a -> true);
        var req = RespondToClaimRequest.newBuilder().setTableId(tableId).setAccept(accept)
            .setExpectedVersion(at).build();
        send(ConnectRequest.newBuilder().setRespondToClaim(req), at,
            () -> stub.respondToClaim(req, reply(at, RespondToClaimResponse::getVersion)));
      }
      case UNDO_RESPONSE -> {
        SeatView view = view();
        boolean accept = answer("undo answer", at, p -> p.acceptUndo(view), a -> true);
        var req = RespondToUndoRequest.newBuilder().setTableId(tableId).setAccept(accept)
            .setExpectedVersion(at).build();
        send(ConnectRequest.newBuilder().setRespondToUndo(req), at,
            () -> stub.respondToUndo(req, reply(at, RespondToUndoResponse::getVersion)));
      }
      case OPTION -> chooseOption(turn.getOption().getOption(), at);
      case READY -> {
        var req = MarkReadyRequest.newBuilder().setTableId(tableId).setExpectedVersion(at)
            .build();
        send(ConnectRequest.newBuilder().setMarkReady(req), at,
            () -> stub.markReady(req, reply(at, MarkReadyResponse::getVersion)));
      }
      default -> {
        // A ruling is the director's; nothing else is ours to answer.
      }
    }
  }

  private void makeCall(Turn turn, long at) {
    List<Call> legal = new ArrayList<>();
    for (org.tenace.proto.v1.Call c : turn.getCall().getLegalCallsList()) {
      legal.add(Vocabulary.call(c));
    }
    SeatView view = view();
    CallChoice choice = answer("call", at, p -> p.call(view, legal),
        c -> legal.contains(c.call()));
    MakeCallRequest req = MakeCallRequest.newBuilder().setTableId(tableId)
        .setSeat(turn.getSeat()).setCall(Vocabulary.toProto(choice.call()))
        .setAlert(choice.alert()).setExplanation(choice.explanation()).setExpectedVersion(at)
        .build();
    send(ConnectRequest.newBuilder().setMakeCall(req), at,
        () -> stub.makeCall(req, reply(at, MakeCallResponse::getVersion)));
  }

  private void playCard(Turn turn, long at) {
    List<Card> legal = new ArrayList<>();
    for (org.tenace.proto.v1.Card c : turn.getPlay().getLegalCardsList()) {
      legal.add(Vocabulary.card(c));
    }
    Seat playsFor = Vocabulary.seat(turn.getSeat());
    SeatView view = view();
    if (at != fallbackAt && !settledForPlay(view, playsFor)) {
      // The rest of the action's events are on their way: each message applied acts again. No
      // timer: a card chosen from a picture that a clock cut short would depend on the load.
      log.log(Level.DEBUG, "table " + tableId + ": a play turn at " + at
          + " waits for the rest of its action");
      return;
    }
    Card card = answer("card", at, p -> p.card(view, playsFor, legal), legal::contains);
    PlayCardRequest req = PlayCardRequest.newBuilder().setTableId(tableId).setSeat(turn.getSeat())
        .setCard(Vocabulary.toProto(card)).setExpectedVersion(at).build();
    send(ConnectRequest.newBuilder().setPlayCard(req), at,
        () -> stub.playCard(req, reply(at, PlayCardResponse::getVersion)));
  }

  private void chooseOption(Option option, long at) {
    SeatView view = view();
    OptionAnswer choice = answer("option", at, p -> p.chooseOption(view, option),
        o -> option.getChoicesList().contains(o.choice()) && o.suit()
            .map(suit -> option.getSuitsList().contains(Vocabulary.toProto(suit))).orElse(true));
    var req = ChooseOptionRequest.newBuilder().setTableId(tableId).setChoice(choice.choice())
        .setExpectedVersion(at);
    choice.suit().ifPresent(suit -> req.setSuit(Vocabulary.toProto(suit)));
    ChooseOptionRequest built = req.build();
    send(ConnectRequest.newBuilder().setChooseOption(built), at,
        () -> stub.chooseOption(built, reply(at, ChooseOptionResponse::getVersion)));
  }

  private SeatView view() {
    return new SeatView(me, withSeenTricks(model.snapshot(), seenTricks));
  }

  /**
   * {@code s} with each finished trick it shows redacted (Law 66, after a fresh snapshot) filled
   * in from the full trick of that number in {@code seen}, the tricks this seat saw earlier in the
   * board; a trick seen neither way stays as shown.
   */
  static TableSnapshot withSeenTricks(TableSnapshot s,
      Map<Integer, org.tenace.proto.v1.Trick> seen) {
    if (!s.hasBoard() || seen.isEmpty()) {
      return s;
    }
    BoardView.Builder b = s.getBoard().toBuilder();
    for (int i = 0; i < b.getTricksCount(); i++) {
      org.tenace.proto.v1.Trick t = b.getTricks(i);
      org.tenace.proto.v1.Trick full = seen.get(t.getNumber());
      if (full != null && t.getCardsCount() < 4
          && t.getWinner() != org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED) {
        b.setTricks(i, full.toBuilder().setWinner(t.getWinner()));
      }
    }
    return s.toBuilder().setBoard(b).build();
  }

  /**
   * Whether the picture has caught up with a play turn. The events of one action share its
   * sequence number; this server sends the turn on the last of them only, but a server that sent
   * it earlier would show a turn before the action's last events (the contract after the final
   * pass, the trick's winner after its fourth card, dummy after the opening lead): until those are
   * applied, wait for them, however long they take.
   */
  static boolean settledForPlay(SeatView view, Seat playsFor) {
    if (view.board().isEmpty() || !view.board().get().hasContract()) {
      return false;
    }
    BoardView b = view.board().get();
    Contract contract = Vocabulary.contract(b.getContract());
    if (playsFor != view.seat() && view.hand(playsFor).isEmpty()) {
      return false;
    }
    Seat next = contract.openingLeader();
    int n = b.getTricksCount();
    if (n > 0) {
      org.tenace.proto.v1.Trick last = b.getTricks(n - 1);
      boolean won = last.getWinner() != org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED;
      if (last.getCardsCount() == 4 && !won) {
        return false;
      }
      next = won ? Vocabulary.seat(last.getWinner())
          : Vocabulary.seat(last.getLeader()).next(last.getCardsCount());
    }
    return next == playsFor;
  }

  /**
   * The player's answer, checked by {@code usable}; the fallback's when this picture is to be
   * answered plainly (after a refusal) or the player fails (or outlives an explicit think limit).
   */
  private <T> T answer(String what, long at, Function<Player, T> question, Predicate<T> usable) {
    if (at != fallbackAt) {
      try {
        T a = think(() -> question.apply(player));
        if (a == null || !usable.test(a)) {
          throw new IllegalStateException("the player answered " + a + ", not a legal " + what);
        }
        return a;
      } catch (Exception e) {
        fellBack(what, e);
      }
    }
    return question.apply(FALLBACK);
  }

  private <T> T think(Callable<T> decision) throws Exception {
    Future<T> f = thinker.submit(decision);
    try {
      return thinkLimit.isEmpty() ? f.get() : f.get(thinkLimit.get().toMillis(),
          TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      f.cancel(true);
      // The stuck thread is abandoned; the next decision gets a fresh one.
      thinker.shutdownNow();
      thinker = Executors.newSingleThreadExecutor(daemon("seat-player-" + tableId));
      throw new TimeoutException("the player took longer than " + thinkLimit.get());
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception ex ? ex : e;
    }
  }

  private void fellBack(String what, Exception e) {
    fallbacks.incrementAndGet();
    log.log(Level.WARNING, "table " + tableId + ": the player gave no usable " + what
        + " (" + e + "); the fallback is used");
    log.log(Level.DEBUG, "the player's failure", e);
  }

  /**
   * The observer of a command's response: once answered, act again when the stream has brought
   * the command's events (the response may arrive before them); a refusal goes to {@link #refused}.
   */
  private <R> StreamObserver<R> reply(long at, ToLongFunction<R> version) {
    inFlight = true;
    commands.incrementAndGet();
    return new StreamObserver<R>() {
      private long applied = -1;

      @Override
      public void onNext(R response) {
        applied = version.applyAsLong(response);
      }

      @Override
      public void onError(Throwable t) {
        Status s = Status.fromThrowable(t);
        submit(() -> refused(at, s));
      }

      @Override
      public void onCompleted() {
        long v = applied;
        submit(() -> {
          inFlight = false;
          waitUntil = Math.max(waitUntil, v);
          act();
        });
      }
    };
  }

  private void refused(long at, Status s) {
    inFlight = false;
    switch (s.getCode()) {
      case ABORTED -> {
        stale.incrementAndGet();
        refusedAt = Math.max(refusedAt, at); // a newer picture is on its way
      }
      case UNAVAILABLE, CANCELLED, DEADLINE_EXCEEDED, UNKNOWN, INTERNAL, RESOURCE_EXHAUSTED -> {
        // The transport, not the table: the stream's resume brings the turn again; meanwhile try
        // once more after a pause in case the stream is fine.
        refusedAt = Math.max(refusedAt, at);
        worker.schedule(() -> {
          if (model.sequence() == at && refusedAt == at) {
            refusedAt = at - 1;
            act();
          }
        }, RETRY_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        return;
      }
      default -> {
        refusals.incrementAndGet();
        log.log(Level.WARNING, "table " + tableId + ": refused at version " + at + ": "
            + s.getCode() + " " + s.getDescription());
        if (fallbackAt != at) {
          fallbackAt = at; // answer this picture once more, with the plain fallback
        } else {
          refusedAt = Math.max(refusedAt, at);
        }
      }
    }
    act();
  }

  private void submit(Runnable r) {
    stream.submit(r); // on the worker, where the stream's own callbacks run
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
