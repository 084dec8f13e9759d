package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.ManagedChannel;
import io.grpc.ServerBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.AbstractStub;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.tenace.client.Bearer;
import org.tenace.movement.Movement;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.JoinSessionResponse;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.ReplaceByRobotRequest;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.Traveller;
import org.tenace.proto.v1.TravellerLine;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.bridge.event.Checker;
import org.tenace.bridge.event.EventReader;
import org.tenace.server.api.TenaceServer;

/**
 * The tests' restartable server: a real one on a loopback port over an H2 store on disk (in a
 * folder of its own, made before each test and deleted after it), started (and started again on
 * the same store, for a restart) by the test, stopped after it. Register it with
 * {@code @RegisterExtension}; the session tests' requests and waits are here too.
 */
public final class SessionServer implements BeforeEachCallback, AfterEachCallback, AutoCloseable {
  private Path dir;
  private TenaceServer server;
  private ManagedChannel channel;

  /** The JDBC URL of the H2 store {@code name} in {@code dir}, kept on disk across a restart. */
  public static String url(Path dir, String name) {
    return "jdbc:h2:file:" + dir.resolve(name) + ";DB_CLOSE_ON_EXIT=FALSE";
  }

  /** The JDBC URL of this test's own H2 store. */
  public String url() {
    return url(dir, "tenace");
  }

  /** Starts a server over this test's own store and a channel to it. */
  public SessionServiceBlockingStub start() {
    return start(dir);
  }

  /** Starts a server over the store in {@code dir} and a channel to it. */
  public SessionServiceBlockingStub start(Path dir) {
    return start(url(dir, "tenace"));
  }

  /** Starts a server over the store at {@code jdbcUrl} and a channel to it. */
  public SessionServiceBlockingStub start(String jdbcUrl) {
    return start(builder -> TenaceServer.start(builder, jdbcUrl));
  }

  /**
   * Starts the server {@code launch} makes on a loopback port's builder (a test's own store,
   * limits, pace or robot level), and a channel to it.
   */
  public SessionServiceBlockingStub start(Function<ServerBuilder<?>, TenaceServer> launch) {
    server = launch.apply(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
    return SessionServiceGrpc.newBlockingStub(channel);
  }

  /**
   * Starts a server over this test's own store and creates the session {@code request} asks for
   * on it: the opening every session test shares.
   */
  public Opened open(CreateSessionRequest request) {
    var stub = start();
    CreateSessionResponse created = stub.createSession(request);
    return new Opened(stub, created.getSessionId(), created.getDirectorToken());
  }

  /**
   * Stops the server and starts it again on this test's own store: {@code session} on the
   * restarted server.
   */
  public Opened restart(Opened session) {
    close();
    return new Opened(start(), session.id(), session.directorToken());
  }

  /**
   * A session created on the server: the stub without a token it was created with, its id, and
   * its director's token.
   */
  public record Opened(SessionServiceBlockingStub stub, String id, String directorToken) {
    /** The stub sending the director's token. */
    public SessionServiceBlockingStub director() {
      return as(stub, directorToken);
    }

    /** Pair {@code pair} joins the session as {@code name}. */
    public JoinSessionResponse join(int pair, String name) {
      return stub.joinSession(JoinSessionRequest.newBuilder().setSessionId(id).setPair(pair)
          .setName(name).build());
    }

    /** The director starts the session. */
    public void start() {
      director().startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    }

    /** The session's stream, as the director watches it. */
    public Iterator<WatchSessionResponse> watch() {
      return watchAs(directorToken);
    }

    /** The session's stream, as the holder of {@code token} (a player or the director) sees it. */
    public Iterator<WatchSessionResponse> watchAs(String token) {
      return as(stub, token).watchSession(
          WatchSessionRequest.newBuilder().setSessionId(id).build());
    }

    /** The director hands pair {@code pair}'s seats to robots. */
    public void replaceByRobot(int pair) {
      director().replaceByRobot(ReplaceByRobotRequest.newBuilder().setSessionId(id).setPair(pair)
          .build());
    }

    /** The director starts the session and watches it to its end: the last message. */
    public WatchSessionResponse playToEnd() {
      start();
      return untilEnd(watch());
    }

    /** The session's results, asked for without a token. */
    public GetResultsResponse results() {
      return stub.getResults(GetResultsRequest.newBuilder().setSessionId(id).build());
    }
  }

  /**
   * Stops the server and starts it again on the store in {@code dir}: session {@code id}'s
   * results as the restarted server gives them.
   */
  public GetResultsResponse resultsAfterRestart(Path dir, String id) {
    close();
    return start(dir).getResults(GetResultsRequest.newBuilder().setSessionId(id).build());
  }

  /** As {@link #resultsAfterRestart(Path, String)}, on this test's own store. */
  public GetResultsResponse resultsAfterRestart(String id) {
    return resultsAfterRestart(dir, id);
  }

  public TenaceServer server() {
    return server;
  }

  public ManagedChannel channel() {
    return channel;
  }

  /** Stops the channel and the server (the store stays, for a restart). */
  @Override
  public void close() {
    if (server != null) { // started: with its channel
      channel.shutdownNow();
      server.close();
      channel = null;
      server = null;
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    dir = Files.createTempDirectory("tenace-session");
  }

  @Override
  public void afterEach(ExtensionContext context) throws IOException {
    close();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(f);
      }
    }
  }

  /**
   * {@code call} is refused with {@code code}, its description starting with
   * {@code description} (the reason's code and its words).
   */
  public static void refused(ThrowingCallable call, Status.Code code, String description) {
    assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
      assertThat(e.getStatus().getCode()).isEqualTo(code);
      assertThat(e.getStatus().getDescription()).startsWith(description);
    });
  }

  /** {@code stub} sending {@code token} as its bearer token. */
  public static <S extends AbstractStub<S>> S as(S stub, String token) {
    return stub.withInterceptors(Bearer.of(token));
  }

  /** A session of robots, {@code tables} tables of {@code movement}, one board a round. */
  public static CreateSessionRequest robots(String name, MovementType movement, int tables,
      long seed) {
    return CreateSessionRequest.newBuilder().setName(name).setMovement(movement)
        .setTables(tables).setBoardsPerRound(1).setRobots(true).setDealSeed(seed).build();
  }

  /** Session {@code id} watched by {@code director} until its stream ends: the last message. */
  public static WatchSessionResponse untilEnd(SessionServiceBlockingStub director, String id) {
    return untilEnd(director.watchSession(
        WatchSessionRequest.newBuilder().setSessionId(id).build()));
  }

  /** The rest of {@code watch}, until the stream ends: its last message. */
  public static WatchSessionResponse untilEnd(Iterator<WatchSessionResponse> watch) {
    WatchSessionResponse last = null;
    while (watch.hasNext()) {
      last = watch.next();
    }
    return last;
  }

  /** {@code pbn}, a session's hand record, reads without a diagnostic and checks out. */
  public static void assertChecks(String pbn) {
    var read = EventReader.read(pbn.getBytes(StandardCharsets.ISO_8859_1), "s.pbn");
    assertThat(read.diagnostics()).isEmpty();
    assertThat(Checker.check(read.event(), d -> { }).disagreements()).isEmpty();
  }

  /** Each line of {@code results}' travellers: {@code board@round/table:NSvEW}. */
  public static List<String> played(GetResultsResponse results) {
    List<String> out = new ArrayList<>();
    for (Traveller t : results.getTravellersList()) {
      for (TravellerLine l : t.getLinesList()) {
        out.add(t.getBoard() + "@" + l.getRound() + "/" + l.getTable() + ":" + l.getNsPair()
            + "v" + l.getEwPair());
      }
    }
    return out;
  }

  /** Each board of {@code m} where and by whom it is to be played, as {@link #played} says it. */
  public static List<String> scheduled(Movement m) {
    List<String> out = new ArrayList<>();
    for (Movement.Round r : m.rounds()) {
      for (Movement.Table t : r.tables()) {
        for (int b : t.boards()) {
          out.add(b + "@" + r.number() + "/" + t.number() + ":" + t.ns() + "v" + t.ew());
        }
      }
    }
    return out;
  }
}
