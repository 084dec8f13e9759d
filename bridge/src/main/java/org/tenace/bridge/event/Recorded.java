package org.tenace.bridge.event;

import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.check.Require;

/**
 * A figure the file records for one table, to compare with ours: where it came from (a ScoreTable
 * column or a tag), for which side and, for individual events, which player, and the text as
 * written.
 *
 * @param kind what the figure is
 * @param field the column or tag name, as printed in a disagreement
 * @param side the side it belongs to (for a score: the side whose points the text gives)
 * @param participant the pair or player it belongs to, when the file names one
 * @param text the value as written in the file (quotes and a leading {@code ^} removed)
 * @param nsPoints for a score, North-South's points as the file gives them
 * @param line the line of the file it is on
 */
public record Recorded(Kind kind, String field, Side side, Optional<String> participant, String text,
    OptionalInt nsPoints, int line) {

  /** The figures a results file records per table. */
  public enum Kind {
    /** A score in points: a ScoreTable Score_NS or Score_EW column (signed for its side). */
    SCORE_COLUMN,
    /** A {@code [Score]} tag, in any of its forms. */
    SCORE_TAG,
    /** Matchpoints. */
    MATCHPOINTS,
    /** A board percentage. */
    PERCENTAGE,
    /** IMPs: cross-IMPs summed, or Butler IMPs when the board has a datum. */
    IMPS,
    /** The Butler datum, a North-South score. */
    DATUM
  }

  public Recorded {
    Require.nonNull("kind field side participant text nsPoints",
        kind, field, side, participant, text, nsPoints);
  }

  /** A figure that is not a score. */
  public static Recorded figure(Kind kind, String field, Side side, Optional<String> participant,
      String text, int line) {
    return new Recorded(kind, field, side, participant, text, OptionalInt.empty(), line);
  }
}
