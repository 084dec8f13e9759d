package org.tenace.bridge.lin;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * Writes LIN as BBO's hand viewer does: one board to a line, {@code qx}, {@code pn},
 * {@code st}, {@code md} (South, West and North; East left empty), {@code rh}, {@code ah},
 * {@code sv}, the calls with {@code !} and {@code an}, {@code pg} after the auction and after
 * each trick, the cards, and {@code mc} for a claim.
 */
public final class LinWriter {
  private LinWriter() {}

  /** The boards as LIN text, one line each. */
  public static String write(List<LinRecord> records) {
    StringBuilder sb = new StringBuilder(600 * records.size());
    for (int i = 0; i < records.size(); i++) {
      record(sb, records.get(i), i == 0);
      sb.append('\n');
    }
    return sb.toString();
  }

  /** The boards as UTF-8 bytes. */
  public static byte[] toBytes(List<LinRecord> records) {
    return write(records).getBytes(StandardCharsets.UTF_8);
  }

  private static void record(StringBuilder sb, LinRecord r, boolean first) {
    if (r.room().isPresent()) {
      pair(sb, "qx", r.room().get().lin()
          + (r.roomBoard().isPresent() ? String.valueOf(r.roomBoard().getAsInt()) : ""));
    } else if (!first) {
      // A reader starts the next board at a qx or an md, and the pn before the md would still
      // name the board before's players: an empty qx starts this one first and says nothing.
      pair(sb, "qx", "");
    }
    // After the first board an empty pn too: a board read without one keeps the board before's.
    if (!r.players().isEmpty() || !first) {
      StringBuilder names = new StringBuilder();
      for (int i = 0; i < 4; i++) {
        names.append(i > 0 ? "," : "").append(r.players().getOrDefault(Seat.SOUTH.next(i), ""));
      }
      pair(sb, "pn", names.toString());
    }
    pair(sb, "st", "");
    r.dealer().ifPresent(dealer -> {
      StringBuilder md = new StringBuilder().append(Seat.SOUTH.distanceTo(dealer) + 1);
      r.deal().ifPresent(d -> md.append(hand(d, Seat.SOUTH)).append(',')
          .append(hand(d, Seat.WEST)).append(',').append(hand(d, Seat.NORTH)).append(','));
      pair(sb, "md", md.toString());
    });
    pair(sb, "rh", "");
    r.boardLabel().ifPresent(l -> pair(sb, "ah", l));
    r.vulnerability().ifPresent(v -> pair(sb, "sv", vulnerability(v)));
    for (LinCall c : r.calls()) {
      pair(sb, "mb", call(c.call()) + (c.alert() ? "!" : ""));
      c.explanation().ifPresent(e -> pair(sb, "an", e));
    }
    for (String note : r.notes()) {
      pair(sb, "nt", note);
    }
    if (!r.calls().isEmpty() && !r.play().isEmpty()) {
      pair(sb, "pg", "");
    }
    for (int i = 0; i < r.play().size(); i++) {
      pair(sb, "pc", r.play().get(i).toString());
      if (i % 4 == 3) {
        pair(sb, "pg", "");
      }
    }
    r.claim().ifPresent(n -> pair(sb, "mc", String.valueOf(n)));
  }

  /** {@code p}, {@code d}, {@code r}, {@code 1C} ... {@code 7N}. */
  static String call(Call c) {
    if (c instanceof Bid b) {
      return b.level() + (b.strain() == Strain.NO_TRUMP ? "N" : b.strain().symbol());
    }
    if (c == Call.PASS) {
      return "p";
    }
    return c == Call.DOUBLE ? "d" : "r";
  }

  private static String vulnerability(Vulnerability v) {
    return switch (v) {
      case NONE -> "o";
      case NS -> "n";
      case EW -> "e";
      case BOTH -> "b";
    };
  }

  /** Each suit's letter, spades first, then its ranks from the two up, as BBO writes them. */
  private static String hand(Deal d, Seat seat) {
    Hand h = d.hand(seat);
    StringBuilder sb = new StringBuilder(17);
    for (int s = 3; s >= 0; s--) {
      Suit suit = Suit.of(s);
      sb.append(suit.letter());
      for (Card c : h.suit(suit).cards()) {
        sb.append(c.rank().letter());
      }
    }
    return sb.toString();
  }

  private static void pair(StringBuilder sb, String key, String value) {
    sb.append(key).append('|').append(value).append('|');
  }
}
