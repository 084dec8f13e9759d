package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.cli.LoopbackServer;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;

/** Undo asked and answered, an alert given ahead with "alert", and a claim, at the terminal. */
class UndoAndClaimTest {
  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;

  /**
   * {@code channel}, counting in {@code calls} the calls of {@code method} through it and running
   * {@code first} as the first of them leaves, before it reaches the server.
   */
  private static Channel crossing(Channel channel, MethodDescriptor<?, ?> method,
      AtomicInteger calls, Runnable first) {
    return ClientInterceptors.intercept(channel, new ClientInterceptor() {
      @Override
      public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> called,
          CallOptions options, Channel next) {
        if (called.equals(method) && calls.incrementAndGet() == 1) {
          first.run();
        }
        return next.newCall(called, options);
      }
    });
  }

  @Test
  void anUndoneCallIsReplacedByAnAlertedOneAndAClaimEndsTheBoard() throws Exception {
    String table = plainTable();
    ScriptedSeat north = new ScriptedSeat(channel, table, Seat.SEAT_NORTH, List.of());
    at.closeAfter(north);
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_EAST, List.of("1H", "1S"))
        .undoingFirstCall());
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_WEST, List.of()));
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      // East takes back its 1H at once: South (and North) are asked.
      client.awaitSinceTyped("East asks to undo the last call", "Allow the undo? (yes / no)",
          "yes/no> ");
      client.type("yes");
      client.awaitSinceTyped("Pass  1S    ?", "your call> ");
      north.pause(); // partner holds back, so that South may still take back his call
      client.type("2c");
      client.awaitSinceTyped("Pass  1S    2C", "Pass  ?");
      client.type("undo");
      // East and West consent; South calls again, with an alert given ahead.
      client.awaitSinceTyped("Pass  1S    ?", "Your call.", "your call> ");
      client.type("alert strong, balanced");
      client.awaitSinceTyped("Your next call will be alerted: strong, balanced", "your call> ");
      client.type("1nt");
      client.awaitSinceTyped("Pass  1S    1NT!", "Alert: South 1NT: strong, balanced");
      north.resume();
      client.awaitSinceTyped("Contract 1NT by South");
      // West leads. A reject with no claim open, and a claim past 13, are answered and the
      // prompt stays; then South claims all 13 and the defence accepts.
      client.awaitSinceTyped("card> ");
      client.type("reject");
      client.awaitSinceTyped("? nothing to reject: no claim or undo request is open", "card> ");
      client.type("claim 14");
      client.awaitSinceTyped("? a claim is 0 to 13 tricks, not 14", "card> ");
      client.type("claim 13");
      // The board over, as a played board is shown: the result, then the deal's check.
      client.awaitSinceTyped("Result: 1NT by South, 13 tricks (+6), claimed: NS +270",
          "Deal check: these hands are the deal committed to before the auction", "ready> ");
      // A lone table compares with nothing: its header promises no IMPs (the result is
      // compared with par in the client, which says so).
      assertThat(client.text()).contains("\"Test\"  Points").doesNotContain("\"Test\"  IMPs")
          .doesNotContainPattern("IMPs(?! against par)");
      client.quit();
    }
  }

  /**
   * South answers East's undo request while North's answer is on its way: South's answer
   * carries the version before North's and is refused as stale, yet what South was asked is
   * unchanged, so the client sends it again once North's answer has come; the player is not
   * told to retype.
   */
  @Test
  void anAnswerThatCrossesTheOtherOpponentsAnswerGoesAgain() throws Exception {
    String table = plainTable();
    ScriptedSeat north = new ScriptedSeat(channel, table, Seat.SEAT_NORTH, List.of())
        .holdingUndoAnswers();
    at.closeAfter(north);
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_EAST, List.of("1H", "1S"))
        .undoingFirstCall());
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_WEST, List.of()));
    // North answers just as South's answer leaves, after South's client read its version.
    AtomicInteger answers = new AtomicInteger();
    Channel crossing = crossing(channel, TableServiceGrpc.getRespondToUndoMethod(), answers,
        north::answerUndo);
    try (DumbClient client = new DumbClient(crossing, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("East asks to undo the last call", "Allow the undo? (yes / no)",
          "yes/no> ");
      client.type("yes");
      client.awaitSinceTyped("Pass  1S    ?", "your call> ");
      assertThat(answers).hasPositiveValue();
      assertThat(client.text()).doesNotContain("moved on");
      client.quit();
    }
  }

  /**
   * South's call crosses East's 1H taken back (the director allows it) and made again: South is
   * asked the same, but over an auction he may not have seen, so his call is not sent again; he
   * is told the table moved on and calls afresh.
   */
  @Test
  void aCallThatCrossesAnUndoneAndReplacedCallIsNotSentAgain() throws Exception {
    Directed undos = directorApprovedUndoTable();
    String table = undos.table();
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_NORTH, List.of()));
    ScriptedSeat east = new ScriptedSeat(channel, table, Seat.SEAT_EAST, List.of("1H", "1H"));
    at.closeAfter(east);
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_WEST, List.of()));
    // Once South's client has read its version, East's 1H is taken back and made again.
    AtomicInteger southCalls = new AtomicInteger();
    java.util.concurrent.atomic.AtomicBoolean madeAgain =
        new java.util.concurrent.atomic.AtomicBoolean();
    Channel crossing = crossing(channel, TableServiceGrpc.getMakeCallMethod(), southCalls, () -> {
      east.requestUndo();
      undos.director().respondToUndo(org.tenace.proto.v1.RespondToUndoRequest.newBuilder()
          .setTableId(table).setAccept(true).build());
      try {
        madeAgain.set(east.awaitCallsAccepted(2, java.time.Duration.ofSeconds(30)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    try (DumbClient client = new DumbClient(crossing, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("Pass  1H    ?", "your call> ");
      client.type("2c");
      client.awaitSinceTyped("the table moved on", "your call> ");
      assertThat(madeAgain).as("South's call waited for East's 1H made again (East's calls"
          + " accepted: %d of 2)", east.callsAccepted()).isTrue();
      assertThat(east.callsAccepted()).isEqualTo(2);
      assertThat(southCalls).hasValue(1);
      client.quit();
    }
  }

  /**
   * West leads, South (declarer) plays from dummy, East follows, and South takes dummy's card
   * back (East's goes back with it): when dummy's card and East's are played again and South's
   * own completes the trick, the trick's line and {@code last} still show West's lead.
   */
  @Test
  void aCardTakenBackLeavesTheLeadInTheTricksRecord() throws Exception {
    Directed undos = directorApprovedUndoTable();
    String table = undos.table();
    ScriptedSeat.passingAround(at, channel, table);
    java.util.regex.Pattern dummys = java.util.regex.Pattern.compile(
        "Dummy's card \\(North\\), trick 1\\. Legal: ([A-Z0-9]+)\\s");
    java.util.regex.Pattern own = java.util.regex.Pattern.compile(
        "Your card, trick 1\\. Legal: ([A-Z0-9]+)\\s");
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("your call> ");
      client.type("1nt");
      // The prompt may come before the status line that lists the legal cards: wait for that.
      client.awaitSinceTyped("Contract 1NT by South");
      java.util.regex.Matcher m = client.awaitMatchSinceTyped(dummys);
      String fromDummy = m.group(1);
      client.type(fromDummy);
      client.awaitSinceTyped("Your card, trick 1.", "your card> ");
      client.type("undo");
      client.awaitSinceTyped("South asks to undo the last card");
      undos.director().respondToUndo(org.tenace.proto.v1.RespondToUndoRequest.newBuilder()
          .setTableId(table).setAccept(true).build());
      client.awaitSinceTyped("Dummy's card (North), trick 1.", "dummy's card> ");
      client.type(fromDummy);
      m = client.awaitMatchSinceTyped(own);
      client.type(m.group(1));
      java.util.regex.Pattern fourCards = java.util.regex.Pattern.compile(
          "Trick 1 won by \\w+:  W \\S+  N " + fromDummy.replace("T", "10")
              + "  E \\S+  S " + m.group(1).replace("T", "10") + " ");
      client.awaitMatchSinceTyped(fourCards);
      client.type("last");
      client.awaitMatchSinceTyped(fourCards);
      client.quit();
    }
  }

  /** A table, and the table service as its director. */
  private record Directed(String table, TableServiceGrpc.TableServiceBlockingStub director) {}

  /** A table on a new server whose undos wait for the director (the test answers for him). */
  private Directed directorApprovedUndoTable() {
    channel = at.start();
    org.tenace.proto.v1.CreateTableResponse created = TableServiceGrpc.newBlockingStub(channel)
        .createTable(CreateTableRequest.newBuilder().setName("Test").setDealSeed(11)
            .setSettings(org.tenace.proto.v1.TableSettings.newBuilder().setUndoPolicy(
                org.tenace.proto.v1.UndoPolicy.newBuilder()
                    .setApprover(org.tenace.proto.v1.UndoApprover.UNDO_APPROVER_DIRECTOR)))
            .build());
    return new Directed(created.getTable().getTableId(),
        TableConnectionTestAccess.authed(channel, created.getDirectorToken()).blocking());
  }

  private String plainTable() {
    channel = at.start();
    return at.createTable(CreateTableRequest
        .newBuilder().setName("Test").setDealSeed(11).build());
  }

  /**
   * {@code concede} gives up every trick left, which cannot be taken back: it asks first, and
   * {@code no} leaves play as it was. Conceded, the tricks line counts the conceded tricks.
   */
  @Test
  void concedeAsksFirstAndTheTricksLineCountsTheConcededTricks() throws Exception {
    String table = plainTable(); // starts the server and its channel
    try (DumbClient client = ScriptedSeat.southAmongPassers(at, channel, table)) {
      client.type("1nt");
      client.awaitSinceTyped("Contract 1NT by South", "dummy's card> ");
      client.type("concede");
      client.awaitSinceTyped("Concede all 13 tricks left to the opponents? yes to concede, no "
          + "to play on.", "concede? yes/no> ");
      client.type("no");
      assertThat(client.awaitSinceTyped("Not conceded: play goes on.", "dummy's card> "))
          .doesNotContain("South claims", "Result:");
      client.type("concede");
      client.awaitSinceTyped("concede? yes/no> ");
      client.type("yes");
      client.awaitSinceTyped("Contract 1NT by South   Tricks NS 0  EW 13",
          "Result: 1NT by South, 0 tricks (-7), claimed: NS -350", "ready> ");
      client.quit();
    }
  }

  /** A refusal shown during the play is gone from the screen once the board is over. */
  @Test
  void aRefusalIsClearedFromTheScreenOnceTheBoardIsOver() throws Exception {
    String table = plainTable();
    ScriptedSeat north = new ScriptedSeat(channel, table, Seat.SEAT_NORTH, List.of("1NT"));
    at.closeAfter(north);
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_EAST, List.of()));
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_WEST, List.of()));
    try (DumbClient client = new DumbClient(channel, table, Seat.SEAT_SOUTH)) {
      client.awaitSinceTyped("1NT", "your call> ");
      north.pause(); // declarer holds the play until South has been refused
      client.type("p");
      client.awaitSinceTyped("Contract 1NT by North");
      client.type("claim 5");
      String refused = client.awaitSinceTyped("\n! ");
      String line = refused.substring(refused.indexOf("\n! ") + 1).lines().findFirst()
          .orElseThrow();
      north.resume();
      client.awaitSinceTyped("Result: 1NT by North", "ready> ");
      String last = client.text().substring(client.text().lastIndexOf("Result: 1NT by North"));
      assertThat(last).doesNotContain(line);
      client.quit();
    }
  }
}
