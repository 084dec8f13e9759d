package org.tenace.cli.common;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.TlsServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.cli.Main;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.server.api.TenaceServer;
import org.tenace.testing.Certificates;
import picocli.CommandLine;

/**
 * {@code bot --tls-trust}: the remote bot plays a board with three server robots over TLS, with
 * a self-signed certificate made here; a file it cannot read is an error of the command line.
 */
class TlsOptionsTest {

  @Test
  void aBotPlaysOverTlsTrustingTheServersOwnCertificate(@TempDir Path dir) throws Exception {
    Certificates.SelfSigned pem = Certificates.selfSigned(dir);
    TenaceServer server = TenaceServer.start(NettyServerBuilder.forAddress(
        new InetSocketAddress("127.0.0.1", 0),
        TlsServerCredentials.create(pem.cert().toFile(), pem.key().toFile())),
        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    try {
      var channel = io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder.forAddress(
          "localhost", server.port(), io.grpc.TlsChannelCredentials.newBuilder()
              .trustManager(pem.cert().toFile()).build()).build();
      String id;
      try {
        id = TableServiceGrpc.newBlockingStub(channel).createTable(CreateTableRequest
            .newBuilder().setName("tls").setSettings(TableSettings.newBuilder().setBoardCount(1))
            .addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
            .addRobotSeats(Seat.SEAT_WEST).build()).getTable().getTableId();
      } finally {
        channel.shutdownNow();
      }
      StringWriter out = new StringWriter();
      int status = new CommandLine(new Main()).setOut(new PrintWriter(out, true)).execute("bot",
          "--server", "localhost:" + server.port(), "--tls-trust", pem.cert().toString(),
          "--table", id, "--seat", "S");
      assertThat(status).as(out.toString()).isZero();
    } finally {
      server.close();
    }
  }

  @Test
  void aTrustFileThatCannotBeReadIsAnErrorOfTheCommandLine(@TempDir Path dir) {
    StringWriter err = new StringWriter();
    int status = new CommandLine(new Main()).setErr(new PrintWriter(err, true)).execute("bot",
        "--server", "localhost:1", "--tls-trust", dir.resolve("none.pem").toString(),
        "--table", "1", "--seat", "S");
    assertThat(status).as(err.toString()).isEqualTo(2);
    assertThat(err.toString()).contains("--tls-trust " + dir.resolve("none.pem")
        + ": cannot be read as PEM certificates");
  }
}
