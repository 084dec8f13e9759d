package org.tenace.bridge.lin;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.record.Auctions;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.PlayedCard;
import org.tenace.bridge.record.RecordedCall;
import org.tenace.bridge.record.TrickOrder;

/**
 * Converts between a LIN board and a {@link HandRecord}. LIN records no contract and no result:
 * the contract is the completed auction's, the result the claim ({@code mc}) or, after 13
 * tricks, the tricks the declarer's side won.
 */
public final class LinRecords {
  private LinRecords() {}

  /** As {@link #toHandRecord(LinRecord, Consumer)}, ignoring the warnings. */
  public static HandRecord toHandRecord(LinRecord r) {
    return toHandRecord(r, w -> { });
  }

  /**
   * The board as a hand record. The dealer and vulnerability come from {@code md} and
   * {@code sv}, else from the board number (Law 2). Each card's seat is its holder's when the
   * deal is known, else worked out trick by trick from the contract; a play that allows neither
   * is left out and reported to {@code warnings}.
   *
   * @throws IllegalArgumentException when neither the dealer nor the vulnerability is known
   */
  public static HandRecord toHandRecord(LinRecord r, Consumer<String> warnings) {
    OptionalInt number = r.boardNumber();
    Optional<Board> board = number.isPresent()
        ? Optional.of(Board.of(number.getAsInt())) : Optional.empty();
    Seat dealer = r.dealer().or(() -> board.map(Board::dealer)).orElseThrow(() ->
        new IllegalArgumentException("no dealer: no md and no board number"));
    Vulnerability vulnerability = r.vulnerability().or(() -> board.map(Board::vulnerability))
        .orElseThrow(() -> new IllegalArgumentException(
            "no vulnerability: no sv and no board number"));
    List<RecordedCall> auction = new ArrayList<>();
    for (int i = 0; i < r.calls().size(); i++) {
      LinCall c = r.calls().get(i);
      auction.add(new RecordedCall(dealer.next(i), c.call(), c.alert(), c.explanation(),
          Set.of()));
    }
    HandRecord.Builder b = HandRecord.builder(dealer, vulnerability)
        .board(board)
        .deal(r.deal())
        .players(r.players())
        .room(r.room())
        .notes(r.notes())
        .auction(auction);
    boolean complete = Auctions.isComplete(auction);
    Optional<Contract> contract = complete ? Auctions.finalContract(auction) : Optional.empty();
    b.passedOut(complete && contract.isEmpty()).contract(contract);

    List<PlayedCard> play = new ArrayList<>();
    if (!r.play().isEmpty()) {
      if (r.deal().isPresent()) {
        for (Card c : r.play()) {
          play.add(PlayedCard.of(r.deal().get().holder(c), c));
        }
      } else if (contract.isPresent()) {
        List<Seat> seats = TrickOrder.seats(contract.get().openingLeader(), r.play(),
            contract.get().strain());
        for (int i = 0; i < r.play().size(); i++) {
          play.add(PlayedCard.of(seats.get(i), r.play().get(i)));
        }
      } else {
        warnings.accept("play left out: neither a deal nor a contract tells who played each card");
      }
    }
    b.play(play);
    if (r.claim().isPresent()) {
      b.result(r.claim());
    } else if (play.size() == 52 && contract.isPresent()) {
      Contract c = contract.get();
      long won = TrickOrder.winners(play, c.strain()).stream()
          .filter(s -> s.side() == c.declarer().side()).count();
      b.result((int) won);
    }
    return b.build();
  }

  /**
   * The hand record as a LIN board; what LIN cannot hold (irregularities, score) is left out.
   * LIN separates values with '|' and names with ',': in text they become '/' and a space.
   */
  public static LinRecord toLin(HandRecord r) {
    List<LinCall> calls = r.auction().stream()
        .map(c -> new LinCall(c.call(), c.alert(), c.explanation().map(LinRecords::text)))
        .toList();
    Map<Seat, String> players = new EnumMap<>(Seat.class);
    r.players().forEach((seat, name) -> {
      String n = text(name).replace(',', ' ').replaceAll("\\s+", " ").strip();
      if (!n.isEmpty()) {
        players.put(seat, n);
      }
    });
    List<Card> cards = r.play().stream().map(PlayedCard::card).toList();
    OptionalInt claim = r.result().isPresent() && cards.size() < 52 && !r.passedOut()
        ? r.result() : OptionalInt.empty();
    return new LinRecord(players, Optional.of(r.dealer()), r.deal(),
        Optional.of(r.vulnerability()), r.board().map(b -> "Board " + b.number()), r.room(),
        r.room().isPresent() && r.board().isPresent()
            ? OptionalInt.of(r.board().get().number()) : OptionalInt.empty(),
        calls, cards, claim, r.notes().stream().map(LinRecords::text).toList());
  }

  private static String text(String s) {
    return s.replace('|', '/').replace('\r', ' ').replace('\n', ' ');
  }
}
