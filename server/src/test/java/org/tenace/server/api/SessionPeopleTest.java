package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.tenace.server.session.SessionServer.as;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.JoinSessionResponse;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.PairEntry;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.SeatTicket;
import org.tenace.proto.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.SubstitutePlayerRequest;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.server.session.SessionServer;

/**
 * Two people to a pair: each partner joins with a name and a token of their own and is handed
 * their own seat only; the director seats a substitute, who takes the seat in play, and the
 * player replaced is told so in words; all of it comes back the same after a restart.
 */
class SessionPeopleTest {
  @RegisterExtension final SessionServer at = new SessionServer();

  private static JoinSessionRequest join(String id, int pair, String name, Seat seat) {
    return JoinSessionRequest.newBuilder().setSessionId(id).setPair(pair).setName(name)
        .setSeat(seat).build();
  }

  /** The first status of a token's stream (its seats this round). */
  private static WatchSessionResponse first(SessionServiceBlockingStub stub, String id,
      String token) {
    Iterator<WatchSessionResponse> w = as(stub.withDeadlineAfter(30, TimeUnit.SECONDS), token)
        .watchSession(WatchSessionRequest.newBuilder().setSessionId(id).build());
    return w.next();
  }

  private CreateSessionResponse howell(SessionServiceBlockingStub stub) {
    return stub.createSession(CreateSessionRequest.newBuilder().setName("Club")
        .setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2).setRounds(2)
        .setBoardsPerRound(1).setRobots(true).setDealSeed(3).build());
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void eachPartnerJoinsWithTheirOwnTokenAndIsHandedTheirOwnSeatOnly() {
    var stub = at.start();
    CreateSessionResponse created = howell(stub);
    String id = created.getSessionId();
    JoinSessionResponse ann = stub.joinSession(join(id, 2, "Ann", Seat.SEAT_NORTH));
    // Bob names no seat: he takes the one his partner left.
    JoinSessionResponse bob = stub.joinSession(join(id, 2, "Bob", Seat.SEAT_UNSPECIFIED));
    assertThat(ann.getPair()).isEqualTo(2);
    assertThat(bob.getPair()).isEqualTo(2);
    assertThat(bob.getToken()).isNotEqualTo(ann.getToken());
    assertThatThrownBy(() -> stub.joinSession(join(id, 2, "Cy", Seat.SEAT_SOUTH)))
        .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
          assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.ALREADY_EXISTS);
          assertThat(e.getStatus().getDescription())
              .contains("pair 2's South or West seat is taken by Bob");
        });
    as(stub, created.getDirectorToken()).startSession(
        StartSessionRequest.newBuilder().setSessionId(id).build());

    WatchSessionResponse a = first(stub, id, ann.getToken());
    WatchSessionResponse b = first(stub, id, bob.getToken());
    assertThat(a.getStatus().getEntriesList()).extracting(PairEntry::getName)
        .containsExactly("Ann - Bob");
    assertThat(a.getSeatsList()).singleElement()
        .satisfies(t -> assertThat(t.getSeat()).isIn(Seat.SEAT_NORTH, Seat.SEAT_EAST));
    assertThat(b.getSeatsList()).singleElement()
        .satisfies(t -> assertThat(t.getSeat()).isIn(Seat.SEAT_SOUTH, Seat.SEAT_WEST));
    assertThat(b.getSeats(0).getTableId()).isEqualTo(a.getSeats(0).getTableId());
    assertThat(b.getSeats(0).getToken()).isNotEqualTo(a.getSeats(0).getToken());

    // After a restart each keeps their own seat.
    at.close();
    var again = at.start();
    WatchSessionResponse b2 = first(again, id, bob.getToken());
    assertThat(b2.getSeatsList()).singleElement().isEqualTo(b.getSeats(0));
    assertThat(b2.getStatus().getEntriesList()).extracting(PairEntry::getName)
        .containsExactly("Ann - Bob");
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void theDirectorSeatsASubstituteAndThePlayerReplacedIsToldSo() throws Exception {
    var stub = at.start();
    CreateSessionResponse created = howell(stub);
    String id = created.getSessionId();
    var director = as(stub, created.getDirectorToken());
    JoinSessionResponse ann = stub.joinSession(join(id, 1, "Ann", Seat.SEAT_NORTH));
    JoinSessionResponse bob = stub.joinSession(join(id, 1, "Bob", Seat.SEAT_SOUTH));
    director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    SeatTicket bobsSeat = first(stub, id, bob.getToken()).getSeats(0);

    LinkedBlockingQueue<WatchSessionResponse> bobHears = new LinkedBlockingQueue<>();
    LinkedBlockingQueue<Status> bobsEnd = new LinkedBlockingQueue<>();
    as(SessionServiceGrpc.newStub(at.channel()), bob.getToken()).watchSession(
        WatchSessionRequest.newBuilder().setSessionId(id).build(), new StreamObserver<>() {
          @Override
          public void onNext(WatchSessionResponse r) {
            bobHears.add(r);
          }

          @Override
          public void onError(Throwable t) {
            bobsEnd.add(Status.fromThrowable(t));
          }

          @Override
          public void onCompleted() {
            bobsEnd.add(Status.OK);
          }
        });
    await().atMost(Duration.ofSeconds(30)).until(() -> !bobHears.isEmpty());
    // Bob at his table: its stream will end saying why.
    LinkedBlockingQueue<Status> bobsTableEnd = new LinkedBlockingQueue<>();
    java.util.concurrent.atomic.AtomicBoolean bobWatches =
        new java.util.concurrent.atomic.AtomicBoolean();
    as(org.tenace.proto.v1.TableServiceGrpc.newStub(at.channel()), bobsSeat.getToken())
        .watchTable(org.tenace.proto.v1.WatchTableRequest.newBuilder()
            .setTableId(bobsSeat.getTableId()).build(), new StreamObserver<>() {
              @Override
              public void onNext(org.tenace.proto.v1.WatchTableResponse r) {
                bobWatches.set(true);
              }

              @Override
              public void onError(Throwable t) {
                bobsTableEnd.add(Status.fromThrowable(t));
              }

              @Override
              public void onCompleted() {
                bobsTableEnd.add(Status.OK);
              }
            });

    // The substitute only once Bob's watch has begun: a watch asked for after he was replaced
    // is a stranger's, refused as one.
    await().atMost(Duration.ofSeconds(30)).untilTrue(bobWatches);
    var done = director.substitutePlayer(SubstitutePlayerRequest.newBuilder().setSessionId(id)
        .setPair(1).setSeat(Seat.SEAT_WEST).build());
    assertThat(done.getDone()).contains("waits for its substitute");
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(bobsEnd).isNotEmpty());
    assertThat(bobsEnd.peek().isOk()).isTrue();
    // The table's stream says he was replaced (not that he left): the code, and the words.
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(bobsTableEnd)
        .as("Bob's table stream, waiting for its end").isNotEmpty());
    assertThat(bobsTableEnd.peek().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
    assertThat(bobsTableEnd.peek().getDescription()).isEqualTo(
        "SEAT_REPLACED: the director has seated a substitute in your place");
    // A client of Bob's that comes back later is told the same, not that its token is unknown.
    var bobsTable = as(org.tenace.proto.v1.TableServiceGrpc.newBlockingStub(at.channel()),
        bobsSeat.getToken());
    assertThatThrownBy(() -> bobsTable.watchTable(org.tenace.proto.v1.WatchTableRequest
        .newBuilder().setTableId(bobsSeat.getTableId()).build()).next())
        .isInstanceOfSatisfying(StatusRuntimeException.class, e -> assertThat(e.getStatus()
            .getDescription()).isEqualTo(
                "SEAT_REPLACED: the director has seated a substitute in your place"));
    assertThat(bobHears.stream().map(WatchSessionResponse::getNotice).toList())
        .contains("The director has seated a substitute in your place (pair 1, South or West):"
            + " you may leave now. Your pair's results stay with it.");
    assertThatThrownBy(() -> first(stub, id, bob.getToken()))
        .isInstanceOfSatisfying(StatusRuntimeException.class, e -> assertThat(
            e.getStatus().getDescription()).contains("seated a substitute in your place"));
    // Ann's seat stays hers.
    assertThat(first(stub, id, ann.getToken()).getSeatsList()).hasSize(1);

    // Cy takes the seat in play, at the same table.
    JoinSessionResponse cy = stub.joinSession(join(id, 1, "Cy", Seat.SEAT_UNSPECIFIED));
    assertThat(cy.getPair()).isEqualTo(1);
    WatchSessionResponse c = first(stub, id, cy.getToken());
    assertThat(c.getSeatsList()).singleElement().satisfies(t -> {
      assertThat(t.getTableId()).isEqualTo(bobsSeat.getTableId());
      assertThat(t.getSeat()).isEqualTo(bobsSeat.getSeat());
      assertThat(t.getToken()).isNotEqualTo(bobsSeat.getToken());
    });
    assertThat(c.getStatus().getEntriesList()).extracting(PairEntry::getName)
        .containsExactly("Ann - Cy");

    // A robot may take Ann's seat instead: her token is void too.
    director.substitutePlayer(SubstitutePlayerRequest.newBuilder().setSessionId(id).setPair(1)
        .setSeat(Seat.SEAT_NORTH).setRobot(true).build());
    assertThatThrownBy(() -> first(stub, id, ann.getToken()))
        .isInstanceOf(StatusRuntimeException.class);
    WatchSessionResponse after = first(stub, id, cy.getToken());
    assertThat(after.getStatus().getEntriesList()).extracting(PairEntry::getName)
        .containsExactly("Robot - Cy");
    // The director's stream lists what the director did, in words; a player's never does.
    List<String> actions = first(stub, id, created.getDirectorToken()).getStatus()
        .getDirectorActionsList();
    assertThat(actions).containsExactly(
        "pair 1's South or West seat is taken from its player for a substitute",
        "Cy takes pair 1's South or West seat as the substitute",
        "pair 1's North or East seat is taken from its player for a substitute",
        "a robot plays pair 1's North or East seat as the substitute");
    assertThat(after.getStatus().getDirectorActionsList()).isEmpty();

    // The same after a restart.
    at.close();
    var again = at.start();
    assertThat(first(again, id, created.getDirectorToken()).getStatus()
        .getDirectorActionsList()).isEqualTo(actions);
    WatchSessionResponse c2 = first(again, id, cy.getToken());
    assertThat(c2.getSeatsList()).singleElement().isEqualTo(c.getSeats(0));
    assertThat(c2.getStatus().getEntriesList()).extracting(PairEntry::getName)
        .containsExactly("Robot - Cy");
    List<org.tenace.server.table.Holder> holders = at.server().tables()
        .require(c.getSeats(0).getTableId()).table().holders();
    assertThat(holders).filteredOn(h -> h.seat().isPresent()
        && h.role() == org.tenace.server.table.Role.PLAYER).hasSize(4);
  }
}
