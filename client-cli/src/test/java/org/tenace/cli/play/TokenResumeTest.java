package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.cli.LoopbackServer;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;

/**
 * Seat tokens saved across a restart of the client: a client that stops without leaving comes
 * back to its seat (which the server holds) with a new terminal and the same token file; quit
 * forgets the token; a token the server no longer knows is forgotten and the seat joined afresh.
 */
class TokenResumeTest {
  @TempDir
  Path dir;
  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;
  private String address;

  @BeforeEach
  void start() {
    channel = at.start();
    address = at.address();
  }

  /** A table with North, East (1H) and West seated, South free. */
  private String table() {
    String table = at.createTable(CreateTableRequest
        .newBuilder().setName("Test").setDealSeed(11).build());
    ScriptedSeat.sitAround(at, channel, table, List.of(), List.of("1H"), List.of());
    return table;
  }

  @Test
  void aClientStoppedWithoutLeavingComesBackToItsSeat() throws Exception {
    String table = table();
    TokenStore tokens = TokenStore.at(dir.resolve("tokens"));
    TokenStore.Key south = new TokenStore.Key(address, table, Seat.SEAT_SOUTH);
    try (DumbClient first = new DumbClient(channel, table, Seat.SEAT_SOUTH, address, tokens)) {
      first.awaitSinceTyped("Pass  1H    ?", "your call> ");
      assertThat(tokens.find(south)).isPresent();
      first.close(); // the terminal goes away (Ctrl-D): the client stops, the seat is kept
      assertThat(first.exit.join()).isZero();
    }
    assertThat(tokens.find(south)).isPresent();
    // The server holds the seat: joining it afresh is refused.
    assertThatThrownBy(() -> TableServiceGrpc.newBlockingStub(channel).joinTable(JoinTableRequest
        .newBuilder().setTableId(table).setRole(Role.ROLE_PLAYER).setSeat(Seat.SEAT_SOUTH)
        .setName("Intruder").build())).isInstanceOfSatisfying(StatusRuntimeException.class,
            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.ALREADY_EXISTS));

    // A new client (a new terminal, the same token file) comes back to it.
    try (DumbClient again = new DumbClient(channel, table, Seat.SEAT_SOUTH, address,
        TokenStore.at(dir.resolve("tokens")))) {
      String back = again.awaitSinceTyped("Pass  1H    ?", "Back at your seat (South) with the "
          + "token saved when you joined.", "Your call.", "your call> ");
      assertThat(back).doesNotContain("SEAT_TAKEN", "! ");
      again.type("2nt");
      assertThat(again.awaitSinceTyped("Pass  1H    2NT")).doesNotContain("! ");
      again.type("quit"); // leaves the table: the token is forgotten
      assertThat(again.exit.join()).isZero();
      // The stream's end that follows one's own leave is no connection trouble.
      assertThat(again.text()).doesNotContain("disconnected");
    }
    assertThat(tokens.find(south)).isEmpty();
  }

  @Test
  void aTokenTheServerNoLongerKnowsIsForgottenAndTheSeatJoinedAfresh() throws Exception {
    String table = table();
    TokenStore tokens = TokenStore.at(dir.resolve("tokens"));
    TokenStore.Key south = new TokenStore.Key(address, table, Seat.SEAT_SOUTH);
    tokens.put(south, "stale-token-of-a-seat-long-left");
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH, address, tokens)) {
      client.awaitSinceTyped("! the saved token for South at table " + table
          + " is no longer valid (TOKEN_INVALID", "): forgotten; joining afresh",
          "Your call.", "your call> ");
      assertThat(tokens.find(south)).isPresent().get()
          .isNotEqualTo("stale-token-of-a-seat-long-left");
      client.quit();
    }
    assertThat(tokens.find(south)).isEmpty();
  }

  @Test
  void aTableThatClosesTakesItsTokenAlong() throws Exception {
    // One board, passed out: the table closes when it is over.
    String table = at.createTable(CreateTableRequest
        .newBuilder().setName("Test").setDealSeed(11).setSettings(
            org.tenace.proto.v1.TableSettings.newBuilder().setBoardCount(1)).build());
    for (Seat s : List.of(Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_WEST)) {
      at.closeAfter(new ScriptedSeat(channel, table, s, List.of()));
    }
    TokenStore tokens = TokenStore.at(dir.resolve("tokens"));
    TokenStore.Key south = new TokenStore.Key(address, table, Seat.SEAT_SOUTH);
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH, address, tokens)) {
      client.awaitSinceTyped("your call> ");
      assertThat(tokens.find(south)).isPresent();
      client.type("p");
      client.awaitSinceTyped("Result: passed out", "ready> ");
      client.type("");
      client.awaitSinceTyped("the table is closed");
      client.close(); // no quit: the table's closing is enough
      assertThat(client.exit.join()).isZero();
    }
    assertThat(tokens.find(south)).isEmpty();
  }
}
