package org.tenace.robot.seat;

import java.util.List;
import java.util.Objects;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.client.Player;
import org.tenace.client.SeatView;
import org.tenace.proto.v1.Claim;
import org.tenace.robot.Robot;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * A {@link Robot} as a player of the client library, so that a seat driver sits it at a table:
 * its call and card views are built from what the table showed its seat ({@link SeatViews}), and
 * an opponent's claim is accepted only when clearly right ({@link ClaimJudge}). Undo requests and
 * laws-mode options get the {@link Player}'s default answers.
 */
public final class RobotPlayer implements Player {
  private final Robot robot;

  public RobotPlayer(Robot robot) {
    this.robot = Objects.requireNonNull(robot, "robot");
  }

  @Override
  public CallChoice call(SeatView view, List<Call> legal) {
    return robot.chooseCall(SeatViews.callView(view, legal));
  }

  @Override
  public Card card(SeatView view, Seat playsFor, List<Card> legal) {
    return robot.chooseCard(SeatViews.cardView(view, playsFor, legal));
  }

  @Override
  public boolean acceptClaim(SeatView view, Claim claim) {
    return ClaimJudge.accept(view, claim);
  }
}
