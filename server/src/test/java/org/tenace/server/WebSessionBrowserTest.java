package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.microsoft.playwright.Download;
import com.microsoft.playwright.Page;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.proto.v1.Assignment;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.ListTablesRequest;
import org.tenace.proto.v1.SeatInfo;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionStatus;
import org.tenace.bridge.event.Checker;
import org.tenace.bridge.event.EventReader;
import org.tenace.server.api.ServerProbe;

/**
 * A duplicate session in real browsers (headless Chromium): the director's console creates a
 * 2-table Howell and starts it, two people join it as pairs from their browsers (each with the
 * server's robot as partner: JoinSession's robot_partner), the server's robots are the other two
 * pairs, and the session is played to its end, each person's page going to the table it is told
 * each round; the console's export is a PBN hand record that {@code tenace score --check} finds
 * right. Screenshots of the lobby, the pair's screen and the console for docs/web.md
 * (target/web-screenshots).
 */
@Timeout(value = 12, unit = TimeUnit.MINUTES)
class WebSessionBrowserTest {
  /** The longest between two of a person's turns: robots play at once here. */
  private static final Duration STEP = Duration.ofSeconds(60);
  private static final int ROUNDS = 2;

  @RegisterExtension
  final Browsers browsers = Browsers.each();

  /** A page of its own browser context (its own localStorage: its own tokens), at the lobby. */
  private Page page(String name) {
    return browsers.open(name);
  }

  // Under load this stalled once (no person's turn, or a turn no click moved on): the table a
  // page had left drew itself again when its board's double-dummy answer came late, over the
  // next table's header and data-turn. WebTableBrowserTest's
  // aTableThePageLeftDrawsNothingMoreWhenALateAnswerComes holds that fix.
  @Test
  void twoPairsInBrowsersAndRobotsPlayASessionToTheEnd() throws Exception {
    // Someone looks at the lobby before there is a session; it shows the session once made.
    Page lobby = page("Carol");
    // The director creates the session from the console.
    Page director = page("Director");
    String session = Browsers.createSession(director, "name", "Tuesday club", "tables", "2",
        "rounds", String.valueOf(ROUNDS), "boards", "1");

    lobby.waitForSelector("tr[data-session='" + session + "'] a[data-join]");
    // Two people join it as pairs, from the lobby's list of sessions.
    Map<Page, Integer> pairs = new HashMap<>();
    for (String name : List.of("Ann", "Bob")) {
      Page p = page(name);
      pairs.put(p, Browsers.joinSession(p, session));
    }
    Page ann = pairs.keySet().stream().filter(p -> pairs.get(p) == pairs.values().stream()
        .mapToInt(Integer::intValue).min().orElseThrow()).findFirst().orElseThrow();
    director.waitForSelector(".console ul.entries li:nth-child(2)");
    director.click("#start");
    director.waitForSelector(".console p.state[data-state=SESSION_STATE_PLAYING]");

    Map<Page, Set<String>> visited = playUntilOver(director, pairs.keySet(), p -> {
      // The strip under the header says where the pair is, on the table's screen too.
      assertThat(p.textContent("#session-strip")).contains("Round 1: table");
      // The console follows every table of the round.
      director.waitForSelector(".console table.round tr[data-table='2']");
      // A session's tables admit no kibitzers (their boards are still to be played at
      // others): the console and the lobby say so rather than offer a Watch that is refused.
      assertThat(director.locator(".console table.round tr[data-table='2']").textContent())
          .contains("no kibitzers");
      assertThat(director.locator(".console table.round button").count()).isZero();
      lobby.waitForSelector("#tables tr:has-text('round 1 table 2')");
      assertThat(lobby.locator("#tables tr:has-text('round 1 table 2')").textContent())
          .contains("no kibitzers");
      assertThat(lobby.locator("#tables [data-watch]").count()).isZero();
      screenshots(director, "console");
    });

    // Each page went to a table of its own each round, as told.
    for (Page p : pairs.keySet()) {
      assertThat(visited.get(p)).hasSize(ROUNDS);
      p.waitForSelector(".session .results");
    }
    screenshots(ann, "session");

    // The director's export: the hand record and results, which score --check finds right.
    assertExportPassesScoreCheck(director, ROUNDS);

    // A director's request the server refuses is said in words, as tenace direct says it.
    director.fill("#adjust input[name=table]", "9");
    director.click("#adjust button[type=submit]");
    director.waitForSelector("#message.error");
    String refusal = director.textContent("#message");
    System.out.println("web: the console's refusal: " + refusal);
    assertThat(refusal).containsIgnoringCase("table").doesNotContain("Exception")
        .doesNotContain("INVALID_ARGUMENT").doesNotContain("FAILED_PRECONDITION");

    lobby.waitForSelector("tr[data-session='" + session + "'] a:has-text('Results')");
    screenshots(lobby, "lobby-sessions");
  }

  /**
   * Two people make one pair, each from their own browser (JoinSession's seat): Ann takes the
   * pair's first seat, Ben the second, each with a token of their own; the round's table has
   * each at their own seat (Ann North or East, Ben opposite), their own hand at the bottom of
   * their page, and they play the session through beside the server's robots.
   */
  @Test
  void twoPeopleMakeOnePairFromTheirOwnBrowsersEachAtTheirOwnSeat() {
    Page director = page("Director");
    String session = Browsers.createSession(director, "tables", "2", "rounds", "1", "boards",
        "1");
    Map<String, Page> people = new java.util.LinkedHashMap<>();
    for (String[] who : new String[][] {{"Ann", "SEAT_NORTH"}, {"Ben", "SEAT_SOUTH"}}) {
      Page p = page(who[0]);
      assertThat(Browsers.joinSession(p, session, "pair", "1", "seat", who[1], "partner",
          "person")).isEqualTo(1);
      people.put(who[0], p);
    }
    Page ann = people.get("Ann");
    Page ben = people.get("Ben");
    assertThat(ann.evaluate("() => JSON.parse(localStorage.getItem('tenace.pair')).token"))
        .isNotEqualTo(ben.evaluate("() => JSON.parse(localStorage.getItem('tenace.pair'))"
            + ".token"));
    director.waitForSelector(".console ul.entries li:has-text('Ann - Ben')");
    director.click("#start");

    // Both are taken to the same table, each at their own seat, their own hand at the bottom.
    for (Page p : people.values()) {
      p.waitForSelector(".compass .seat.bottom .hand .card");
    }
    Browsers.until(() -> ann.evaluate("() => location.hash").equals(
        ben.evaluate("() => location.hash")));
    String annSeat = ann.textContent(".compass .seat.bottom .plate b");
    String benSeat = ben.textContent(".compass .seat.bottom .plate b");
    assertThat(annSeat).isIn("North", "East");
    assertThat(benSeat).isEqualTo(annSeat.equals("North") ? "South" : "West");
    assertThat(ann.textContent(".compass .seat.bottom .plate")).contains("Ann");
    assertThat(ben.textContent(".compass .seat.bottom .plate")).contains("Ben");
    assertThat(ann.textContent(".you")).startsWith("You are " + annSeat + ".");
    assertThat(ben.textContent(".you")).startsWith("You are " + benSeat + ".");

    Map<Page, Set<String>> visited = playUntilOver(director, Set.copyOf(people.values()),
        p -> { });
    for (Page p : people.values()) {
      assertThat(visited.get(p)).hasSize(1);
      p.waitForSelector(".session .results");
    }
  }

  /**
   * Two pairs of two people, four browsers, each person at their own seat of their pair
   * (JoinSession's seat, as the lobby's join does), the server's robots the other two pairs of a
   * 2-table Howell: they play it to the end, and at each of their turns each page is at the
   * table the movement gives its pair that round, by number (the header and the strip) and by
   * id (the address against the round's table ids the server gives the director); both people
   * of a pair sit at one table each round, and the console's export passes score --check.
   */
  @Test
  void twoPairsOfTwoPeopleInBrowsersPlayASessionEachAtTheMovementsTable() throws Exception {
    Page director = page("Director");
    String session = Browsers.createSession(director, "name", "Four friends", "tables", "2",
        "rounds", String.valueOf(ROUNDS), "boards", "1");
    SessionServiceGrpc.SessionServiceBlockingStub sessions =
        browsers.directing(director, session);

    // Pair 1 is Ann and Ben, pair 2 Cat and Dan: each from their own browser, at their seat.
    Map<Page, Integer> pairOf = new java.util.LinkedHashMap<>();
    Map<Page, String> nameOf = new HashMap<>();
    String[][] people = {{"Ann", "1", "SEAT_NORTH"}, {"Ben", "1", "SEAT_SOUTH"},
        {"Cat", "2", "SEAT_NORTH"}, {"Dan", "2", "SEAT_SOUTH"}};
    for (String[] who : people) {
      Page p = page(who[0]);
      assertThat(Browsers.joinSession(p, session, "pair", who[1], "seat", who[2], "partner",
          "person")).isEqualTo(Integer.parseInt(who[1]));
      pairOf.put(p, Integer.parseInt(who[1]));
      nameOf.put(p, who[0]);
    }
    director.waitForSelector(".console ul.entries li:has-text('Ann - Ben')");
    director.waitForSelector(".console ul.entries li:has-text('Cat - Dan')");
    director.click("#start");

    // At each turn: the page's table is the one the movement gives its pair in the round in
    // play (a round cannot move on while a person at its table has a turn there).
    Map<Page, Map<Integer, String>> tableOf = new HashMap<>();
    pairOf.keySet().forEach(p -> tableOf.put(p, new java.util.TreeMap<>()));
    Map<Page, Set<String>> visited = playUntilOver(director, pairOf.keySet(), p -> { },
        (p, turn) -> {
          if (!turn.equals("call") && !turn.equals("play")) {
            return;
          }
          SessionStatus status = sessions.getResults(GetResultsRequest.newBuilder()
              .setSessionId(session).build()).getStatus();
          int round = status.getRound();
          Assignment a = status.getPlan(round - 1).getAssignmentsList().stream()
              .filter(x -> x.getPair() == pairOf.get(p)).findFirst().orElseThrow();
          assertThat(a.getTable()).as("%s's pair has a table in round %d", nameOf.get(p), round)
              .isPositive();
          String tableId = tableId(status, round, pairOf.get(p));
          String where = nameOf.get(p) + " (pair " + pairOf.get(p) + ") in round " + round;
          assertThat(p.evaluate("() => decodeURIComponent(location.hash)"))
              .as("the table %s's page is at", where).isEqualTo("#/table/" + tableId);
          assertThat(p.textContent("#where")).as("the header of %s's table", where)
              .endsWith("round " + round + " table " + a.getTable());
          assertThat(p.textContent("#session-strip")).as("the strip %s's page shows", where)
              .contains("Round " + round + ": table " + a.getTable() + ",");
          assertThat(p.textContent(".compass .seat.bottom .plate")).as("%s's own seat", where)
              .contains(nameOf.get(p));
          String before = tableOf.get(p).putIfAbsent(round, tableId);
          assertThat(before).as("%s's table did not change within the round", where)
              .isIn(null, tableId);
        });

    for (Page p : pairOf.keySet()) {
      assertThat(tableOf.get(p)).as("the rounds %s had a turn in", nameOf.get(p))
          .containsOnlyKeys(java.util.stream.IntStream.rangeClosed(1, ROUNDS).boxed()
              .toArray(Integer[]::new));
      assertThat(visited.get(p)).hasSize(ROUNDS);
      p.waitForSelector(".session .results");
    }
    // The two people of a pair sat at the same table each round.
    List<Page> pages = List.copyOf(pairOf.keySet());
    assertThat(tableOf.get(pages.get(0))).isEqualTo(tableOf.get(pages.get(1)));
    assertThat(tableOf.get(pages.get(2))).isEqualTo(tableOf.get(pages.get(3)));

    // Each page's ranking writes the places as tenace results and score do ("2-3" for a tie).
    for (org.tenace.proto.v1.Standing st : sessions.getResults(GetResultsRequest.newBuilder()
        .setSessionId(session).build()).getRankingList()) {
      for (Page p : pages) {
        assertThat(p.textContent(".session .results table.ranking tr[data-pair='"
            + st.getPair() + "'] td")).as("pair %d's place", st.getPair())
            .isEqualTo(st.getPlace());
      }
    }

    assertExportPassesScoreCheck(director, ROUNDS);
  }

  /**
   * The console's export: a PBN hand record of {@code boards} boards (a Howell's tables share
   * the round's board) with the results, which {@code tenace score --check} finds right.
   */
  private static void assertExportPassesScoreCheck(Page director, int boards) throws Exception {
    director.click("#export");
    Download pbn = director.waitForDownload(() -> director.click(".console a.download"));
    var read = EventReader.read(Files.readAllBytes(pbn.path()), "session.pbn");
    assertThat(read.diagnostics()).isEmpty();
    assertThat(read.event().boards()).hasSize(boards);
    Checker.Result check = Checker.check(read.event(), d -> { });
    assertThat(check.disagreements()).isEmpty();
    assertThat(check.checked()).isPositive();
  }

  /**
   * The console's tools of tenace direct, in the browser: the director ends round 1 while two
   * people (each with the server's robot as partner) have not played it, its unplayed boards
   * get the average the form says and the people's pages go to their round-2 tables; the
   * director replaces Bob's pair by robots, which take its seats at once; and aborts the
   * session (after the page's confirmation), which closes its tables and takes Ann's page from
   * its table.
   */
  @Test
  void theConsoleEndsARoundReplacesAPairByRobotsAndAborts() {
    Page director = page("Director");
    director.onDialog(d -> {
      assertThat(d.message()).startsWith("Stop session");
      d.accept();
    });
    String session = Browsers.createSession(director, "tables", "2", "boards", "1");
    SessionServiceGrpc.SessionServiceBlockingStub sessions =
        browsers.directing(director, session);
    Page ann = page("Ann");
    Page bob = page("Bob");
    for (Page p : List.of(ann, bob)) {
      Browsers.joinSession(p, session);
    }
    director.waitForSelector(".console ul.entries li:nth-child(2)");
    director.click("#start");
    for (Page p : List.of(ann, bob)) {
      p.waitForSelector(".compass .seat.bottom .hand .card");
    }

    // End round 1: Ann's and Bob's boards are unplayed (neither has acted), and get A / A.
    director.waitForSelector("#end-round button[type=submit]");
    director.click("#end-round button[type=submit]");
    director.waitForSelector("#message.info:has-text('Round 1 moved on')");
    assertThat(director.textContent("#message")).matches(
        "Round 1 moved on, [1-9]\\d* board\\(s\\) given an adjusted score; round 2 of \\d+ in "
            + "play\\.");
    director.waitForSelector(".console p.state:has-text('round 2 of')");
    SessionStatus status = sessions.getResults(GetResultsRequest.newBuilder()
        .setSessionId(session).build()).getStatus();
    assertThat(status.getRound()).isEqualTo(2);
    // Each person's page goes to the pair's round-2 table.
    Map<Integer, Page> byPair = Map.of(1, ann, 2, bob);
    byPair.forEach((pair, p) -> Browsers.until(() -> p.evaluate(
        "() => decodeURIComponent(location.hash)").equals("#/table/" + tableId(status, 2,
        pair))));
    director.click("#export");
    director.waitForSelector(".console .traveller td:has-text('adjusted')");

    // Replace Bob's pair (pair 2) by robots: its seats at its round-2 table are robots' at once.
    director.selectOption("#replace select[name=pair]", "2");
    director.click("#replace button[type=submit]");
    director.waitForSelector("#message.info:has-text('Robots play pair 2 from now on.')");
    String bobsTable = tableId(status, 2, 2);
    Browsers.until(() -> browsers.tables(null).listTables(ListTablesRequest.getDefaultInstance())
        .getTablesList().stream().filter(t -> t.getTableId().equals(bobsTable))
        .allMatch(t -> t.getSeatsList().stream().allMatch(SeatInfo::getRobot)));
    // Bob's page says in words that the seat is no longer his, and Leave takes him off it.
    bob.waitForSelector("#replaced");
    String said = bob.textContent("#replaced");
    System.out.println("web: Bob's page, replaced by robots: " + said);
    assertThat(said).contains("The director has seated a substitute in your place at table")
        .doesNotContain("UNAUTHENTICATED").doesNotContain("SEAT_REPLACED");
    bob.click("#leave-replaced");
    Browsers.until(() -> !bob.evaluate("() => location.hash").toString()
        .equals("#/table/" + bobsTable));

    // Abort: the console says so, the session's tables close, Ann's page leaves hers.
    director.click("#abort");
    director.waitForSelector(".console p.state[data-state=SESSION_STATE_ABORTED]");
    assertThat(director.textContent("#message"))
        .matches("Session .+ aborted in round 2 of \\d+\\.");
    String annsTable = tableId(status, 2, 1);
    Browsers.until(() -> browsers.tables(null).listTables(ListTablesRequest
        .getDefaultInstance()).getTablesList().stream().noneMatch(t -> t.getTableId()
        .equals(annsTable) || t.getTableId().equals(bobsTable)));
    Browsers.until(() -> ann.evaluate("() => location.hash").toString()
        .equals("#/session/" + session));
    ann.waitForSelector("text=stopped by its director");
  }

  /** The TableService id of the table the movement gives {@code pair} in {@code round}. */
  private static String tableId(SessionStatus status, int round, int pair) {
    Assignment a = status.getPlan(round - 1).getAssignmentsList().stream()
        .filter(x -> x.getPair() == pair).findFirst().orElseThrow();
    return status.getPlan(round - 1).getTableIds(a.getTable() - 1);
  }

  /**
   * Plays each person's turns (passes, and any legal card) wherever their pages take them, the
   * server's robots playing the other seats, until the console says the session is over;
   * {@code atFirstTurn} is given the page of the first person's turn. Returns the tables each
   * page went to.
   */
  private Map<Page, Set<String>> playUntilOver(Page director, Set<Page> people,
      java.util.function.Consumer<Page> atFirstTurn) {
    return playUntilOver(director, people, atFirstTurn, (p, turn) -> { });
  }

  /**
   * As above, {@code atEachTurn} given each person's page and its turn ("call", "play"...)
   * before the page acts on it.
   */
  private Map<Page, Set<String>> playUntilOver(Page director, Set<Page> people,
      java.util.function.Consumer<Page> atFirstTurn,
      java.util.function.BiConsumer<Page, String> atEachTurn) {
    Map<Page, Set<String>> visited = new HashMap<>();
    people.forEach(p -> visited.put(p, new LinkedHashSet<>()));
    boolean shotStrip = false;
    // The pages must keep moving: a person's turn that no click moves on within STEP fails with
    // what each page shows and why the last click failed (it never loops for ever).
    String lastState = "";
    long movedAt = System.nanoTime();
    String lastFailure = "none";
    while (true) {
      // The next thing to do: a person's turn at a table, or the session's end.
      Map.Entry<Page, String> next;
      try {
        next = await().atMost(STEP).until(() -> {
          if (director.isVisible(".console p.state[data-state=SESSION_STATE_FINISHED]")) {
            return Map.entry(director, "over");
          }
          for (Page p : people) {
            String hash = p.evaluate("() => location.hash").toString();
            if (hash.startsWith("#/table/")) {
              visited.get(p).add(hash);
              String turn = p.evaluate("() => document.body.dataset.turn || ''").toString();
              if (!turn.isEmpty()) {
                return Map.entry(p, turn);
              }
            }
          }
          return null;
        }, e -> e != null);
      } catch (org.awaitility.core.ConditionTimeoutException e) {
        throw new AssertionError("no person's turn and no end of the session in " + STEP
            + "; the pages:" + new StateOf(people) + "\nthe server's tables:"
            + ServerProbe.waiting(browsers.server()), e);
      }
      if (next.getValue().equals("over")) {
        break;
      }
      Page p = next.getKey();
      String state = new StateOf(people).moves();
      if (!state.equals(lastState)) {
        lastState = state;
        movedAt = System.nanoTime();
      } else if (System.nanoTime() - movedAt > STEP.toNanos()) {
        throw new AssertionError("a person has had the turn (" + next.getValue() + ") for "
            + STEP + " and no click moved the table on; the last click failed with: "
            + lastFailure + "\nthe pages:" + new StateOf(people)
            + "\nthe server's tables:" + ServerProbe.waiting(browsers.server()));
      }
      if (!shotStrip) {
        shotStrip = true;
        atFirstTurn.accept(p);
      }
      atEachTurn.accept(p, next.getValue());
      String sequence = p.evaluate("() => document.body.dataset.sequence || ''").toString();
      try {
        switch (next.getValue()) {
          case "call" -> {
            p.fill("#command", "p");
            p.press("#command", "Enter");
          }
          case "play" -> p.click(".hand .card.legal", new Page.ClickOptions().setTimeout(2000));
          case "ready" -> p.click("#ready", new Page.ClickOptions().setTimeout(2000));
          default -> p.click(".ask button", new Page.ClickOptions().setTimeout(2000));
        }
        // Done when the table has moved on (or the page has gone to its next table).
        try {
          await().atMost(STEP).until(() -> !p.evaluate("() => location.hash.startsWith("
              + "'#/table/') ? document.body.dataset.sequence || '' : ''").toString()
              .equals(sequence));
        } catch (org.awaitility.core.ConditionTimeoutException e) {
          throw new AssertionError("a person acted (" + next.getValue() + ") at sequence "
              + sequence + " and their page showed nothing newer in " + STEP + "; the pages:"
              + new StateOf(people) + "\nthe server's tables:"
              + ServerProbe.waiting(browsers.server()), e);
        }
      } catch (com.microsoft.playwright.PlaywrightException e) {
        // The table moved on under the click (the page redrew): look again, unless the test's
        // time is up (JUnit interrupts it).
        if (Thread.currentThread().isInterrupted()) {
          throw e;
        }
        lastFailure = e.getMessage().lines().limit(3).reduce((a, b) -> a + " / " + b)
            .orElse("");
      }
    }

    return visited;
  }

  /** A page whose streams the test may drop (Browsers.DROPPABLE), at the lobby. */
  private Page droppable(String name) {
    Page p = page(name);
    p.context().addInitScript(Browsers.DROPPABLE);
    p.reload();
    p.waitForSelector("#tables table, #tables:has-text('No table')");
    return p;
  }

  /**
   * A console and a pair's page whose connection drops say so (the banner, the session's strip)
   * until their session stream answers again, and then carry on where they were.
   */
  @Test
  void theConsoleAndAPairsPageSayWhenTheirConnectionIsLost() {
    Page director = droppable("Director");
    String session = Browsers.createSession(director);
    Page ann = droppable("Ann");
    Browsers.joinSession(ann, session);
    assertThat(ann.textContent("#session-strip")).doesNotContain("reconnecting");

    // The connection goes; the pages try again (every two seconds) and say so meanwhile.
    for (Page p : List.of(director, ann)) {
      p.evaluate("() => window.dropStreams()");
    }
    director.waitForSelector("#banner:has-text('reconnecting')");
    ann.waitForSelector("#session-strip.reconnecting:has-text('reconnecting')");
    director.waitForSelector("#banner", new Page.WaitForSelectorOptions()
        .setState(com.microsoft.playwright.options.WaitForSelectorState.HIDDEN));
    ann.waitForSelector("#session-strip:not(.reconnecting)");
    assertThat(ann.textContent("#session-strip")).doesNotContain("reconnecting");
    // Back where they were: the console still directs the waiting session, with Ann's pair.
    director.waitForSelector(".console ul.entries li:has-text('Ann')");
  }

  /** What each person's page shows, evaluated when a failing wait prints it. */
  private record StateOf(Set<Page> pages) {
    /** Where each page is and the last event it shows: changes whenever a table moves on. */
    String moves() {
      StringBuilder b = new StringBuilder();
      for (Page p : pages) {
        b.append(p.evaluate("() => location.hash + ' ' + document.body.dataset.sequence"))
            .append(';');
      }
      return b.toString();
    }

    @Override
    public String toString() {
      StringBuilder b = new StringBuilder();
      for (Page p : pages) {
        b.append("\n  ").append(p.evaluate("() => location.hash + ' turn=' + (document.body"
            + ".dataset.turn || '') + ' seq=' + (document.body.dataset.sequence || '') + ' strip='"
            + " + (document.getElementById('session-strip') || {}).textContent + ' message='"
            + " + document.getElementById('message').textContent + ' received: '"
            + " + (window.received || []).length + ' messages, the last '"
            + " + String((window.received || []).slice(-1)[0]).slice(0, 160)"
            + " + ' streams read: ' + JSON.stringify(window.streamsRead || [])"
            + " + ' hands: ' + [...document.querySelectorAll('.hand')].map((x) => x.dataset.seat"
            + " + ' ' + x.querySelectorAll('.card').length + ' cards, '"
            + " + x.querySelectorAll('.card.legal').length + ' legal').join(', ')"
            + " + ' turn plate: ' + ((document.querySelector('.plate.turn') || {}).textContent"
            + " || 'none')"));
      }
      return b.toString();
    }
  }

  /**
   * What is not usable on the page as it is now shown: a page wider than the screen (it would
   * scroll sideways), and each button, link or field that lies past the screen's edge (also
   * inside a box that scrolls); empty when everything is in reach.
   */
  @SuppressWarnings("unchecked")
  static List<String> outOfReach(Page p) {
    return (List<String>) p.evaluate("""
        () => {
          const w = document.documentElement.clientWidth;
          const out = [];
          const wide = document.documentElement.scrollWidth;
          if (wide > w) out.push('the page is ' + wide + ' px wide on a screen of ' + w);
          for (const el of document.querySelectorAll('button, a[href], input, select')) {
            const r = el.getBoundingClientRect();
            if (!r.width && !r.height) continue; // not shown
            if (r.left < 0 || r.right > w + 1) {
              out.push((el.id || el.textContent.trim() || el.name || el.tagName) + ' at '
                + Math.round(r.left) + '..' + Math.round(r.right) + ' px');
            }
          }
          return out;
        }""");
  }

  /**
   * The page at a laptop's size and a phone's, for docs/web.md (target/web-screenshots); at the
   * phone's, every button and field is in reach without scrolling sideways.
   */
  private static void screenshots(Page p, String name) {
    p.screenshot(new Page.ScreenshotOptions()
        .setPath(Path.of("target", "web-screenshots", name + ".png")));
    p.setViewportSize(Browsers.PHONE[0], Browsers.PHONE[1]);
    p.screenshot(new Page.ScreenshotOptions()
        .setPath(Path.of("target", "web-screenshots", name + "-phone.png")));
    assertThat(outOfReach(p)).as("%s at %dx%d", name, Browsers.PHONE[0], Browsers.PHONE[1])
        .isEmpty();
    p.setViewportSize(Browsers.LAPTOP[0], Browsers.LAPTOP[1]);
  }
}
