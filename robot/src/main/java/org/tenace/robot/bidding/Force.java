package org.tenace.robot.bidding;

/** How far a call obliges partner to keep bidding. */
public enum Force {
  NONE, ONE_ROUND, GAME
}
