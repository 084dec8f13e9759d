package org.tenace.cli.play;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableSnapshot;

/**
 * The server's refusals in a bridge player's words. The server's description starts with a code
 * for programs ({@code REVOKE: you must follow suit (♥)}); the player reads what it means at this
 * table, without the code: whose hand, which phase.
 */
final class Refusals {
  private Refusals() {}

  private static final Pattern CODED = Pattern.compile("([A-Z][A-Z_]+[A-Z]): (.*)", Pattern.DOTALL);

  /** What each code means to a player, said before the server's detail. */
  private static final Map<String, String> MEANING = Map.ofEntries(
      Map.entry("OUT_OF_TURN", "not your turn"),
      Map.entry("CALL_AFTER_FINAL_PASS", "the auction is over"),
      Map.entry("INSUFFICIENT_BID", "insufficient bid"),
      Map.entry("BID_ABOVE_SEVEN", "there is no bid above seven"),
      Map.entry("INADMISSIBLE_DOUBLE", "you cannot double that"),
      Map.entry("INADMISSIBLE_REDOUBLE", "you cannot redouble that"),
      Map.entry("CALL_BARRED", "you are barred"),
      Map.entry("DUMMY_CANNOT_PLAY", "dummy does not play: declarer plays dummy's cards"),
      Map.entry("LEAD_RESTRICTED", "that lead is restricted"),
      Map.entry("PENALTY_CARD", "a penalty card must be played"),
      Map.entry("CLAIM_PENDING", "a claim is open: answer it first (accept or reject)"),
      Map.entry("NO_CLAIM_PENDING", "there is no claim to answer"),
      Map.entry("BAD_CLAIM", "that claim cannot be made"),
      Map.entry("UNDO_NOT_ALLOWED", "no undo"),
      Map.entry("NO_UNDO_PENDING", "there is no undo request to answer"),
      Map.entry("DECISION_PENDING", "the table waits for a decision first"),
      Map.entry("NOT_ENTITLED", "that choice is not yours"),
      Map.entry("NOT_YOUR_SEAT", "that is not your hand"),
      Map.entry("BOARD_NOT_COMPLETE", "the board is not over yet"),
      Map.entry("NO_BOARD", "no board is in play"),
      Map.entry("TABLE_CLOSED", "the table is closed"));

  /** {@code description} (the server's) in words, for the player at {@code s}. */
  static String words(String description, TableSnapshot s) {
    Matcher m = CODED.matcher(description);
    if (!m.matches()) {
      return description;
    }
    String code = m.group(1);
    String detail = m.group(2).strip();
    BoardPhase phase = s.hasBoard() ? s.getBoard().getPhase() : BoardPhase.BOARD_PHASE_UNSPECIFIED;
    return capital(switch (code) {
      case "NOT_PLAYING" -> phase == BoardPhase.BOARD_PHASE_AUCTION
          ? "no card yet: the auction is still on"
          : phase == BoardPhase.BOARD_PHASE_COMPLETE ? "the board is over: no more cards"
          : "no card can be played now";
      case "REVOKE" -> detail.replace("you must", whose(s, "you must", "dummy must"));
      case "CARD_NOT_HELD" -> detail.replaceFirst(" is not in the hand\\b.*",
          " is not in " + whose(s, "your hand", "dummy's hand"));
      default -> {
        String meaning = MEANING.get(code);
        yield meaning == null ? detail : detail.toLowerCase(Locale.ROOT)
            .startsWith(meaning.toLowerCase(Locale.ROOT)) ? detail : meaning + ": " + detail;
      }
    });
  }

  /** {@code mine} when the turn is the viewer's own hand, {@code dummys} when it is dummy's. */
  private static String whose(TableSnapshot s, String mine, String dummys) {
    Seat turn = s.hasTurn() ? s.getTurn().getSeat() : Seat.SEAT_UNSPECIFIED;
    return turn != Seat.SEAT_UNSPECIFIED && turn != s.getViewer().getSeat() ? dummys : mine;
  }

  private static String capital(String text) {
    return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }
}
