package org.tenace.cli.play;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.BoardView;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * The check a player can make once a board is over: the four hands and the salt, hashed as
 * docs/protocol.md says, give the commitment the server published before the auction, so the
 * deal did not change while the board was played.
 */
final class DealCheck {
  private DealCheck() {}

  /** The check's line for a completed board; empty before the board is over. */
  static Optional<String> line(BoardView b) {
    if (b.getPhase() != BoardPhase.BOARD_PHASE_COMPLETE || b.getDealSalt().isEmpty()
        || b.getDealCommitment().isEmpty() || b.getHandsCount() != 4) {
      return Optional.empty();
    }
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (org.tenace.proto.v1.Hand h : b.getHandsList()) {
      hands.put(Vocabulary.seat(h.getSeat()), Vocabulary.hand(h));
    }
    String text;
    try {
      text = "tenace-deal-v1 board " + b.getBoardNumber() + " salt "
          + HexFormat.of().formatHex(b.getDealSalt().toByteArray()) + " "
          + Deal.of(hands).toPbn(Seat.NORTH);
    } catch (RuntimeException e) {
      return Optional.of("Deal check: FAILED, the four hands are not a deal (" + e.getMessage()
          + ")");
    }
    String shown = HexFormat.of().formatHex(b.getDealCommitment().toByteArray());
    boolean same = MessageDigest.isEqual(sha256(text), b.getDealCommitment().toByteArray());
    return Optional.of(same
        ? "Deal check: these hands are the deal committed to before the auction (SHA-256 "
            + shown.substring(0, 16) + "...)"
        : "Deal check: FAILED, these hands and the salt do not give the commitment published "
            + "before the auction (SHA-256 " + shown.substring(0, 16) + "...)");
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }
}
