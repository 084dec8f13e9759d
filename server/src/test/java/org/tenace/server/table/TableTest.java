package org.tenace.server.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.BoardAction;
import org.tenace.server.engine.DealState;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.Play;
import org.tenace.server.engine.SureTricks;
import org.tenace.server.engine.Utterance;

class TableTest {

  /**
   * Takes {@code command}, searching first on this thread when the table asks, as the server's
   * claim-search threads do.
   */
  /**
   * 2H by East, nine cards played, and the defence's claim of no more tricks accepted by
   * declarer after the claim search: the play.
   */
  private Play concededAfterNineCards() {
    at.auction("1C 1H P 2H P P P"); // 2H by East
    at.playCards(9);
    table.claim(tokens.get(Seat.NORTH), 0, "", 0); // the defence concedes the rest
    searchingFirst(s -> table.respondToClaim(tokens.get(Seat.EAST), true, 0, s));
    return table.board().orElseThrow().playIfStarted().orElseThrow();
  }

  /** Four players seated at {@code t}, each named P: their tokens. */
  static Map<Seat, String> seatFour(Table t) {
    Map<Seat, String> tok = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      tok.put(s, t.join(Role.PLAYER, Optional.of(s), "P", false, "").token());
    }
    return tok;
  }

  /** The four at {@code t} pass the board out, dealer first, and each is ready for the next. */
  static void passOutAndReady(Table t, Map<Seat, String> tok) {
    Seat dealer = t.boardSetup().orElseThrow().dealer();
    for (int i = 0; i < 4; i++) {
      t.call(tok.get(dealer.next(i)), dealer.next(i), Utterance.of(Call.PASS), Alert.NONE, 0);
    }
    for (Seat s : Seat.values()) {
      t.markReady(tok.get(s), 0);
    }
  }

  private static <T> T searchingFirst(java.util.function.Function<Searched, T> command) {
    try {
      return command.apply(Searched.NONE);
    } catch (SearchFirst n) {
      return n.searchThenTake(command);
    }
  }
  /** Every event through the codec and back, as the store would keep it. */
  private final List<TableEvent> logged = new ArrayList<>();
  private final EventSink sink = (id, seq, e) -> {
    assertThat(seq).isEqualTo(logged.size() + 1);
    logged.add(EventCodec.decode(EventCodec.encode(e)));
  };
  private Instant now = Instant.parse("2026-11-21T12:00:00Z");
  private final InstantSource clock = () -> now;
  private Seated at;
  private Table table;
  private Map<Seat, String> tokens;

  @BeforeEach
  void fourPlayersSitDown() {
    at = new Seated("Practice", sink, clock);
    table = at.table;
    tokens = at.tokens;
  }

  private long call(Seat s, String call) {
    return at.call(s, call);
  }

  @Test
  void theFirstBoardStartsWhenTheFourthPlayerSits() {
    assertThat(table.status()).isEqualTo(Table.Status.PLAYING);
    assertThat(table.boardSetup().orElseThrow().number()).isEqualTo(1);
    assertThat(table.board().orElseThrow().auction().turn()).isEqualTo(Seat.NORTH);
  }

  @Test
  void aFullBoardIsScoredAndTheNextStartsWhenAllAreReady() {
    at.auction("1NT P 3NT P P P");
    at.playCards(52);
    DealState s = table.board().orElseThrow();
    assertThat(s.isOver()).isTrue();
    assertThat(table.revealedSalt()).isPresent();
    assertThat(table.scorecard().boards()).hasSize(1);
    at.ready(Seat.values());
    assertThat(table.boardSetup().orElseThrow().number()).isEqualTo(2);
    assertThat(table.boardSetup().orElseThrow().vulnerability()).isEqualTo(Vulnerability.NS);
  }

  @Test
  void theLogRebuildsTheTableExactly() {
    at.auction("1C 1H P 2H P P P");
    at.playCards(9);
    Table rebuilt = Table.replay("t1", logged, EventSink.NONE, clock);
    assertThat(rebuilt.version()).isEqualTo(table.version());
    DealState a = table.board().orElseThrow();
    DealState b = rebuilt.board().orElseThrow();
    assertThat(b.auction().record()).isEqualTo(a.auction().record());
    assertThat(b.playIfStarted().orElseThrow().tricks())
        .isEqualTo(a.playIfStarted().orElseThrow().tricks());
    assertThat(rebuilt.holder(tokens.get(Seat.SOUTH)).seat()).contains(Seat.SOUTH);
    assertThat(rebuilt.directorToken()).isEqualTo(table.directorToken());
    assertThat(rebuilt.boardSetup()).isEqualTo(table.boardSetup());
  }

  /**
   * An accepted claim's rulings (the Law 69B/71 flags come from the claim search) are rebuilt from
   * the log as they were made: the search's answers are in the log, so the replay finds the same
   * flags and a later decision of one still meets its ruling.
   */
  @Test
  void theLogRebuildsAnAcceptedClaimAndItsFlagsExactly() {
    Play played = concededAfterNineCards();
    assertThat(played.result()).isPresent();
    assertThat(played.rulings()).isNotEmpty(); // the defence conceded tricks it could win
    // The director decides the flag: the replay must meet that ruling again.
    var flag = played.rulings().get(0);
    searchingFirst(s -> table.decide(table.directorToken(), flag.id(), flag.choices().get(0),
        s));
    played = table.board().orElseThrow().playIfStarted().orElseThrow();
    assertThat(played.rulings().get(0).decision()).isPresent();
    for (int i = 0; i < 3; i++) {
      Table rebuilt = Table.replay("t1", logged, EventSink.NONE, clock);
      assertThat(rebuilt.version()).isEqualTo(table.version());
      Play again = rebuilt.board().orElseThrow().playIfStarted().orElseThrow();
      assertThat(again.rulings()).isEqualTo(played.rulings());
      assertThat(again.result()).isEqualTo(played.result());
      assertThat(rebuilt.board().orElseThrow().outcome())
          .isEqualTo(table.board().orElseThrow().outcome());
    }
  }

  /**
   * The claim search runs within a time bound, so its answer is recorded with the action and a
   * replay reads it: the log, not the machine's speed, decides. A log written before answers were
   * recorded replays by searching again within the old node budget.
   */
  @Test
  void theClaimSearchAnswerIsRecordedAndTheReplayReadsIt() {
    Play played = concededAfterNineCards();
    BoardAction.RespondToClaim answer = (BoardAction.RespondToClaim)
        ((TableEvent.Acted) logged.get(logged.size() - 1)).action();
    // North-South conceded: only their tricks were searched (the claimer's side's).
    assertThat(answer.sure().recorded()).isTrue();
    assertThat(answer.sure().found()).containsOnlyKeys(Side.NS);
    int sure = answer.sure().of(Side.NS).orElseThrow().orElseThrow();
    assertThat(sure).isPositive();
    assertThat(played.rulings()).singleElement()
        .satisfies(r -> assertThat(r.question()).contains("conceded " + sure + " trick"));

    // A log whose recorded answer says the search ran out of time rules without it.
    Table timedOut = Table.replay("t1", withAnswer(answer,
        SureTricks.NONE_YET.with(Side.NS, OptionalInt.empty())), EventSink.NONE, clock);
    Play ruled = timedOut.board().orElseThrow().playIfStarted().orElseThrow();
    assertThat(ruled.rulings()).isEmpty();
    assertThat(ruled.result()).isEqualTo(played.result());

    // An old log, with no answers: searched again, the same ruling.
    Table old = Table.replay("t1", withAnswer(answer, SureTricks.UNRECORDED), EventSink.NONE,
        clock);
    assertThat(old.board().orElseThrow().playIfStarted().orElseThrow().rulings())
        .isEqualTo(played.rulings());
  }

  /**
   * The table never searches under its lock: a command that needs the claim search records
   * nothing and asks for it (SearchFirst); taken again with the answers, it settles. Answers
   * found for a position the game has left are not used: the search is asked for again. A seat's
   * connection and another player's consent, which do not move the game, keep them good.
   */
  @Test
  void aClaimSearchIsAskedForOffTheLockAndItsAnswersHoldOnlyForTheirPosition() {
    at.auction("1C 1H P 2H P P P"); // 2H by East
    at.playCards(9);
    table.claim(tokens.get(Seat.NORTH), 0, "", 0); // the defence concedes the rest
    long before = table.version();
    SearchFirst first = catchThrowableOfType(SearchFirst.class,
        () -> table.respondToClaim(tokens.get(Seat.EAST), true, 0, Searched.NONE));
    assertThat(first).isNotNull();
    assertThat(table.version()).isEqualTo(before);
    assertThat(logged).hasSize((int) before);
    Searched stale = first.search();

    // South, the claimer's partner, objects (the concession is void) and North concedes again:
    // the game moved on before East's answer was taken, and the search is asked for again.
    table.respondToClaim(tokens.get(Seat.SOUTH), false, 0, Searched.NONE);
    table.claim(tokens.get(Seat.NORTH), 0, "", 0);
    SearchFirst again = catchThrowableOfType(SearchFirst.class,
        () -> table.respondToClaim(tokens.get(Seat.EAST), true, 0, stale));
    assertThat(again).isNotNull();
    Searched found = again.search();

    // South agrees this time and a stream connects: neither is a game event, so the answers
    // stay good, East's answer with the version seen before them is taken, and it settles.
    long expected = table.version();
    table.respondToClaim(tokens.get(Seat.SOUTH), true, expected, Searched.NONE);
    table.setConnected(tokens.get(Seat.WEST), true);
    assertThat(table.version()).isEqualTo(expected + 2);
    long v = table.respondToClaim(tokens.get(Seat.EAST), true, expected, found);
    assertThat(v).isEqualTo(table.version());
    assertThat(table.board().orElseThrow().playIfStarted().orElseThrow().result()).isPresent();
    BoardAction.RespondToClaim answer = (BoardAction.RespondToClaim)
        ((TableEvent.Acted) logged.get(logged.size() - 1)).action();
    assertThat(answer.sure()).isEqualTo(found.sure());
    assertThat(answer.sure().found()).containsOnlyKeys(Side.NS);
    // A retry of the accepted command gets its version back, as any command's does.
    assertThat(table.respondToClaim(tokens.get(Seat.EAST), true, expected, Searched.NONE))
        .isEqualTo(v);
  }

  /**
   * Declarer claims; East's consent leaves the claim waiting for West's, and West, answering
   * with the version from before East's consent, is not refused as stale: the question is the
   * same. The same holds for an undo's two consents.
   */
  @Test
  void oneConsentLeavesTheOtherAnswerCurrent() {
    at.auction("1C 1H P 2H P P P"); // 2H by East
    at.playCards(9);
    long seen = table.claim(tokens.get(Seat.EAST), 4, "", 0);
    accept(Seat.NORTH, seen);
    assertThat(table.board().orElseThrow().playIfStarted().orElseThrow().pendingClaim())
        .isPresent();
    accept(Seat.SOUTH, seen);
    assertThat(table.board().orElseThrow().isOver()).isTrue();

    // The next board, East to deal, takes back 1C; South consents, then North with the older
    // version.
    at.ready(Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST);
    at.call(Seat.EAST, "1C");
    long asked = table.requestUndo(tokens.get(Seat.EAST), 0);
    table.respondToUndo(tokens.get(Seat.SOUTH), true, asked);
    table.respondToUndo(tokens.get(Seat.NORTH), true, asked);
    assertThat(table.board().orElseThrow().auction().calls()).isEmpty();
    // Once granted, the game has moved: a command from before it is stale.
    assertThatThrownBy(() -> table.call(tokens.get(Seat.EAST), Seat.EAST,
        Utterance.of(Call.PASS), Alert.NONE, asked)).hasMessageStartingWith("STALE_VERSION");
  }

  /** {@code seat} accepts the open claim with version {@code seen}, searching when asked to. */
  private void accept(Seat seat, long seen) {
    try {
      table.respondToClaim(tokens.get(seat), true, seen, Searched.NONE);
    } catch (SearchFirst f) {
      f.searchThenTake(found -> table.respondToClaim(tokens.get(seat), true, seen, found));
    }
  }

  /** A command whose game keeps moving under its searches gives up as stale, not for ever. */
  @Test
  void aCommandSearchedForAMovingGameGivesUpAsStale() {
    at.auction("1C 1H P 2H P P P"); // 2H by East
    at.playCards(36);
    table.claim(tokens.get(Seat.NORTH), 0, "", 0);
    SearchFirst first = catchThrowableOfType(SearchFirst.class,
        () -> table.respondToClaim(tokens.get(Seat.EAST), true, 0, Searched.NONE));
    int[] taken = {0};
    TableException stale = catchThrowableOfType(TableException.class,
        () -> first.searchThenTake(s -> {
          taken[0]++;
          throw first; // as if the game had moved on again since each search
        }));
    assertThat(stale.reason()).isEqualTo(TableException.Reason.STALE_VERSION);
    assertThat(taken[0]).isEqualTo(SearchFirst.MAX_SEARCHES);
  }

  /**
   * Laws mode: a disputed claim's Law 70 ruling, decided by the director or by default after his
   * timeout, settles with the search's answers in the log, and a rebuild rules as the table did.
   * The dispute's answer for the claimer's side is reused, not searched again.
   */
  @Test
  void aDisputedClaimsRulingIsLoggedWithItsAnswersAndRebuiltAsItWas() {
    for (boolean byDirector : new boolean[] {true, false}) {
      List<TableEvent> log = new ArrayList<>();
      Seated laws = new Seated("Laws", (id, seq, e) -> log.add(EventCodec.decode(
          EventCodec.encode(e))), clock, Mode.LAWS);
      Table t = laws.table;
      laws.auction("1C 1H P 2H P P P"); // 2H by East
      laws.playCards(20);
      int remaining = 13 - laws.play().completedTricks();
      t.claim(laws.tokens.get(Seat.EAST), 2, "", 0);
      searchingFirst(s -> t.respondToClaim(laws.tokens.get(Seat.SOUTH), false, 0, s));
      BoardAction.RespondToClaim dispute = (BoardAction.RespondToClaim) lastAction(log);
      assertThat(dispute.sure().found()).containsOnlyKeys(Side.EW);
      var ruling = laws.play().rulings().get(laws.play().rulings().size() - 1);
      assertThat(ruling.law()).isEqualTo("70");
      if (byDirector) {
        searchingFirst(s -> t.decide(t.directorToken(), ruling.id(), "1", s));
      } else {
        now = now.plus(Duration.ofDays(2));
        settleOverdue(t);
      }
      BoardAction.Decide decided = (BoardAction.Decide) lastAction(log);
      // East-West's answer is the dispute's; North-South's is searched when they get any.
      int toEastWest = Integer.parseInt(decided.choice());
      assertThat(toEastWest).isLessThan(remaining);
      assertThat(decided.sure().recorded()).isTrue();
      assertThat(decided.sure().found().keySet())
          .isEqualTo(toEastWest == 0 ? java.util.Set.of() : java.util.Set.of(Side.NS));
      Play ruled = laws.play();
      assertThat(ruled.result()).isPresent();
      Table rebuilt = Table.replay("t1", log, EventSink.NONE, clock);
      assertThat(rebuilt.version()).isEqualTo(t.version());
      Play again = rebuilt.board().orElseThrow().playIfStarted().orElseThrow();
      assertThat(again.rulings()).isEqualTo(ruled.rulings());
      assertThat(rebuilt.board().orElseThrow().outcome())
          .isEqualTo(t.board().orElseThrow().outcome());
    }
  }

  private static BoardAction lastAction(List<TableEvent> log) {
    for (int i = log.size() - 1; i >= 0; i--) {
      if (log.get(i) instanceof TableEvent.Acted a) {
        return a.action();
      }
    }
    throw new AssertionError("no action logged");
  }

  /** The log with {@code answer}'s recorded search replaced by {@code sure}, through the codec. */
  private List<TableEvent> withAnswer(BoardAction.RespondToClaim answer, SureTricks sure) {
    return logged.stream().map(e -> e instanceof TableEvent.Acted a && a.action() == answer
        ? EventCodec.decode(EventCodec.encode(new TableEvent.Acted(
            new BoardAction.RespondToClaim(answer.seat(), answer.accept(), sure))))
        : e).toList();
  }

  @Test
  void aRefusedCommandChangesNothingAndLogsNothing() {
    int before = logged.size();
    long version = table.version();
    assertThatThrownBy(() -> call(Seat.EAST, "1C")).hasMessageStartingWith("OUT_OF_TURN");
    assertThatThrownBy(() -> table.call(tokens.get(Seat.NORTH), Seat.SOUTH,
        Utterance.of(Call.parse("1C")), Alert.NONE, 0)).hasMessageStartingWith("NOT_YOUR_SEAT");
    assertThatThrownBy(() -> table.call("forged", Seat.NORTH,
        Utterance.of(Call.parse("1C")), Alert.NONE, 0)).hasMessageStartingWith("TOKEN_INVALID");
    assertThatThrownBy(() -> table.call("", Seat.NORTH,
        Utterance.of(Call.parse("1C")), Alert.NONE, 0)).hasMessageStartingWith("TOKEN_MISSING");
    assertThatThrownBy(() -> table.call(tokens.get(Seat.NORTH), Seat.NORTH,
        Utterance.aboveSeven(8, org.tenace.bridge.auction.Strain.CLUBS), Alert.NONE, 0))
        .hasMessageStartingWith("BID_ABOVE_SEVEN");
    assertThat(logged).hasSize(before);
    assertThat(table.version()).isEqualTo(version);
  }

  @Test
  void aStaleVersionIsRefusedAndARetryIsAnsweredOnce() {
    long v = table.version();
    long after = table.call(tokens.get(Seat.NORTH), Seat.NORTH, Utterance.of(Call.parse("1C")),
        Alert.NONE, v);
    assertThat(table.call(tokens.get(Seat.NORTH), Seat.NORTH, Utterance.of(Call.parse("1C")),
        Alert.NONE, v)).isEqualTo(after);
    assertThat(table.board().orElseThrow().auction().calls()).hasSize(1);
    assertThatThrownBy(() -> table.call(tokens.get(Seat.EAST), Seat.EAST,
        Utterance.of(Call.PASS), Alert.NONE, v)).hasMessageStartingWith("STALE_VERSION");
    assertThatThrownBy(() -> table.call(tokens.get(Seat.EAST), Seat.EAST,
        Utterance.of(Call.PASS), Alert.NONE, after + 5)).hasMessageStartingWith("MALFORMED");
  }

  @Test
  void dummyCannotPlayAndDeclarerPlaysDummysCards() {
    at.auction("1S P P P");
    at.playCards(1); // East leads
    Seat dummy = Seat.SOUTH;
    Card c = at.play().legalCards().cards().get(0);
    assertThat(at.play().turn()).isEqualTo(dummy);
    assertThatThrownBy(() -> table.play(tokens.get(dummy), dummy, c, 0))
        .hasMessageStartingWith("DUMMY_CANNOT_PLAY");
    assertThatThrownBy(() -> table.play(tokens.get(Seat.WEST), dummy, c, 0))
        .hasMessageStartingWith("NOT_YOUR_SEAT");
    table.play(tokens.get(Seat.NORTH), dummy, c, 0);
    assertThat(at.play().cardsPlayed()).isEqualTo(2);
  }

  @Test
  void anUndoNeedsBothOpponentsConsent() {
    call(Seat.NORTH, "1C");
    table.requestUndo(tokens.get(Seat.NORTH), 0);
    assertThatThrownBy(() -> call(Seat.EAST, "P")).hasMessageStartingWith("DECISION_PENDING");
    assertThatThrownBy(() -> table.respondToUndo(tokens.get(Seat.SOUTH), true, 0))
        .hasMessageStartingWith("NOT_ENTITLED");
    table.respondToUndo(tokens.get(Seat.EAST), true, 0);
    assertThat(table.board().orElseThrow().auction().calls()).hasSize(1);
    table.respondToUndo(tokens.get(Seat.WEST), true, 0);
    assertThat(table.board().orElseThrow().auction().calls()).isEmpty();
    call(Seat.NORTH, "1D");
  }

  // A server killed between an event and the one it makes due: the rebuilt table owes the second.

  /** The log as a crash would leave it: cut just after the last event of {@code kind}. */
  private List<TableEvent> cutAfterLast(Class<? extends TableEvent> kind) {
    int last = -1;
    for (int i = 0; i < logged.size(); i++) {
      if (kind.isInstance(logged.get(i))) {
        last = i;
      }
    }
    assertThat(last).as("a %s in the log", kind.getSimpleName()).isNotNegative();
    return List.copyOf(logged.subList(0, last + 1));
  }

  /** The log cut as {@link #cutAfterLast}, rebuilt; what it appends goes to {@code appended}. */
  private Table rebuiltAfterCrash(Class<? extends TableEvent> kind, List<TableEvent> appended) {
    List<TableEvent> cut = cutAfterLast(kind);
    return Table.replay("t1", cut, (id, seq, e) -> {
      assertThat(seq).isEqualTo(cut.size() + appended.size() + 1);
      appended.add(e);
    }, clock);
  }

  @Test
  void aCrashAfterTheFourthSeatIsTakenStillStartsTheFirstBoard() {
    List<TableEvent> appended = new ArrayList<>();
    Table t = rebuiltAfterCrash(TableEvent.Joined.class, appended);
    assertThat(appended).singleElement().isInstanceOf(TableEvent.BoardStarted.class);
    assertThat(t.boardSetup().orElseThrow().number()).isEqualTo(1);
    assertThat(t.board().orElseThrow().auction().turn()).isEqualTo(Seat.NORTH);
  }

  @Test
  void aCrashAfterTheFourthReadyStillStartsTheNextBoard() {
    at.auction("P P P P");
    at.ready(Seat.values());
    assertThat(table.boardSetup().orElseThrow().number()).isEqualTo(2);

    List<TableEvent> appended = new ArrayList<>();
    Table t = rebuiltAfterCrash(TableEvent.ReadyMarked.class, appended);
    assertThat(appended).singleElement().isInstanceOf(TableEvent.BoardStarted.class);
    assertThat(t.boardSetup().orElseThrow().number()).isEqualTo(2);
    assertThat(t.board().orElseThrow().isOver()).isFalse();
    // Seeded: the board dealt after the restart is the one the table would have dealt.
    assertThat(t.boardSetup().orElseThrow().deal()).isEqualTo(table.boardSetup().orElseThrow().deal());
  }

  @Test
  void aCrashAfterTheSecondConsentStillTakesTheCallBack() {
    call(Seat.NORTH, "1C");
    table.requestUndo(tokens.get(Seat.NORTH), 0);
    table.respondToUndo(tokens.get(Seat.EAST), true, 0);
    table.respondToUndo(tokens.get(Seat.WEST), true, 0);

    List<TableEvent> appended = new ArrayList<>();
    Table t = rebuiltAfterCrash(TableEvent.UndoAnswered.class, appended);
    assertThat(appended).singleElement().isInstanceOf(TableEvent.Acted.class);
    assertThat(t.board().orElseThrow().auction().calls()).isEmpty();
    assertThat(t.undoRequester()).isEmpty();
    assertThat(t.version()).isEqualTo(table.version());
  }

  @Test
  void aRebuiltTableThatOwesNothingAppendsNothing() {
    call(Seat.NORTH, "1C");
    table.requestUndo(tokens.get(Seat.NORTH), 0);
    table.respondToUndo(tokens.get(Seat.EAST), true, 0); // one consent of two: nothing due
    Table t = Table.replay("t1", logged, (id, seq, e) -> {
      throw new AssertionError("appended " + e);
    }, clock);
    assertThat(t.undoRequester()).contains(Seat.NORTH);
    assertThat(t.version()).isEqualTo(table.version());
  }

  @Test
  void aRefusedUndoLeavesTheCall() {
    call(Seat.NORTH, "1C");
    table.requestUndo(tokens.get(Seat.NORTH), 0);
    table.respondToUndo(tokens.get(Seat.WEST), false, 0);
    assertThat(table.undoRequester()).isEmpty();
    assertThat(table.board().orElseThrow().auction().calls()).containsExactly(Call.parse("1C"));
  }

  @Test
  void aSeatIsTakenOnceAndKibitzersTakeNone() {
    assertThatThrownBy(() -> table.join(Role.PLAYER, Optional.of(Seat.NORTH), "X", false, ""))
        .hasMessageStartingWith("SEAT_TAKEN");
    Holder k = table.join(Role.KIBITZER, Optional.empty(), "Kib", false, "");
    assertThat(k.role()).isEqualTo(Role.KIBITZER);
    assertThatThrownBy(() -> table.call(k.token(), Seat.NORTH, Utterance.of(Call.PASS),
        Alert.NONE, 0)).hasMessageStartingWith("NOT_YOUR_SEAT");
  }

  @Test
  void aRetriedJoinWithTheSameRequestIdGetsTheSameToken() {
    Table t = Table.create("t2", "x", TableSettings.defaults(Mode.ONLINE), new DealSource.Secure(),
        EventSink.NONE, clock);
    Holder a = t.join(Role.PLAYER, Optional.of(Seat.EAST), "Ann", false, "req-1");
    Holder b = t.join(Role.PLAYER, Optional.of(Seat.EAST), "Ann", false, "req-1");
    assertThat(b.token()).isEqualTo(a.token());
  }

  @Test
  void theTableClosesAfterItsBoards() {
    Table t = Table.create("t3", "x", TableSettings.defaults(Mode.ONLINE).withBoards(5, 1),
        new DealSource.Seeded(7), EventSink.NONE, clock);
    Map<Seat, String> tok = seatFour(t);
    assertThat(t.boardSetup().orElseThrow().number()).isEqualTo(5);
    passOutAndReady(t, tok);
    assertThat(t.status()).isEqualTo(Table.Status.CLOSED);
  }

  @Test
  void rubberVulnerabilityFollowsTheGamesWon() {
    Table t = Table.create("t4", "x", TableSettings.defaults(Mode.ONLINE)
            .withScoring(TableSettings.ScoringMethod.RUBBER), new DealSource.Seeded(3),
        EventSink.NONE, clock);
    Map<Seat, String> tok = seatFour(t);
    // Deal 1, North deals: 3NT by North, conceded by the defence at once.
    t.call(tok.get(Seat.NORTH), Seat.NORTH, Utterance.of(Call.parse("3NT")), Alert.NONE, 0);
    for (Seat s : List.of(Seat.EAST, Seat.SOUTH, Seat.WEST)) {
      t.call(tok.get(s), s, Utterance.of(Call.PASS), Alert.NONE, 0);
    }
    Play p = t.board().orElseThrow().playIfStarted().orElseThrow();
    t.play(tok.get(Seat.EAST), Seat.EAST, p.legalCards().cards().get(0), 0);
    t.claim(tok.get(Seat.EAST), 0, "", 0);
    searchingFirst(s -> t.respondToClaim(tok.get(Seat.NORTH), true, 0, s));
    assertThat(t.board().orElseThrow().outcome().orElseThrow().declarerTricks()).isEqualTo(13);
    for (Seat s : Seat.values()) {
      t.markReady(tok.get(s), 0);
    }
    assertThat(t.boardSetup().orElseThrow().dealer()).isEqualTo(Seat.EAST);
    assertThat(t.boardSetup().orElseThrow().vulnerability().isVulnerable(Side.NS)).isTrue();
    assertThat(t.boardSetup().orElseThrow().vulnerability().isVulnerable(Side.EW)).isFalse();
  }

  @Test
  void aGatingRulingTakesItsDefaultAfterTheDirectorsTimeout() {
    Table t = Table.create("t5", "x", TableSettings.defaults(Mode.LAWS), new DealSource.Seeded(1),
        EventSink.NONE, clock);
    Map<Seat, String> tok = seatFour(t);
    // N changes 1H to 1S before S calls: a Law 25A ruling.
    t.call(tok.get(Seat.NORTH), Seat.NORTH, Utterance.of(Call.parse("1H")), Alert.NONE, 0);
    t.call(tok.get(Seat.NORTH), Seat.NORTH, Utterance.of(Call.parse("1S")), Alert.NONE, 0);
    assertThat(t.awaitsDirector()).isTrue();
    settleOverdue(t);
    assertThat(t.awaitsDirector()).isTrue();
    now = now.plus(Duration.ofSeconds(61));
    settleOverdue(t);
    assertThat(t.awaitsDirector()).isFalse();
  }

  /** The timer's call: the default, searched first on this thread if it needs the search. */
  private static void settleOverdue(Table t) {
    searchingFirst(s -> {
      t.settleOverdue(s);
      return null;
    });
  }
}
