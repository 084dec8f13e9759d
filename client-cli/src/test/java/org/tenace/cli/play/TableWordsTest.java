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
 * At the table, through JLine's dumb terminal: refusals in a player's words (whose hand, which
 * suit, no codes), the last trick and who won it, and a claim's answer shown whoever gives it.
 */
class TableWordsTest {
  // Each hand one suit, but South holds a club and West a diamond: West leads the two of
  // diamonds, so South, declaring 1D, must follow with a diamond and not the club.
  private static final String DEAL = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
      + "[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT9876543.2 ..2.AKQJT9876543\"]\n";

  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;

  @Test
  void refusalsAreInWordsAndTheLastTrickAndAClaimsAnswerAreShown() throws Exception {
    channel = at.start();
    String table = at.createTable(CreateTableRequest
        .newBuilder().setName("Words").setDealPbn(DEAL).build());
    ScriptedSeat north = new ScriptedSeat(channel, table, Seat.SEAT_NORTH, List.of());
    at.closeAfter(north);
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_EAST, List.of()).rejectingClaims());
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_WEST, List.of()).rejectingClaims());
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("your call> ");
      client.type("sk");
      String said = client.awaitSinceTyped("? 'sk' is not a call: type 1C..7NT, P, X or XX");
      assertThat(said).doesNotContain("(not a call");
      client.type("1d");
      client.awaitSinceTyped("Contract 1D by South", "dummy's card> ");
      // Declarer names a card dummy does not hold: the refusal says whose hand.
      client.type("da");
      said = client.awaitSinceTyped("! DA is not in dummy's hand", "dummy's card> ");
      assertThat(said).doesNotContain("CARD_NOT_HELD");
      client.type("s2");
      client.awaitSinceTyped("your card> ");
      client.type("c2");
      said = client.awaitSinceTyped("! You must follow suit (D)", "your card> ");
      assertThat(said).doesNotContain("REVOKE");
      client.type("ha");
      client.awaitSinceTyped("! HA is not in your hand", "your card> ");
      client.type("da");
      // The trick turned over is still to be seen, with its winner, after it and with "last".
      client.awaitSinceTyped("Trick 1 won by South:  W D2  N S2  E HA  S DA", "your card> ");
      client.type("last");
      client.awaitSinceTyped("Trick 1 won by South:  W D2  N S2  E HA  S DA", "your card> ");
      // The defenders reject the claim: the screen says so.
      client.type("claim 12");
      said = client.awaitSinceTyped("rejected the claim: play goes on.", "card> ");
      assertThat(said).containsAnyOf("East rejected", "West rejected");
      client.quit();
      client.assertFitsEightyColumns();
    }
  }

  // West leads the ace of spades; dummy (North) holds one spade, its only legal card.
  private static final String SINGLETON = "[Board \"1\"]\n[Dealer \"N\"]\n"
      + "[Vulnerable \"None\"]\n[Deal \"N:3.AKQJT9876543.. 2.2.AKQJT987654. ..32.AKQJT987654 "
      + "AKQJT987654...32\"]\n";

  @Test
  void autoPlayPlaysASingleLegalCardForThePlayer() throws Exception {
    channel = at.start();
    String table = at.createTable(CreateTableRequest
        .newBuilder().setName("Auto").setDealPbn(SINGLETON).build());
    try (DumbClient client = ScriptedSeat.southAmongPassers(at, channel, table)) {
      client.type("auto");
      client.awaitSinceTyped("Auto-play is on", "your call> ");
      client.type("1c");
      // Dummy's only spade goes by itself; then it is South's own turn, with a choice.
      client.awaitSinceTyped("Played S3 from dummy, the only legal card (auto).", "your card> ");
      client.quit();
    }
  }

  @Test
  void aTableThatIsNotThereIsSaidInWords() throws Exception {
    channel = at.start();
    try (DumbClient client = new DumbClient(channel, "99", Seat.SEAT_SOUTH)) {
      assertThat(client.exit.join()).isEqualTo(1);
      assertThat(client.text()).contains("! No table '99'").doesNotContain("TABLE_NOT_FOUND");
    }
  }
}
