package org.tenace.robot.house;

import org.tenace.bridge.auction.CallChoice;
import org.tenace.robot.CallView;
import org.tenace.robot.CardView;
import org.tenace.robot.Robot;
import org.tenace.robot.RobotLevel;
import org.tenace.robot.Scoring;
import org.tenace.robot.bidding.Bidder;
import org.tenace.robot.play.CardPlayer;
import org.tenace.bridge.card.Card;

/**
 * The house robot: bids by the documented house system (docs/robot-system.md) and plays at its
 * {@link RobotLevel}: by classic heuristics with a sampled double-dummy search in the ending
 * (fast, {@code new HouseRobot()}), or every card by sampling (strong, where people sit). Bounded in work, never by a clock: the
 * bidder evaluates a fixed list of rules; the player searches at most {@link
 * CardPlayer#NODE_BUDGET} nodes per card (fast) or {@link CardPlayer#STRONG_NODE_BUDGET} (strong).
 */
public final class HouseRobot implements Robot {
  private final Bidder bidder = new Bidder();
  private final CardPlayer player;

  public HouseRobot() {
    this(new CardPlayer());
  }

  /** The house robot at {@code level}, at IMPs, its layouts seeded by {@code tableSeed}. */
  public HouseRobot(RobotLevel level, long tableSeed) {
    this(level, Scoring.IMPS, tableSeed);
  }

  /** The house robot at {@code level}, playing for {@code scoring}, seeded by {@code tableSeed}. */
  public HouseRobot(RobotLevel level, Scoring scoring, long tableSeed) {
    this(CardPlayer.of(level, scoring, tableSeed));
  }

  public HouseRobot(CardPlayer player) {
    this.player = player;
  }

  @Override
  public CallChoice chooseCall(CallView view) {
    return bidder.choose(view);
  }

  @Override
  public Card chooseCard(CardView view) {
    return player.decide(view).card();
  }

  /** The card and the search work behind it (for tests and diagnostics). */
  public CardPlayer.Decision decideCard(CardView view) {
    return player.decide(view);
  }
}
