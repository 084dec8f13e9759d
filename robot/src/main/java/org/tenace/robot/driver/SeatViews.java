package org.tenace.robot.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.robot.AuctionCall;
import org.tenace.robot.CallView;
import org.tenace.robot.CardView;
import org.tenace.robot.Trick;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.auction.Contract;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Hand;
import org.tenace.scoring.card.Seat;

/**
 * Builds a robot's view from the table as the server showed it to this seat: nothing here can
 * add a card the seat was not sent, so the robot sees its hand, dummy once faced, the auction and
 * the tricks, and no more.
 */
final class SeatViews {
  private SeatViews() {}

  /** The calls that stand, in order, as this seat was shown them (withdrawn calls left out). */
  static List<AuctionCall> auction(List<org.tenace.proto.v1.AuctionCall> record) {
    List<AuctionCall> out = new ArrayList<>(record.size());
    for (org.tenace.proto.v1.AuctionCall a : record) {
      if (!a.getWithdrawn()) {
        out.add(new AuctionCall(Vocabulary.seat(a.getSeat()), Vocabulary.call(a.getCall()),
            a.getAlert(), a.getExplanation()));
      }
    }
    return out;
  }

  /** A trick in the robot's form: its leader and the cards in the order played. */
  static Trick trick(org.tenace.proto.v1.Trick t) {
    List<Card> cards = new ArrayList<>(t.getCardsCount());
    for (org.tenace.proto.v1.PlayedCard pc : t.getCardsList()) {
      cards.add(Vocabulary.card(pc.getCard()));
    }
    return new Trick(Vocabulary.seat(t.getLeader()), cards);
  }

  /** The view of a seat that is to call. */
  static CallView callView(TableSnapshot s, Seat me, List<Call> legal) {
    BoardView b = requireBoard(s);
    return new CallView(me, hand(b, me).orElseThrow(() ->
        new IllegalStateException("the snapshot holds no hand for " + me)),
        Vocabulary.seat(b.getDealer()), Vocabulary.vulnerability(b.getVulnerability()),
        auction(b.getAuctionList()), legal);
  }

  /**
   * The view of a seat that is to play for {@code playsFor} (itself, or dummy for declarer).
   * Tricks already turned over that the server sent redacted (Law 66, after a fresh snapshot)
   * are taken from {@code seen}, the full tricks this driver saw earlier in the board; a trick
   * seen neither way is left out.
   */
  static CardView cardView(TableSnapshot s, Seat me, Seat playsFor, List<Card> legal,
      Map<Integer, Trick> seen) {
    BoardView b = requireBoard(s);
    if (!b.hasContract()) {
      throw new IllegalStateException("a card is asked for, but there is no contract");
    }
    Contract contract = Vocabulary.contract(b.getContract());
    Hand mine = hand(b, me).orElseThrow(() ->
        new IllegalStateException("the snapshot holds no hand for " + me));
    Optional<Hand> dummy = contract.dummy() == me ? Optional.empty() : hand(b, contract.dummy());
    List<Trick> done = new ArrayList<>();
    Trick current = null;
    Seat nextLeader = contract.openingLeader();
    for (org.tenace.proto.v1.Trick t : b.getTricksList()) {
      boolean finished = t.getCardsCount() == 4
          || t.getWinner() != org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED;
      if (!finished) {
        current = trick(t);
        continue;
      }
      if (t.getCardsCount() == 4) {
        done.add(trick(t));
      } else if (seen.containsKey(t.getNumber())) {
        done.add(seen.get(t.getNumber()));
      }
      if (t.getWinner() != org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED) {
        nextLeader = Vocabulary.seat(t.getWinner());
      }
    }
    if (current == null) {
      current = Trick.start(nextLeader);
    }
    return new CardView(me, Vocabulary.seat(b.getDealer()),
        Vocabulary.vulnerability(b.getVulnerability()), auction(b.getAuctionList()),
        contract, playsFor, mine, dummy, done, current, legal);
  }

  /**
   * Whether the picture has caught up with a play turn. The events of one action share its
   * sequence number and each carries the turn after the whole action, so the turn can arrive
   * before the action's last events (the contract after the final pass, the trick's winner after
   * its fourth card, dummy after the opening lead): until those are applied, wait.
   */
  static boolean settledForPlay(TableSnapshot s, Seat me, Seat playsFor) {
    if (!s.hasBoard() || !s.getBoard().hasContract()) {
      return false;
    }
    BoardView b = s.getBoard();
    Contract contract = Vocabulary.contract(b.getContract());
    if (playsFor != me && hand(b, playsFor).isEmpty()) {
      return false;
    }
    Seat next = contract.openingLeader();
    int n = b.getTricksCount();
    if (n > 0) {
      org.tenace.proto.v1.Trick last = b.getTricks(n - 1);
      boolean won = last.getWinner() != org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED;
      if (last.getCardsCount() == 4 && !won) {
        return false;
      }
      next = won ? Vocabulary.seat(last.getWinner())
          : Vocabulary.seat(last.getLeader()).next(last.getCardsCount());
    }
    return next == playsFor;
  }

  /** The cards of {@code seat} the snapshot shows, if any. */
  static Optional<Hand> hand(BoardView b, Seat seat) {
    org.tenace.proto.v1.Seat p = Vocabulary.toProto(seat);
    for (org.tenace.proto.v1.Hand h : b.getHandsList()) {
      if (h.getSeat() == p) {
        return Optional.of(Vocabulary.hand(h));
      }
    }
    return Optional.empty();
  }

  private static BoardView requireBoard(TableSnapshot s) {
    if (!s.hasBoard()) {
      throw new IllegalStateException("a turn without a board");
    }
    return s.getBoard();
  }
}
