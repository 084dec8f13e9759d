package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tenace.server.api.TenaceServer;
import org.tenace.server.api.WebPort;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.store.EventStore;

/**
 * The HTTP port answers the gRPC port's services as gRPC-Web (JSON here, as the browser's client
 * speaks it), with the same refusals, and serves the client's files under a Content-Security-
 * Policy; a call from a page of another site is refused.
 */
class WebPortTest {
  private TenaceServer server;
  private WebPort web;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() {
    server = TenaceServer.start(NettyServerBuilder.forAddress(
            new InetSocketAddress("127.0.0.1", 0)),
        EventStore.open("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1"), true,
        new ServerLimits(0, 1, "", java.time.Duration.ZERO));
    web = WebPort.start("127.0.0.1", 0, server.services(), List.of(), null, null, 100);
    server.closeAlong(web);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private URI uri(String path) {
    return uri(web, path);
  }

  private static URI uri(WebPort port, String path) {
    return URI.create("http://127.0.0.1:" + port.port() + path);
  }

  /** A gRPC-Web JSON call: the answer's status and body. */
  private HttpResponse<byte[]> call(String method, String json, String... headers)
      throws IOException, InterruptedException {
    return call(web, method, json, headers);
  }

  private HttpResponse<byte[]> call(WebPort port, String method, String json, String... headers)
      throws IOException, InterruptedException {
    byte[] message = json.getBytes(StandardCharsets.UTF_8);
    ByteBuffer frame = ByteBuffer.allocate(5 + message.length).put((byte) 0)
        .putInt(message.length).put(message);
    HttpRequest.Builder r = HttpRequest.newBuilder(
            uri(port, "/bridge.v1.TableService/" + method))
        .header("content-type", "application/grpc-web+json").header("x-grpc-web", "1")
        .POST(HttpRequest.BodyPublishers.ofByteArray(frame.array()));
    for (int i = 0; i < headers.length; i += 2) {
      r.header(headers[i], headers[i + 1]);
    }
    return http.send(r.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  /** The frames of a gRPC-Web body: messages as text, then the trailers as text. */
  private static List<String> frames(byte[] body) {
    List<String> frames = new ArrayList<>();
    ByteBuffer b = ByteBuffer.wrap(body);
    while (b.remaining() >= 5) {
      b.get();
      byte[] data = new byte[b.getInt()];
      b.get(data);
      frames.add(new String(data, StandardCharsets.UTF_8));
    }
    return frames;
  }

  @Test
  void theClientsPageIsServedWithAContentSecurityPolicy() throws Exception {
    HttpResponse<String> page = http.send(HttpRequest.newBuilder(uri("/")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.body()).contains("<title>Tenace</title>");
    assertThat(page.headers().firstValue("content-security-policy")).hasValue(
        WebPort.CONTENT_SECURITY_POLICY);
    assertThat(page.headers().firstValue("x-content-type-options")).hasValue("nosniff");
  }

  @Test
  void theTableServiceAnswersInJsonOverGrpcWeb() throws Exception {
    HttpResponse<byte[]> created = call("CreateTable", "{\"name\":\"web\","
        + "\"robotSeats\":[\"SEAT_NORTH\",\"SEAT_EAST\",\"SEAT_WEST\"]}");
    assertThat(created.statusCode()).isEqualTo(200);
    List<String> frames = frames(created.body());
    assertThat(frames.get(0)).contains("\"directorToken\"").contains("\"name\":\"web\"");
    assertThat(frames.get(frames.size() - 1)).contains("grpc-status: 0");

    List<String> listed = frames(call("ListTables", "{}").body());
    assertThat(listed.get(0)).contains("\"name\":\"web\"").contains("SEAT_EAST");
  }

  /** Every call is handled on Armeria's blocking executor, never on an event loop. */
  @Test
  void everyCallIsHandledOffTheEventLoops() throws Exception {
    // PostgreSQL's commit is a round trip, which must hold no event loop; and a stream's messages
    // sent from its loop and from other threads would go out of order.
    List<String> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
    io.grpc.ServerInterceptor where = new io.grpc.ServerInterceptor() {
      @Override
      public <Q, A> io.grpc.ServerCall.Listener<Q> interceptCall(io.grpc.ServerCall<Q, A> call,
          io.grpc.Metadata headers, io.grpc.ServerCallHandler<Q, A> next) {
        return new io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener<>(
            next.startCall(call, headers)) {
          @Override
          public void onHalfClose() {
            threads.add(Thread.currentThread().getName());
            super.onHalfClose();
          }
        };
      }
    };
    try (WebPort port = WebPort.start("127.0.0.1", 0, server.services(), List.of(where), null,
        null, 100)) {
      assertThat(call(port, "ListTables", "{}").statusCode()).isEqualTo(200);
    }
    assertThat(threads).singleElement().asString().contains("blocking");
  }

  /** The same refusal as over gRPC: its code, its words and its ErrorInfo, in the trailers. */
  @Test
  void aRefusalCarriesItsReasonAndDetails() throws Exception {
    HttpResponse<byte[]> r = call("JoinTable", "{\"tableId\":\"nope\",\"role\":\"ROLE_PLAYER\","
        + "\"seat\":\"SEAT_SOUTH\",\"name\":\"Ann\"}");
    String all = r.headers().map().toString() + String.join("\n", frames(r.body()));
    assertThat(all).contains("grpc-status").contains("TABLE_NOT_FOUND");
    String details = all.replaceAll("(?s).*grpc-status-details-bin[=:]\\s*\\[?([A-Za-z0-9+/=]+)"
        + ".*", "$1");
    ByteArrayOutputStream decoded = new ByteArrayOutputStream();
    decoded.write(Base64.getDecoder().decode(details.length() % 4 == 0 ? details
        : details + "=".repeat(4 - details.length() % 4)));
    assertThat(decoded.toString(StandardCharsets.ISO_8859_1)).contains("TABLE_NOT_FOUND")
        .contains("tenace.org");
  }

  /** The per-client table limit counts a browser's address as it counts any client's. */
  @Test
  void theLimitOnTablesPerClientHoldsOverTheWebPort() throws Exception {
    assertThat(frames(call("CreateTable", "{\"name\":\"one\"}").body()).get(0))
        .contains("directorToken");
    HttpResponse<byte[]> second = call("CreateTable", "{\"name\":\"two\"}");
    String all = second.headers().map().toString() + String.join("\n", frames(second.body()));
    assertThat(all).contains("TOO_MANY_TABLES_FOR_CLIENT");
  }

  @Test
  void aCallFromAPageOfAnotherSiteIsRefused() throws Exception {
    HttpResponse<byte[]> foreign = call("ListTables", "{}", "origin", "http://evil.example");
    assertThat(foreign.statusCode()).isEqualTo(403);
    HttpResponse<byte[]> own = call("ListTables", "{}", "origin",
        "http://127.0.0.1:" + web.port());
    assertThat(own.statusCode()).isEqualTo(200);
  }

  /** With --tls-cert and --tls-key the web port speaks TLS, as the gRPC port does. */
  @Test
  void withACertificateThePageIsServedOverTls(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    var pem = org.tenace.testing.Certificates.selfSigned(dir);
    try (WebPort tls = WebPort.start("127.0.0.1", 0, server.services(), List.of(), pem.cert(),
        pem.key(), 100)) {
      var trust = javax.net.ssl.TrustManagerFactory.getInstance(
          javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
      trust.init(pem.store());
      var ssl = javax.net.ssl.SSLContext.getInstance("TLS");
      ssl.init(null, trust.getTrustManagers(), null);
      HttpResponse<String> page = HttpClient.newBuilder().sslContext(ssl).build().send(
          HttpRequest.newBuilder(URI.create("https://localhost:" + tls.port() + "/")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(page.statusCode()).isEqualTo(200);
      assertThat(page.body()).contains("<title>Tenace</title>");
      assertThat(page.headers().firstValue("content-security-policy")).isPresent();
    }
  }

  @Test
  void anOriginIsTheSameWhenItNamesTheHostTheBrowserReached() {
    assertThat(WebPort.sameOrigin("http://h:8080", "h:8080")).isTrue();
    assertThat(WebPort.sameOrigin("http://H", "h:80")).isTrue();
    // A proxy speaking TLS to the browser and plain HTTP to the server.
    assertThat(WebPort.sameOrigin("https://h", "h")).isTrue();
    assertThat(WebPort.sameOrigin("http://g:8080", "h:8080")).isFalse();
    assertThat(WebPort.sameOrigin("http://h.evil.example", "h")).isFalse();
    assertThat(WebPort.sameOrigin("null", "h:8080")).isFalse();
    assertThat(WebPort.sameOrigin("http://h", null)).isFalse();
  }
}
