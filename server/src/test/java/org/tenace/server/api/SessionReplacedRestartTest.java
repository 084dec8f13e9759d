package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.MetadataUtils;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.server.application.SessionLog;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.StoredEvent;

/**
 * A server that stopped after logging a pair's replacement by robots but before seating them
 * (the log comes first) seats them when it starts again, on a real server and an H2 store on
 * disk: the pair's seats go to robots and the session plays to its end.
 */
class SessionReplacedRestartTest {
  private static final Metadata.Key<String> AUTH =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  @TempDir Path dir;
  private TenaceServer server;
  private ManagedChannel channel;

  private String url() {
    return "jdbc:h2:file:" + dir.resolve("tenace") + ";DB_CLOSE_ON_EXIT=FALSE";
  }

  private SessionServiceBlockingStub start() {
    server = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)), url());
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
    return SessionServiceGrpc.newBlockingStub(channel);
  }

  private void stop() {
    if (channel != null) {
      channel.shutdownNow();
    }
    if (server != null) {
      server.close();
    }
  }

  @AfterEach
  void tearDown() {
    stop();
  }

  private static SessionServiceBlockingStub as(SessionServiceBlockingStub stub, String token) {
    Metadata m = new Metadata();
    m.put(AUTH, "Bearer " + token);
    return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(m));
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aPairReplacedJustBeforeAStopGetsItsRobotsWhenTheServerStartsAgain() {
    var stub = start();
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Restart").setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2)
        .setBoardsPerRound(1).setRobots(true).setDealSeed(12).build());
    String id = created.getSessionId();
    var director = as(stub, created.getDirectorToken());
    stub.joinSession(JoinSessionRequest.newBuilder().setSessionId(id).setPair(1)
        .setName("Al - Bea").build());
    director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    stop();

    // The replacement is logged, and the server stops before its table work: pair 1 still
    // holds its seats.
    EventStore store = EventStore.open(url());
    List<StoredEvent> log = store.loadAll().get(SessionLog.PREFIX + id);
    store.append(new StoredEvent(SessionLog.PREFIX + id, log.get(log.size() - 1).seq() + 1,
        System.currentTimeMillis(), SessionCodec.INSTANCE.encode(new SessionLog.Replaced(1))));
    store.close();

    Iterator<WatchSessionResponse> watch = as(start(), created.getDirectorToken())
        .watchSession(WatchSessionRequest.newBuilder().setSessionId(id).build());
    WatchSessionResponse last = null;
    while (watch.hasNext()) {
      last = watch.next();
    }
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);
    assertThat(last.getStatus().getBoardsFinished()).isEqualTo(6);
  }
}
