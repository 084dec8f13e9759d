package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.cli.LoopbackServer;
import org.tenace.proto.v1.BoardResult;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;

/**
 * The client driven through JLine's dumb terminal against a real server on a loopback port, with
 * three scripted players in the other seats: it joins, bids (a mistype and an illegal call are
 * answered and the prompt stays), plays a board to trick 11, claims the rest, and the final
 * score is read from the screen.
 */
class JoinSessionTest {
  private static final Pattern CARD_TURN = Pattern.compile(
      "(Your card|Dummy's card \\((\\w+)\\)), trick (\\d+)\\. Legal: ([^\\n]*)");

  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;
  private DumbClient client;

  @BeforeEach
  void start() {
    channel = at.start();
  }

  @AfterEach
  void stop() throws IOException {
    if (client != null) {
      client.close();
    }
  }

  private String newTable(long seed) {
    return at.createTable(CreateTableRequest.newBuilder()
        .setName("Test").setDealSeed(seed).build());
  }

  private String text() {
    return client.text();
  }

  private void type(String line) {
    client.type(line);
  }

  private String awaitSinceTyped(String... texts) {
    return client.awaitSinceTyped(texts);
  }

  @Test
  void aWholeBoardIsBidPlayedAndClaimedAtTheTerminal() throws IOException {
    String table = newTable(11);
    // Board 1: North deals. North passes, East opens 1H, then everyone passes but South.
    ScriptedSeat north = at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_NORTH,
        List.of()));
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_EAST, List.of("1H")));
    at.closeAfter(new ScriptedSeat(channel, table, Seat.SEAT_WEST, List.of()));
    client = new DumbClient(channel, table, Seat.SEAT_SOUTH);
    awaitSinceTyped("Your call.", "your call> ");
    assertThat(text()).contains("Board 1", "Dealer North", "Bot East", "Tester (you)",
        "West  North East  South", "Pass  1H");

    type("1q");
    awaitSinceTyped("? '1q' is not a call", "your call> ");
    type("1c");
    // Refusals in words, not the server's codes (INSUFFICIENT_BID, INADMISSIBLE_REDOUBLE).
    awaitSinceTyped("! Insufficient bid: 1C after 1H; lowest is 1S", "your call> ");
    type("xx");
    assertThat(awaitSinceTyped("! You cannot redouble that", "your call> "))
        .doesNotContain("INADMISSIBLE_REDOUBLE");
    type("1nt! 15-17");
    String afterBid = awaitSinceTyped("Contract 1NT by South");
    assertThat(afterBid).contains("Alert: South 1NT: 15-17");

    // The play: each time the screen offers a card (ours or dummy's) not yet played, play the
    // first legal one, typed in a different notation each time; at trick 11, claim the rest.
    Set<String> played = new HashSet<>();
    int turns = 0;
    while (true) {
      String[] turn = new String[3];
      await().atMost(Duration.ofSeconds(20)).until(() -> {
        Matcher m = CARD_TURN.matcher(text());
        String[] last = null;
        while (m.find()) {
          last = new String[] {m.group(2) == null ? "South" : m.group(2), m.group(3), m.group(4)};
        }
        if (last == null || played.contains(last[0] + last[1])) {
          return false;
        }
        System.arraycopy(last, 0, turn, 0, 3);
        return true;
      });
      played.add(turn[0] + turn[1]);
      if (Integer.parseInt(turn[1]) == 11) {
        break;
      }
      if (turns == 2) {
        type("zz");
        awaitSinceTyped("? 'zz' is not a card", "card> ");
      }
      String[] legal = turn[2].strip().split(" ");
      type(notation(legal[0], legal, turns++));
    }
    type("claim 3");
    String end = awaitSinceTyped("Result: 1NT by South");
    BoardResult result = await().atMost(Duration.ofSeconds(30))
        .until(() -> north.lastCompleted.get(), r -> r != null).getResult();
    int ns = result.getScoreNorthSouth();
    String score = "NS " + (ns > 0 ? "+" : "") + ns; // South reads North-South's score
    assertThat(end).contains("Result: 1NT by South, " + result.getTricks() + " tricks")
        .contains(", claimed: " + score)
        .contains("Score NS by board  1: " + (ns > 0 ? "+" : "") + ns);
    assertThat(turns).isGreaterThanOrEqualTo(10);

    // Enter between boards; board 2 starts, and quit leaves.
    awaitSinceTyped("Press Enter");
    type("");
    awaitSinceTyped("Board 2");
    type("quit");
    assertThat(client.exit.join()).isZero();

    java.nio.file.Files.writeString(java.nio.file.Path.of("target", "join-session-screen.txt"),
        text());
    // Readable at 80 columns, and a dumb terminal gets letters, not symbols.
    for (String written : text().split("\n")) {
      String line = written.substring(written.lastIndexOf('\r') + 1); // \r returns to column 0
      assertThat(line.length()).as(line).isLessThanOrEqualTo(80);
      assertThat(line.chars().allMatch(ch -> ch < 128)).as(line).isTrue();
    }
  }

  /** SQ typed as sq, qs, s10/10s for tens, or a bare rank when it is the only legal one. */
  private static String notation(String card, String[] legal, int i) {
    String suit = card.substring(0, 1);
    String rank = card.substring(1);
    long sameRank = java.util.Arrays.stream(legal).filter(c -> c.substring(1).equals(rank)).count();
    return switch (i % 4) {
      case 0 -> (suit + rank).toLowerCase();
      case 1 -> (rank + suit).toLowerCase();
      case 2 -> sameRank == 1 ? rank.toLowerCase() : suit + rank;
      default -> rank.equals("10") ? "s".equals(suit.toLowerCase()) ? "st" : suit + "T" : suit
          + rank;
    };
  }
}
