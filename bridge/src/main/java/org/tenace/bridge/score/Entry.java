package org.tenace.bridge.score;

import org.tenace.bridge.card.Side;
import org.tenace.bridge.check.Require;

/**
 * One figure on a rubber or Chicago score sheet: which deal and game it belongs to, the side
 * that scored it, what for, and how much. Only trick points go below the line.
 *
 * @param deal the deal it was scored on, from 1; 0 for the bonuses added when the sheet is closed
 * @param game the game in progress when it was scored, from 1 (a line is drawn after each game)
 */
public record Entry(int deal, int game, Side side, Kind kind, int points) {

  /** Where an entry is written. */
  public enum Line { ABOVE, BELOW }

  /** What an entry is for. */
  public enum Kind {
    /** Trick points of the contract: below the line, they count toward game. */
    TRICK_POINTS,
    OVERTRICKS,
    /** 50 for a doubled contract made, 100 redoubled. */
    INSULT,
    SLAM_BONUS,
    UNDERTRICKS,
    HONOURS,
    /** 700 for a rubber won 2-0, 500 for 2-1. */
    RUBBER_BONUS,
    /** Chicago: 300 or 500 on the deal a game is made. */
    GAME_BONUS,
    /** Chicago: 100 for a part-score left when the fourth deal ends. */
    PART_SCORE_BONUS,
    /** An unfinished rubber: 300 to a side one game up. */
    UNFINISHED_GAME,
    /** An unfinished rubber: 100 to a side with a part-score in the unfinished game. */
    UNFINISHED_PART_SCORE;

    public Line line() {
      return this == TRICK_POINTS ? Line.BELOW : Line.ABOVE;
    }
  }

  public Entry {
    Require.nonNull("side kind", side, kind);
    if (deal < 0 || game < 1 || points <= 0) {
      throw new IllegalArgumentException("an entry has a deal >= 0, a game >= 1 and points > 0: "
          + deal + ", " + game + ", " + points);
    }
  }

  public Line line() {
    return kind.line();
  }
}
