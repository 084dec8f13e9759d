package org.tenace.bridge.event;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tenace.bridge.check.Require;

/**
 * A team's place in a team event: its matches, the IMPs it scored and conceded, and its victory
 * points, which rank the teams (teams level on victory points share the places they cover).
 *
 * @param team the team's id
 * @param matches how many matches it played
 * @param impsFor the IMPs it scored over its matches
 * @param impsAgainst the IMPs its opponents scored
 * @param vp its victory points (matches without them count none)
 * @param place its place, the first of a shared one
 * @param lastPlace the last place it shares, {@code place} when it shares none
 */
public record TeamStanding(String team, int matches, int impsFor, int impsAgainst, BigDecimal vp,
    int place, int lastPlace) {

  public TeamStanding {
    Require.nonNull("team vp", team, vp);
  }

  /** {@code 3} or, shared, {@code 3-4}. */
  public String placeText() {
    return place == lastPlace ? Integer.toString(place) : place + "-" + lastPlace;
  }

  /**
   * The teams of {@code matches} by the matches played, most victory points first (then in the
   * order they appear).
   */
  public static List<TeamStanding> ranking(List<TeamMatch> matches) {
    Map<String, int[]> counts = new LinkedHashMap<>();   // matches, IMPs for, IMPs against
    Map<String, BigDecimal> vps = new LinkedHashMap<>();
    for (TeamMatch m : matches.stream().filter(TeamMatch::played).toList()) {
      TeamMatch.Segment imps = m.imps();
      add(counts, vps, m.home(), imps.home(), imps.away(), m.homeVp().orElse(BigDecimal.ZERO));
      add(counts, vps, m.away(), imps.away(), imps.home(), m.awayVp().orElse(BigDecimal.ZERO));
    }
    List<String> teams = new ArrayList<>(counts.keySet());
    teams.sort(Comparator.comparing(vps::get, Comparator.reverseOrder()));
    List<TeamStanding> out = new ArrayList<>();
    for (int i = 0; i < teams.size(); i++) {
      BigDecimal vp = vps.get(teams.get(i));
      int first = i;
      while (first > 0 && vps.get(teams.get(first - 1)).compareTo(vp) == 0) {
        first--;
      }
      int last = i;
      while (last + 1 < teams.size() && vps.get(teams.get(last + 1)).compareTo(vp) == 0) {
        last++;
      }
      int[] c = counts.get(teams.get(i));
      out.add(new TeamStanding(teams.get(i), c[0], c[1], c[2], vp, first + 1, last + 1));
    }
    return List.copyOf(out);
  }

  private static void add(Map<String, int[]> counts, Map<String, BigDecimal> vps, String team,
      int scored, int conceded, BigDecimal vp) {
    int[] c = counts.computeIfAbsent(team, t -> new int[3]);
    c[0]++;
    c[1] += scored;
    c[2] += conceded;
    vps.merge(team, vp, BigDecimal::add);
  }
}
