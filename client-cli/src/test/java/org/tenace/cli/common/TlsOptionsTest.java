package org.tenace.cli.common;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.TlsServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.FileInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.cli.Main;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.server.api.TenaceServer;
import picocli.CommandLine;

/**
 * {@code bot --tls-trust}: the remote bot plays a board with three server robots over TLS, with
 * a self-signed certificate made here; a file it cannot read is an error of the command line.
 */
class TlsOptionsTest {

  @Test
  void aBotPlaysOverTlsTrustingTheServersOwnCertificate(@TempDir Path dir) throws Exception {
    Path cert = dir.resolve("cert.pem");
    Path key = dir.resolve("key.pem");
    selfSigned(dir, cert, key);
    TenaceServer server = TenaceServer.start(NettyServerBuilder.forAddress(
        new InetSocketAddress("127.0.0.1", 0),
        TlsServerCredentials.create(cert.toFile(), key.toFile())),
        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    try {
      var channel = io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder.forAddress(
          "localhost", server.port(), io.grpc.TlsChannelCredentials.newBuilder()
              .trustManager(cert.toFile()).build()).build();
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
          "--server", "localhost:" + server.port(), "--tls-trust", cert.toString(), "--table", id,
          "--seat", "S");
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

  /** A self-signed certificate for localhost and its PKCS#8 key, as PEM, made with keytool. */
  private static void selfSigned(Path dir, Path cert, Path key) throws Exception {
    Path store = dir.resolve("tls.p12");
    Process keytool = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", "tenace", "-keyalg", "EC", "-groupname", "secp256r1",
        "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "2",
        "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", "changeit")
        .redirectErrorStream(true).start();
    String said = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(keytool.waitFor()).as(said).isZero();
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = new FileInputStream(store.toFile())) {
      ks.load(in, "changeit".toCharArray());
    }
    Files.writeString(cert, pem("CERTIFICATE", ks.getCertificate("tenace").getEncoded()));
    Files.writeString(key, pem("PRIVATE KEY",
        ks.getKey("tenace", "changeit".toCharArray()).getEncoded()));
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(der)
        + "\n-----END " + type + "-----\n";
  }
}
