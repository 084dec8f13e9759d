package org.tenace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.ServerBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.AbstractStub;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.tenace.client.Bearer;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.bridge.event.Checker;
import org.tenace.bridge.event.EventReader;
import org.tenace.server.api.TenaceServer;

/**
 * The client tests' server: a real one on a loopback port, a channel to it, and what the test sat
 * at its tables (scripted seats, robots); after the test those are closed first, in the order they
 * sat, then the channel and the server. Register it with {@code @RegisterExtension}; a test's own
 * {@code @AfterEach} runs before it.
 */
public final class LoopbackServer implements AfterEachCallback {
  private TenaceServer server;
  private ManagedChannel channel;
  private final List<AutoCloseable> sitting = new ArrayList<>();

  /** The JDBC URL of a fresh in-memory store, gone with the server. */
  public static String memoryStore() {
    return "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
  }

  /** The JDBC URL of an H2 store in {@code dir}, kept on disk after the server stops. */
  public static String diskStore(Path dir) {
    return "jdbc:h2:file:" + dir.resolve("tenace") + ";DB_CLOSE_ON_EXIT=FALSE";
  }

  /** {@code stub} sending {@code token} as its bearer token. */
  public static <S extends AbstractStub<S>> S as(S stub, String token) {
    return stub.withInterceptors(Bearer.of(token));
  }

  /** Starts a server over a fresh in-memory store, and a channel to it. */
  public ManagedChannel start() {
    return start(memoryStore());
  }

  /** Starts a server over the store at {@code jdbcUrl}, and a channel to it. */
  public ManagedChannel start(String jdbcUrl) {
    return start(builder -> TenaceServer.start(builder, jdbcUrl));
  }

  /**
   * Starts the server {@code launch} makes on a loopback port's builder (a test's own store or
   * robots), and a channel to it.
   */
  public ManagedChannel start(Function<ServerBuilder<?>, TenaceServer> launch) {
    server = launch.apply(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
    return channel;
  }

  public TenaceServer server() {
    return server;
  }

  public ManagedChannel channel() {
    return channel;
  }

  /** The server's address as the client commands take it: {@code 127.0.0.1:PORT}. */
  public String address() {
    return "127.0.0.1:" + server.port();
  }

  /** Creates the table {@code request} asks for: its id. */
  public String createTable(CreateTableRequest request) {
    return TableServiceGrpc.newBlockingStub(channel).createTable(request).getTable().getTableId();
  }

  /** {@code sat}, closed after the test before the channel and the server. */
  public <T extends AutoCloseable> T closeAfter(T sat) {
    sitting.add(sat);
    return sat;
  }

  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    for (AutoCloseable sat : sitting) {
      sat.close();
    }
    sitting.clear();
    if (channel != null) {
      channel.shutdownNow();
      channel = null;
    }
    if (server != null) {
      server.close();
      server = null;
    }
  }

  /** {@code pbn}, a session's hand record, reads without a diagnostic and checks out. */
  public static void assertChecks(String pbn) {
    var read = EventReader.read(pbn.getBytes(StandardCharsets.ISO_8859_1), "s.pbn");
    assertThat(read.diagnostics()).isEmpty();
    assertThat(Checker.check(read.event(), d -> { }).disagreements()).isEmpty();
  }
}
