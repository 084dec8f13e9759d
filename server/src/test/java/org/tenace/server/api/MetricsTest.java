package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;

/** {@code tenace server --metrics-port}: a scrape after a board shows the counters moved. */
class MetricsTest {

  @Test
  void aScrapeAfterABoardShowsTablesSeatsCallsAndTheJournal(@TempDir Path dir)
      throws Exception {
    int port = ServerProcess.freePort();
    int metricsPort = ServerProcess.freePort();
    Process server = ServerProcess.start(port, "jdbc:h2:" + dir.resolve("db"),
        dir.resolve("server.log"), "--metrics-port", String.valueOf(metricsPort));
    ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
        .build();
    try {
      var stub = TableServiceGrpc.newBlockingStub(channel);
      CreateTableResponse created = stub.createTable(CreateTableRequest.newBuilder()
          .setName("robots").setSettings(TableSettings.newBuilder().setBoardCount(100))
          .addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
          .addRobotSeats(Seat.SEAT_SOUTH).addRobotSeats(Seat.SEAT_WEST).build());
      BoardLog log = new BoardLog(channel, created.getTable().getTableId(),
          created.getDirectorToken());
      log.next(Duration.ofSeconds(30));
      assertThatThrownBy(() -> stub.markReady(MarkReadyRequest.newBuilder()
          .setTableId(created.getTable().getTableId()).build()))
          .isInstanceOf(StatusRuntimeException.class); // no token: UNAUTHENTICATED
      // A command on a Connect stream counts as its unary call: the director may not say ready.
      TestClient director = TestClient.withToken(channel, created.getTable().getTableId(),
          Seat.SEAT_UNSPECIFIED, created.getDirectorToken());
      director.connect(0);
      assertThatThrownBy(() -> director.markReady(MarkReadyRequest.newBuilder()
          .setTableId(created.getTable().getTableId()).build()))
          .isInstanceOf(StatusRuntimeException.class);

      String text = scrape(metricsPort);
      assertThat(value(text, "tenace_requests_total{code=\"OK\",method=\"CreateTable\"}"))
          .isEqualTo(1);
      assertThat(value(text,
          "tenace_requests_total{code=\"UNAUTHENTICATED\",method=\"MarkReady\"}")).isEqualTo(1);
      assertThat(value(text,
          "tenace_requests_total{code=\"PERMISSION_DENIED\",method=\"MarkReady\"}"))
          .isEqualTo(1);
      assertThat(value(text, "tenace_tables{state=\"playing\"}")).isEqualTo(1);
      assertThat(value(text, "tenace_seats{by=\"robot\"}")).isEqualTo(4);
      assertThat(value(text, "tenace_robots")).isEqualTo(4);
      assertThat(value(text, "tenace_streams")).isGreaterThanOrEqualTo(5); // 4 robots + director
      assertThat(value(text, "tenace_journal_append_seconds_count")).isGreaterThan(10);
      // The robots' own calls go in-process, past the interceptor: only the network's count.
      assertThat(value(text, "tenace_request_latency_seconds_count{method=\"CreateTable\"}"))
          .isEqualTo(1);
      assertThat(text).contains("tenace_jvm_memory_used_bytes{");
      assertThat(text.lines().filter(l -> !l.startsWith("#") && !l.isBlank()))
          .allMatch(l -> l.startsWith("tenace_"));
    } finally {
      channel.shutdownNow();
      server.destroy();
      server.waitFor(20, TimeUnit.SECONDS);
    }
  }

  private static String scrape(int port) throws Exception {
    HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(200);
    return r.body();
  }

  /** The sample {@code series} (name and labels as printed), or a failure naming it. */
  private static double value(String text, String series) {
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(text);
    assertThat(m.find()).as(series + " in:\n" + text).isTrue();
    return Double.parseDouble(m.group(1));
  }
}
