package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.cli.LoopbackServer;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;

/**
 * {@code dd} at the terminal: refused while hands are hidden, then, the board over, the
 * double-dummy table and par of the board just played, worked out in the client.
 */
class DoubleDummyAtTheTableTest {
  // Each hand one whole suit, so that the solver sees the table at once: North spades, East
  // hearts, South diamonds, West clubs.
  private static final String DEAL =
      "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;

  @Test
  void afterTheBoardTheClientShowsItsDoubleDummyTableAndPar() throws Exception {
    channel = at.start();
    String table = at.createTable(CreateTableRequest
        .newBuilder().setName("Test")
        .setDealPbn("[Board \"1\"]\n[Deal \"" + DEAL + "\"]\n").build());
    try (DumbClient client = ScriptedSeat.southAmongPassers(at, channel, table)) {
      // Three hands are hidden from South: nothing is worked out yet.
      client.type("dd");
      client.awaitSinceTyped("The double-dummy table comes once the board is over.",
          "your call> ");
      client.type("7d");
      client.awaitSinceTyped("Contract 7D by South", "card> ");
      client.type("claim 13");
      // The table compares the result with nothing: the client compares it with par, 7S.
      client.awaitSinceTyped("Result: 7D by South, 13 tricks",
          "NS +1440, par NS +1510 (7S-NS): -2 IMPs against par", "ready> ");
      client.type("dd");
      String shown = client.awaitSinceTyped("Board 1, double dummy (declarer's tricks):",
          "NT  S  H  D  C", "Par ", "ready> ");
      // In a side's own suit as trumps, one hand ruffs the opening lead and runs the trumps:
      // 13 tricks for either declarer; at notrump the opening leader runs his suit. Both sides
      // make a grand slam, North-South the higher one, and no sacrifice over it pays.
      assertThat(shown).contains("North   0 13  0 13  0", "South   0 13  0 13  0",
          "East    0  0 13  0 13", "West    0  0 13  0 13", "Par NS 1510: 7S-NS");
      // Each strain's name ends in its column, over the figures.
      assertThat(shown).containsPattern("\\n {9}NT  S  H  D  C\\r?\\n  North   0 13");
      client.assertFitsEightyColumns();
      client.quit();
    }
  }
}
