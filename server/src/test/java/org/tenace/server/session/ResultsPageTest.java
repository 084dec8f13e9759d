package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.tenace.server.session.SessionServer.as;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.proto.v1.ArtificialAverage;
import org.tenace.proto.v1.ArtificialScore;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.proto.v1.CreateSessionResponse;
import org.tenace.proto.v1.EndRoundRequest;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.JoinSessionRequest;
import org.tenace.proto.v1.JoinSessionResponse;
import org.tenace.proto.v1.MovementType;
import org.tenace.proto.v1.ReplaceByRobotRequest;
import org.tenace.proto.v1.SessionState;
import org.tenace.proto.v1.StartSessionRequest;
import org.tenace.proto.v1.TravellerLine;
import org.tenace.proto.v1.WatchSessionRequest;
import org.tenace.proto.v1.WatchSessionResponse;
import org.tenace.server.api.WebPort;

/**
 * The live results page on a real server, served on its HTTP port and given by GetResults: while
 * the session is played it shows what is known and withholds every board some table has still
 * to play (its hands above all); once over, the ranking with its ties, the scorecards, the
 * travellers and the hands with their double-dummy tables, against a hand count.
 */
class ResultsPageTest {
  @RegisterExtension final SessionServer at = new SessionServer();
  private WebPort web;
  private final HttpClient http = HttpClient.newHttpClient();

  @AfterEach
  void stopWeb() {
    if (web != null) {
      web.close();
    }
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + web.port() + path))
        .GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String between(String page, String from, String to) {
    int i = page.indexOf(from);
    assertThat(i).as("the page has %s", from).isNotNegative();
    int j = page.indexOf(to, i + from.length());
    return page.substring(i, j < 0 ? page.length() : j);
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void thePageWithholdsBoardsStillInPlayAndEndsWithTheHandCountedResults() throws Exception {
    var stub = at.start();
    web = WebPort.start("127.0.0.1", 0, at.server().services(), List.of(), null, null, 100,
        at.server()::resultsPage);
    // A 2-table Howell of one board a round (both tables play it): pair 1 joins and never
    // plays, so its table of round 1 waits while the robots' table plays board 1.
    CreateSessionResponse created = stub.createSession(CreateSessionRequest.newBuilder()
        .setName("Club <night>").setMovement(MovementType.MOVEMENT_TYPE_HOWELL).setTables(2)
        .setBoardsPerRound(1).setRobots(true).setDealSeed(5).build());
    String id = created.getSessionId();
    var director = as(stub, created.getDirectorToken());
    JoinSessionResponse absent = stub.joinSession(JoinSessionRequest.newBuilder()
        .setSessionId(id).setPair(1).setName("Al - Bea").build());
    director.startSession(StartSessionRequest.newBuilder().setSessionId(id).build());
    Iterator<WatchSessionResponse> watch = director.watchSession(
        WatchSessionRequest.newBuilder().setSessionId(id).build());
    while (watch.next().getStatus().getBoardsFinished() < 1) {
      // the robots' table plays board 1; pair 1's waits for it
    }

    HttpResponse<String> live = get("/sessions/" + id + "/results");
    assertThat(live.statusCode()).isEqualTo(200);
    assertThat(live.headers().firstValue("content-type")).hasValueSatisfying(
        t -> assertThat(t).startsWith("text/html"));
    assertThat(live.headers().firstValue("content-security-policy")).hasValue(
        "default-src 'none'; style-src " + ResultsPage.STYLE_HASH
            + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    String mid = live.body();
    assertThat(mid).contains("<title>Club &lt;night&gt;: results</title>")
        .contains("Results so far, not final: round 1 of 3 is in play")
        .contains("the boards every table has played, 0 of 3")
        .contains("Played at 1 of 2 tables so far: its results and hands are shown once every"
            + " table has played it.")
        .doesNotContain("<script");
    // No hand, no traveller, no scorecard: board 1 is still to be played at pair 1's table.
    assertThat(mid).doesNotContain("class=\"deal\"").doesNotContain("class=\"traveller\"")
        .doesNotContain("class=\"scorecard\"").contains("No board has been played at every"
            + " table yet.");
    // The director's and a pair's GetResults carry the same page.
    assertThat(director.getResults(GetResultsRequest.newBuilder().setSessionId(id).build())
        .getHtml()).isEqualTo(mid);
    assertThat(as(stub, absent.getToken()).getResults(GetResultsRequest.newBuilder()
        .setSessionId(id).build()).getHtml()).isEqualTo(mid);
    assertThat(get("/sessions/99/results").statusCode()).isEqualTo(404);

    // Round 1 moved on with A+ to North-South, A- to East-West (pair 1): board 1 is complete.
    director.endRound(EndRoundRequest.newBuilder().setSessionId(id).setRound(1)
        .setScore(ArtificialScore.newBuilder()
            .setNorthSouth(ArtificialAverage.ARTIFICIAL_AVERAGE_PLUS)
            .setEastWest(ArtificialAverage.ARTIFICIAL_AVERAGE_MINUS)).build());
    String afterRound1 = get("/sessions/" + id + "/results").body();
    assertThat(between(afterRound1, "id=\"board-1\"", "</div>")).contains("class=\"deal\"")
        .contains("class=\"traveller\"").contains("A+/A-")
        .contains("Double-dummy tables come once the session is over.");
    assertThat(between(afterRound1, "id=\"board-2\"", "</div>")).doesNotContain("class=\"deal\"");

    director.replaceByRobot(ReplaceByRobotRequest.newBuilder().setSessionId(id).setPair(1)
        .build());
    WatchSessionResponse last = null;
    while (watch.hasNext()) {
      last = watch.next();
    }
    assertThat(last.getStatus().getState()).isEqualTo(SessionState.SESSION_STATE_FINISHED);

    // Once over, the page is anyone's (GetResults without a token too), with every board.
    GetResultsResponse results = stub.getResults(
        GetResultsRequest.newBuilder().setSessionId(id).build());
    String end = get("/sessions/" + id + "/results").body();
    assertThat(end).contains("<strong>Final results.</strong>").doesNotContain("so far");
    // A hand count: on board 1 pair 4 (NS) has A+, 60% of the top of 2, and pair 1 A-, 40%;
    // the robots' table's result, alone, is factored up to an average (Neuberg: 1 of 2). The
    // robots play each deal alike at both tables, so boards 2 and 3 are ties: 1 MP each side.
    assertThat(between(end, "id=\"board-1\"", "</div>")).contains(
        "<tr><td>1</td><td>1</td><td><a href=\"#pair-4\">4</a></td><td><a href=\"#pair-1\">1"
            + "</a></td><td class=\"l\">A+/A-</td><td></td><td></td><td></td><td>1.2</td>"
            + "<td>0.8</td></tr>");
    String ranking = between(end, "<table class=\"ranking\">", "</table>");
    assertThat(ranking).contains(
        "<tr><td>1</td><td>4</td><td class=\"l\">Robot - Robot</td><td>3.2</td><td>53.33</td>"
            + "<td>3</td></tr>",
        "<tr><td>2-3</td><td>2</td><td class=\"l\">Robot - Robot</td><td>3</td><td>50</td>"
            + "<td>3</td></tr>",
        "<tr><td>2-3</td><td>3</td><td class=\"l\">Robot - Robot</td><td>3</td><td>50</td>"
            + "<td>3</td></tr>",
        "<tr><td>4</td><td>1</td><td class=\"l\">Al - Bea</td><td>2.8</td><td>46.67</td>"
            + "<td>3</td></tr>");
    assertThat(end).contains("Pair 1 (Al - Bea): place 4, 2.8 MPs, 46.67%");
    // Every traveller line the service gives is on the page, with the same points.
    for (var t : results.getTravellersList()) {
      String board = between(end, "id=\"board-" + t.getBoard() + "\"", "</div>");
      for (TravellerLine l : t.getLinesList()) {
        assertThat(board).contains("<tr><td>" + l.getRound() + "</td><td>" + l.getTable()
            + "</td><td><a href=\"#pair-" + l.getNsPair() + "\">");
        assertThat(board).contains("<td>" + l.getNsPoints() + "</td><td>" + l.getEwPoints()
            + "</td></tr>");
        if (l.getAdjusted().isEmpty()) {
          assertThat(board).contains("<td>" + l.getNsScore() + "</td><td>" + l.getNsPoints());
        }
      }
    }
    // The hand record: each deal's hands, and its double-dummy table and par once solved.
    await().atMost(Duration.ofSeconds(120)).untilAsserted(() -> {
      String page = get("/sessions/" + id + "/results").body();
      for (int b = 1; b <= 3; b++) {
        assertThat(between(page, "id=\"board-" + b + "\"", "</div>"))
            .as("board %d's hands, double-dummy table and par (the solver works them out "
                + "after the end)", b)
            .contains("class=\"deal\"").contains("<b>North</b>").contains("class=\"dd\"")
            .contains("<p>Par: ");
      }
    });
  }
}
