package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.cli.Child;
import org.tenace.proto.v1.Seat;

/**
 * {@code tenace play --web}: the local server serves the web client, the command prints the
 * address of the player's seat (no token in it) and, with no browser on the machine, says to open
 * it rather than failing; the server serves the page and the practice table until Enter.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class PlayWebTest {
  private static final Pattern TABLE_AT = Pattern.compile("Your table is at (http://127\\.0\\.0"
      + "\\.1:(\\d+)/)#/sit/(\\S+)/south");

  @TempDir
  Path dir;

  @Test
  void playWebServesTheTableAndSaysWhereWithoutABrowser() throws Exception {
    playWeb(List.of(), (http, at) -> {
      // The practice table, through the page's own way in (gRPC-Web, JSON): South is free, the
      // robots hold the other seats.
      String tables = grpcWebJson(http, at.group(1) + "bridge.v1.TableService/ListTables");
      assertThat(tables).contains("\"tableId\":\"" + at.group(3) + "\"");
      assertThat(tables.split("\"robot\":true", -1)).hasSize(4);
    });
  }

  @Test
  void playWebWithAVariantServesATwoPlayerTable() throws Exception {
    playWeb(List.of("--variant", "honeymoon"), (http, at) -> {
      // A two-player table, South free for the page, the robot at North (as in the terminal).
      String tables = grpcWebJson(http, at.group(1) + "bridge.v1.TableService/ListTables");
      assertThat(tables).contains("\"tableId\":\"" + at.group(3) + "\"")
          .contains("\"variant\":\"VARIANT_HONEYMOON\"");
      assertThat(tables.split("\"robot\":true", -1)).hasSize(2);
      assertThat(at.group(3)).startsWith("h");
    });
  }

  /** What a test checks of the page's server, given the command's "Your table is at" line. */
  private interface Served {
    void check(HttpClient http, Matcher at) throws Exception;
  }

  /**
   * Runs {@code tenace play --web} with {@code more} options and no browser on the machine:
   * it says where the table is and that nothing was opened, serves the page, lets
   * {@code served} look at its server, and stops at Enter.
   */
  private void playWeb(List<String> more, Served served) throws Exception {
    int port = freePort();
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", Child.clientClassPath(), org.tenace.cli.Main.class.getName(),
        "play", "--web", "--http-port", String.valueOf(port),
        "--server-jar", PlayStartTest.serverJar(dir).toString()));
    command.addAll(more);
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().putAll(Map.of("XDG_DATA_HOME", dir.resolve("data").toString(),
        "XDG_STATE_HOME", dir.resolve("state").toString(), "DISPLAY", "",
        "WAYLAND_DISPLAY", ""));
    Process p = pb.start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
          StandardCharsets.UTF_8));
      List<String> lines = new ArrayList<>();
      Matcher at = null;
      String line;
      while ((line = out.readLine()) != null) {
        lines.add(line);
        Matcher m = TABLE_AT.matcher(line);
        if (m.find()) {
          at = m;
          break;
        }
      }
      assertThat(at).as("the address, in %s", lines).isNotNull();
      assertThat(Integer.parseInt(at.group(2))).isEqualTo(port);
      assertThat(out.readLine()).isEqualTo("Open that address in a browser on this machine.");
      assertThat(out.readLine()).isEqualTo(
          "Press Enter here (or Ctrl-C) to stop the local server.");

      HttpClient http = HttpClient.newHttpClient();
      HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(at.group(1)))
          .build(), HttpResponse.BodyHandlers.ofString());
      assertThat(page.statusCode()).isEqualTo(200);
      assertThat(page.body()).contains("<title>Tenace</title>");
      served.check(http, at);

      try (OutputStream in = p.getOutputStream()) {
        in.write('\n');
      }
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).isZero();
    } finally {
      p.destroyForcibly();
    }
  }

  @Test
  void hostWithRobotsSaysWhereTheDirectorsConsoleIs() throws Exception {
    int port = freePort();
    Child.Run r = Child.run(Map.of("XDG_DATA_HOME", dir.resolve("data").toString()), "host",
        "--movement", "howell", "--tables", "2", "--rounds", "1", "--boards", "1", "--robots",
        "--http-port", String.valueOf(port), "--server-jar",
        PlayStartTest.serverJar(dir).toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("in a browser: the director's console is at http://127.0.0.1:"
        + port + "/#/direct/1 (it asks for the director's token)");
    assertThat(r.out()).doesNotContain("pairs join at");
  }

  @Test
  void hostWaitingForPairsSaysWhereTheyJoinInABrowser() throws Exception {
    // Without robots it waits for every pair: the test stops it once it has said where.
    int port = freePort();
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", Child.clientClassPath(), org.tenace.cli.Main.class.getName(), "host",
        "--movement", "howell", "--tables", "2", "--http-port", String.valueOf(port),
        "--server-jar", PlayStartTest.serverJar(dir).toString()));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().put("XDG_DATA_HOME", dir.resolve("data").toString());
    Process p = pb.start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
          StandardCharsets.UTF_8));
      List<String> lines = new ArrayList<>();
      String line;
      while ((line = out.readLine()) != null && !line.startsWith("in a browser")) {
        lines.add(line);
      }
      assertThat(line).as("after %s", lines).isEqualTo("in a browser: pairs join at "
          + "http://127.0.0.1:" + port + "/#/session/1, the director's console is at "
          + "http://127.0.0.1:" + port + "/#/direct/1 (it asks for the director's token)");
    } finally {
      p.destroy();
      p.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void theDefaultPortGivesWayWhenAnotherProgramHoldsIt() throws IOException {
    try (ServerSocket holder = new ServerSocket()) {
      try {
        holder.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(),
            WebAddress.DEFAULT_PORT));
      } catch (IOException e) {
        // another program holds 8080 already: the same case
      }
      int port = WebAddress.port(-1);
      assertThat(port).isNotEqualTo(WebAddress.DEFAULT_PORT).isPositive();
    }
    assertThat(WebAddress.port(0)).isZero();
    assertThat(WebAddress.port(9123)).isEqualTo(9123);
  }

  @Test
  void noDisplayMeansNoBrowserToOpenAndNoFailure() {
    assertThat(WebAddress.open("http://127.0.0.1:1/", Map.of("PATH", "/usr/bin:/bin")))
        .isEmpty();
    assertThat(WebAddress.sitAt("http://h:1/", "t7", Seat.SEAT_EAST))
        .isEqualTo("http://h:1/#/sit/t7/east");
  }

  private static String grpcWebJson(HttpClient http, String url) throws Exception {
    byte[] json = "{}".getBytes(StandardCharsets.UTF_8);
    ByteBuffer frame = ByteBuffer.allocate(5 + json.length).put((byte) 0).putInt(json.length)
        .put(json);
    HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url))
        .header("content-type", "application/grpc-web+json").header("x-grpc-web", "1")
        .POST(HttpRequest.BodyPublishers.ofByteArray(frame.array())).build(),
        HttpResponse.BodyHandlers.ofByteArray());
    assertThat(r.statusCode()).isEqualTo(200);
    return new String(r.body(), StandardCharsets.UTF_8);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
