package org.tenace.server;

import static org.awaitility.Awaitility.await;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.tenace.client.Bearer;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.server.api.TenaceServer;
import org.tenace.server.api.WebPort;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.store.EventStore;

/**
 * What every browser test needs, so none copies it: a server on loopback (in-memory log, robots at
 * pace 0) with its web port, a gRPC channel to it for setting tables up, and headless Chromium
 * driven by Playwright for Java, whose pages each have their own browser context (their own
 * localStorage: their own token). A JUnit 5 extension: registered on a test class's field, it
 * starts all of that before each test and closes it after. Without /usr/bin/chromium it skips the
 * test with one line saying how to have it; on CI (CI=true) it fails instead.
 *
 * <pre>{@code
 * @RegisterExtension final Browsers browsers = Browsers.each();
 *
 * @Test void aBoard() {
 *   Page south = browsers.open("South");   // the lobby, loaded and usable
 *   south.click("...");
 *   Browsers.until(() -> Browsers.data(south, "turn").equals("call"));
 * }
 * }</pre>
 */
public final class Browsers implements BeforeEachCallback, AfterEachCallback {
  /** Debian's chromium, which the tests drive (Playwright downloads no browser). */
  public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  /** The longest a test waits for one step of the page (a call shown, a card played...). */
  public static final Duration STEP = Duration.ofSeconds(30);
  /** The viewports the screenshots are taken at: a laptop and a phone. */
  public static final int[] LAPTOP = {1280, 800};
  public static final int[] PHONE = {390, 844};

  /**
   * Keeps every message the page's WatchTable streams receive, in window.received (JSON), by
   * reading a copy of each stream beside the page's own reading; and when a card was clicked in
   * the page (window.clicked) and when each card first showed in its trick (window.shown).
   */
  public static final String RECORD_WATCH = """
      window.received = [];
      window.streamsRead = [];
      window.clicked = {};
      window.shown = {};
      document.addEventListener('click', (e) => {
        const card = e.target.closest && e.target.closest('.hand [data-card]');
        if (card) window.clicked[card.dataset.card] = Date.now();
      }, true);
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.trick [data-card]')) {
          if (!(el.dataset.card in window.shown)) window.shown[el.dataset.card] = Date.now();
        }
      }).observe(document, { subtree: true, childList: true });
      const realFetch = window.fetch.bind(window);
      window.fetch = async (url, init) => {
        const r = await realFetch(url, init);
        if (!String(url).includes('WatchTable') || !r.body) return r;
        const [page, copy] = r.body.tee();
        (async () => {
          const reader = copy.getReader();
          let buf = new Uint8Array(0);
          // What this stream brought: its bytes, its messages, a frame still incomplete.
          const read = { bytes: 0, messages: 0, pending: 0, ended: false };
          window.streamsRead.push(read);
          for (;;) {
            const { done, value } = await reader.read();
            if (done) { read.ended = true; return; }
            read.bytes += value.length;
            const joined = new Uint8Array(buf.length + value.length);
            joined.set(buf);
            joined.set(value, buf.length);
            buf = joined;
            while (buf.length >= 5) {
              const n = new DataView(buf.buffer, buf.byteOffset).getUint32(1);
              if (buf.length < 5 + n) break;
              if (!(buf[0] & 0x80)) {
                window.received.push(new TextDecoder().decode(buf.subarray(5, 5 + n)));
                read.messages++;
              }
              buf = buf.subarray(5 + n);
            }
            read.pending = buf.length;
          }
        })();
        return new Response(page, { status: r.status, statusText: r.statusText,
          headers: r.headers });
      };
      """;

  /**
   * Lets a test drop the page's session and table streams as a lost connection would
   * (window.dropStreams()): each stream's reading fails with a network error, as the browser's
   * does when the connection goes; the request itself is cancelled.
   */
  public static final String DROPPABLE = """
      window.streams = [];
      const fetchBefore = window.fetch.bind(window);
      window.fetch = async (url, init) => {
        const r = await fetchBefore(url, init);
        if (!/Watch(Session|Table)$/.test(String(url)) || !r.body) return r;
        const reader = r.body.getReader();
        const body = new ReadableStream({
          start(c) { window.streams.push({ c, reader }); },
          async pull(c) {
            try {
              const { done, value } = await reader.read();
              if (done) c.close(); else c.enqueue(value);
            } catch (e) { c.error(e); }
          },
          cancel(why) { return reader.cancel(why); },
        });
        return new Response(body, { status: r.status, statusText: r.statusText,
          headers: r.headers });
      };
      window.dropStreams = () => {
        for (const s of window.streams.splice(0)) {
          try { s.c.error(new TypeError('network error')); } catch (e) { }
          s.reader.cancel().catch(() => {});
        }
      };
      """;


  private final ServerLimits limits;
  private TenaceServer server;
  private WebPort web;
  private ManagedChannel channel;
  private Playwright playwright;
  private Browser browser;
  private final List<Integer> firstLoads = new ArrayList<>();
  private final List<Integer> firstLoadFiles = new ArrayList<>();
  private final List<Long> usableMillis = new ArrayList<>();

  private Browsers(ServerLimits limits) {
    this.limits = limits;
  }

  /** A server (robots at pace 0) with its web port, and Chromium, for each test of the class. */
  public static Browsers each() {
    return each(ServerLimits.NONE);
  }

  /** As {@link #each()}, the server within {@code limits} (a create key, say). */
  public static Browsers each(ServerLimits limits) {
    return new Browsers(limits);
  }

  /** Skips without a browser (saying how to have one), except on CI, where it fails. */
  private static void requireChromium() {
    if (Files.isExecutable(CHROMIUM)) {
      return;
    }
    String how = "no " + CHROMIUM + ": the browser tests need Debian's chromium "
        + "(apt-get install chromium, or bash .ci/run)";
    if ("true".equals(System.getenv("CI"))) {
      Assertions.fail(how);
    }
    Assumptions.abort(how);
  }

  /** Starts the server, its web port, the channel and Chromium; skips without Chromium. */
  @Override
  public void beforeEach(ExtensionContext context) {
    requireChromium();
    server = TenaceServer.start(NettyServerBuilder.forAddress(
            new InetSocketAddress("127.0.0.1", 0)),
        EventStore.open("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1"), true,
        limits);
    web = WebPort.start("127.0.0.1", 0, server.services(), List.of(), null, null, 100);
    server.closeAlong(web);
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext()
        .build();
    playwright = Playwright.create(new Playwright.CreateOptions()
        .setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
    browser = playwright.chromium().launch(new BrowserType.LaunchOptions()
        .setExecutablePath(CHROMIUM).setHeadless(true));
  }

  /** Closes the browser, the channel and the server: whatever of them started. */
  @Override
  public void afterEach(ExtensionContext context) {
    if (playwright != null) {
      playwright.close();
    }
    if (channel != null) {
      channel.shutdownNow();
    }
    if (server != null) {
      server.close();
    }
  }

  /** The server behind the pages. */
  public TenaceServer server() {
    return server;
  }

  /** A plaintext gRPC channel to the server, for setting tables up as a program would. */
  public ManagedChannel channel() {
    return channel;
  }

  /** The table service, with a token (a director's, a player's) or none. */
  public TableServiceGrpc.TableServiceBlockingStub tables(String token) {
    TableServiceGrpc.TableServiceBlockingStub stub = TableServiceGrpc.newBlockingStub(channel);
    return token == null ? stub : TableServiceGrpc.newBlockingStub(
        ClientInterceptors.intercept(channel, Bearer.of(token)));
  }

  /**
   * The session service as {@code session}'s director, whose console {@code director} shows (the
   * director's token, from the console's page).
   */
  public SessionServiceGrpc.SessionServiceBlockingStub directing(Page director,
      String session) {
    String token = director.evaluate("id => localStorage.getItem("
        + "'tenace.director.session.' + id)", session).toString();
    return SessionServiceGrpc.newBlockingStub(ClientInterceptors.intercept(channel,
        Bearer.of(token)));
  }

  /** The web page's address: http://127.0.0.1:PORT/. */
  public String base() {
    return "http://127.0.0.1:" + web.port() + "/";
  }

  /**
   * A new page in a browser context of its own (its own token), at the laptop size, recording
   * its WatchTable messages and its clicks ({@link #RECORD_WATCH}); not yet loaded.
   */
  public Page blank(int width, int height) {
    BrowserContext context = browser.newContext(new Browser.NewContextOptions()
        .setViewportSize(width, height));
    context.addInitScript(RECORD_WATCH);
    return context.newPage();
  }

  /**
   * Opens {@code path} (relative to {@link #base()}) in a new page and waits until
   * {@code usable} (a CSS selector) shows; keeps what this first load transferred (the page,
   * its scripts, its style: bodies and headers, no compression counted) and how long it took.
   */
  public Page load(String path, String usable, int width, int height) {
    Page page = blank(width, height);
    List<Integer> sizes = new ArrayList<>();
    java.util.function.Consumer<com.microsoft.playwright.Response> count = r -> {
      if (r.request().method().equals("GET") && r.status() == 200) {
        sizes.add(r.body().length + r.headersArray().stream()
            .mapToInt(x -> x.name.length() + x.value.length() + 4).sum());
      }
    };
    page.onResponse(count);
    long asked = System.nanoTime();
    page.navigate(base() + path);
    page.waitForSelector(usable);
    page.offResponse(count);
    usableMillis.add((System.nanoTime() - asked) / 1_000_000);
    firstLoadFiles.add(sizes.size());
    firstLoads.add(sizes.stream().mapToInt(Integer::intValue).sum());
    return page;
  }

  /** The lobby in a new page, loaded and usable, with {@code name} as the player's name. */
  public Page open(String name) {
    return open(name, LAPTOP[0], LAPTOP[1]);
  }

  /** As {@link #open(String)}, at another viewport size. */
  public Page open(String name, int width, int height) {
    Page page = load("", "#tables table, #tables:has-text('No table')", width, height);
    page.fill("#name", name);
    return page;
  }

  /** The bytes each first load transferred, in the order the pages were loaded. */
  public List<Integer> firstLoads() {
    return List.copyOf(firstLoads);
  }

  /** How many files each first load fetched, in the order the pages were loaded. */
  public List<Integer> firstLoadFiles() {
    return List.copyOf(firstLoadFiles);
  }

  /** How long each first load took until the page was usable, in milliseconds. */
  public List<Long> usableMillis() {
    return List.copyOf(usableMillis);
  }

  /**
   * A session made from the console's New session form in {@code director}'s page, the form's
   * {@code fields} filled first (name, value, name, value...); its id, once the console shows it.
   */
  public static String createSession(Page director, String... fields) {
    director.click("#new-session");
    director.waitForSelector("#create-session");
    for (int i = 0; i < fields.length; i += 2) {
      director.fill("#create-session input[name=" + fields[i] + "]", fields[i + 1]);
    }
    director.click("#create-session button[type=submit]");
    director.waitForSelector("#start");
    return director.evaluate("() => decodeURIComponent(location.hash.slice(9))").toString();
  }

  /**
   * {@code p} joins {@code session} from the lobby's list, the join form's {@code choices} made
   * first (select name, value...), and waits until its session screen says it waits; the pair
   * the page was given.
   */
  public static int joinSession(Page p, String session, String... choices) {
    p.waitForSelector("tr[data-session='" + session + "'] a[data-join]");
    p.click("tr[data-session='" + session + "'] a[data-join]");
    p.waitForSelector("#join-session");
    for (int i = 0; i < choices.length; i += 2) {
      p.selectOption("#join-session select[name=" + choices[i] + "]", choices[i + 1]);
    }
    p.click("#join-session button[type=submit]");
    p.waitForSelector(".session p.state[data-state=SESSION_STATE_WAITING]");
    return Integer.parseInt(p.evaluate(
        "() => JSON.parse(localStorage.getItem('tenace.pair')).pair").toString());
  }

  /** Waits (at most {@link #STEP}) until the condition holds. */
  public static void until(Callable<Boolean> condition) {
    await().atMost(STEP).until(condition);
  }

  /** Types a command in the page's command line, as a player at the keyboard. */
  public static void type(Page p, String command) {
    p.fill("#command", command);
    p.press("#command", "Enter");
  }

  /** A value the page keeps on its body for tests (data-turn, data-sequence...), or "". */
  public static String data(Page p, String key) {
    Object v = p.evaluate("k => document.body.dataset[k] || ''", key);
    return v == null ? "" : v.toString();
  }

  /** The last event sequence the page has shown, or -1. */
  public static long sequence(Page p) {
    String s = data(p, "sequence");
    return s.isEmpty() ? -1 : Long.parseLong(s);
  }

  /** The cards of the trick in the middle, as the page shows them ("SEAT_NORTH:SA"...). */
  @SuppressWarnings("unchecked")
  public static List<String> trick(Page p) {
    return (List<String>) p.evaluate("() => [...document.querySelectorAll('.trick [data-card]')]"
        + ".map(e => e.dataset.seat + ':' + e.dataset.card)");
  }

  /** The seats whose hand cards the page's DOM holds (the trick in the middle aside). */
  @SuppressWarnings("unchecked")
  public static Set<String> handSeats(Page p) {
    return new HashSet<>((List<String>) p.evaluate("() => [...document.querySelectorAll("
        + "'[data-card]')].filter(e => !e.closest('.trick')).map(e => e.dataset.seat)"));
  }

  /**
   * The seats of every hand in the messages the page received before the board's end (the
   * snapshot's, the dealt hands', dummy's, a claimer's...): the cards it was ever sent.
   */
  @SuppressWarnings("unchecked")
  public static Set<String> receivedHandSeats(Page p) throws Exception {
    Set<String> seats = new HashSet<>();
    for (String json : (List<String>) p.evaluate("() => window.received")) {
      WatchTableResponse.Builder m = WatchTableResponse.newBuilder();
      com.google.protobuf.util.JsonFormat.parser().merge(json, m);
      if (m.hasEvent() && m.getEvent().hasBoardCompleted()) {
        break;
      }
      collectHands(m.build(), seats);
    }
    return seats;
  }

  private static void collectHands(com.google.protobuf.Message m, Set<String> seats) {
    if (m instanceof Hand hand) {
      if (hand.getCardsCount() > 0) {
        seats.add(hand.getSeat().name());
      }
      return;
    }
    m.getAllFields().forEach((field, value) -> {
      if (value instanceof com.google.protobuf.Message inner) {
        collectHands(inner, seats);
      } else if (value instanceof List<?> list) {
        for (Object o : list) {
          if (o instanceof com.google.protobuf.Message inner) {
            collectHands(inner, seats);
          }
        }
      }
    });
  }

  /**
   * Saves what the page shows as target/web-screenshots/NAME.png (docs/web.md shows the ones
   * copied into docs/web/).
   */
  public static void screenshot(Page p, String name) {
    p.screenshot(new Page.ScreenshotOptions()
        .setPath(Path.of("target", "web-screenshots", name + ".png")));
  }

}
