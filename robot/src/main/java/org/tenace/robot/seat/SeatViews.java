package org.tenace.robot.seat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tenace.client.SeatView;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardView;
import org.tenace.robot.AuctionCall;
import org.tenace.robot.CallView;
import org.tenace.robot.CardView;
import org.tenace.robot.Trick;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * Builds a robot's view from the table as the server showed it to this seat: nothing here can
 * add a card the seat was not sent, so the robot sees its hand, dummy once faced, the auction and
 * the tricks, and no more.
 */
public final class SeatViews {
  private SeatViews() {}

  /** The calls that stand, in order, as this seat was shown them (withdrawn calls left out). */
  public static List<AuctionCall> auction(List<org.tenace.proto.v1.AuctionCall> record) {
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
  static CallView callView(SeatView view, List<Call> legal) {
    BoardView b = requireBoard(view);
    return new CallView(view.seat(), requireHand(view), Vocabulary.seat(b.getDealer()),
        Vocabulary.vulnerability(b.getVulnerability()), auction(b.getAuctionList()), legal);
  }

  /**
   * The view of a seat that is to play for {@code playsFor} (itself, or dummy for declarer). A
   * finished trick shown without its four cards (redacted, and not seen by the driver) is left
   * out.
   */
  static CardView cardView(SeatView view, Seat playsFor, List<Card> legal) {
    BoardView b = requireBoard(view);
    if (!b.hasContract()) {
      throw new IllegalStateException("a card is asked for, but there is no contract");
    }
    Contract contract = Vocabulary.contract(b.getContract());
    Seat me = view.seat();
    Optional<Hand> dummy = contract.dummy() == me ? Optional.empty() : view.hand(contract.dummy());
    List<Trick> done = new ArrayList<>();
    Trick current = null;
    Seat nextLeader = contract.openingLeader();
    for (org.tenace.proto.v1.Trick t : b.getTricksList()) {
      boolean won = t.getWinner() != org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED;
      if (t.getCardsCount() == 4) {
        done.add(trick(t));
      } else if (!won) {
        current = trick(t);
      }
      if (won) {
        nextLeader = Vocabulary.seat(t.getWinner());
      }
    }
    if (current == null) {
      current = Trick.start(nextLeader);
    }
    return new CardView(me, Vocabulary.seat(b.getDealer()),
        Vocabulary.vulnerability(b.getVulnerability()), auction(b.getAuctionList()),
        contract, playsFor, requireHand(view), dummy, done, current, legal);
  }

  private static Hand requireHand(SeatView view) {
    return view.hand(view.seat()).orElseThrow(() ->
        new IllegalStateException("the snapshot holds no hand for " + view.seat()));
  }

  private static BoardView requireBoard(SeatView view) {
    return view.board().orElseThrow(() -> new IllegalStateException("a turn without a board"));
  }
}
