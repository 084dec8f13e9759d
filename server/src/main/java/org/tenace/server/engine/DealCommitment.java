package org.tenace.server.engine;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * A published promise that a board's deal was fixed before the auction: SHA-256 (hex) of {@link
 * #canonical}, which holds the board number, the salt and the deal. Anyone can check it once the
 * salt is revealed, with this class or with {@code printf '%s' "$TEXT" | sha256sum}.
 */
public record DealCommitment(Board board, String sha256) {
  public DealCommitment {
    Require.nonNull("board sha256", board, sha256);
    if (!sha256.matches("[0-9a-f]{64}")) {
      throw new IllegalArgumentException("a SHA-256 is 64 lower-case hex digits: '" + sha256 + "'");
    }
  }

  public static DealCommitment of(Board board, Deal deal, Salt salt) {
    return new DealCommitment(board, sha256(canonical(board, deal, salt)));
  }

  /**
   * The committed text, UTF-8: {@code tenace-deal-v1 board 7 salt <64 hex> N:<PBN deal>}. The deal
   * is PBN from North, each suit from the ace down with {@code T} for the ten, so one deal has one
   * text; the board number stops a deal committed for one board being shown for another.
   */
  public static String canonical(Board board, Deal deal, Salt salt) {
    return "tenace-deal-v1 board " + board.number() + " salt " + salt.hex() + " "
        + deal.toPbn(Seat.NORTH);
  }

  /** True when {@code deal} and {@code salt} are the ones this commitment was made with. */
  public boolean verify(Deal deal, Salt salt) {
    byte[] expected = HexFormat.of().parseHex(sha256);
    byte[] actual = HexFormat.of().parseHex(sha256(canonical(board, deal, salt)));
    return MessageDigest.isEqual(expected, actual);
  }

  private static String sha256(String text) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(md.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
