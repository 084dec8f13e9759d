package org.tenace.server.api;

import java.util.List;
import java.util.Optional;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.Traveller;
import org.tenace.proto.v1.TravellerLine;
import org.tenace.server.application.SessionDirector;
import org.tenace.server.session.SessionResults;

/**
 * A pair's results while its session is played, as at a club after each board: the traveller of
 * every board the pair has played (each line of it so far), never a board it has still to play,
 * and never the hand record (its deals), which waits for the end like everyone's results.
 */
final class PairResults {
  private PairResults() {}

  /** The pair a token of this session holds, or empty for none (no token, another's, the director's). */
  static Optional<Integer> pairOf(SessionDirector.Run run, String token) {
    if (token.isEmpty() || token.equals(run.directorToken)) {
      return Optional.empty();
    }
    try {
      int holder = run.holder(token);
      return holder > 0 ? Optional.of(holder) : Optional.empty();
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The session so far, for {@code pair}: its boards' travellers and the standings. */
  static GetResultsResponse of(SessionDirector.Run run, SessionResults results, int pair) {
    List<Traveller> played = SessionMessages.travellers(results).stream()
        .filter(t -> t.getLinesList().stream().anyMatch(l -> sits(l, pair))).toList();
    return GetResultsResponse.newBuilder()
        .setStatus(SessionMessages.status(run, results))
        .addAllTravellers(played)
        .addAllRanking(SessionMessages.standings(run.session(), results.ranking())).build();
  }

  private static boolean sits(TravellerLine l, int pair) {
    return l.getNsPair() == pair || l.getEwPair() == pair;
  }
}
