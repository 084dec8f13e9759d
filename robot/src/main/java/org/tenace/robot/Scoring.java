package org.tenace.robot;

/**
 * The form of scoring a robot plays for: at IMPs the contract comes first (a game made or beaten
 * is worth many overtricks), at matchpoints every trick counts alike.
 */
public enum Scoring {
  IMPS,
  MATCHPOINTS
}
