package org.tenace.cli.twoplayer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.cli.DumbTerminalRun;
import org.tenace.cli.LoopbackServer;
import org.tenace.cli.Main;
import org.tenace.proto.v1.Suit;
import org.tenace.proto.v1.TableServiceGrpc;

/**
 * {@code play --variant}'s session through JLine's dumb terminal against a real server on a
 * loopback port with its robot at North: a whole deal of each variant is played by typing what
 * the screen offers (a mistyped and an illegal entry are answered, and the prompt stays), and the
 * screen shows the stock, the turned-up card, the phase and the tricks of each phase.
 */
class TwoPlayerPlayTest {
  private static final Pattern CARDS = Pattern.compile("Your card\\. Legal: ([A-Z0-9 ]+)");
  private static final String NEXT_DEAL = "Press Enter (or type next) for the next deal.";
  private static final Pattern CALLS = Pattern.compile("Your call: P to pass(, or a bid from "
      + "(\\w+))?");

  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;
  private DumbTerminalRun player;

  @BeforeEach
  void start() {
    channel = at.start();
  }

  @AfterEach
  void stop() throws IOException {
    if (player != null) {
      player.closeKeys();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"honeymoon", "no-trump", "trumps"})
  void aWholeDealAgainstTheRobot(String variant) throws IOException {
    player = new DumbTerminalRun(terminal -> TwoPlayerPlay.run(
        terminal, channel, TwoPlayerPlay.table(TwoPlayerPlay.variant(variant), 1,
            Suit.SUIT_HEARTS, 1), "Tester", true));
    CompletableFuture<Integer> exit = player.exit;
    int read = 0;
    boolean bid = false;
    boolean mistyped = false;
    boolean readTheResult = false;
    long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (!exit.isDone() && System.nanoTime() < deadline) {
      int from = read;
      await().atMost(Duration.ofSeconds(30)).until(() -> exit.isDone()
          || CARDS.matcher(text().substring(from)).find()
          || CALLS.matcher(text().substring(from)).find()
          || text().substring(from).contains(NEXT_DEAL));
      String t = text();
      Matcher cards = CARDS.matcher(t.substring(from));
      Matcher calls = CALLS.matcher(t.substring(from));
      read = t.length();
      if (t.substring(from).contains(NEXT_DEAL)) {
        // The deal is over and the robot ready: the table waits until the player has read the
        // result, and the prompt comes after it.
        awaitText(0, "North is ready");
        assertThat(text()).contains("Deal over.").doesNotContain("The table closed.");
        await().atMost(Duration.ofSeconds(10)).until(() -> text().endsWith("> "));
        readTheResult = true;
        type("");
      } else if (cards.find()) {
        // What the table printed comes above the prompt, which stays last.
        await().atMost(Duration.ofSeconds(10)).until(() -> text().endsWith("> "));
        if (!mistyped) {
          mistyped = true;
          type("XQ");
          awaitText(read, "is not a card");
          type("S1");
          awaitText(read, "is not a card");
          read = text().length();
        }
        type(cards.group(1).trim().split(" ")[0]);
      } else if (calls.find()) {
        // Bid once (so that the deal is played, not passed out), then pass.
        type(!bid && calls.group(2) != null ? calls.group(2) : "P");
        bid = true;
      }
    }
    assertThat(exit).succeedsWithin(Duration.ofSeconds(30)).isEqualTo(0);
    assertThat(readTheResult).isTrue();
    String all = text();
    // No log line of the client reaches the screen, and the player's own calls are not told
    // again beside the auction.
    assertThat(all).doesNotContain("WARNING", "refused", "* South bid", "* South passed");
    assertThat(all).contains("Phase: exchange, trick 1 of 13. Stock: 26 cards, turned up: ",
        "Phase: scored tricks, trick 1 of 13", "Tricks: exchange North ", "Deal over.",
        "Result: North ", "The table closed.", "Handicap: South receives 1");
    assertThat(all).containsPattern("you drew [SHDC][2-9TJQKA]").doesNotContain("the other drew");
    if (variant.equals("trumps")) {
      assertThat(all).contains("Trumps: hearts");
    }
    if (variant.equals("honeymoon")) {
      assertThat(all).contains("Auction: N ", "Contract: ");
    }
    for (String line : all.split("\n")) {
      String l = line.substring(line.lastIndexOf('\r') + 1);
      assertThat(l.length()).as(l).isLessThanOrEqualTo(80);
      assertThat(l.chars().allMatch(ch -> ch < 128)).as(l).isTrue();
    }
  }

  private String text() {
    return player.text();
  }

  private void awaitText(int from, String what) {
    await().atMost(Duration.ofSeconds(20)).until(() -> text().substring(from).contains(what));
  }

  private void type(String line) throws IOException {
    player.typeLine(line);
  }

  @org.junit.jupiter.api.Test
  void twoPeoplePlayAWholeDealEachAtHisTerminal() throws IOException {
    String id = at.createTable(
        org.tenace.proto.v1.CreateTableRequest.newBuilder().setName("pair")
            .setSettings(org.tenace.proto.v1.TableSettings.newBuilder()
                .setVariant(org.tenace.proto.v1.Variant.VARIANT_NO_TRUMP).setBoardCount(1))
            .build());
    assertThat(TwoPlayerPlay.isTwoPlayer(channel, id)).isTrue();
    Person north = new Person(id, "N");
    Person south = new Person(id, "S");
    long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (!(north.exit.isDone() && south.exit.isDone()) && System.nanoTime() < deadline) {
      boolean acted = north.playIfAsked() | south.playIfAsked();
      if (!acted) {
        java.util.concurrent.locks.LockSupport.parkNanos(5_000_000);
      }
    }
    assertThat(north.exit).succeedsWithin(Duration.ofSeconds(30)).isEqualTo(0);
    assertThat(south.exit).succeedsWithin(Duration.ofSeconds(30)).isEqualTo(0);
    assertThat(north.text()).contains("Deal over.", "The table closed.");
    // Each saw what he drew, never what the other drew.
    assertThat(north.text() + south.text()).doesNotContain("the other drew");
    assertThat(north.text() + south.text()).contains("you drew ");
    north.close();
    south.close();
  }

  /** East or West at a two-player table is a usage error of join, said in one line. */
  @Test
  void joinAtASeatTheGameHasNotIsAUsageError() {
    String id = TableServiceGrpc.newBlockingStub(channel).createTable(TwoPlayerPlay.table(
        TwoPlayerPlay.variant("honeymoon"), 1, Suit.SUIT_HEARTS, 1)).getTable().getTableId();
    StringWriter err = new StringWriter();
    int status = Main.commandLine(false).setErr(new PrintWriter(err, true)).execute("join",
        "--server", "127.0.0.1:" + at.server().port(), "--table", id, "--seat", "E");
    assertThat(status).isEqualTo(2);
    assertThat(err.toString().strip())
        .isEqualTo("tenace: join: --seat: N or S at a two-player table, not 'E'");
  }

  /** One person at a dumb terminal, typing the first legal card offered. */
  private final class Person extends DumbTerminalRun {
    int read;

    Person(String id, String seat) {
      super(terminal -> TwoPlayerPlay.join(terminal, channel, id, seat, "P" + seat, true));
    }

    boolean playIfAsked() {
      String t = text();
      Matcher m = CARDS.matcher(t.substring(read));
      boolean next = t.substring(read).contains(NEXT_DEAL);
      if (!m.find() && !next) {
        return false;
      }
      read = t.length();
      try {
        typeLine(next ? "" : m.group(1).trim().split(" ")[0]);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      return true;
    }

    void close() throws IOException {
      closeKeys();
    }
  }
}
