package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;

/**
 * The server's log says when it starts and stops and when each table opens and closes, and never
 * shows a card: whole boards played by robots with every Tenace logger at DEBUG leave no hand,
 * deal or card in any line.
 */
class LogsTest {
  /** A hand in PBN (S.H.D.C), the form hands and deals print in. */
  private static final Pattern HAND = Pattern.compile("[AKQJT2-9]*(?:\\.[AKQJT2-9]*){3}");

  @Test
  void robotsPlayWholeBoardsAndNoCardReachesTheLog() throws Exception {
    Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    Logger tenace = (Logger) LoggerFactory.getLogger("org.tenace");
    Level rootWas = root.getLevel();
    Level tenaceWas = tenace.getLevel();
    ListAppender<ILoggingEvent> captured = new ListAppender<>();
    captured.start();
    root.addAppender(captured);
    root.setLevel(Level.DEBUG);
    tenace.setLevel(Level.DEBUG);
    List<BoardCompleted> boards = new ArrayList<>();
    try {
      TenaceServer server = TenaceServer.start(
          NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)),
          "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
      ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port())
          .usePlaintext().build();
      try {
        CreateTableResponse created = TableServiceGrpc.newBlockingStub(channel).createTable(
            CreateTableRequest.newBuilder().setName("robots")
                .setSettings(TableSettings.newBuilder().setBoardCount(2))
                .addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
                .addRobotSeats(Seat.SEAT_SOUTH).addRobotSeats(Seat.SEAT_WEST).build());
        BoardLog log = new BoardLog(channel, created.getTable().getTableId(),
            created.getDirectorToken());
        boards.add(log.next(Duration.ofSeconds(30)));
        boards.add(log.next(Duration.ofSeconds(30)));
        String id = created.getTable().getTableId();
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() ->
            messages(captured).contains("table " + id + " closed (played 2 boards)"));
      } finally {
        channel.shutdownNow();
        server.close();
      }
    } finally {
      root.detachAppender(captured);
      root.setLevel(rootWas);
      tenace.setLevel(tenaceWas);
    }

    List<String> lines = messages(captured);
    assertThat(lines).anyMatch(l -> l.startsWith("server started on port "))
        .anyMatch(l -> l.matches("table \\d+ opened \\(.*\\)"))
        .anyMatch(l -> l.matches("table \\d+ closed \\(played 2 boards\\)"))
        .contains("server stopped; the store is closed");
    List<String> hands = new ArrayList<>();
    for (BoardCompleted b : boards) {
      assertThat(b.getHandsCount()).isEqualTo(4);
      for (Hand h : b.getHandsList()) {
        hands.add(pbn(h));
      }
    }
    for (String line : lines) {
      assertThat(line).as("a log line").doesNotContain("SUIT_", "RANK_", "♠", "♥", "♦", "♣");
      for (String hand : hands) {
        assertThat(line).as("a log line").doesNotContain(hand);
      }
      Matcher m = HAND.matcher(line);
      while (m.find()) {
        assertThat(isHand(m.group())).as("a hand in: " + line).isFalse();
      }
    }
  }

  /**
   * Whether {@code text} (four suits, dot-separated) can be a hand as PBN prints one: 13 cards, each
   * suit's ranks from the highest down. A run of hex digits ending in Netty's "..." (a DEBUG frame
   * dump) has the shape but not the order, and is not a hand.
   */
  static boolean isHand(String text) {
    String[] suits = text.split("\\.", -1);
    if (suits.length != 4 || text.length() - 3 != 13) {
      return false;
    }
    for (String suit : suits) {
      for (int i = 1; i < suit.length(); i++) {
        if (RANKS.indexOf(suit.charAt(i - 1)) >= RANKS.indexOf(suit.charAt(i))) {
          return false;
        }
      }
    }
    return true;
  }

  private static final String RANKS = "AKQJT98765432";

  @Test
  void aHandIsThirteenCardsInRankOrderAndAFrameDumpIsNot() {
    assertThat(isHand("AKQ.J T9.8765.432".replace(" ", ""))).isTrue();
    assertThat(isHand("AK2.QJT.9876.543")).isTrue();
    assertThat(isHand("...AKQJT98765432")).isTrue();
    assertThat(isHand("72746966696369...")).isFalse(); // seen in a frame dump
    assertThat(isHand("AKQ.JT9.876.54")).isFalse(); // 12 cards
    assertThat(isHand("KA.QJT9.8765.432")).isFalse(); // not in rank order
  }

  /** Every line as written: message, arguments, and any throwable's trace. */
  private static List<String> messages(ListAppender<ILoggingEvent> captured) {
    List<String> out = new ArrayList<>();
    synchronized (captured) {
      for (ILoggingEvent e : List.copyOf(captured.list)) {
        out.add(e.getFormattedMessage()
            + (e.getThrowableProxy() == null ? ""
                : "\n" + ThrowableProxyUtil.asString(e.getThrowableProxy())));
      }
    }
    return out;
  }

  /** A hand in PBN: each suit from spades, each rank from the ace down. */
  private static String pbn(Hand h) {
    StringBuilder sb = new StringBuilder();
    String ranks = "AKQJT98765432";
    String[] suits = {"SUIT_SPADES", "SUIT_HEARTS", "SUIT_DIAMONDS", "SUIT_CLUBS"};
    for (int s = 0; s < 4; s++) {
      if (s > 0) {
        sb.append('.');
      }
      for (char r : ranks.toCharArray()) {
        for (Card c : h.getCardsList()) {
          if (c.getSuit().name().equals(suits[s]) && letter(c).equals(String.valueOf(r))) {
            sb.append(r);
          }
        }
      }
    }
    assertThat(sb.length()).isEqualTo(16);
    return sb.toString();
  }

  private static String letter(Card c) {
    String name = c.getRank().name().substring("RANK_".length());
    return switch (name) {
      case "ACE" -> "A";
      case "KING" -> "K";
      case "QUEEN" -> "Q";
      case "JACK" -> "J";
      case "TEN" -> "T";
      case "NINE" -> "9";
      case "EIGHT" -> "8";
      case "SEVEN" -> "7";
      case "SIX" -> "6";
      case "FIVE" -> "5";
      case "FOUR" -> "4";
      case "THREE" -> "3";
      case "TWO" -> "2";
      default -> throw new AssertionError(name);
    };
  }
}
