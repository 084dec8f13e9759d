package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.tenace.cli.score.Cli.run;

import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.cli.LoopbackServer;
import org.tenace.cli.score.Cli.Run;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.ReplaceByRobotRequest;
import org.tenace.proto.v1.SessionServiceGrpc;

/**
 * {@code tenace direct repair} against a real server: a repair proposed, shown and accepted in
 * words, refusals in one line; and the line {@code tenace host} shows when the director accepts
 * one while it runs the session.
 */
class RepairCommandTest {
  @RegisterExtension final LoopbackServer server = new LoopbackServer();
  private ManagedChannel channel;

  private String start() {
    channel = server.start();
    return server.address();
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aDirectorProposesShowsAndAcceptsARepairBeforeTheStart() {
    String at = start();
    // The 4-table Mitchell with a relay, one board a round: pair 8 will leave after round 2.
    String token = SessionServiceGrpc.newBlockingStub(channel).createSession(
        CreateSessionRequest.newBuilder().setName("Club night")
            .setMovement(MovementType.MOVEMENT_TYPE_MITCHELL).setTables(4).setRelay(true)
            .setBoardsPerRound(1).setRobots(true).build()).getDirectorToken();

    Run nothing = run("direct", "repair", "accept", "1", "--server", at, "--token", token);
    assertThat(nothing.exit()).isEqualTo(1);
    assertThat(nothing.err().lines().toList()).containsExactly("tenace: direct repair accept:"
        + " the server refused: WRONG_STATE: no repair has been proposed: propose one first");

    Run proposed = run("direct", "repair", "propose", "1", "--leaves", "8", "--after", "2",
        "--server", at, "--token", token);
    assertThat(proposed.exit()).as(proposed.err()).isZero();
    assertThat(proposed.out().lines().toList()).containsExactly(
        "session 1: repair from round 3 (pair 8 leaves): Mitchell, 4 tables with a relay and bye"
            + " stand (repaired from round 3), 8 pairs at 4 tables",
        "  round 3: pair 2 sits out",
        "  round 4: pair 3 sits out",
        "the check finds nothing wrong: no pair meets another twice or plays a board twice",
        "to play it: tenace direct repair accept 1");
    Run shown = run("direct", "repair", "show", "1", "--server", at, "--token", token);
    assertThat(shown.out()).isEqualTo(proposed.out());

    Run accepted = run("direct", "repair", "accept", "1", "--server", at, "--token", token);
    assertThat(accepted.exit()).as(accepted.err()).isZero();
    assertThat(accepted.out()).isEqualTo("session 1: movement repaired from round 3 (pair 8"
        + " leaves): Mitchell, 4 tables with a relay and bye stand (repaired from round 3);"
        + " the session has not started\n");

    Run added = run("direct", "repair", "propose", "1", "--add-table", "--after", "3",
        "--server", at, "--token", token);
    assertThat(added.exit()).as(added.err()).isZero();
    assertThat(added.out()).contains(
        "  round 4, table 5: pair 9 North-South against pair 10, board 4\n");

    Run two = run("direct", "repair", "propose", "1", "--leaves", "8", "--arrives",
        "--server", at, "--token", token);
    assertThat(two.exit()).isEqualTo(2);
    Run bad = run("direct", "repair", "propose", "1", "--remove-table", "3", "--server", at,
        "--token", token);
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err().lines().toList()).containsExactly("tenace: direct repair propose:"
        + " --remove-table: the two pairs that leave (3,7), not '3'");
    Run last = run("direct", "repair", "propose", "1", "--leaves", "1", "--after", "4",
        "--server", at, "--token", token);
    assertThat(last.exit()).isEqualTo(2);
    assertThat(last.err().lines().toList()).containsExactly("tenace: direct repair propose:"
        + " the server refused: MALFORMED: round 4 is the last: no round is left to plan again");
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void theHostShowsARepairAsTheDirectorAcceptsIt() throws Exception {
    String at = start();
    // A 3-table Mitchell of robots that starts once one pair has joined.
    HostInThisJvm host = new HostInThisJvm(at, "--movement", "mitchell", "--tables", "3",
        "--boards", "1", "--robots", "--wait", "1", "--seed", "4");
    String token = host.token();

    Run proposed = run("direct", "repair", "propose", "1", "--leaves", "6", "--after", "1",
        "--server", at, "--token", token);
    assertThat(proposed.exit()).as(proposed.err()).isZero();
    assertThat(run("direct", "repair", "accept", "1", "--server", at, "--token", token).exit())
        .isZero();
    // Pair 1 joins, so the host starts; robots play it.
    var stub = SessionServiceGrpc.newBlockingStub(channel);
    stub.joinSession(JoinSessionRequest.newBuilder().setSessionId("1").setPair(1)
        .setName("Ann - Ben").build());
    Metadata auth = new Metadata();
    auth.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
        "Bearer " + token);
    await().atMost(Duration.ofSeconds(30)).ignoreExceptions().untilAsserted(() ->
        stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(auth)).replaceByRobot(
            ReplaceByRobotRequest.newBuilder().setSessionId("1").setPair(1).build()));

    host.ends(90);
    // Pair 6 would have met pair 1 in round 2 and pair 2 in round 3.
    assertThat(host.out()).contains("Director: the movement repaired from round 2,"
        + " pair 6 leaves: round 2: pair 1 sits out; round 3: pair 2 sits out\n");
    assertThat(host.out()).contains("round 3 of 3", "  pair 2 sits out", "Final ranking:");
  }
}
