package org.tenace.bridge.record;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * One board as it was played at one table, whatever file it came from (PBN, LIN): the board,
 * the deal, the players, the auction and the play in the order they happened, and what the
 * record says of the outcome (contract, tricks, score). Nothing here is checked against the
 * Laws; replaying the record through the rules engine does that.
 *
 * @param board the board number, when recorded
 * @param dealer the dealer
 * @param vulnerability the vulnerability
 * @param deal the four hands, when all are known
 * @param players the players' names by seat (seats with no name are absent)
 * @param auction the calls in the order made
 * @param play the cards in the order played, up to the first one not recorded
 * @param contract the contract and declarer as recorded (not worked out from the auction)
 * @param passedOut true when the record says all four passed
 * @param result tricks won by the declaring side, as recorded (PBN Result, LIN claim)
 * @param nsScore the score for North-South as recorded, in points
 * @param room the room of a team match
 * @param event the event's name
 * @param site where it was played
 * @param date the date, as written ({@code YYYY.MM.DD} in PBN)
 * @param notes what the table noted of the board for people, in order, such as the
 *     irregularities a laws-mode table announced (written as PBN commentary after the auction,
 *     which a PBN record's notes are read from, and as LIN {@code nt})
 */
public record HandRecord(
    Optional<Board> board,
    Seat dealer,
    Vulnerability vulnerability,
    Optional<Deal> deal,
    Map<Seat, String> players,
    List<RecordedCall> auction,
    List<PlayedCard> play,
    Optional<Contract> contract,
    boolean passedOut,
    OptionalInt result,
    OptionalInt nsScore,
    Optional<Room> room,
    Optional<String> event,
    Optional<String> site,
    Optional<String> date,
    List<String> notes) {

  public HandRecord {
    Require.nonNull("board dealer vulnerability deal contract result nsScore room event site date",
        board, dealer, vulnerability, deal, contract, result, nsScore, room, event, site, date);
    players = Map.copyOf(players);
    auction = List.copyOf(auction);
    play = List.copyOf(play);
    notes = List.copyOf(notes);
    if (passedOut && contract.isPresent()) {
      throw new IllegalArgumentException("a passed-out board has no contract: " + contract.get());
    }
    if (result.isPresent() && (result.getAsInt() < 0 || result.getAsInt() > 13)) {
      throw new IllegalArgumentException("tricks 0..13: " + result.getAsInt());
    }
    if (play.size() > 52) {
      throw new IllegalArgumentException("a play has at most 52 cards: " + play.size());
    }
  }

  /** A builder with the two things every record has: the dealer and the vulnerability. */
  public static Builder builder(Seat dealer, Vulnerability vulnerability) {
    return new Builder(dealer, vulnerability);
  }

  /** A builder holding this record's values, to change some of them. */
  public Builder toBuilder() {
    Builder b = new Builder(dealer, vulnerability);
    b.board = board;
    b.deal = deal;
    b.players.putAll(players);
    b.auction = auction;
    b.play = play;
    b.contract = contract;
    b.passedOut = passedOut;
    b.result = result;
    b.nsScore = nsScore;
    b.room = room;
    b.event = event;
    b.site = site;
    b.date = date;
    b.notes = notes;
    return b;
  }

  /** Builds a {@link HandRecord}; every value not set is empty. */
  public static final class Builder {
    private Optional<Board> board = Optional.empty();
    private Seat dealer;
    private Vulnerability vulnerability;
    private Optional<Deal> deal = Optional.empty();
    private final Map<Seat, String> players = new EnumMap<>(Seat.class);
    private List<RecordedCall> auction = List.of();
    private List<PlayedCard> play = List.of();
    private Optional<Contract> contract = Optional.empty();
    private boolean passedOut;
    private OptionalInt result = OptionalInt.empty();
    private OptionalInt nsScore = OptionalInt.empty();
    private Optional<Room> room = Optional.empty();
    private Optional<String> event = Optional.empty();
    private Optional<String> site = Optional.empty();
    private Optional<String> date = Optional.empty();
    private List<String> notes = List.of();

    private Builder(Seat dealer, Vulnerability vulnerability) {
      this.dealer = Objects.requireNonNull(dealer, "dealer");
      this.vulnerability = Objects.requireNonNull(vulnerability, "vulnerability");
    }

    public Builder board(int number) {
      board = Optional.of(Board.of(number));
      return this;
    }

    public Builder board(Optional<Board> value) {
      board = value;
      return this;
    }

    public Builder dealer(Seat value) {
      dealer = value;
      return this;
    }

    public Builder vulnerability(Vulnerability value) {
      vulnerability = value;
      return this;
    }

    public Builder deal(Deal value) {
      deal = Optional.of(value);
      return this;
    }

    public Builder deal(Optional<Deal> value) {
      deal = value;
      return this;
    }

    public Builder player(Seat seat, String name) {
      players.put(seat, name);
      return this;
    }

    public Builder players(Map<Seat, String> value) {
      players.clear();
      players.putAll(value);
      return this;
    }

    public Builder auction(List<RecordedCall> value) {
      auction = value;
      return this;
    }

    public Builder play(List<PlayedCard> value) {
      play = value;
      return this;
    }

    public Builder contract(Contract value) {
      contract = Optional.of(value);
      return this;
    }

    public Builder contract(Optional<Contract> value) {
      contract = value;
      return this;
    }

    public Builder passedOut(boolean value) {
      passedOut = value;
      return this;
    }

    public Builder result(int tricks) {
      result = OptionalInt.of(tricks);
      return this;
    }

    public Builder result(OptionalInt value) {
      result = value;
      return this;
    }

    public Builder nsScore(int points) {
      nsScore = OptionalInt.of(points);
      return this;
    }

    public Builder nsScore(OptionalInt value) {
      nsScore = value;
      return this;
    }

    public Builder room(Optional<Room> value) {
      room = value;
      return this;
    }

    public Builder event(Optional<String> value) {
      event = value;
      return this;
    }

    public Builder site(Optional<String> value) {
      site = value;
      return this;
    }

    public Builder date(Optional<String> value) {
      date = value;
      return this;
    }

    public Builder notes(List<String> value) {
      notes = value;
      return this;
    }

    public HandRecord build() {
      return new HandRecord(board, dealer, vulnerability, deal, players, auction, play,
          contract, passedOut, result, nsScore, room, event, site, date, notes);
    }
  }
}
