package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.tenace.cli.score.Cli.run;

import io.grpc.ManagedChannel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.cli.LoopbackServer;
import org.tenace.cli.score.Cli.Run;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.SessionServiceGrpc;

/**
 * The host's window shows a line for each of the director's actions as it happens, whoever
 * takes it ({@code tenace direct} here): adjusted scores of every kind, a penalty, a late pair,
 * a pair leaving, a late pair's arrival, a replacement and a substitute.
 */
class HostDirectorActionsTest {
  @RegisterExtension final LoopbackServer server = new LoopbackServer();
  private String at;

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void eachDirectorActionIsALineOfTheHostsWindowAsItHappens() throws Exception {
    ManagedChannel channel = server.start();
    at = server.address();
    // A 3-table Mitchell of robots, two boards a round, that starts once one pair has joined.
    HostInThisJvm host = new HostInThisJvm(at, "--movement", "mitchell", "--tables", "3",
        "--boards", "2", "--robots", "--wait", "1", "--seed", "5");
    String token = host.token();

    direct(token, "absent", "1", "5", "1");
    direct(token, "absent", "1", "6", "3");
    // Ann takes pair 1's North seat, a robot her partner; the host starts. She never plays, so
    // table 1 waits for her seat until the director seats a substitute.
    var stub = SessionServiceGrpc.newBlockingStub(channel);
    stub.joinSession(JoinSessionRequest.newBuilder().setSessionId("1").setPair(1)
        .setName("Ann").setSeat(Seat.SEAT_NORTH).setRobotPartner(true).build());
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(host.out())
        .as("host's output, waiting for round 1; its errors: %s", host.err())
        .contains("round 1 of 3"));
    // Late pair 5 comes during round 1 (which waits for Ann); the director has robots play it.
    stub.joinSession(JoinSessionRequest.newBuilder().setSessionId("1").setPair(5)
        .setName("Cy - Di").build());
    direct(token, "replace", "1", "5");
    // Table 1's two boards adjusted, round 1 may move on: the rest does not depend on it.
    direct(token, "adjust", "1", "1", "1", "1", "--score", "A+/A-");
    direct(token, "adjust", "1", "1", "1", "2", "--split", "4S= by N / 4S-1 by N");
    direct(token, "adjust", "1", "1", "3", "5", "--weighted", "60% 4S= by N, 40% 4S-1 by N");
    direct(token, "penalty", "1", "--pair", "1", "--board", "1", "--mp", "0.5");
    direct(token, "substitute", "1", "1", "N", "--robot");

    host.ends(180);
    List<String> lines = host.out().lines().filter(l -> l.startsWith("Director: ")).toList();
    assertThat(lines).containsExactly(
        "Director: pair 5 is late: it misses round 1; its opponents sit out then",
        "Director: pair 6 leaves after round 2; its opponents sit out then",
        "Director: late pair 5 (Cy - Di) has arrived: it plays from round 2",
        "Director: robots play pair 5 from now on",
        "Director: board 1 at table 1, round 1: Avg+ to North-South, Avg- to East-West (an"
            + " artificial adjusted score)",
        "Director: board 2 at table 1, round 1: 4S= by N to North-South, 4S-1 by N to"
            + " East-West (a split score)",
        "Director: board 5 at table 3, round 1: 60% 4S= by N, 40% 4S-1 by N (a weighted score)",
        "Director: pair 1 loses 0.5 MPs on board 1 (a procedural penalty)",
        "Director: pair 1's North or East seat is taken from its player for a substitute",
        "Director: a robot plays pair 1's North or East seat as the substitute");
    // Each line comes as it happens: the arrival before the round it came in is over.
    String all = host.out();
    assertThat(all.indexOf("Director: late pair 5")).isLessThan(all.indexOf("round 2 of 3"));
    assertThat(all).contains("Final ranking:");
  }

  private void direct(String token, String... args) {
    String[] line = new String[args.length + 5];
    line[0] = "direct";
    System.arraycopy(args, 0, line, 1, args.length);
    line[args.length + 1] = "--server";
    line[args.length + 2] = at;
    line[args.length + 3] = "--token";
    line[args.length + 4] = token;
    Run r = run(line);
    assertThat(r.exit()).as("tenace %s: %s", String.join(" ", args), r.err()).isZero();
  }
}
