package org.tenace.robot.seat;

import java.util.List;
import java.util.Optional;
import org.tenace.client.TwoPlayerDriver;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.TwoPlayerPhase;
import org.tenace.proto.v1.TwoPlayerView;
import org.tenace.robot.honeymoon.HoneymoonRobot;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * The two-player robot at a seat: the view the server sent, read into the strategy's
 * {@link HoneymoonRobot.Situation}, as {@link RobotPlayer} does for four-player tables.
 */
public final class HoneymoonPlayer implements TwoPlayerDriver.Brain {
  private final HoneymoonRobot robot = new HoneymoonRobot();

  @Override
  public Call call(TwoPlayerView view, Seat me, List<Call> legal) {
    return robot.call(hand(view, me), legal);
  }

  @Override
  public Card card(TwoPlayerView view, Seat me, List<Card> legal) {
    return robot.card(situation(view, me), legal);
  }

  /** What the strategy may know: the seat's hand and the public cards. */
  public static HoneymoonRobot.Situation situation(TwoPlayerView view, Seat me) {
    return new HoneymoonRobot.Situation(hand(view, me),
        view.getTrump() == org.tenace.proto.v1.Suit.SUIT_UNSPECIFIED ? Optional.empty()
            : Optional.of(Vocabulary.suit(view.getTrump())),
        view.getPhase() == TwoPlayerPhase.TWO_PLAYER_PHASE_EXCHANGE,
        view.hasTurnedUp() ? Optional.of(Vocabulary.card(view.getTurnedUp())) : Optional.empty(),
        view.getTrickCount() == 0 ? Optional.empty()
            : Optional.of(Vocabulary.card(view.getTrick(0).getCard())));
  }

  private static Hand hand(TwoPlayerView view, Seat me) {
    return view.getHandsList().stream().filter(h -> Vocabulary.seat(h.getSeat()) == me)
        .findFirst().map(Vocabulary::hand).orElse(Hand.EMPTY);
  }
}
