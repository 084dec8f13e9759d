package org.tenace.cli.twoplayer;

import io.grpc.Channel;
import java.util.Locale;
import java.util.UUID;
import org.jline.terminal.Terminal;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.Suit;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.TwoPlayerOptions;
import org.tenace.proto.v1.Variant;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code tenace play --variant honeymoon|no-trump|trumps}: a two-player table with the server's
 * robot at North and the player at South, optionally with a handicap of 1 or 2 tricks a deal
 * to the player.
 */
public final class TwoPlayerPlay {
  private TwoPlayerPlay() {}

  /** The variant a --variant value names, or IllegalArgumentException saying what is allowed. */
  public static Variant variant(String text) {
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "honeymoon" -> Variant.VARIANT_HONEYMOON;
      case "no-trump", "notrump", "nt" -> Variant.VARIANT_NO_TRUMP;
      case "trumps" -> Variant.VARIANT_TRUMPS;
      default -> throw new IllegalArgumentException(
          "--variant: honeymoon, no-trump or trumps, not '" + text + "'");
    };
  }

  /** The trump suit of --trump (S, H, D or C). */
  public static Suit trump(String text) {
    return switch (text.toUpperCase(Locale.ROOT)) {
      case "S" -> Suit.SUIT_SPADES;
      case "H" -> Suit.SUIT_HEARTS;
      case "D" -> Suit.SUIT_DIAMONDS;
      case "C" -> Suit.SUIT_CLUBS;
      default -> throw new IllegalArgumentException("--trump: S, H, D or C, not '" + text + "'");
    };
  }

  /** The table: the robot at North, {@code handicap} tricks a deal to South (the player). */
  public static CreateTableRequest table(Variant variant, int handicap, Suit trump, int deals) {
    if (handicap < 0 || handicap > 2) {
      throw new IllegalArgumentException("--handicap: 0, 1 or 2 tricks, not " + handicap);
    }
    TwoPlayerOptions.Builder o = TwoPlayerOptions.newBuilder().setHandicapTricks(handicap);
    if (handicap > 0) {
      o.setHandicapSeat(Seat.SEAT_SOUTH);
    }
    if (variant == Variant.VARIANT_TRUMPS) {
      o.setTrumpSuit(trump);
    }
    return CreateTableRequest.newBuilder().setName("Two-player practice")
        .setSettings(TableSettings.newBuilder().setVariant(variant).setBoardCount(deals)
            .setTwoPlayer(o))
        .addRobotSeats(Seat.SEAT_NORTH).setRequestId(UUID.randomUUID().toString()).build();
  }

  /** Whether {@code tableId} is an open two-player table on the server. */
  public static boolean isTwoPlayer(Channel channel, String tableId) {
    return TableServiceGrpc.newBlockingStub(channel).listTables(
        org.tenace.proto.v1.ListTablesRequest.getDefaultInstance()).getTablesList().stream()
        .anyMatch(t -> t.getTableId().equals(tableId)
            && t.getSettings().getVariant() != Variant.VARIANT_UNSPECIFIED);
  }

  /**
   * {@code tenace join --table T} at a two-player table: {@code seat} N or S (South without
   * one). Its token is not saved: a player who leaves joins again as a new player.
   */
  public static int join(Terminal terminal, Channel channel, String tableId, String seat,
      String name, boolean ascii) {
    org.tenace.bridge.card.Seat s = seat == null ? org.tenace.bridge.card.Seat.SOUTH
        : switch (seat.toUpperCase(Locale.ROOT)) {
          case "N", "NORTH" -> org.tenace.bridge.card.Seat.NORTH;
          case "S", "SOUTH" -> org.tenace.bridge.card.Seat.SOUTH;
          // A usage error of join's, named without the play package (which calls this one).
          default -> throw new picocli.CommandLine.ParameterException(
              new picocli.CommandLine(CommandSpec.create().name("join")),
              "--seat: N or S at a two-player table, not '" + seat + "'");
        };
    return new TwoPlayerSession(terminal, channel, ascii).run(tableId, s, name);
  }

  /** Creates the table and plays it at South until it closes or the player quits. */
  public static int run(Terminal terminal, Channel channel, CreateTableRequest table,
      String name, boolean ascii) {
    String id = TableServiceGrpc.newBlockingStub(channel).createTable(table).getTable()
        .getTableId();
    return new TwoPlayerSession(terminal, channel, ascii).run(id,
        org.tenace.bridge.card.Seat.SOUTH, name);
  }
}
