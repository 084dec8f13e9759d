package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.tenace.server.Browsers.data;
import static org.tenace.server.Browsers.handSeats;
import static org.tenace.server.Browsers.receivedHandSeats;
import static org.tenace.server.Browsers.screenshot;
import static org.tenace.server.Browsers.sequence;
import static org.tenace.server.Browsers.trick;
import static org.tenace.server.Browsers.type;

import com.microsoft.playwright.Page;
import io.grpc.ClientInterceptors;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.client.Bearer;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.Mode;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.RespondToUndoRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;

/**
 * The web client in a real browser (headless Chromium, driven by Playwright for Java): four pages
 * take the four seats from the lobby and play a whole board, each showing only its own hand (and
 * dummy's once the opening lead is faced), and the result they show is the table's record; a
 * kibitzer's page never holds a hidden card. Without /usr/bin/chromium the test is skipped, saying
 * how to have it; on CI (CI=true) it fails instead.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class WebTableBrowserTest {
  private static final Duration STEP = Browsers.STEP;
  private static final List<Seat> SEATS = List.of(Seat.SEAT_NORTH, Seat.SEAT_EAST,
      Seat.SEAT_SOUTH, Seat.SEAT_WEST);

  @RegisterExtension
  final Browsers browsers = Browsers.each();
  /** The tokens of the seats taken through gRPC ({@link #joined}), as a program holds them. */
  private final Map<Seat, String> tokens = new EnumMap<>(Seat.class);

  /** The lobby in a page of its own, its first load under 250 KB. */
  private Page page(String name) {
    Page page = browsers.open(name);
    // The first load: the page, its scripts and its style (no compression counted).
    List<Integer> files = browsers.firstLoadFiles();
    assertThat(files.get(files.size() - 1)).isGreaterThanOrEqualTo(5);
    List<Integer> loads = browsers.firstLoads();
    assertThat(loads.get(loads.size() - 1)).isLessThan(250 * 1024);
    return page;
  }

  /**
   * Writes the figures docs/performance.md quotes: from a click on a card to that card shown in
   * each of the other three pages (cards clicked after the reload), the first load's size, and
   * the time until the lobby is usable.
   */
  @SuppressWarnings("unchecked")
  private void report(Map<Seat, Page> players, long from) {
    List<Long> latencies = new ArrayList<>();
    for (Page actor : players.values()) {
      Map<String, Number> clicked = (Map<String, Number>) actor.evaluate("() => window.clicked");
      clicked.forEach((card, at) -> {
        if (at.longValue() < from) {
          return;
        }
        for (Page other : players.values()) {
          if (other != actor) {
            Object shown = other.evaluate("c => window.shown[c]", card);
            if (shown instanceof Number n) {
              latencies.add(Math.max(0, n.longValue() - at.longValue()));
            }
          }
        }
      });
    }
    latencies.sort(null);
    assertThat(latencies).hasSizeGreaterThan(30);
    // Where the pages' time went: each redraw from the change asked to the table drawn, and the
    // drawing alone (the page's performance timeline, in milliseconds).
    for (String measure : List.of("tenace-drawn", "tenace-render")) {
      List<Double> times = new ArrayList<>();
      for (Page p : players.values()) {
        for (Object d : (List<?>) p.evaluate("m => performance.getEntriesByName(m)"
            + ".map(e => e.duration)", measure)) {
          times.add(((Number) d).doubleValue());
        }
      }
      times.sort(null);
      System.out.printf("web: %s: p50 %.1f ms, p99 %.1f ms (%d redraws)%n", measure,
          times.get(times.size() / 2), times.get((int) (times.size() * 0.99)), times.size());
    }
    List<Integer> loads = browsers.firstLoads();
    System.out.printf("web: click to card shown in the other pages: p50 %d ms, p99 %d ms, max %d"
        + " ms (%d samples); first load %d bytes; lobby usable in %s ms%n",
        latencies.get(latencies.size() / 2), latencies.get((int) (latencies.size() * 0.99)),
        latencies.get(latencies.size() - 1), latencies.size(), loads.get(loads.size() - 1),
        browsers.usableMillis());
  }

  private static String words(Seat s) {
    return s.name().charAt(5) + s.name().substring(6).toLowerCase();
  }

  private static String code(Card c) {
    String suit = c.getSuit().name().substring(5, 6);
    String rank = switch (c.getRank()) {
      case RANK_ACE -> "A";
      case RANK_KING -> "K";
      case RANK_QUEEN -> "Q";
      case RANK_JACK -> "J";
      case RANK_TEN -> "T";
      default -> String.valueOf(c.getRank().getNumber());
    };
    return suit + rank;
  }

  /**
   * A refusal reaches the page with its reason, from the error details, and is said in words:
   * a seat taken meanwhile, from a lobby shown before.
   */
  @Test
  void aRefusalIsSaidInWords() {
    String table = browsers.tables(null).createTable(
        CreateTableRequest.newBuilder().setName("refusals").build()).getTable().getTableId();
    Page late = page("Late");
    Object refused = late.evaluate("async () => { const g = await import('/grpc.js'); try { "
        + "await g.unary('bridge.v1.TableService/JoinTable', { tableId: 'nope', role: "
        + "'ROLE_PLAYER', seat: 'SEAT_SOUTH', name: 'x' }); return 'joined'; } catch (e) { "
        + "return e.code + ' ' + e.reason; } }");
    assertThat(refused).isEqualTo("NOT_FOUND TABLE_NOT_FOUND");
    Page early = page("Early");
    early.click("tr[data-table='" + table + "'] button[data-sit='SEAT_NORTH']");
    early.waitForSelector(".compass");
    late.click("tr[data-table='" + table + "'] button[data-sit='SEAT_NORTH']");
    late.waitForSelector("#message:not([hidden])");
    assertThat(late.textContent("#message")).startsWith("That seat has just been taken")
        .doesNotContain("ALREADY_EXISTS").doesNotContain("SEAT_TAKEN");
  }

  @Test
  void fourPagesPlayABoardEachSeeingOnlyWhatItsSeatMay() throws Exception {
    CreateTableResponse created = browsers.tables(null).createTable(
        CreateTableRequest.newBuilder().setName("browsers").setDealSeed(29).build());
    String table = created.getTable().getTableId();
    LinkedBlockingQueue<WatchTableResponse> record = record(table, created);

    Map<Seat, Page> players = new EnumMap<>(Seat.class);
    for (Seat s : SEATS) {
      Page p = page("Player " + s.name().substring(5, 6));
      if (s == Seat.SEAT_SOUTH) {
        p.waitForSelector("tr[data-table='" + table + "']");
        screenshot(p, "lobby");
      }
      p.click("tr[data-table='" + table + "'] button[data-sit='" + s.name() + "']");
      p.waitForSelector(".compass");
      players.put(s, p);
    }
    Page kibitzer = page("Kibitzer");
    kibitzer.click("tr[data-table='" + table + "'] button[data-watch]");
    kibitzer.waitForSelector(".compass");
    Map<String, Page> all = new LinkedHashMap<>();
    players.forEach((s, p) -> all.put(s.name(), p));
    all.put("kibitzer", kibitzer);

    // Each player's own hand is at the bottom.
    for (Seat s : SEATS) {
      players.get(s).waitForSelector(".seat.bottom .hand[data-seat='" + s.name() + "'] .card");
    }

    Seat dealer = null;
    long measuredFrom = Long.MAX_VALUE;
    int cardsPlayed = 0;
    int calls = 0;
    while (true) {
      // Whose turn: the one page that has something to do (the board's end has none).
      Optional<Map.Entry<Seat, Page>> actor = await().atMost(STEP).until(() -> {
        if (players.values().stream().allMatch(p -> p.querySelector("#result") != null)) {
          return Optional.<Map.Entry<Seat, Page>>empty();
        }
        return players.entrySet().stream().filter(e -> {
          String turn = data(e.getValue(), "turn");
          return turn.equals("call") || turn.equals("play");
        }).findFirst();
      }, o -> o.isPresent() || players.values().stream()
          .allMatch(p -> p.querySelector("#result") != null));
      if (actor.isEmpty()) {
        break;
      }
      Seat seat = actor.get().getKey();
      Page p = actor.get().getValue();
      long before = sequence(p);
      if (data(p, "turn").equals("call")) {
        if (calls == 0) {
          dealer = seat;
          p.click("#bidding button[data-call='1C']"); // the dealer opens 1C; the others pass
        } else {
          type(p, calls % 2 == 0 ? "p" : "pass"); // typed, as in the terminal
        }
        calls++;
      } else {
        if (cardsPlayed % 2 == 0) {
          p.click(".hand .card.legal");
        } else {
          // Typed: suit then rank ("st", "s10") or rank then suit ("qs").
          String card = p.getAttribute(".hand .card.legal", "data-card").toLowerCase();
          type(p, cardsPlayed % 4 == 1 ? card : card.substring(1) + card.charAt(0));
        }
        cardsPlayed++;
      }
      await().atMost(STEP).until(() -> sequence(p) > before);
      if (calls == 1 && cardsPlayed == 0) {
        // Each call and card is said to a screen reader, in the other pages too.
        String opened = words(seat) + " bids 1 club.";
        await().atMost(STEP).until(() -> kibitzer.textContent("#said").equals(opened));
        assertThat(players.get(SEATS.get((SEATS.indexOf(seat) + 1) % 4)).getAttribute("#said",
            "aria-live")).isEqualTo("polite");
      } else if (cardsPlayed == 1) {
        String led = words(seat) + " plays the ";
        await().atMost(STEP).until(() -> kibitzer.textContent("#said").startsWith(led));
      }
      if (cardsPlayed == 6) {
        // A reload in the middle of a trick comes back to the seat (its token is kept in the
        // browser) and to where the table stands.
        Page south = players.get(Seat.SEAT_SOUTH);
        Page north = players.get(Seat.SEAT_NORTH);
        await().atMost(STEP).until(() -> trick(north).size() == 2 && trick(south).size() == 2);
        List<String> seen = trick(south);
        south.reload();
        south.waitForSelector(".compass");
        await().atMost(STEP).until(() -> sequence(south) == sequence(north));
        assertThat(trick(south)).isEqualTo(seen);
        measuredFrom = ((Number) south.evaluate("() => Date.now()")).longValue();
        assertThat(south.querySelector(".seat.bottom .hand[data-seat='SEAT_SOUTH']")).isNotNull();
        // The last trick on demand, and back (on a page that saw it played: a snapshot may
        // leave out others' cards of a trick turned over, Law 66).
        List<String> now = trick(north);
        north.click("#last");
        await().atMost(STEP).until(() -> trick(north).size() == 4 && !trick(north).equals(now));
        north.click("#last");
        await().atMost(STEP).until(() -> trick(north).equals(now));
      }
      if (calls == 2 && cardsPlayed == 0) {
        screenshot(players.get(Seat.SEAT_SOUTH), "auction");
      } else if (cardsPlayed == 6) {
        screenshot(players.get(Seat.SEAT_SOUTH), "play");
      }
      // What each page holds: its own hand, and dummy's once the opening lead is faced.
      Seat dummy = dealer == null ? null : SEATS.get((SEATS.indexOf(dealer) + 2) % 4);
      for (Map.Entry<String, Page> e : all.entrySet()) {
        if (e.getValue().querySelector("#result") != null) {
          continue; // the board is over there: all four hands are shown
        }
        Set<String> allowed = new HashSet<>();
        if (!e.getKey().equals("kibitzer")) {
          allowed.add(e.getKey());
        }
        if (cardsPlayed > 0 && dummy != null) {
          allowed.add(dummy.name());
        }
        final int played = cardsPlayed;
        await().atMost(STEP).untilAsserted(() -> assertThat(handSeats(e.getValue()))
            .as("%s after %d cards", e.getKey(), played).isSubsetOf(allowed));
      }
      assertThat(calls + cardsPlayed).isLessThan(60);
    }
    assertThat(calls).isEqualTo(4);
    assertThat(cardsPlayed).isEqualTo(52);

    BoardCompleted completed = await().atMost(STEP).until(() -> record.stream()
        .filter(r -> r.hasEvent() && r.getEvent().hasBoardCompleted())
        .map(r -> r.getEvent().getBoardCompleted()).findFirst(), Optional::isPresent).get();
    var result = completed.getResult();
    assertThat(result.getContract().getLevel()).isEqualTo(1);
    assertThat(result.getContract().getDeclarer()).isEqualTo(dealer);
    List<String> dealt = new ArrayList<>();
    for (Hand hand : completed.getHandsList()) {
      for (Card c : hand.getCardsList()) {
        dealt.add(hand.getSeat().name() + ":" + code(c));
      }
    }
    for (Map.Entry<String, Page> e : all.entrySet()) {
      Page p = e.getValue();
      p.waitForSelector("#result");
      assertThat(p.getAttribute("#result", "data-contract")).as(e.getKey()).isEqualTo("1C");
      assertThat(p.getAttribute("#result", "data-declarer")).isEqualTo(dealer.name());
      assertThat(p.getAttribute("#result", "data-tricks"))
          .isEqualTo(String.valueOf(result.getTricks()));
      assertThat(p.getAttribute("#result", "data-score-ns"))
          .isEqualTo(String.valueOf(result.getScoreNorthSouth()));
      // A player's page says the score from its own side; a kibitzer's has no side.
      int ns = result.getScoreNorthSouth();
      if (e.getKey().equals("kibitzer")) {
        assertThat(p.querySelector("#result .yours")).isNull();
      } else {
        boolean northSouth = e.getKey().equals("SEAT_NORTH") || e.getKey().equals("SEAT_SOUTH");
        int yours = northSouth ? ns : -ns;
        assertThat(p.textContent("#result .yours")).isEqualTo("You ("
            + (northSouth ? "North-South" : "East-West") + "): " + (yours > 0 ? "+" : "") + yours);
      }
      // The board's end shows the four hands as dealt.
      @SuppressWarnings("unchecked")
      List<String> shown = (List<String>) p.evaluate("() => [...document.querySelectorAll("
          + "'.hand [data-card]')].map(e => e.dataset.seat + ':' + e.dataset.card)");
      assertThat(shown).containsExactlyInAnyOrderElementsOf(dealt);
    }
    // Nor did any message the pages received before the board's end carry another hand.
    Seat dummySeat = SEATS.get((SEATS.indexOf(dealer) + 2) % 4);
    for (Map.Entry<String, Page> e : all.entrySet()) {
      Set<String> allowed = new HashSet<>(Set.of(dummySeat.name()));
      if (!e.getKey().equals("kibitzer")) {
        allowed.add(e.getKey());
      }
      assertThat(receivedHandSeats(e.getValue())).as(e.getKey()).isSubsetOf(allowed)
          .contains(dummySeat.name());
    }
    // The board's end: the double-dummy table and par the server works out (as the solver does
    // here), the deal check, and the running score from each side.
    Map<org.tenace.bridge.card.Seat, org.tenace.bridge.card.Hand> hands =
        new EnumMap<>(org.tenace.bridge.card.Seat.class);
    for (Hand hand : completed.getHandsList()) {
      hands.put(Vocabulary.seat(hand.getSeat()), Vocabulary.hand(hand));
    }
    org.tenace.bridge.card.Deal deal = org.tenace.bridge.card.Deal.of(hands);
    org.tenace.solver.DdTable dd = new org.tenace.solver.DoubleDummy(18).table(deal, 5_000_000L);
    for (Map.Entry<String, Page> e : all.entrySet()) {
      Page p = e.getValue();
      p.waitForSelector("#dd td[data-dd]");
      for (org.tenace.bridge.card.Seat s : org.tenace.bridge.card.Seat.values()) {
        for (org.tenace.bridge.auction.Strain strain
            : org.tenace.bridge.auction.Strain.values()) {
          String cell = s.name().substring(0, 1) + (strain == org.tenace.bridge.auction.Strain
              .NO_TRUMP ? "NT" : strain.name().substring(0, 1));
          assertThat(p.textContent("#dd td[data-dd='" + cell + "']")).as(e.getKey() + " " + cell)
              .isEqualTo(String.valueOf(dd.tricks(strain, s)));
        }
      }
      org.tenace.bridge.board.Board board = org.tenace.bridge.board.Board.of(1);
      org.tenace.solver.ParResult par = org.tenace.solver.Par.dealer(dd, board.vulnerability(),
          board.dealer());
      assertThat(p.getAttribute("#par", "data-par-ns")).isEqualTo(String.valueOf(par.score()));
      assertThat(p.textContent("#par")).endsWith(": " + par.contractsText());
      p.waitForSelector("#check[data-ok=true]");
      int ns = result.getScoreNorthSouth();
      int yours = e.getKey().equals("SEAT_EAST") || e.getKey().equals("SEAT_WEST") ? -ns : ns;
      assertThat(p.textContent("#running td[data-board='1']"))
          .isEqualTo((yours > 0 ? "+" : "") + yours);
    }
    report(players, measuredFrom);
    screenshot(players.get(Seat.SEAT_SOUTH), "board-end");
    players.get(Seat.SEAT_SOUTH).setViewportSize(390, 844);
    screenshot(players.get(Seat.SEAT_SOUTH), "board-end-phone");
    players.get(Seat.SEAT_NORTH).waitForSelector("#ready");
  }

  /**
   * A table of four-player duplicate named {@code name}, dealt from seed 9, with {@code joined}
   * taken through gRPC (their tokens in {@link #tokens}); its id.
   */
  private String table(String name, Seat... joined) {
    String table = browsers.tables(null).createTable(CreateTableRequest.newBuilder()
        .setName(name).setDealSeed(9).build()).getTable().getTableId();
    for (Seat seat : joined) {
      joined(table, seat);
    }
    return table;
  }

  /** The table's record, as its director's stream carries it, from now on. */
  private LinkedBlockingQueue<WatchTableResponse> record(String table,
      CreateTableResponse created) {
    LinkedBlockingQueue<WatchTableResponse> record = new LinkedBlockingQueue<>();
    TableServiceGrpc.newStub(ClientInterceptors.intercept(browsers.channel(),
        Bearer.of(created.getDirectorToken()))).watchTable(
        WatchTableRequest.newBuilder().setTableId(table).build(), new StreamObserver<>() {
          @Override
          public void onNext(WatchTableResponse r) {
            record.add(r);
          }

          @Override
          public void onError(Throwable t) {}

          @Override
          public void onCompleted() {}
        });
    return record;
  }

  /** North's and East's calls made through gRPC; then waits until South's page is to call. */
  private void southToCall(String table, String northCall, String eastCall, Page south) {
    call(table, Seat.SEAT_NORTH, northCall);
    call(table, Seat.SEAT_EAST, eastCall);
    Browsers.until(() -> data(south, "turn").equals("call"));
  }

  /** South's and West's pages at {@code table}. */
  private record SouthAndWest(String table, Page south, Page west) {}

  /**
   * A new table {@code name}, North and East seated through gRPC and South and West on pages:
   * once North and East have made {@code northCall} and {@code eastCall}, with South to call.
   */
  private SouthAndWest southAndWestToCall(String name, String northCall, String eastCall) {
    String table = table(name, Seat.SEAT_NORTH, Seat.SEAT_EAST);
    Page south = seated(table, Seat.SEAT_SOUTH, "South");
    Page west = seated(table, Seat.SEAT_WEST, "West");
    southToCall(table, northCall, eastCall, south);
    return new SouthAndWest(table, south, west);
  }

  /** The lobby in a page of its own, loaded again with {@code script} run before its own. */
  private Page lobbyWith(String name, String script) {
    Page p = page(name);
    p.context().addInitScript(script);
    p.reload();
    p.waitForSelector("#tables table");
    return p;
  }

  /** A page seated at {@code seat} of {@code table} from the lobby. */
  private Page seated(String table, Seat seat, String name) {
    Page p = page(name);
    p.onPageError(e -> System.out.println(name + "'s page: " + e));
    p.click("tr[data-table='" + table + "'] button[data-sit='" + seat.name() + "']");
    p.waitForSelector(".compass");
    return p;
  }

  /** A seat taken through gRPC, as a program would: its token kept in {@link #tokens}. */
  private void joined(String table, Seat seat) {
    tokens.put(seat, browsers.tables(null).joinTable(JoinTableRequest.newBuilder()
        .setTableId(table).setRole(Role.ROLE_PLAYER).setSeat(seat).setName(words(seat)).build())
        .getToken());
  }

  /** A call made through gRPC by the holder of the seat (its token in {@link #tokens}). */
  private void call(String table, Seat seat, String call) {
    browsers.tables(tokens.get(seat)).makeCall(MakeCallRequest.newBuilder().setTableId(table)
        .setSeat(seat)
        .setCall(Vocabulary.toProto(org.tenace.bridge.auction.Call.parse(call))).build());
  }

  @SuppressWarnings("unchecked")
  private static List<String> texts(Page p, String selector) {
    return (List<String>) p.evaluate("s => [...document.querySelectorAll(s)].map(e => "
        + "e.textContent)", selector);
  }

  /**
   * Laws mode through the page: South pulls an insufficient 1H from the bidding box (typed, as
   * in the terminal), West is offered the Law 27 option in the terminal's words and refuses it,
   * and South corrects to 2H, which stands; the 1H is shown withdrawn and the irregularity as
   * it was announced.
   */
  @Test
  void anInsufficientBidIsRectifiedThroughThePagesOptions() {
    String table = browsers.tables(null).createTable(CreateTableRequest.newBuilder()
        .setName("laws").setDealSeed(9).setSettings(TableSettings.newBuilder()
            .setMode(Mode.MODE_LAWS).setAutoPassBarred(false)
            .setDirectorTimeout(com.google.protobuf.Duration.newBuilder().setSeconds(0)))
        .build()).getTable().getTableId();
    joined(table, Seat.SEAT_NORTH);
    joined(table, Seat.SEAT_EAST);
    Page south = seated(table, Seat.SEAT_SOUTH, "South");
    Page west = seated(table, Seat.SEAT_WEST, "West");
    southToCall(table, "1H", "1S", south);
    // Under the Laws the box offers every call, as a real table's does; 1H is not legal now.
    assertThat(south.isDisabled("#bidding button[data-call='1H']")).isFalse();
    assertThat(south.getAttribute("#bidding button[data-call='1H']", "class"))
        .contains("irregular");
    type(south, "1h");

    west.waitForSelector(".option button");
    String headline = "Option for West: South's 1♥ was insufficient (Law 27).";
    assertThat(west.textContent("#laws .headline")).isEqualTo(headline);
    assertThat(texts(west, ".option button")).containsExactlyInAnyOrder("accept", "refuse");
    Browsers.until(() -> south.querySelector("#laws .headline") != null);
    assertThat(south.textContent("#laws .headline")).isEqualTo(headline);
    assertThat(south.querySelector(".option button")).isNull(); // the option is West's
    assertThat(texts(south, "#laws .irregularities li")).singleElement().asString()
        .startsWith("Irregularity (Law 27): South, an insufficient bid.");
    screenshot(west, "laws-option");

    west.click(".option button[data-choice='OPTION_CHOICE_REFUSE']");
    Browsers.until(() -> data(south, "turn").equals("call"));
    assertThat(south.querySelector("#laws .headline")).isNull();
    south.click("#bidding button[data-call='2H']");
    // The 2H stands and West is to call; the 1H is shown withdrawn, under South as the 2H is.
    Browsers.until(() -> data(west, "turn").equals("call"));
    for (Page p : List.of(south, west)) {
      Browsers.until(() -> texts(p, ".auction .call").size() == 4);
      assertThat(texts(p, ".auction td[data-seat=SEAT_SOUTH] .call")).containsExactly("1♥",
          "2♥");
      assertThat(p.querySelector(".auction .call.withdrawn[data-call='1H']")).isNotNull();
      assertThat(p.querySelector(".auction .call.withdrawn[data-call='2H']")).isNull();
    }
  }

  /**
   * Counts, in window.answersRead, the AnalyseDeal answers whose body the page has read to its
   * end: what the page does with an answer happens in the same turn of its event loop, so a
   * timer set after that count moved runs after it.
   */
  private static final String COUNT_ANSWERS = """
      window.answersRead = 0;
      const fetchBefore = window.fetch.bind(window);
      window.fetch = async (url, init) => {
        const r = await fetchBefore(url, init);
        if (!/AnalyseDeal$/.test(String(url)) || !r.body) return r;
        const reader = r.body.getReader();
        const body = new ReadableStream({
          async pull(c) {
            const { done, value } = await reader.read();
            if (done) { window.answersRead++; c.close(); } else c.enqueue(value);
          },
        });
        return new Response(body, { status: r.status, statusText: r.statusText,
          headers: r.headers });
      };
      """;

  /**
   * A table the page has left draws nothing more: the double-dummy table asked for at the
   * board's end and answered after the player went elsewhere (a slow server, the next round's
   * table) no longer redraws the old table over the header and the page's data, which then
   * told of the old table's turn (a stalled session under load: the next table's turn hidden).
   */
  @Test
  void aTableThePageLeftDrawsNothingMoreWhenALateAnswerComes() {
    String table = table("left behind", Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_WEST);
    Page south = lobbyWith("South", COUNT_ANSWERS);
    // The double-dummy answer is held until the page has gone back to the lobby.
    List<com.microsoft.playwright.Route> held = new ArrayList<>();
    south.route("**/AnalyseDeal", held::add);
    south.click("tr[data-table='" + table + "'] button[data-sit='SEAT_SOUTH']");
    south.waitForSelector(".compass");
    southToCall(table, "P", "P", south);
    type(south, "p");
    Browsers.until(() -> data(south, "turn").isEmpty());
    call(table, Seat.SEAT_WEST, "P"); // passed out: the four hands, and the analysis asked
    south.waitForSelector("#result");
    Browsers.until(() -> !held.isEmpty());
    assertThat(south.textContent("#where")).isEqualTo("left behind");

    south.click("header a.home");
    south.waitForSelector("#tables table");
    assertThat(south.textContent("#where")).isEqualTo("Lobby");
    assertThat(data(south, "turn")).isEmpty(); // the table's data went with it
    held.get(0).resume();
    Browsers.until(() -> ((Number) south.evaluate("() => window.answersRead")).intValue() == 1);
    south.evaluate("() => new Promise((r) => setTimeout(r, 0))"); // what the answer set off ran
    assertThat(south.textContent("#where")).isEqualTo("Lobby");
    assertThat(data(south, "turn")).isEmpty();
    assertThat(data(south, "sequence")).isEmpty();
    assertThat(south.querySelector(".compass")).isNull();
  }

  /**
   * A claim through the pages: South, declarer in 1C, claims seven of the thirteen tricks after
   * the opening lead; West accepts on the page (East through gRPC), and the board ends with the
   * claimed tricks, on every page.
   */
  @Test
  void aClaimIsMadeAndAcceptedThroughThePages() {
    SouthAndWest pages = southAndWestToCall("claims", "P", "P");
    Page south = pages.south();
    Page west = pages.west();
    south.click("#bidding button[data-call='1C']");
    Browsers.until(() -> data(west, "turn").equals("call"));
    type(west, "p");
    Browsers.until(() -> data(west, "turn").isEmpty()); // the pass is in
    call(pages.table(), Seat.SEAT_NORTH, "P");
    call(pages.table(), Seat.SEAT_EAST, "P");
    Browsers.until(() -> data(west, "turn").equals("play"));
    west.click(".hand .card.legal"); // the opening lead
    Browsers.until(() -> data(south, "turn").equals("play")); // South plays from dummy

    south.fill(".claim input[name=tricks]", "7");
    south.click(".claim button[type=submit]");
    west.waitForSelector(".ask button[data-claim=accept]");
    assertThat(west.textContent(".ask")).startsWith("South claims 7 of the 13 tricks left.");
    west.click(".ask button[data-claim=accept]");
    browsers.tables(tokens.get(Seat.SEAT_EAST)).respondToClaim(RespondToClaimRequest.newBuilder()
        .setTableId(pages.table())
        .setAccept(true).build());
    for (Page p : List.of(south, west)) {
      p.waitForSelector("#result");
      assertThat(p.getAttribute("#result", "data-contract")).isEqualTo("1C");
      assertThat(p.getAttribute("#result", "data-declarer")).isEqualTo("SEAT_SOUTH");
      assertThat(p.getAttribute("#result", "data-tricks")).isEqualTo("7");
      assertThat(p.textContent("#result")).contains("Ended by a claim.");
    }
  }

  /**
   * An undo asked for from the page, as the terminal's undo: South takes back a 2H; West allows
   * it on its page (East through gRPC), and South is to call again with the 2H shown withdrawn.
   */
  @Test
  void anUndoIsAskedForAndAllowedThroughThePages() {
    SouthAndWest pages = southAndWestToCall("undo", "1H", "P");
    Page south = pages.south();
    Page west = pages.west();
    assertThat(south.querySelector("#ask-undo")).isNull(); // nothing of South's to undo yet
    south.click("#bidding button[data-call='2H']");
    south.waitForSelector("#ask-undo");
    assertThat(south.textContent("#ask-undo")).isEqualTo("Undo my last call");
    south.click("#ask-undo");
    west.waitForSelector(".ask button[data-undo=allow]");
    assertThat(west.textContent(".ask")).startsWith("South asks to undo the last call (2♥).");
    Browsers.until(() -> south.querySelector("#undo") != null);
    assertThat(south.textContent("#undo")).startsWith("South asks to undo the last call (2♥).")
        .contains("Waiting for");
    west.click(".ask button[data-undo=allow]");
    browsers.tables(tokens.get(Seat.SEAT_EAST)).respondToUndo(RespondToUndoRequest.newBuilder()
        .setTableId(pages.table())
        .setAccept(true).build());
    Browsers.until(() -> data(south, "turn").equals("call"));
    Browsers.until(() -> south.querySelector(".auction .call.withdrawn[data-call='2H']") != null);
    assertThat(south.querySelector("#undo")).isNull();
    south.click("#bidding button[data-call='3H']");
    Browsers.until(() -> data(west, "turn").equals("call"));
    assertThat(texts(west, ".auction td[data-seat=SEAT_SOUTH] .call")).containsExactly("2♥",
        "3♥");
  }

  /** The colour a selector's first element is drawn in, as the browser computes it. */
  private static String colour(Page p, String selector) {
    return p.evaluate("s => getComputedStyle(document.querySelector(s)).color", selector)
        .toString();
  }

  /**
   * The four-colour option: diamonds and clubs take colours of their own (not hearts' red and
   * spades' black), in the hand and the bidding box, and the choice is kept for the next load.
   */
  @Test
  void theFourColourOptionGivesDiamondsAndClubsTheirOwnAndIsKept() {
    String table = table("colours", Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_WEST);
    Page south = seated(table, Seat.SEAT_SOUTH, "South");
    southToCall(table, "P", "P", south);
    String hand = ".hand[data-seat='SEAT_SOUTH'] .suit.";
    assertThat(south.isChecked("#colours")).isFalse();
    assertThat(colour(south, hand + "d .symbol")).isEqualTo(colour(south, hand + "h .symbol"));
    assertThat(colour(south, hand + "c .symbol")).isEqualTo(colour(south, hand + "s .symbol"));

    south.check("#colours");
    for (String[] pair : new String[][] {{hand + "d .symbol", hand + "h .symbol"},
        {hand + "c .symbol", hand + "s .symbol"},
        {"#bidding button[data-call='1D']", "#bidding button[data-call='1H']"},
        {"#bidding button[data-call='1C']", "#bidding button[data-call='1S']"}}) {
      assertThat(colour(south, pair[0])).as(pair[0]).isNotEqualTo(colour(south, pair[1]));
    }
    assertThat(colour(south, hand + "d .symbol")).isNotEqualTo(colour(south, hand
        + "c .symbol"));
    String diamonds = colour(south, hand + "d .symbol");

    south.reload();
    south.waitForSelector(hand + "d .symbol");
    assertThat(south.isChecked("#colours")).isTrue();
    assertThat(colour(south, hand + "d .symbol")).isEqualTo(diamonds);
    south.uncheck("#colours");
    assertThat(colour(south, hand + "d .symbol")).isEqualTo(colour(south, hand + "h .symbol"));
  }

  /**
   * A dropped connection at a quiet table: the page says it is reconnecting, watches again from
   * the last event it saw (from_sequence: the server answers with it at once, which the page
   * skips), says the connection is back though nothing new happened meanwhile, and plays on:
   * its call is taken and West's next call reaches it.
   */
  @Test
  void aDroppedConnectionShowsTheBannerAndResumesFromTheLastEventSeen() {
    String table = table("reconnect", Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_WEST);
    Page south = lobbyWith("South", Browsers.DROPPABLE);
    List<Long> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
    south.onRequest(r -> {
      if (r.url().endsWith("/WatchTable")) {
        byte[] body = r.postDataBuffer();
        String json = new String(body, 5, body.length - 5, java.nio.charset.StandardCharsets
            .UTF_8);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
            "\"fromSequence\":\"(\\d+)\"").matcher(json);
        asked.add(m.find() ? Long.parseLong(m.group(1)) : -1);
      }
    });
    south.click("tr[data-table='" + table + "'] button[data-sit='SEAT_SOUTH']");
    south.waitForSelector(".compass");
    southToCall(table, "P", "P", south);
    long seen = sequence(south);
    assertThat(south.isVisible("#banner")).isFalse();

    south.evaluate("() => window.dropStreams()");
    south.waitForSelector("#banner:has-text('reconnecting')");
    // Back: nothing happened at the table meanwhile, and the page says so all the same.
    south.waitForSelector("#banner", new Page.WaitForSelectorOptions().setState(
        com.microsoft.playwright.options.WaitForSelectorState.HIDDEN).setTimeout(
            STEP.toMillis()));
    assertThat(asked).as("the page's WatchTable requests' from_sequence").hasSizeGreaterThan(1);
    assertThat(asked.get(asked.size() - 1)).isEqualTo(seen);
    assertThat(sequence(south)).isEqualTo(seen);
    assertThat(data(south, "turn")).isEqualTo("call");

    type(south, "1c");
    Browsers.until(() -> data(south, "turn").isEmpty());
    call(table, Seat.SEAT_WEST, "P");
    Browsers.until(() -> texts(south, ".auction td[data-seat=SEAT_WEST] .call").size() == 1);
    assertThat(texts(south, ".auction td[data-seat=SEAT_SOUTH] .call")).containsExactly("1♣");
    assertThat(south.isVisible("#banner")).isFalse();
  }

  /**
   * A board played by keyboard alone, as the page's command line says (1nt, p, sq, 10h): South
   * reaches its seat from the lobby and the command line with Tab, bids and plays every card of
   * its own and (as declarer) of dummy's by typing, Enter sending each, the focus staying on the
   * command line throughout; the server's robots hold the other seats.
   */
  @Test
  void aBoardIsPlayedByKeyboardAlone() {
    String table = browsers.tables(null).createTable(CreateTableRequest.newBuilder()
        .setName("keys").setDealSeed(9).setRobotLevel(org.tenace.proto.v1.RobotLevel
            .ROBOT_LEVEL_FAST).addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
        .addRobotSeats(Seat.SEAT_WEST).setSettings(TableSettings.newBuilder().setBoardCount(1))
        .build()).getTable().getTableId();
    Page south = page("South");
    south.onPageError(e -> System.out.println("South's page: " + e));
    String sit = "tr[data-table='" + table + "'] button[data-sit='SEAT_SOUTH']";
    south.waitForSelector(sit);
    tabTo(south, sit);
    south.keyboard().press("Enter");
    south.waitForSelector(".compass");
    tabTo(south, "#command");

    int typed = 0;
    int cards = 0;
    while (south.querySelector("#result") == null) {
      Browsers.until(() -> !data(south, "turn").isEmpty() || south.querySelector("#result")
          != null);
      String turn = data(south, "turn");
      long before = sequence(south);
      String command;
      if (turn.equals("call")) {
        // Seven of a strain North has not named (no trumps first): South declares, and plays
        // both its hands by keys.
        List<String> norths = texts(south, ".auction td[data-seat=SEAT_NORTH] .call");
        command = typed > 0 ? "p" : norths.stream().noneMatch(c -> c.contains("NT")) ? "7nt"
            : norths.stream().noneMatch(c -> c.contains("♠")) ? "7s" : "7h";
      } else if (turn.equals("play")) {
        command = south.getAttribute(".hand .card.legal", "data-card").toLowerCase();
        cards++;
      } else if (turn.isEmpty()) {
        continue;
      } else {
        throw new AssertionError("South's page asks for " + turn + " at a board it plays alone");
      }
      assertThat(south.evaluate("() => document.activeElement.id")).as("the focus before %s",
          command).isEqualTo("command");
      south.keyboard().type(command);
      south.keyboard().press("Enter");
      typed++;
      Browsers.until(() -> sequence(south) > before || !south.textContent("#message")
          .isEmpty());
      assertThat(south.textContent("#message")).as("the page's word on %s", command).isEmpty();
      assertThat(typed).isLessThan(60);
    }
    assertThat(south.getAttribute("#result", "data-declarer")).isEqualTo("SEAT_SOUTH");
    assertThat(south.getAttribute("#result", "data-contract")).startsWith("7");
    assertThat(cards).as("the cards South typed, its own and dummy's").isEqualTo(26);
    assertThat(south.evaluate("() => document.activeElement.id")).isEqualTo("command");
  }

  /** Presses Tab until {@code selector} has the focus (at most 300 times), as a keyboard would. */
  private static void tabTo(Page p, String selector) {
    for (int i = 0; i < 300; i++) {
      if ((Boolean) p.evaluate("s => document.activeElement === document.querySelector(s)",
          selector)) {
        return;
      }
      p.keyboard().press("Tab");
    }
    throw new AssertionError(selector + " never had the focus in 300 presses of Tab");
  }

  /** Whether the page scrolls sideways: a phone's page must not. */
  private static boolean scrollsSideways(Page p) {
    return (Boolean) p.evaluate("() => document.documentElement.scrollWidth > "
        + "document.documentElement.clientWidth");
  }

  /**
   * A phone (390×844): the table fits the screen's width, the opponents' explanations show on a
   * tap, the bidding box and the cards answer; and the screenshots of the table on a phone.
   */
  @Test
  void aPhoneSeesTheWholeTableAndTapsForExplanations() {
    String table = table("phone", Seat.SEAT_NORTH, Seat.SEAT_SOUTH, Seat.SEAT_WEST);
    Page east = browsers.open("East", Browsers.PHONE[0], Browsers.PHONE[1]);
    east.onPageError(e -> System.out.println("East's page: " + e));
    east.click("tr[data-table='" + table + "'] button[data-sit='SEAT_EAST']");
    east.waitForSelector(".seat.bottom .hand[data-seat='SEAT_EAST'] .card");
    browsers.tables(tokens.get(Seat.SEAT_NORTH)).makeCall(MakeCallRequest.newBuilder()
        .setTableId(table)
        .setSeat(Seat.SEAT_NORTH).setCall(Vocabulary.toProto(
            org.tenace.bridge.auction.Call.parse("1C"))).setAlert(true)
        .setExplanation("could be short: 2+ clubs").build());
    Browsers.until(() -> data(east, "turn").equals("call"));
    assertThat(scrollsSideways(east)).isFalse();
    // The alerted call is tapped: its explanation shows under the grid, and goes on a second tap.
    east.click(".auction button.call[data-call='1C']");
    east.waitForSelector("#explained");
    assertThat(east.textContent("#explained")).isEqualTo("North's 1♣: could be short: 2+ clubs");
    screenshot(east, "auction-phone");
    east.click(".auction button.call[data-call='1C']");
    Browsers.until(() -> east.querySelector("#explained") == null);
    east.click("#bidding button[data-call='P']");
    Browsers.until(() -> data(east, "turn").isEmpty());
    call(table, Seat.SEAT_SOUTH, "P");
    call(table, Seat.SEAT_WEST, "P");
    // North declares 1C; East leads from the phone, and sees dummy (South).
    Browsers.until(() -> data(east, "turn").equals("play"));
    assertThat(scrollsSideways(east)).isFalse();
    east.click(".hand .card.legal");
    east.waitForSelector(".hand[data-seat='SEAT_SOUTH'] .card");
    Browsers.until(() -> trick(east).size() == 1);
    assertThat(scrollsSideways(east)).isFalse();
    screenshot(east, "play-phone");
  }

  /**
   * The time from asking for a table's address to the table drawn with the seat's hand (a reload
   * at a seat: the page, its modules, the snapshot), five times; the figures go to
   * docs/performance.md.
   */
  @Test
  void theTableIsDrawnSoonAfterItsAddressIsAsked() {
    String table = browsers.tables(null).createTable(CreateTableRequest.newBuilder()
        .setName("first render").setDealSeed(9).addRobotSeats(Seat.SEAT_NORTH)
        .addRobotSeats(Seat.SEAT_EAST).addRobotSeats(Seat.SEAT_WEST).build()).getTable()
        .getTableId();
    Page south = seated(table, Seat.SEAT_SOUTH, "South");
    south.waitForSelector(".seat.bottom .hand[data-seat='SEAT_SOUTH'] .card");
    List<Long> millis = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      south.reload();
      south.waitForSelector(".seat.bottom .hand[data-seat='SEAT_SOUTH'] .card");
      millis.add(Long.parseLong(data(south, "firstRender")));
    }
    millis.sort(null);
    assertThat(millis.get(4)).isLessThan(STEP.toMillis());
    System.out.printf("web: the table drawn %s ms after its address was asked (median %d ms)%n",
        millis, millis.get(2));
  }

  /**
   * A two-player (honeymoon) table in the browser: South's page against the server's robot
   * plays a deal through the auction, the exchange and the scored tricks, never holding North's
   * cards or the stock's hidden ones until the deal is over, and shows the result the server
   * keeps.
   */
  @Test
  void aHoneymoonDealIsPlayedInThePageAgainstTheRobot() throws Exception {
    CreateTableResponse created = browsers.tables(null).createTable(CreateTableRequest
        .newBuilder().setName("honeymoon").setDealSeed(9).addRobotSeats(Seat.SEAT_NORTH)
        .setSettings(TableSettings.newBuilder().setVariant(org.tenace.proto.v1.Variant
            .VARIANT_HONEYMOON).setBoardCount(1)).build());
    String table = created.getTable().getTableId();
    Page south = seated(table, Seat.SEAT_SOUTH, "South");
    south.waitForSelector(".hand[data-seat='SEAT_SOUTH'] .card");
    int acts = 0;
    boolean bid = false;
    while (south.querySelector("#result") == null) {
      Browsers.until(() -> !data(south, "turn").isEmpty()
          || south.querySelector("#result") != null);
      String turn = data(south, "turn");
      long before = sequence(south);
      if (turn.equals("call")) {
        // South opens (or overcalls) with the cheapest bid once, then passes.
        if (!bid) {
          south.click("#bidding button:not([disabled]):not([data-call='P'])");
          bid = true;
        } else {
          type(south, "p");
        }
      } else if (turn.equals("play")) {
        assertThat(handSeats(south)).containsOnly("SEAT_SOUTH"); // North's hand never shown
        if (acts % 2 == 0) {
          south.click(".hand[data-seat='SEAT_SOUTH'] .card.legal");
        } else {
          type(south, south.getAttribute(".hand[data-seat='SEAT_SOUTH'] .card.legal",
              "data-card").toLowerCase());
        }
      } else {
        continue;
      }
      acts++;
      Browsers.until(() -> sequence(south) > before);
      if (acts == 20) {
        screenshot(south, "two-player");
      }
      assertThat(acts).isLessThan(60);
    }
    // 26 cards of South's (13 exchange and 13 scored tricks) and at least one call.
    assertThat(acts).isGreaterThanOrEqualTo(27);
    // Nor did any message before the deal's end carry a hand but South's.
    @SuppressWarnings("unchecked")
    List<String> received = (List<String>) south.evaluate("() => window.received");
    int before = 0;
    for (String json : received) {
      WatchTableResponse.Builder m = WatchTableResponse.newBuilder();
      com.google.protobuf.util.JsonFormat.parser().merge(json, m);
      org.tenace.proto.v1.TwoPlayerView v = m.hasSnapshot() ? m.getSnapshot().getTwoPlayer()
          : m.getEvent().getTwoPlayerUpdate().getView();
      if (v.getPhase() == org.tenace.proto.v1.TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE) {
        break;
      }
      before++;
      assertThat(v.getHandsList()).allMatch(hand -> hand.getSeat() == Seat.SEAT_SOUTH
          || hand.getCardsCount() == 0);
    }
    assertThat(before).isGreaterThan(26);
    var view = browsers.tables(created.getDirectorToken()).listTables(
        org.tenace.proto.v1.ListTablesRequest.getDefaultInstance());
    assertThat(view.getTablesList()).anyMatch(t -> t.getTableId().equals(table));
    LinkedBlockingQueue<WatchTableResponse> record = record(table, created);
    var result = await().atMost(STEP).until(() -> record.stream().filter(r -> r.hasSnapshot())
        .findFirst(), Optional::isPresent).get().getSnapshot().getTwoPlayer().getResult();
    assertThat(south.getAttribute("#result", "data-score-south"))
        .isEqualTo(String.valueOf(result.getScoreSouth()));
    assertThat(south.getAttribute("#result", "data-score-north"))
        .isEqualTo(String.valueOf(result.getScoreNorth()));
    assertThat(south.querySelectorAll(".hand[data-seat='SEAT_NORTH'] .card")).hasSize(13);
    screenshot(south, "two-player-end");
  }
}
