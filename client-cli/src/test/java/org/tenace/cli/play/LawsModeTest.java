package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Duration;
import io.grpc.ManagedChannel;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.cli.LoopbackServer;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Mode;
import org.tenace.proto.v1.OptionChoice;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableSettings;

/**
 * Laws mode at the terminal, against a real server: the holder of an option chooses at the
 * prompt (a choice not offered is refused with the valid ones) and sees the rectification; an
 * irregular call typed by the player reaches the table; declarer answers a lead out of turn.
 */
class LawsModeTest {
  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;

  @BeforeEach
  void start() {
    channel = at.start();
  }

  /** A laws-mode table whose rulings take the Laws' default after a second (no director). */
  private String lawsTable() {
    return at.createTable(CreateTableRequest.newBuilder()
        .setName("Laws").setDealSeed(11).setSettings(TableSettings.newBuilder()
            .setMode(Mode.MODE_LAWS).setDirectorTimeout(Duration.newBuilder().setSeconds(1)))
        .build());
  }

  @Test
  void theHolderRefusesAnInsufficientBidAndSeesTheRectification() throws Exception {
    String table = lawsTable();
    // Board 1, North deals: 1S, then East's insufficient 1H; refused, East bids 3H instead.
    ScriptedSeat.sitAround(at, channel, table, List.of("1S"), List.of("1H", "3H"), List.of());
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      String offered = client.awaitSinceTyped("1S    1H*",
          "Option for South: East's 1H was insufficient (Law 27).",
          "East's 1H was insufficient (Law 27). accept | refuse", "accept/refuse> ");
      assertThat(offered).contains("Laws mode");

      client.type("dummy");
      client.awaitSinceTyped("? 'dummy' is not offered here; choose one of: accept | refuse",
          "East's 1H was insufficient (Law 27). accept | refuse", "accept/refuse> ");
      client.type("ban s");
      client.awaitSinceTyped("? 'ban' is not offered here; choose one of: accept | refuse",
          "accept/refuse> ");

      client.type("refuse");
      // East replaces his bid with 3H, not the lowest in hearts: the director would say whether
      // it is comparable; none does, the Laws' default (not comparable) bars West (27B2).
      String after = client.awaitSinceTyped("1S    3H    ", "Withdrawn: East 1H",
          "West must pass for the rest of the auction (Law 27B2).",
          "If West defends, declarer may ban one of C D S at his first lead",
          "Ruling (Law 27B1b): not comparable (the Laws' default).", "Your call.",
          "your call> ");
      assertThat(after).contains("Waiting for the director (Law 27B1b): Is E's 3H comparable");
      assertThat(after.substring(after.lastIndexOf("Board 1"))).doesNotContain("Option for");

      client.quit();
      client.assertFitsEightyColumns();
    }
  }

  @Test
  void anIrregularityRectifiedAtOnceIsAnnouncedInWordsAndListedByLaws() throws Exception {
    String table = lawsTable();
    // West redoubles North's 1H: inadmissible (Law 36B), East is barred, West passes instead.
    ScriptedSeat.sitAround(at, channel, table, List.of("1H"), List.of(), List.of("XX", "P"));
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("your call> ");
      client.type("p");
      client.awaitSinceTyped("Irregularity (Law 36B): West,", "inadmissible redouble");
      client.type("laws");
      client.awaitSinceTyped("1. Irregularity (Law 36B): West,", "inadmissible redouble",
          "[call 4: XX]");
      client.quit();
      client.assertFitsEightyColumns();
    }
  }

  @Test
  void anInsufficientBidTypedAtALawsTableReachesTheTableAndIsReplaced() throws Exception {
    String table = lawsTable();
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_NORTH, List.of("1S")));
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_EAST, List.of()));
    ScriptedSeat west = new ScriptedSeat(channel, table, Seat.SEAT_WEST, List.of())
        .answeringOptionsWith(OptionChoice.OPTION_CHOICE_REFUSE);
    west.pause();
    at.closeAfter(west);
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("1S    Pass  ?", "your call> ");
      client.type("1h"); // refused at an online table (INSUFFICIENT_BID); recorded here
      client.awaitSinceTyped("1S    Pass  1H*", "Option for West: South's 1H was insufficient",
          "Waiting for West to choose (Law 27).");
      west.resume();
      // West refuses: South replaces the bid; 2H, the lowest in the same strain, settles it
      // with no rectification (Law 27B1a).
      client.awaitSinceTyped("Your call.", "your call> ");
      client.type("2h");
      String after = client.awaitSinceTyped("1S    Pass  2H", "Withdrawn: South 1H");
      assertThat(after).doesNotContain("! ", "must pass");
      client.quit();
    }
  }

  @Test
  void declarerAnswersAnOpeningLeadOutOfTurnByBecomingDummy() throws Exception {
    String table = lawsTable();
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_NORTH, List.of()));
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_EAST, List.of()).leadingOutOfTurn());
    // West, on lead, holds back: East is quicker.
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_WEST, List.of()).notPlaying());
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("your call> ");
      client.type("1nt");
      // West is to lead against 1NT by South; East faces a card first (Law 54).
      client.awaitSinceTyped("Contract 1NT by South", "East faced the opening lead",
          "out of turn (Law 54). accept | dummy | refuse", "accept/dummy/refuse> ");
      client.type("require s");
      client.awaitSinceTyped(
          "? 'require' is not offered here; choose one of: accept | dummy | refuse",
          "accept/dummy/refuse> ");
      client.type("dummy");
      client.awaitSinceTyped("Contract 1NT by North", "South (dummy)");
      client.quit();
      client.assertFitsEightyColumns();
    }
  }

  @Test
  void tenacePlayWithLawsSeatsTheHouseRobotsAtALawsModeTable() throws Exception {
    var practice = PlayCommand.practiceTable(Seat.SEAT_SOUTH,
        PlayCommand.method("imp"), 0, true);
    assertThat(practice.getSettings().getMode()).isEqualTo(Mode.MODE_LAWS);
    assertThat(PlayCommand.practiceTable(Seat.SEAT_SOUTH, PlayCommand.method("imp"), 0, false)
        .getSettings().getMode()).isEqualTo(Mode.MODE_ONLINE);
    String table = at.createTable(practice.toBuilder()
        .setDealSeed(11).build());
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("Laws mode", "Your call.", "your call> ");
      // A redouble with no double to redouble: refused online; here cancelled, and South's
      // partner barred for the rest of the auction (Law 36B).
      client.type("xx");
      String after = client.awaitSinceTyped("Withdrawn: South XX",
          "North must pass for the rest of the auction", "your call> ");
      assertThat(after).doesNotContain("! INADMISSIBLE");
      client.quit();
    }
  }
}
