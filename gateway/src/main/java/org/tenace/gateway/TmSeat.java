package org.tenace.gateway;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.cli.tm.TmConnection;
import org.tenace.cli.tm.TmMessage;
import org.tenace.client.Player;
import org.tenace.client.SeatDriver;
import org.tenace.client.SeatView;
import org.tenace.client.TableModel;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.SeatInfo;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * One seat taken by a Table Manager program: the seat's {@link SeatDriver} (a gRPC client with
 * the seat's token, resumed by the client library), the translation of the table's events into
 * the protocol's lines for this seat only, and the program's calls and cards as the seat's
 * {@link Player}. The connection may drop and come back: the seat, its driver and the board's
 * lines stay; a new connection is given the handshake and the board so far again.
 *
 * <p>Lines to the program wait for the "ready for" line the protocol puts before them (a gate);
 * lines the protocol sends unasked (Start of board after the first, Timing, End of session, and
 * "to lead" to the program on lead) go at once.
 */
final class TmSeat implements Player, SeatDriver.Listener {

  /** The client line a host line waits for. */
  enum Gate { NONE, TEAMS, START, DEAL, CARDS, BID, CARD, DUMMY }

  private record Out(Gate gate, TmMessage message) {}

  /** A call or card the program sent, and when its line was read (for the gateway's time). */
  private record Answer(TmMessage message, long readAt) {}

  private final Seat seat;
  private final String team;
  private final TmGateway gateway;
  private final TableModel model = new TableModel();

  // Guarded by this.
  private TmConnection connection;
  private final Deque<Out> queue = new ArrayDeque<>();
  private final Map<Gate, Integer> credits = new EnumMap<>(Gate.class);
  private boolean started;
  private boolean teamsSent;
  private TmMessage teams;
  private final List<Out> board = new ArrayList<>();       // this board's lines, for a resume
  private final List<TmMessage> ownActions = new ArrayList<>(); // this board's own calls/cards
  private final Deque<TmMessage> replay = new ArrayDeque<>(); // own actions a resumed program
                                                              // will send again
  private Contract contract;
  private int emittedBoard;
  private long eventAt; // when the message being translated reached the gateway
  private boolean closed;
  // Whether the program reads and writes protocol 19's explanations (Infos.).
  private volatile boolean explained;
  // Quarter turns from the table's seats to the program's (a session pair's program keeps the
  // seat it connected as while the pair changes direction); 0 at a table of its own.
  private volatile int rotation;

  private final BlockingQueue<Answer> actions = new LinkedBlockingQueue<>();
  private volatile TmMessage lastAnswer;
  // The last answer given and where: the driver asks again at the same point after a stale
  // refusal, and the program, which has already answered, will not answer twice.
  private volatile String answeredAt = "";
  private volatile TmMessage answered;
  SeatDriver driver;

  TmSeat(Seat seat, String team, TmGateway gateway) {
    this.seat = seat;
    this.team = team;
    this.gateway = gateway;
  }

  Seat seat() {
    return seat;
  }

  String team() {
    return team;
  }

  // ------------------------------------------------------------------ the connection

  /**
   * A program's connection takes (or takes back) this seat: handshake and board so far. False,
   * with nothing sent, while another connection holds the seat: any program learns both team
   * names from the Teams line, so a handshake alone must not displace the seated program and
   * read its hand.
   */
  synchronized boolean attach(TmConnection c, int version) throws IOException {
    if (connection != null && connection != c && !connection.isClosed()) {
      return false;
    }
    connection = c;
    explained = gateway.options().explanations() && version >= 19;
    queue.clear();
    credits.clear();
    started = false;
    actions.clear();
    replay.clear();
    replay.addAll(ownActions);
    c.send(new TmMessage.Seated(seat, team).rotated(rotation).line());
    if (teams != null) {
      queue.add(new Out(Gate.TEAMS, teams));
    }
    queue.addAll(board);
    flush(0);
    return true;
  }

  /**
   * A session round: this seat is played by a program whose handshake the session pair has
   * done (its Seated, Teams and ready to start), seen {@code quarters} quarter turns round. The
   * table's Teams line is not sent again; the board so far is, if any. {@code asked}: the
   * "ready for" lines the program sent on {@code c} that the last round's seat left unanswered.
   */
  synchronized void adopt(TmConnection c, int version, int quarters, Map<Gate, Integer> asked) {
    connection = c;
    rotation = quarters;
    explained = gateway.options().explanations() && version >= 19;
    queue.clear();
    credits.clear();
    credits.putAll(asked);
    started = true;
    teamsSent = true;
    actions.clear();
    replay.clear();
    replay.addAll(ownActions);
    queue.addAll(board);
    flush(0);
  }

  /** A log line for this seat, naming the program's own seat when the table is turned. */
  private void log(String what) {
    gateway.log(seat, rotation == 0 ? what : "(the program's "
        + seat.next(rotation).word() + ") " + what);
  }

  /** A session round's seat: the pair's handshake has given the Teams line already. */
  synchronized void skipTeams() {
    teamsSent = true;
  }

  /** The "ready for" lines the program sent that this seat has not answered. */
  synchronized Map<Gate, Integer> unanswered() {
    Map<Gate, Integer> left = new EnumMap<>(Gate.class);
    credits.forEach((g, n) -> {
      if (n > 0) {
        left.put(g, n);
      }
    });
    return left;
  }

  /** The end of a session round: the connection goes on to the next table, still open. */
  synchronized void release() {
    connection = null;
    notifyAll(); // awaitDrained
  }

  /** The program's connection ended: the seat stays, waiting for the same handshake. */
  synchronized void detach(TmConnection c) {
    if (connection == c) {
      connection = null;
      notifyAll(); // awaitDrained
      if (!closed) {
        log("the program disconnected; " + seat.word()
            + " keeps its seat and resumes with the same Connecting line");
      }
    }
  }

  /** A line the program sent, already read into a message. */
  void received(TmMessage read, String line, long readAt) {
    TmMessage m = read.rotated(-rotation);
    Optional<Seat> sender = m.sender();
    if (m instanceof TmMessage.Called c) {
      action(c, c.seat(), line, readAt);
      return;
    }
    if (m instanceof TmMessage.Played p) {
      action(p, p.seat(), line, readAt);
      return;
    }
    if (sender.isEmpty()) {
      log("'" + line + "' is a host's line, not a program's: ignored");
      return;
    }
    if (sender.get() != seat) {
      log("'" + line + "' speaks for " + sender.get().word()
          + ", not for this seat: ignored");
      return;
    }
    Gate g = gateOf(m);
    synchronized (this) {
      credits.merge(g, 1, Integer::sum);
      flush(readAt);
    }
  }

  private static Gate gateOf(TmMessage m) {
    if (m instanceof TmMessage.ReadyForTeams) {
      return Gate.TEAMS;
    } else if (m instanceof TmMessage.ReadyToStart) {
      return Gate.START;
    } else if (m instanceof TmMessage.ReadyForDeal) {
      return Gate.DEAL;
    } else if (m instanceof TmMessage.ReadyForCards) {
      return Gate.CARDS;
    } else if (m instanceof TmMessage.ReadyForBid) {
      return Gate.BID;
    } else if (m instanceof TmMessage.ReadyForCard) {
      return Gate.CARD;
    }
    return Gate.DUMMY;
  }

  private void action(TmMessage m, Seat named, String line, long readAt) {
    synchronized (this) {
      if (!replay.isEmpty()) {
        TmMessage expected = replay.poll();
        if (!sameAction(expected, m)) {
          log("after the resume the program sent '" + line + "' where the record"
              + " has '" + expected.line() + "': the record stands");
        }
        return;
      }
    }
    actions.add(new Answer(m, readAt));
  }

  private static boolean sameAction(TmMessage a, TmMessage b) {
    if (a instanceof TmMessage.Called x && b instanceof TmMessage.Called y) {
      return x.seat() == y.seat() && x.call().equals(y.call());
    }
    return a.equals(b);
  }

  /**
   * Sends what the program has asked for, in order; the rest waits for its "ready" line. Each
   * line sent counts as the gateway's time from {@code since} (0: not measured).
   */
  private void flush(long since) {
    send(since);
    notifyAll(); // awaitDrained
  }

  private void send(long since) {
    while (connection != null && !queue.isEmpty()) {
      Out o = queue.peek();
      Gate g = o.gate() == Gate.START && started ? Gate.NONE : o.gate();
      if (g != Gate.NONE) {
        int have = credits.getOrDefault(g, 0);
        if (have == 0) {
          return;
        }
        credits.put(g, have - 1);
      }
      queue.poll();
      if (o.message() instanceof TmMessage.StartOfBoard) {
        started = true;
      }
      try {
        connection.send(o.message().rotated(rotation).line());
        if (since != 0) {
          gateway.lineSent(System.nanoTime() - since);
        }
      } catch (IOException e) {
        connection.close();
        return;
      }
      if (o.message() instanceof TmMessage.EndOfSession) {
        connection.close();
      }
    }
  }

  private synchronized void emit(Gate gate, TmMessage m) {
    Out o = new Out(gate, m);
    board.add(o);
    if (connection != null) {
      queue.add(o);
      flush(eventAt);
    }
  }

  /** Whether nothing is left to send: the queue is empty or the program has gone. */
  synchronized boolean drained() {
    return connection == null || queue.isEmpty();
  }

  /** Waits until {@link #drained}, or until {@code deadline} ({@link System#nanoTime}) passes. */
  synchronized void awaitDrained(long deadline) throws InterruptedException {
    for (long left; !drained() && (left = deadline - System.nanoTime()) > 0; ) {
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
  }

  synchronized void close() {
    closed = true;
    if (connection != null) {
      connection.close();
    }
  }

  // ------------------------------------------------------------------ the table's events

  @Override
  public void received(WatchTableResponse r) {
    eventAt = System.nanoTime();
    model.apply(r);
    if (!teamsSentCheck()) {
      return;
    }
    boolean boardStarts = r.hasEvent() && r.getEvent().hasBoardStarted();
    var shown = model.board();
    if (!boardStarts && shown.isPresent() && shown.get().getBoardNumber() != emittedBoard
        && shown.get().getPhase() != BoardPhase.BOARD_PHASE_COMPLETE) {
      // The stream began (or began again) in the middle of a board: its lines so far.
      catchUp(shown.get());
      return;
    }
    if (!r.hasEvent()) {
      return;
    }
    TableEvent e = r.getEvent();
    switch (e.getKindCase()) {
      case BOARD_STARTED -> {
        var b = e.getBoardStarted();
        newBoard(b.getBoardNumber());
        gateway.boardStarted(seat);
        emit(Gate.START, new TmMessage.StartOfBoard());
        emit(Gate.DEAL, new TmMessage.BoardInfo(b.getBoardNumber(),
            Vocabulary.seat(b.getDealer()), Vocabulary.vulnerability(b.getVulnerability())));
        Hand mine = Hand.EMPTY;
        for (var h : b.getHandsList()) {
          if (Vocabulary.seat(h.getSeat()) == seat) {
            mine = Vocabulary.hand(h);
          }
        }
        emit(Gate.CARDS, new TmMessage.Cards(seat, mine));
      }
      case CALL_MADE -> {
        var c = e.getCallMade().getCall();
        Seat by = Vocabulary.seat(c.getSeat());
        Call call = Vocabulary.call(c.getCall());
        TmMessage.Called line = called(by, call, c.getAlert(), c.getExplanation());
        if (by == seat) {
          own(line);
        } else {
          emit(Gate.BID, line);
        }
      }
      case AUCTION_ENDED -> {
        var a = e.getAuctionEnded();
        if (a.hasContract()) {
          Contract c = Vocabulary.contract(a.getContract());
          synchronized (this) {
            contract = c;
          }
          toLead(Vocabulary.seat(a.getOpeningLeader()), c);
        }
      }
      case CARD_PLAYED -> {
        var pc = e.getCardPlayed().getCard();
        Seat by = Vocabulary.seat(pc.getSeat());
        TmMessage.Played line = new TmMessage.Played(by, Vocabulary.card(pc.getCard()));
        boolean mine = playedByThisSeat(by, contract);
        if (mine) {
          own(line);
        } else {
          emit(Gate.CARD, line);
        }
      }
      case DUMMY_EXPOSED -> {
        var d = e.getDummyExposed().getDummy();
        if (Vocabulary.seat(d.getSeat()) != seat) {
          emit(Gate.DUMMY, new TmMessage.DummyCards(Vocabulary.hand(d)));
        }
      }
      case TRICK_WON -> {
        var t = e.getTrickWon();
        Contract c;
        synchronized (this) {
          c = contract;
        }
        if (t.getTrickNumber() < 13 && c != null) {
          toLead(Vocabulary.seat(t.getWinner()), c);
        }
      }
      case BOARD_COMPLETED -> {
        BoardCompleted done = e.getBoardCompleted();
        gateway.boardCompleted(seat, done);
        emit(Gate.NONE, gateway.timing());
      }
      case TABLE_CLOSED -> {
        // A session's round ends here, not the programs' session: they go on to the next table.
        if (!gateway.inSession()) {
          emit(Gate.NONE, new TmMessage.EndOfSession());
        }
      }
      default -> {
        // Claims, undos and laws-mode rectifications have no line in the protocol.
      }
    }
  }

  /**
   * A call as this seat's program reads it: alerted with its explanation; else, for a program
   * of protocol 19 with explanations on, explained ({@code Infos.}) if the caller explained it.
   * The server has already kept the explanation from the caller's partner.
   */
  private TmMessage.Called called(Seat by, Call call, boolean alert, String explanation) {
    if (alert) {
      return new TmMessage.Called(by, call, Optional.of(explanation));
    }
    boolean infos = explained && !explanation.isBlank();
    return new TmMessage.Called(by, call, Optional.empty(),
        infos ? Optional.of(explanation) : Optional.empty());
  }

  private void newBoard(int number) {
    synchronized (this) {
      board.clear();
      ownActions.clear();
      contract = null;
      emittedBoard = number;
    }
  }

  /** The lines of a board in progress, from what the table shows this seat of it. */
  private void catchUp(BoardView b) {
    newBoard(b.getBoardNumber());
    gateway.boardStarted(seat);
    emit(Gate.START, new TmMessage.StartOfBoard());
    emit(Gate.DEAL, new TmMessage.BoardInfo(b.getBoardNumber(), Vocabulary.seat(b.getDealer()),
        Vocabulary.vulnerability(b.getVulnerability())));
    Contract c = b.hasContract() ? Vocabulary.contract(b.getContract()) : null;
    emit(Gate.CARDS, new TmMessage.Cards(seat, original(b, seat)));
    for (var a : b.getAuctionList()) {
      if (a.getWithdrawn()) {
        continue;
      }
      TmMessage.Called line = called(Vocabulary.seat(a.getSeat()), Vocabulary.call(a.getCall()),
          a.getAlert(), a.getExplanation());
      if (line.seat() == seat) {
        synchronized (this) {
          ownActions.add(line);
        }
      } else {
        emit(Gate.BID, line);
      }
    }
    if (c == null) {
      return;
    }
    synchronized (this) {
      contract = c;
    }
    boolean first = true;
    // The next trick's leader, once the last trick shown is complete (or none has begun).
    Seat next = c.openingLeader();
    int completed = 0;
    for (var t : b.getTricksList()) {
      toLead(Vocabulary.seat(t.getLeader()), c);
      for (var pc : t.getCardsList()) {
        Seat by = Vocabulary.seat(pc.getSeat());
        TmMessage.Played line = new TmMessage.Played(by, Vocabulary.card(pc.getCard()));
        if (playedByThisSeat(by, c)) {
          synchronized (this) {
            ownActions.add(line);
          }
        } else {
          emit(Gate.CARD, line);
        }
        if (first && seat != c.dummy()) {
          emit(Gate.DUMMY, new TmMessage.DummyCards(original(b, c.dummy())));
        }
        first = false;
      }
      if (t.getWinner() != org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED) {
        next = Vocabulary.seat(t.getWinner());
        completed = t.getNumber();
      }
    }
    if (completed == b.getTricksCount() && completed < 13) {
      toLead(next, c);
    }
  }

  /**
   * {@code West to lead}, or {@code Dummy to lead} to declarer, before each trick: as the
   * championship host sends it, to the program that is to lead and to no other.
   */
  private void toLead(Seat leader, Contract c) {
    boolean dummy = leader == c.dummy();
    if ((dummy ? c.declarer() : leader) == seat) {
      emit(Gate.NONE, new TmMessage.ToLead(leader, dummy));
    }
  }

  /**
   * Whether this seat's program played a card of {@code by}'s: its own, or dummy's when it
   * declares; dummy's program plays none (declarer plays dummy's cards) and is told of them.
   */
  private boolean playedByThisSeat(Seat by, Contract c) {
    if (c == null) {
      return by == seat;
    }
    return by == seat && seat != c.dummy() || c.declarer() == seat && by == c.dummy();
  }

  /** The thirteen cards {@code whose} was dealt: those shown now and those played. */
  private static Hand original(BoardView b, Seat whose) {
    Hand h = Hand.EMPTY;
    for (var shown : b.getHandsList()) {
      if (Vocabulary.seat(shown.getSeat()) == whose) {
        h = Vocabulary.hand(shown);
      }
    }
    for (var t : b.getTricksList()) {
      for (var pc : t.getCardsList()) {
        if (Vocabulary.seat(pc.getSeat()) == whose) {
          h = h.with(Vocabulary.card(pc.getCard()));
        }
      }
    }
    return h;
  }

  /**
   * The Teams line, once the four seats are taken (the names of both sides are then known); it
   * goes before any board's line.
   */
  private boolean teamsSentCheck() {
    synchronized (this) {
      if (teamsSent) {
        return true;
      }
    }
    if (!model.isReady()) {
      return false;
    }
    List<SeatInfo> seats = model.snapshot().getTable().getSeatsList();
    if (seats.size() < 4 || !seats.stream().allMatch(SeatInfo::getOccupied)) {
      return false;
    }
    String ns = gateway.teamName(Seat.NORTH, seats);
    String ew = gateway.teamName(Seat.EAST, seats);
    gateway.teamsKnown(ns, ew);
    synchronized (this) {
      teams = new TmMessage.Teams(ns, ew);
      teamsSent = true;
      if (connection != null) {
        queue.addFirst(new Out(Gate.TEAMS, teams));
        flush(0);
      }
    }
    return true;
  }

  /** The seat's own call or card in the record: the program's, or the limit's fallback. */
  private void own(TmMessage m) {
    synchronized (this) {
      ownActions.add(m);
    }
    TmMessage sent = lastAnswer;
    if (sent == null || !sameAction(sent, m)) {
      log("the table made '" + m.line() + "' for the program (the action limit "
          + "ran out, or the server refused its answer), which is told so");
      actions.clear();
      synchronized (this) {
        if (connection != null) {
          queue.add(new Out(Gate.NONE, m));
          flush(0);
        }
      }
    }
    lastAnswer = null;
  }

  // ------------------------------------------------------------------ the seat's player

  @Override
  public CallChoice call(SeatView view, List<Call> legal) {
    long start = System.nanoTime();
    try {
      TmMessage.Called c = answer(position(view), TmMessage.Called.class,
          seat.word() + " is to call",
          called -> called.seat() != seat ? Optional.of("calls for " + called.seat().word()
              + ", not for this seat: ignored")
              : !legal.contains(called.call()) ? Optional.of("is not a legal call here: "
                  + "ignored; the seat is still to call")
              : Optional.empty());
      if (c.alert().isPresent()) {
        return CallChoice.alerted(c.call(), c.alert().get().isBlank() ? "alerted"
            : bounded(c.alert().get()));
      }
      // A program of protocol 19 may explain a call it does not alert; without --explanations
      // the explanation is dropped, as a host of 18 would.
      return c.infos().isPresent() && explained
          ? new CallChoice(c.call(), false, bounded(c.infos().get()))
          : CallChoice.natural(c.call());
    } finally {
      gateway.thought(seat, System.nanoTime() - start);
    }
  }

  @Override
  public Card card(SeatView view, Seat playsFor, List<Card> legal) {
    long start = System.nanoTime();
    try {
      return answer(position(view), TmMessage.Played.class, playsFor.word() + " is to play",
          p -> p.seat() != playsFor ? Optional.of("plays for " + p.seat().word() + " when "
              + playsFor.word() + " is to play: ignored")
              : !legal.contains(p.card()) ? Optional.of("is not a legal card here: ignored; "
                  + playsFor.word() + " is still to play")
              : Optional.empty()).card();
    } finally {
      gateway.thought(seat, System.nanoTime() - start);
    }
  }

  /**
   * The program's answer at position {@code at}: the one it gave already if the same position is
   * asked again, else the next line of {@code kind} that {@code wrong} finds nothing wrong with;
   * any other line is logged (while {@code waiting}, or with what is wrong) and passed over.
   */
  private <M extends TmMessage> M answer(String at, Class<M> kind, String waiting,
      Function<M, Optional<String>> wrong) {
    while (true) {
      Answer fresh = at.equals(answeredAt) && answered != null ? null : take();
      TmMessage m = fresh == null ? answered : fresh.message();
      answered = null;
      if (!kind.isInstance(m)) {
        log("'" + m.line() + "' while " + waiting + ": ignored");
        continue;
      }
      M a = kind.cast(m);
      Optional<String> why = wrong.apply(a);
      if (why.isPresent()) {
        log("'" + m.line() + "' " + why.get());
        continue;
      }
      lastAnswer = a;
      answered = a;
      answeredAt = at;
      relayed(fresh);
      return a;
    }
  }

  /** An explanation as the server takes it: at most 500 characters. */
  private static String bounded(String explanation) {
    return explanation.length() <= 500 ? explanation : explanation.substring(0, 500);
  }

  /** Where the board stands: its number, the calls and the cards so far. */
  private static String position(SeatView view) {
    return view.board().map(b -> b.getBoardNumber() + "/" + b.getAuctionCount() + "/"
        + b.getTricksList().stream().mapToInt(t -> t.getCardsCount()).sum()).orElse("");
  }

  private void relayed(Answer fresh) {
    if (fresh != null) {
      gateway.answerRelayed(System.nanoTime() - fresh.readAt());
    }
  }

  private Answer take() {
    try {
      return actions.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("no answer from the program within the action limit");
    }
  }

  /** For logs and tests: what the seat waits on. */
  synchronized String describe() {
    return seat.word() + ": connected " + (connection != null) + ", queued "
        + queue.size() + (queue.isEmpty() ? "" : " (next: " + queue.peek() + ")") + ", credits "
        + credits;
  }

  static Duration unlimited() {
    return Duration.ofDays(365);
  }
}
