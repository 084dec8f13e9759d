package org.tenace.server.api;

import java.time.Duration;
import java.util.List;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.client.OptionAnswer;
import org.tenace.client.Player;
import org.tenace.client.SeatView;
import org.tenace.proto.v1.Claim;
import org.tenace.proto.v1.Option;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * A robot at a person's pace: it takes {@code pace} over each call and card, so that the person
 * at the table sees the auction and each trick build up (a robot answers in a few milliseconds:
 * as dummy, a player saw only the final position). Answers to claims, undo requests and options
 * are not slowed: they are answers, not play.
 */
final class PacedPlayer implements Player {
  private final Player robot;
  private final Duration pace;

  private PacedPlayer(Player robot, Duration pace) {
    this.robot = robot;
    this.pace = pace;
  }

  /** {@code robot} itself when {@code pace} is zero. */
  static Player of(Player robot, Duration pace) {
    return pace.isZero() || pace.isNegative() ? robot : new PacedPlayer(robot, pace);
  }

  @Override
  public CallChoice call(SeatView view, List<Call> legal) {
    long start = System.nanoTime();
    CallChoice a = robot.call(view, legal);
    waitOut(start);
    return a;
  }

  @Override
  public Card card(SeatView view, Seat playsFor, List<Card> legal) {
    long start = System.nanoTime();
    Card c = robot.card(view, playsFor, legal);
    waitOut(start);
    return c;
  }

  @Override
  public boolean acceptClaim(SeatView view, Claim claim) {
    return robot.acceptClaim(view, claim);
  }

  @Override
  public boolean acceptUndo(SeatView view) {
    return robot.acceptUndo(view);
  }

  @Override
  public OptionAnswer chooseOption(SeatView view, Option option) {
    return robot.chooseOption(view, option);
  }

  /** The rest of the pace, counted from when the question came (thinking counts toward it). */
  private void waitOut(long start) {
    long left = pace.toNanos() - (System.nanoTime() - start);
    if (left > 0) {
      try {
        Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt(); // the driver is stopping: answer at once
      }
    }
  }
}
