package org.tenace.cli.bot;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.cli.Main;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.ListTablesRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import picocli.CommandLine;

/**
 * {@code tenace bot} on a process of its own against {@code tenace server} on another: it takes
 * the one free seat of a table where three server robots sit and plays until the table closes.
 */
class BotCommandTest {
  @TempDir Path dir;
  private final List<Process> processes = new ArrayList<>();
  private ManagedChannel channel;

  @AfterEach
  void cleanUp() {
    if (channel != null) {
      channel.shutdownNow();
    }
    processes.forEach(Process::destroyForcibly);
  }

  @Test
  void aBotOnAnotherProcessPlaysTheFreeSeatUntilTheTableCloses() throws Exception {
    int port = startServer();
    var stub = TableServiceGrpc.newBlockingStub(channel);
    String id = stub.createTable(CreateTableRequest.newBuilder().setName("bot test")
        .setSettings(TableSettings.newBuilder().setBoardCount(4)).setDealSeed(3)
        .addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
        .addRobotSeats(Seat.SEAT_WEST).build()).getTable().getTableId();

    Process bot = java("org.tenace.cli.Main", "bot", "--server", "127.0.0.1:" + port,
        "--table", id, "--seat", "S", "--name", "far bot");
    List<String> lines = new ArrayList<>();
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(bot.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = out.readLine()) != null; ) {
        lines.add(line);
      }
    }
    assertThat(bot.waitFor(60, TimeUnit.SECONDS)).as("the bot ends with the table").isTrue();
    assertThat(bot.exitValue()).as(String.join("\n", lines)).isZero();
    assertThat(lines.get(0)).startsWith("bot: seated at table " + id + " (bot test) as SOUTH, "
        + "far bot; token ");
    assertThat(lines.subList(1, 5)).allSatisfy(l -> assertThat(l).matches(
        "bot: board \\d: (passed out|\\d(C|D|H|S|NT)X{0,2} by [NESW], \\d+ tricks, N-S [+-]?\\d+)"));
    assertThat(lines.subList(1, 5)).extracting(l -> l.substring(5, 13))
        .containsExactly("board 1:", "board 2:", "board 3:", "board 4:");
    assertThat(lines.get(5)).isEqualTo("bot: stopped: the table closed");
    // The table played its boards and closed: it is no longer listed.
    assertThat(stub.listTables(ListTablesRequest.getDefaultInstance()).getTablesList())
        .noneMatch(t -> t.getTableId().equals(id));
  }

  @Test
  void aTakenSeatIsRefusedWithTheServersReason() throws Exception {
    int port = startServer();
    String id = TableServiceGrpc.newBlockingStub(channel).createTable(CreateTableRequest
        .newBuilder().setName("full").addRobotSeats(Seat.SEAT_NORTH).build()).getTable()
        .getTableId();
    StringWriter err = new StringWriter();
    int status = new CommandLine(new Main()).setErr(new PrintWriter(err)).execute("bot",
        "--server", "127.0.0.1:" + port, "--table", id, "--seat", "north");
    assertThat(status).isEqualTo(1);
    assertThat(err.toString()).contains("cannot take N at table " + id)
        .contains("ALREADY_EXISTS").contains("SEAT_TAKEN");
  }

  @Test
  void aBadSeatOrServerIsAnErrorOfTheCommandLine() {
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(new Main()).setErr(new PrintWriter(err));
    assertThat(cli.execute("bot", "--server", "localhost:50051", "--table", "1", "--seat", "X"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--seat: not a seat: 'X'");
    assertThat(cli.execute("bot", "--server", "localhost", "--table", "1", "--seat", "N"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--server: HOST:PORT, not 'localhost'");
    assertThat(cli.execute("bot", "--server", "localhost:1", "--table", "1")).isEqualTo(2);
    assertThat(err.toString()).contains("--seat is required (or --token)");
  }

  /** Starts {@code tenace server} on a free port and opens a channel to it. */
  private int startServer() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    // Robots at full speed: the far bot needs no time to follow the play.
    Process p = java("org.tenace.server.Main", "server", "--host", "127.0.0.1", "--port",
        String.valueOf(port), "--db", "jdbc:h2:" + dir.resolve("tenace").toAbsolutePath(),
        "--robot-pace", "0");
    BufferedReader out = new BufferedReader(
        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    if (line == null || !line.contains("listening")) {
      throw new IllegalStateException("the server did not start: " + line);
    }
    channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    return port;
  }

  private Process java(String main, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), main));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    processes.add(p);
    return p;
  }
}
