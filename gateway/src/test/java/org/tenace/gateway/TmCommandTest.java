package org.tenace.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.server.api.TenaceServer;
import picocli.CommandLine;

/**
 * {@code tenace tm} with four {@code tenace bot --tm} against it, all through the command line
 * against a real server on loopback: a hundred boards with the bots on the one port, and again
 * with each bot on its seat's port; the hand record names the teams as pairs.
 */
class TmCommandTest {
  @TempDir Path dir;
  private TenaceServer server;
  private final ExecutorService commands = Executors.newCachedThreadPool();

  @AfterEach
  void stop() {
    commands.shutdownNow();
    if (server != null) {
      server.close();
    }
  }

  private record Run(int status, String out, String err) {}

  private Future<Run> run(StringWriter out, String... args) {
    return commands.submit(() -> {
      StringWriter err = new StringWriter();
      // tm is the gateway's command, bot --tm the terminal client's: each from its own jar.
      Object top = args[0].equals("tm") ? new Main() : new org.tenace.cli.Main();
      int status = new CommandLine(top).setOut(new PrintWriter(out, true))
          .setErr(new PrintWriter(err, true)).execute(args);
      return new Run(status, out.toString(), err.toString());
    });
  }

  /** A base port with the three after it free too. */
  private static int freePorts() throws IOException {
    for (int attempt = 0; attempt < 50; attempt++) {
      int base = ThreadLocalRandom.current().nextInt(20000, 60000);
      List<ServerSocket> held = new ArrayList<>();
      try {
        for (int i = 0; i < 4; i++) {
          held.add(new ServerSocket(base + i));
        }
        return base;
      } catch (IOException busy) {
        // try another
      } finally {
        for (ServerSocket s : held) {
          s.close();
        }
      }
    }
    throw new IOException("no four free ports");
  }

  private void hundredBoards(boolean fourPorts) throws Exception {
    server = TenaceServer.start(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1",
        0)), "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    int p = freePorts();
    Path out = dir.resolve("match.pbn");
    StringWriter hostOut = new StringWriter();
    Future<Run> host = run(hostOut, "tm", "--port", String.valueOf(p), "--server", "127.0.0.1:"
        + server.port(), "--boards", "100", "--seed", "7", "--out", out.toString());
    await().atMost(Duration.ofSeconds(30)).until(() -> hostOut.toString()
        .contains("programs connect to"));
    String[] seats = {"N", "E", "S", "W"};
    List<Future<Run>> bots = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      int port = fourPorts ? p + i : p;
      String team = i % 2 == 0 ? "North South" : "East West";
      bots.add(run(new StringWriter(), "bot", "--tm", "127.0.0.1:" + port, "--seat", seats[i],
          "--team", team));
    }
    // A bot that stops early (refused, or broken off) leaves the host waiting for its seat:
    // that is said at once, with what each said.
    await().atMost(Duration.ofSeconds(300)).untilAsserted(() -> {
      for (Future<Run> bot : bots) {
        if (bot.isDone() && !host.isDone()) {
          assertThat(bot.get().status()).as("a bot stopped while tm waited for it: "
              + bot.get().out() + bot.get().err() + "\ntm said: " + hostOut).isZero();
        }
      }
      assertThat(host.isDone()).as("tm still waits for its programs; it said: " + hostOut)
          .isTrue();
    });
    Run h = host.get();
    assertThat(h.status()).as(h.out() + h.err()).isZero();
    assertThat(h.out()).doesNotContain("ignored").doesNotContain("the table made");
    List<String> results = h.out().lines().filter(l -> l.startsWith("tm: board ")).toList();
    assertThat(results).hasSize(100);
    for (int i = 0; i < 4; i++) {
      Run b = bots.get(i).get(60, TimeUnit.SECONDS);
      assertThat(b.status()).as(b.out() + b.err()).isZero();
      List<String> seen = b.out().lines().filter(l -> l.startsWith("bot: board ")).toList();
      assertThat(seen).hasSize(100);
      // Each bot saw every board as the table recorded it (the record adds the score).
      for (int n = 0; n < 100; n++) {
        assertThat(results.get(n)).startsWith("tm: " + seen.get(n).substring(5));
      }
      assertThat(b.out()).contains("bot: End of session after 100 boards");
    }
    String pbn = Files.readString(out);
    assertThat(pbn.split("\\[Board \"", -1)).hasSize(101);
    assertThat(pbn).contains("[North \"North South\"]", "[South \"North South\"]",
        "[East \"East West\"]", "[West \"East West\"]");
  }

  @Test
  void fourBotsOnTheOnePortPlayAHundredBoards() throws Exception {
    hundredBoards(false);
  }

  @Test
  void fourBotsOnTheirSeatsPortsPlayAHundredBoards() throws Exception {
    hundredBoards(true);
  }

  @Test
  void aSessionNeedsAServerAndTakesNoTableOfItsOwn() throws Exception {
    Run noServer = run(new StringWriter(), "tm", "--port", "4000", "--session", "1")
        .get(30, java.util.concurrent.TimeUnit.SECONDS);
    assertThat(noServer.status()).isEqualTo(2);
    assertThat(noServer.err()).contains("--session needs --server");
    Run withTable = run(new StringWriter(), "tm", "--port", "4000", "--session", "1",
        "--server", "127.0.0.1:1", "--robots", "E,W")
        .get(30, java.util.concurrent.TimeUnit.SECONDS);
    assertThat(withTable.status()).isEqualTo(2);
    assertThat(withTable.err()).contains("not with --session");
  }
}
