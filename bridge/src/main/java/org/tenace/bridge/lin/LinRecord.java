package org.tenace.bridge.lin;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.record.Room;

/**
 * One board of a BBO LIN file: the players ({@code pn}), dealer and deal ({@code md}),
 * vulnerability ({@code sv}), board label ({@code ah}), room and board ({@code qx}), the calls
 * ({@code mb}, {@code an}), the cards in the order played ({@code pc}), a claim ({@code mc}:
 * the tricks the declarer's side ends with) and notes for people ({@code nt}).
 */
public record LinRecord(
    Map<Seat, String> players,
    Optional<Seat> dealer,
    Optional<Deal> deal,
    Optional<Vulnerability> vulnerability,
    Optional<String> boardLabel,
    Optional<Room> room,
    OptionalInt roomBoard,
    List<LinCall> calls,
    List<Card> play,
    OptionalInt claim,
    List<String> notes) {

  /** A board without notes. */
  public LinRecord(Map<Seat, String> players, Optional<Seat> dealer, Optional<Deal> deal,
      Optional<Vulnerability> vulnerability, Optional<String> boardLabel, Optional<Room> room,
      OptionalInt roomBoard, List<LinCall> calls, List<Card> play, OptionalInt claim) {
    this(players, dealer, deal, vulnerability, boardLabel, room, roomBoard, calls, play, claim,
        List.of());
  }

  public LinRecord {
    players = Map.copyOf(players);
    players.forEach((seat, name) -> {
      checkText("player", name);
      if (name.indexOf(',') >= 0 || name.isBlank() || !name.equals(name.strip())) {
        throw new IllegalArgumentException("a LIN player name has no ',' and no outer spaces: '"
            + name + "'");
      }
    });
    Require.nonNull("dealer deal vulnerability boardLabel",
        dealer, deal, vulnerability, boardLabel);
    boardLabel.ifPresent(l -> checkText("board label", l));
    Require.nonNull("room roomBoard claim", room, roomBoard, claim);
    calls = List.copyOf(calls);
    play = List.copyOf(play);
    notes = List.copyOf(notes);
    notes.forEach(n -> checkText("note", n));
    if (deal.isPresent() && dealer.isEmpty()) {
      throw new IllegalArgumentException("LIN writes the deal after the dealer: no dealer");
    }
    if (roomBoard.isPresent() && (room.isEmpty() || roomBoard.getAsInt() < 1)) {
      throw new IllegalArgumentException("qx needs a room and a board number from 1");
    }
    if (claim.isPresent() && (claim.getAsInt() < 0 || claim.getAsInt() > 13)) {
      throw new IllegalArgumentException("a claim is 0..13 tricks: " + claim.getAsInt());
    }
    if (play.size() > 52 || play.stream().distinct().count() != play.size()) {
      throw new IllegalArgumentException("a play has at most 52 different cards");
    }
  }

  /** The board number: from {@code qx}, else the last number in the {@code ah} label. */
  public OptionalInt boardNumber() {
    if (roomBoard.isPresent()) {
      return roomBoard;
    }
    if (boardLabel.isPresent()) {
      String digits = boardLabel.get().replaceAll("^.*?(\\d+)\\D*$", "$1");
      if (!digits.isEmpty() && digits.chars().allMatch(Character::isDigit)
          && digits.length() < 9) {
        int n = Integer.parseInt(digits);
        return n >= 1 ? OptionalInt.of(n) : OptionalInt.empty();
      }
    }
    return OptionalInt.empty();
  }

  /** LIN separates values with '|': no text may hold one, nor a line break. */
  static void checkText(String what, String text) {
    if (text.indexOf('|') >= 0 || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
      throw new IllegalArgumentException(
          "a LIN " + what + " cannot hold '|' or a line break: '" + text + "'");
    }
  }
}
