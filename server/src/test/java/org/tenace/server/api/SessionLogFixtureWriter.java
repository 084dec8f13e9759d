package org.tenace.server.api;

import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.tenace.proto.v1.AbortSessionRequest;
import org.tenace.proto.v1.ArtificialAverage;
import org.tenace.proto.v1.ArtificialScore;
import org.tenace.proto.v1.AssignAdjustedScoreRequest;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.EndRoundRequest;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.ReplaceByRobotRequest;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.StoredEvent;

/** Writes SessionLogFixtureTest's fixture with today's code (-Dtenace.sessionFixture=DIR). */
@EnabledIfSystemProperty(named = "tenace.sessionFixture", matches = ".+")
class SessionLogFixtureWriter {
  @Test
  void write() throws Exception {
    Path out = Path.of(System.getProperty("tenace.sessionFixture"));
    Files.createDirectories(out);
    String url = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    TenaceServer server = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)), url, true);
    var channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext()
        .build();
    var stub = SessionServiceGrpc.newBlockingStub(channel);
    Map<String, String> directors = new TreeMap<>();
    // A finished Howell: round 1 ended and adjusted by the director, round 2 played by robots.
    var a = stub.createSession(CreateSessionRequest.newBuilder().setName("Fixture pairs")
        .setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2).setRounds(2)
        .setBoardsPerRound(1).setRobots(true).setDealSeed(7).build());
    String ida = a.getSessionId();
    directors.put(ida, a.getDirectorToken());
    var da = SessionLogFixtureTest.as(stub, a.getDirectorToken());
    stub.joinSession(JoinSessionRequest.newBuilder().setSessionId(ida).setPair(1).setName("Ann")
        .setRobotPartner(true).build());
    stub.joinSession(JoinSessionRequest.newBuilder().setSessionId(ida).setPair(2)
        .setName("Bob - Robot").build());
    da.startSession(StartSessionRequest.newBuilder().setSessionId(ida).build());
    ArtificialScore plusMinus = ArtificialScore.newBuilder()
        .setNorthSouth(ArtificialAverage.ARTIFICIAL_AVERAGE_PLUS)
        .setEastWest(ArtificialAverage.ARTIFICIAL_AVERAGE_MINUS).build();
    ArtificialScore even = ArtificialScore.newBuilder()
        .setNorthSouth(ArtificialAverage.ARTIFICIAL_AVERAGE_PLAIN)
        .setEastWest(ArtificialAverage.ARTIFICIAL_AVERAGE_PLAIN).build();
    // Round 1: pairs 1 and 2 are people nobody plays, so their tables wait.
    da.endRound(EndRoundRequest.newBuilder().setSessionId(ida).setRound(1).setScore(plusMinus)
        .build());
    da.assignAdjustedScore(AssignAdjustedScoreRequest.newBuilder().setSessionId(ida)
        .setRound(1).setTable(2).setBoard(1).setScore(even).build());
    da.replaceByRobot(ReplaceByRobotRequest.newBuilder().setSessionId(ida).setPair(1).build());
    da.replaceByRobot(ReplaceByRobotRequest.newBuilder().setSessionId(ida).setPair(2).build());
    Iterator<WatchSessionResponse> w = da.watchSession(
        WatchSessionRequest.newBuilder().setSessionId(ida).build());
    WatchSessionResponse last = null;
    while (w.hasNext()) {
      last = w.next();
    }
    if (last.getStatus().getState() != SessionState.SESSION_STATE_FINISHED) {
      throw new IllegalStateException("not finished: " + last);
    }
    // A session started with one pair and aborted.
    var b = stub.createSession(CreateSessionRequest.newBuilder().setName("Fixture aborted")
        .setMovement(MovementType.MOVEMENT_TYPE_MITCHELL).setTables(3).setBoardsPerRound(1)
        .setRobots(true).setDealSeed(8).build());
    directors.put(b.getSessionId(), b.getDirectorToken());
    stub.joinSession(JoinSessionRequest.newBuilder().setSessionId(b.getSessionId()).setPair(3)
        .setName("Cy - Di").build());
    var db = SessionLogFixtureTest.as(stub, b.getDirectorToken());
    db.startSession(StartSessionRequest.newBuilder().setSessionId(b.getSessionId()).build());
    db.abortSession(AbortSessionRequest.newBuilder().setSessionId(b.getSessionId()).build());
    String described = SessionLogFixtureTest.describe(stub, directors);
    channel.shutdownNow();
    server.close();

    List<StoredEvent> sessions = new ArrayList<>();
    try (EventStore store = EventStore.open(url)) {
      store.loadAll().forEach((stream, events) -> {
        if (stream.startsWith(SessionLog.PREFIX)) {
          sessions.addAll(events);
        }
      });
    }
    Files.writeString(out.resolve("sessions.txt"), SessionLogFixtureTest.write(sessions),
        StandardCharsets.UTF_8);
    StringBuilder d = new StringBuilder();
    directors.forEach((id, t) -> d.append(id).append(' ').append(t).append('\n'));
    Files.writeString(out.resolve("directors.txt"), d, StandardCharsets.UTF_8);
    Files.writeString(out.resolve("expected.txt"), described, StandardCharsets.UTF_8);
  }
}
