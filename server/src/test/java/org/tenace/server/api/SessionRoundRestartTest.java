package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.server.session.SessionServer.as;
import static org.tenace.server.session.SessionServer.untilEnd;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.bridge.card.Seat;
import org.tenace.server.application.SessionLog;
import org.tenace.server.application.Tables;
import org.tenace.server.session.SessionServer;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.StoredEvent;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Role;

/**
 * A server that stopped between two rounds of a session of robots (the last board of round 1
 * logged, round 2 not yet opened) opens round 2 when it starts again, with one robot at each of
 * its seats, each played by one robot only, and the session plays to its end; a board only its
 * table logged before the crash is counted too.
 */
class SessionRoundRestartTest {
  @TempDir Path dir;
  @RegisterExtension final SessionServer at = new SessionServer();

  private String url(String name) {
    return SessionServer.url(dir, name);
  }

  /** A finished session of robots: two tables, two rounds of one board each. */
  private CreateSessionResponse playedSession() {
    var stub = at.start(url("played"));
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Between rounds").setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2)
        .setRounds(2).setBoardsPerRound(1).setRobots(true).setDealSeed(5).build());
    String id = created.getSessionId();
    var director = as(stub, created.getDirectorToken());
    director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    assertThat(untilEnd(director, id).getStatus().getState())
        .isEqualTo(SessionState.SESSION_STATE_FINISHED);
    at.close();
    return created;
  }

  /**
   * Writes store "cut" as a crash leaves it: the session's log up to the first event
   * {@code crash} names (not included), and the whole logs of round 1's tables, whose ids are
   * returned.
   */
  private Set<String> cut(String id, Predicate<SessionLog.Event> crash) {
    EventStore played = EventStore.open(url("played"));
    Map<String, List<StoredEvent>> all = played.loadAll();
    played.close();
    EventStore cut = EventStore.open(url("cut"));
    Set<String> roundOne = new HashSet<>();
    for (StoredEvent e : all.get(SessionLog.PREFIX + id)) {
      SessionLog.Event ev = SessionCodec.INSTANCE.decode(e.payload());
      if (crash.test(ev)) {
        break;
      }
      if (ev instanceof SessionLog.Opened o) {
        roundOne.addAll(o.tableIds().values());
      }
      cut.append(e);
    }
    assertThat(roundOne).hasSize(2);
    for (String table : roundOne) {
      all.get(table).forEach(cut::append);
    }
    cut.close();
    return roundOne;
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aRestartBetweenRoundsSeatsAndDrivesEachRobotOfTheNextRoundOnce() {
    CreateSessionResponse created = playedSession();
    // Every board of round 1 logged, round 2 not yet opened.
    Set<String> roundOne = cut(created.getSessionId(),
        ev -> ev instanceof SessionLog.Opened o && o.round() == 2);

    var again = as(at.start(url("cut")), created.getDirectorToken());
    WatchSessionResponse last = untilEnd(again, created.getSessionId());
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(4);
    // Round 2's two tables, four robots each: each seat held by one robot, played by one.
    List<Tables.Entry> roundTwo = at.server().tables().all().stream()
        .filter(e -> !roundOne.contains(e.table().id())).toList();
    assertThat(roundTwo).hasSize(2);
    for (Tables.Entry e : roundTwo) {
      List<Holder> players = e.table().holders().stream()
          .filter(h -> h.role() == Role.PLAYER).toList();
      assertThat(players).allMatch(Holder::robot);
      assertThat(players.stream().map(h -> h.seat().orElseThrow()))
          .containsExactlyInAnyOrder(Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST);
    }
    assertThat(at.server().robots().started()).isEqualTo(8);
  }

  /**
   * The server died between a table's append of its last board and the session's: the session's
   * log lacks that board, which only the table's log has. It is read again from there, so the
   * round ends and the session plays to its end, the board counted once.
   */
  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aBoardTheSessionDidNotLogBeforeACrashIsReadAgainFromItsTable() {
    CreateSessionResponse created = playedSession();
    AtomicInteger played = new AtomicInteger();
    cut(created.getSessionId(),
        ev -> ev instanceof SessionLog.Played && played.incrementAndGet() == 2);

    var again = as(at.start(url("cut")), created.getDirectorToken());
    WatchSessionResponse last = untilEnd(
        again.withDeadlineAfter(60, TimeUnit.SECONDS), created.getSessionId());
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(4);
    GetResultsResponse results = again.getResults(
        GetResultsRequest.newBuilder().setSessionId(created.getSessionId()).build());
    assertThat(results.getTravellersList()).hasSize(2)
        .allSatisfy(t -> assertThat(t.getLinesList()).hasSize(2));
  }
}
