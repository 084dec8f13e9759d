package org.tenace.bridge.event;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.check.Require;

/**
 * One match of a team event as its results file records it (Ruter: a ScoreTable with
 * TeamId_Home and TeamId_Away, one row a match): the two teams, the IMPs of each segment and of
 * the whole match, and the victory points each team was given. A file of matches holds no
 * board's result, so nothing here is worked out from a deal: the figures are the file's own.
 *
 * @param round the round, as written
 * @param table the table (the match's number in the round), as written
 * @param home the home team's id
 * @param away the away team's id
 * @param segments the IMPs of each segment, in the file's order
 * @param total the IMPs of the whole match, if the file writes them
 * @param homeVp the home team's victory points, if written
 * @param awayVp the away team's
 * @param line the line of the file
 */
public record TeamMatch(String round, String table, String home, String away,
    List<Segment> segments, Optional<Segment> total, Optional<BigDecimal> homeVp,
    Optional<BigDecimal> awayVp, int line) {

  /** The IMPs each team scored in one segment (or, for the total, the whole match). */
  public record Segment(String number, int home, int away) {
    public Segment {
      Objects.requireNonNull(number, "number");
    }
  }

  public TeamMatch {
    Require.nonNull("round table home away total homeVp awayVp",
        round, table, home, away, total, homeVp, awayVp);
    segments = List.copyOf(segments);
  }

  /** True when the file has the match's result: a match of the schedule not yet played has none. */
  public boolean played() {
    return !segments.isEmpty() || total.isPresent() || homeVp.isPresent() || awayVp.isPresent();
  }

  /** The IMPs of the match: the file's total, else the segments' sum. */
  public Segment imps() {
    return total.orElseGet(() -> new Segment("", segments.stream().mapToInt(Segment::home).sum(),
        segments.stream().mapToInt(Segment::away).sum()));
  }

  /** The victory points {@code team} was given in this match, if it played and they are written. */
  public Optional<BigDecimal> vp(String team) {
    return team.equals(home) ? homeVp : team.equals(away) ? awayVp : Optional.empty();
  }
}
