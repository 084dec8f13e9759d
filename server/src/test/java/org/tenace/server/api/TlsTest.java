package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.ListTablesRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.Turn;
import org.tenace.server.Main;
import org.tenace.testing.Certificates;

/**
 * {@code tenace server --tls-cert --tls-key}: a board played over TLS with a certificate made
 * here (keytool, self-signed for localhost), a client in clear refused, and the image's health
 * probe over TLS.
 */
class TlsTest {

  @Test
  void fourPlayersPlayABoardOverTls(@TempDir Path dir) throws Exception {
    Certificates.SelfSigned pem = Certificates.selfSigned(dir);
    int port = ServerProcess.freePort();
    Process server = ServerProcess.start(port, "jdbc:h2:" + dir.resolve("db"),
        dir.resolve("server.log"), "--tls-cert", pem.cert().toString(), "--tls-key",
        pem.key().toString());
    ManagedChannel tls = NettyChannelBuilder.forAddress("localhost", port,
        TlsChannelCredentials.newBuilder().trustManager(pem.cert().toFile()).build()).build();
    ManagedChannel clear = NettyChannelBuilder.forAddress("localhost", port,
        InsecureChannelCredentials.create()).build();
    try {
      String id = TableServiceGrpc.newBlockingStub(tls).createTable(CreateTableRequest
          .newBuilder().setName("TLS").setDealSeed(5).build()).getTable().getTableId();
      Party p = new Party(tls, id);
      p.at(Seat.SEAT_NORTH).awaitTurn(Turn.KindCase.CALL);
      p.calls(Seat.SEAT_NORTH, "P", "P", "P", "P");
      BoardCompleted one = p.lastCompleted();
      assertThat(one.getResult().getBoardNumber()).isEqualTo(1);
      assertThat(one.getHandsCount()).isEqualTo(4);

      assertThatThrownBy(() -> TableServiceGrpc.newBlockingStub(clear)
          .withDeadlineAfter(5, TimeUnit.SECONDS)
          .listTables(ListTablesRequest.getDefaultInstance()))
          .isInstanceOf(StatusRuntimeException.class);
      assertThat(Main.run("health", "--port", String.valueOf(port), "--tls-cert",
          pem.cert().toString())).isZero();
      assertThat(Main.run("health", "--port", String.valueOf(port))).isEqualTo(1);
    } finally {
      tls.shutdownNow();
      clear.shutdownNow();
      server.destroy();
      server.waitFor(20, TimeUnit.SECONDS);
    }
  }
}
