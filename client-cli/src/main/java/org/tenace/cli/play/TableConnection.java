package org.tenace.cli.play;

import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.tenace.client.Bearer;
import org.tenace.client.TableModel;
import org.tenace.client.TableStream;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.ChooseOptionRequest;
import org.tenace.proto.v1.ClaimRequest;
import org.tenace.proto.v1.Irregularity;
import org.tenace.proto.v1.LeaveTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.Option;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.RequestUndoRequest;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.RespondToUndoRequest;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;

/**
 * One seat's (or kibitzer's) link to a table: the client library's {@link TableStream} (the
 * WatchTable stream folded into a {@link TableModel}, resumed with the token and
 * {@code from_sequence} after a drop, with its bounded backoff), what the screen shows beside the
 * table (the tricks won, the news, the irregular calls noted); and the commands, each sent with
 * the last sequence seen.
 */
public final class TableConnection implements AutoCloseable {
  private static final long COMMAND_SECONDS = 15;
  private static final Duration ECHO_WAIT = Duration.ofSeconds(2);

  /** Told after each change of the table or of the connection (on a gRPC thread). */
  public interface Listener {
    void changed();

    /** An irregularity announced by the table (laws mode), as it arrives. */
    default void announced(Irregularity irregularity) {}
  }

  private final String tableId;
  private final TableServiceGrpc.TableServiceBlockingStub stub;
  private final Listener listener;
  private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "tenace-table-stream");
    t.setDaemon(true);
    return t;
  });
  private final TableStream stream;
  private final TableModel model;
  private final Map<Integer, Irregularity> noted = new TreeMap<>();
  private int notedBoard;
  private int attempts;
  private String connection = "connecting...";
  private boolean closed;
  private boolean over;
  private boolean seatGone;
  private boolean leaving; // our own leave is under way: the stream's end is expected
  private boolean replaced; // a session's director seated a substitute in this seat
  // What just happened that the table itself no longer shows: the tricks won on this board (by
  // number, the last one for "last") and the answer to a claim or an undo request.
  private final java.util.NavigableMap<Integer, String> tricksWon = new TreeMap<>();
  private String news = "";

  public TableConnection(Channel channel, String tableId, String token, Listener listener) {
    this.tableId = tableId;
    Channel authed = ClientInterceptors.intercept(channel, Bearer.of(token));
    this.stub = TableServiceGrpc.newBlockingStub(authed);
    this.listener = listener;
    this.stream = new TableStream(channel, tableId, token, worker, this,
        new TableStream.Handler() {
          @Override
          public void arriving(WatchTableResponse r) {
            note(r);
          }

          @Override
          public void received(WatchTableResponse r) {
            TableConnection.this.received(r);
          }

          @Override
          public void dropped(Status why, Optional<Duration> resumeIn) {
            TableConnection.this.dropped(why, resumeIn);
          }
        });
    this.model = stream.model();
  }

  /** Opens the stream. */
  public void start() {
    stream.start();
  }

  /** The table as it stands now, with the irregular calls noted on this board. */
  public synchronized TableSnapshot snapshot() {
    TableSnapshot s = model.snapshot();
    if (noted.isEmpty() || !s.hasBoard() || s.getBoard().getBoardNumber() != notedBoard) {
      return s;
    }
    BoardView.Builder b = s.getBoard().toBuilder();
    Set<Integer> known = new HashSet<>();
    for (Irregularity i : b.getIrregularitiesList()) {
      if (i.hasCallIndex()) {
        known.add(i.getCallIndex());
      }
    }
    for (Irregularity i : noted.values()) {
      if (!known.contains(i.getCallIndex())) {
        b.addIrregularities(i);
      }
    }
    return s.toBuilder().setBoard(b).build();
  }

  /**
   * True after an event whose consequences the events do not carry: declarer accepting a lead
   * out of turn as dummy (Law 54A) changes the declarer, which only a snapshot shows.
   */
  private static boolean needsSnapshot(WatchTableResponse r) {
    return r.hasEvent() && r.getEvent().hasOptionChosen() && r.getEvent().getOptionChosen()
        .getChoice() == org.tenace.proto.v1.OptionChoice.OPTION_CHOICE_ACCEPT_AS_DUMMY;
  }

  /**
   * Notes the call an open option is about, so that the screen marks it irregular for the rest
   * of the board, accepted or refused (the option itself goes once it is chosen).
   */
  private void noteIrregularCall() {
    if (!model.isReady() || model.board().isEmpty()) {
      return;
    }
    BoardView b = model.board().get();
    if (b.getBoardNumber() != notedBoard) {
      noted.clear();
      notedBoard = b.getBoardNumber();
    }
    if (b.hasOption()) {
      Option o = b.getOption();
      LawsText.irregularCall(o, b).ifPresent(a -> noted.putIfAbsent(a.getIndex(),
          o.getIrregularity().toBuilder().setLaw(o.getLaw()).setCallIndex(a.getIndex()).build()));
    }
  }

  /** The news in {@code r}, read before it is applied (the model still has the claim). */
  private void note(WatchTableResponse r) {
    if (r.hasSnapshot()) {
      return;
    }
    var e = r.getEvent();
    switch (e.getKindCase()) {
      case BOARD_STARTED -> {
        tricksWon.clear();
        news = "";
      }
      case TRICK_WON -> {
        // The trick as the table holds it: every card played to it and still standing, in
        // order, the lead first (a card taken back and played again is there once).
        var w = e.getTrickWon();
        StringBuilder t = new StringBuilder("Trick " + w.getTrickNumber() + " won by "
            + Screen.seatName(w.getWinner()) + ":");
        model.board().ifPresent(b -> b.getTricksList().stream()
            .filter(x -> x.getNumber() == w.getTrickNumber()).findFirst()
            .ifPresent(x -> x.getCardsList().forEach(pc -> t.append("  ")
                .append(Screen.seatName(pc.getSeat()), 0, 1).append(' ')
                .append(Vocabulary.card(pc.getCard()).symbol().replace("T", "10")))));
        t.append("   (tricks NS ").append(w.getTricksNorthSouth()).append(", EW ")
            .append(w.getTricksEastWest()).append(')');
        tricksWon.put(w.getTrickNumber(), t.toString());
        news = t.toString();
      }
      case CARDS_WITHDRAWN -> {
        // A won trick whose last card is taken back is no longer won.
        String won = tricksWon.remove(e.getCardsWithdrawn().getTrickNumber());
        if (won != null && won.equals(news)) {
          news = "";
        }
      }
      case CLAIM_MADE -> news = "";
      case CLAIM_ANSWERED -> {
        var a = e.getClaimAnswered();
        String who = Screen.seatName(a.getSeat());
        news = switch (a.getStatus()) {
          case CLAIM_STATUS_ACCEPTED -> who + " accepted the claim: the board ends with it.";
          case CLAIM_STATUS_REJECTED -> who + " rejected the claim: play goes on.";
          case CLAIM_STATUS_REFERRED -> who + " rejected the claim: the director will rule.";
          default -> who + (a.getAccept() ? " accepted the claim; the other opponent has yet "
              + "to answer." : " rejected the claim.");
        };
      }
      case UNDO_ANSWERED -> {
        var a = e.getUndoAnswered();
        news = Screen.seatName(a.getSeat()) + (a.getStatus()
            == org.tenace.proto.v1.UndoStatus.UNDO_STATUS_GRANTED ? " agreed: the undo is done."
            : a.getStatus() == org.tenace.proto.v1.UndoStatus.UNDO_STATUS_REFUSED
                ? " refused the undo: play goes on." : a.getAccept() ? " agreed to the undo."
                : " refused the undo.");
      }
      default -> { }
    }
  }

  /** The last trick of this board and who won it, or empty before the first is complete. */
  public synchronized String lastTrick() {
    return tricksWon.isEmpty() ? "" : tricksWon.lastEntry().getValue();
  }

  /** The latest news for the screen (the trick just won, a claim's or undo's answer), or "". */
  public synchronized String news() {
    return news;
  }

  public synchronized boolean isReady() {
    return model.isReady();
  }

  /** Empty while the stream is up; otherwise what is wrong, for the screen. */
  public synchronized String connectionStatus() {
    return connection;
  }

  /** True once the stream has ended for good (the table closed, the token is void). */
  public synchronized boolean isOver() {
    return over;
  }

  /** True once a session's director has seated a substitute in this seat: the token is void. */
  public synchronized boolean replaced() {
    return replaced;
  }

  /** True once the token holds no seat any more: the player left, the table closed, or the
   * server no longer knows the token. */
  public synchronized boolean seatGone() {
    return seatGone;
  }

  /** A message of the stream, applied to the model (on the stream's worker). */
  private void received(WatchTableResponse r) {
    boolean resync;
    synchronized (this) {
      resync = needsSnapshot(r);
      noteIrregularCall();
      notifyAll();
      connection = "";
      attempts = 0;
    }
    if (r.hasEvent() && r.getEvent().hasIrregularityFound()) {
      listener.announced(r.getEvent().getIrregularityFound().getIrregularity());
    }
    listener.changed();
    if (resync) {
      stream.reopen(true);
    }
  }

  /** The stream ended: resumed after {@code resumeIn}, or over for good when empty. */
  private void dropped(Status status, Optional<Duration> resumeIn) {
    synchronized (this) {
      if (closed) {
        return;
      }
      String d = status.getDescription() == null ? "" : status.getDescription();
      boolean tableClosed = model.isReady() && model.snapshot().getTable().getStatus()
          == org.tenace.proto.v1.TableStatus.TABLE_STATUS_CLOSED;
      if (leaving) {
        stream.close();
        connection = "you left the table";
        over = true;
        seatGone = true;
      } else if (d.startsWith("SEAT_REPLACED")) {
        connection = "the director has seated a substitute in your place: type quit to leave";
        over = true;
        seatGone = true;
        replaced = true;
      } else if (resumeIn.isPresent()) {
        attempts++;
        connection = "connection lost; reconnecting, attempt " + attempts + " in "
            + resumeIn.get().toMillis() + " ms (" + status.getCode()
            + (d.isEmpty() ? "" : ": " + d) + ")";
      } else if (status.isOk() || tableClosed) {
        connection = "the table is closed: type quit to leave";
        over = true;
        seatGone = true;
      } else {
        connection = "disconnected for good: " + (d.isEmpty() ? status.getCode() : d);
        over = true;
        // Another client with the same token took over: the seat (and its token) live on.
        seatGone = !d.startsWith("WATCH_REPLACED");
      }
    }
    listener.changed();
  }

  // ---- commands: each returns the server's reason when refused ----

  public Optional<String> makeCall(Call call, boolean alert, String explanation) {
    return send(s -> s.makeCall(MakeCallRequest.newBuilder().setTableId(tableId)
        .setSeat(turnSeat()).setCall(Vocabulary.toProto(call)).setAlert(alert)
        .setExplanation(explanation).setExpectedVersion(version()).build()).getVersion());
  }

  public Optional<String> playCard(Card card) {
    return send(s -> s.playCard(PlayCardRequest.newBuilder().setTableId(tableId)
        .setSeat(turnSeat()).setCard(Vocabulary.toProto(card)).setExpectedVersion(version()).build())
        .getVersion());
  }

  public Optional<String> claim(int tricks) {
    return send(s -> s.claim(ClaimRequest.newBuilder().setTableId(tableId).setTricks(tricks)
        .setExpectedVersion(version()).build()).getVersion());
  }

  public Optional<String> answerClaim(boolean accept) {
    return answer(s -> s.respondToClaim(RespondToClaimRequest.newBuilder().setTableId(tableId)
        .setAccept(accept).setExpectedVersion(version()).build()).getVersion());
  }

  public Optional<String> requestUndo() {
    return send(s -> s.requestUndo(RequestUndoRequest.newBuilder().setTableId(tableId)
        .setExpectedVersion(version()).build()).getVersion());
  }

  public Optional<String> answerUndo(boolean accept) {
    return answer(s -> s.respondToUndo(RespondToUndoRequest.newBuilder().setTableId(tableId)
        .setAccept(accept).setExpectedVersion(version()).build()).getVersion());
  }

  /** Exercises the open laws-mode option: a choice, with a suit for require and ban. */
  public Optional<String> chooseOption(Command.Choice choice,
      Optional<org.tenace.bridge.card.Suit> suit) {
    return send(s -> s.chooseOption(ChooseOptionRequest.newBuilder().setTableId(tableId)
        .setChoice(LawsText.toProto(choice))
        .setSuit(suit.map(Vocabulary::toProto).orElse(org.tenace.proto.v1.Suit.SUIT_UNSPECIFIED))
        .setExpectedVersion(version()).build()).getVersion());
  }

  public Optional<String> markReady() {
    return answer(s -> s.markReady(MarkReadyRequest.newBuilder().setTableId(tableId)
        .setExpectedVersion(version()).build()).getVersion());
  }

  /** Gives up the seat. */
  public Optional<String> leave() {
    synchronized (this) {
      leaving = true;
    }
    Optional<String> refusal = send(s -> {
      s.leaveTable(LeaveTableRequest.newBuilder().setTableId(tableId).build());
      return 0L;
    });
    synchronized (this) {
      leaving = refusal.isEmpty();
      seatGone |= refusal.isEmpty();
    }
    return refusal;
  }

  private synchronized void awaitVersion(long v, Duration most) {
    long deadline = System.nanoTime() + most.toNanos();
    try {
      while (!closed && model.sequence() < v) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return;
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private synchronized long version() {
    return model.sequence();
  }

  /** The hand the turn names (dummy's when declarer plays from it), else the viewer's seat. */
  private synchronized org.tenace.proto.v1.Seat turnSeat() {
    return model.turn().map(t -> t.getSeat()).filter(s -> s != org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED)
        .orElse(model.snapshot().getViewer().getSeat());
  }

  /**
   * Sends a command (which reads the version it carries when applied); once accepted, waits a
   * moment for its events to come back on the stream, so that the screen and the prompt that
   * follow show the table after it, not before.
   *
   * <p>A command refused as stale crossed an event on its way; the player must look again. A
   * call, a card or a claim is never sent again: a turn carries only what is legal, so an
   * opponent's call or card taken back and replaced by another leaves the same turn over an
   * auction or trick the player never saw.
   */
  private Optional<String> send(
      Function<TableServiceGrpc.TableServiceBlockingStub, Long> command) {
    try {
      return attempt(command);
    } catch (StatusRuntimeException e) {
      return refusal(e);
    }
  }

  /**
   * Sends an answer to a question (a claim, an undo request, ready for the next board) like
   * {@link #send}, except that an answer refused as stale, having crossed another player's answer
   * to the same question, goes again once the stream has brought the table up to the version the
   * refusal names, if the same question is still asked of him ({@link #question}).
   */
  private Optional<String> answer(
      Function<TableServiceGrpc.TableServiceBlockingStub, Long> command) {
    Optional<Turn> asked = question();
    try {
      return attempt(command);
    } catch (StatusRuntimeException e) {
      OptionalLong current = staleAt(e);
      if (current.isEmpty()) {
        return refusal(e);
      }
      awaitVersion(current.getAsLong(), ECHO_WAIT);
      if (asked.isEmpty() || version() < current.getAsLong() || !question().equals(asked)) {
        return Optional.of("the table moved on before that reached it: look again and retype");
      }
      try {
        return attempt(command);
      } catch (StatusRuntimeException again) {
        return staleAt(again).isPresent()
            ? Optional.of("the table moved on before that reached it: look again and retype")
            : refusal(again);
      }
    }
  }

  private Optional<String> attempt(
      Function<TableServiceGrpc.TableServiceBlockingStub, Long> command) {
    long v = command.apply(stub.withDeadlineAfter(COMMAND_SECONDS, TimeUnit.SECONDS));
    awaitVersion(v, ECHO_WAIT);
    return Optional.empty();
  }

  private Optional<String> refusal(StatusRuntimeException e) {
    Status s = e.getStatus();
    String d = s.getDescription() == null ? s.getCode().toString() : s.getDescription();
    if (s.getCode() == Status.Code.UNAVAILABLE || s.getCode() == Status.Code.DEADLINE_EXCEEDED) {
      return Optional.of("not sent: the server cannot be reached (" + d + "); try again");
    }
    if (d.startsWith("STALE_VERSION")) {
      return Optional.of("the table moved on before that reached it: look again and retype");
    }
    return Optional.of(Refusals.words(d, snapshot()));
  }

  /** For a stale command, the table's version when it was refused (the ErrorInfo's). */
  private static OptionalLong staleAt(StatusRuntimeException e) {
    return TableStream.staleAt(e);
  }

  /**
   * What the player is asked now, as far as his answer goes: his turn, where the other
   * responders' answers to the same undo request or claim so far do not count.
   */
  private synchronized Optional<Turn> question() {
    return model.turn().map(t -> {
      Turn.Builder b = t.toBuilder();
      if (t.hasUndoResponse()) {
        b.getUndoResponseBuilder().getRequestBuilder().clearConsented();
      } else if (t.hasClaimResponse()) {
        b.getClaimResponseBuilder().getClaimBuilder().clearAccepted();
      }
      return b.build();
    });
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
    }
    stream.close();
    worker.shutdownNow();
  }

}
