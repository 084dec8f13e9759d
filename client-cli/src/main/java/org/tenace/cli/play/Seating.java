package org.tenace.cli.play;

import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.JoinTableResponse;
import org.tenace.proto.v1.ListTablesRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.SeatInfo;
import org.tenace.proto.v1.TableInfo;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.TableStatus;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;

/**
 * Finds a table and a seat, asking at the terminal for what the command line left open, comes
 * back to a seat whose token was saved or joins, and runs the {@link PlaySession}. The token of
 * each seat taken is saved in a {@link TokenStore} until the seat is given up.
 */
public final class Seating {
  private static final long PROBE_SECONDS = 15;

  /**
   * What the command line said: null for what it left open. {@code laws}: a table created here
   * (with {@code new}) plays in laws mode.
   */
  public record Request(String tableId, Seat seat, String name, boolean kibitz, boolean ascii,
      String notice, boolean laws) {
    public Request(String tableId, Seat seat, String name, boolean kibitz, boolean ascii) {
      this(tableId, seat, name, kibitz, ascii, "", false);
    }

    public Request(String tableId, Seat seat, String name, boolean kibitz, boolean ascii,
        String notice) {
      this(tableId, seat, name, kibitz, ascii, notice, false);
    }
  }

  private final Terminal terminal;
  private final Channel channel;
  private final String server;
  private final TokenStore tokens;
  private final TableServiceGrpc.TableServiceBlockingStub stub;
  private final PrintWriter out;
  private LineReader reader;

  /** Seating that saves no token. */
  public Seating(Terminal terminal, Channel channel) {
    this(terminal, channel, "-", TokenStore.none());
  }

  /** Seating at {@code server} (HOST:PORT, the tokens' key) that saves tokens in {@code tokens}. */
  public Seating(Terminal terminal, Channel channel, String server, TokenStore tokens) {
    this.terminal = terminal;
    this.channel = channel;
    this.server = server;
    this.tokens = tokens;
    this.stub = TableServiceGrpc.newBlockingStub(channel);
    this.out = terminal.writer();
  }

  /** Joins as asked (asking for what is missing) and plays until the player quits. */
  public int run(Request req) {
    reader = LineReaderBuilder.builder().terminal(terminal).appName("tenace").build();
    try {
      String tableId = req.tableId() != null ? req.tableId() : chooseTable(req.kibitz(),
          req.laws());
      if (tableId == null) {
        return 1;
      }
      Optional<Seated> seated = req.kibitz() ? Optional.empty() : comeBack(tableId, req.seat());
      if (seated.isEmpty()) {
        JoinTableResponse joined = join(tableId, req);
        if (joined == null) {
          return 1;
        }
        seated = Optional.of(new Seated(joined.getViewer().getSeat(), joined.getToken(), ""));
        if (!req.kibitz()) {
          save(tableId, seated.get());
        }
      }
      PlaySession session = new PlaySession(terminal, PlaySession.styleFor(terminal, req.ascii()));
      session.notice(String.join(" ", java.util.stream.Stream.of(req.notice(),
          seated.get().notice(), lawsNotice(tableId, req)).filter(x -> !x.isEmpty()).toList()));
      try (TableConnection conn = new TableConnection(channel, tableId, seated.get().token(),
          session)) {
        int code = session.run(conn);
        if (!req.kibitz() && conn.seatGone()) {
          forget(tableId, seated.get().seat());
        }
        return code;
      }
    } catch (UserInterruptException | EndOfFileException e) {
      return 1;
    } catch (StatusRuntimeException e) {
      if (unreachable(e)) {
        throw e; // the command's one line names the server and why (client-cli Failure)
      }
      out.println("! the server refused: " + Refusals.words(
          String.valueOf(e.getStatus().getDescription()), TableSnapshot.getDefaultInstance()));
      out.flush();
      return 1;
    }
  }

  private static boolean unreachable(StatusRuntimeException e) {
    Status.Code code = e.getStatus().getCode();
    return code == Status.Code.UNAVAILABLE || code == Status.Code.DEADLINE_EXCEEDED;
  }

  /** A seat held with its token; {@code notice} says how it was got, if worth saying. */
  private record Seated(Seat seat, String token, String notice) {}

  /**
   * Comes back to a seat at the table whose token was saved (the one asked for, or any), if the
   * server still knows the token; a token it refuses is forgotten, and the player told so.
   */
  private Optional<Seated> comeBack(String tableId, Seat asked) {
    List<Seat> saved;
    try {
      saved = tokens.seatsAt(server, tableId);
    } catch (IOException | RuntimeException e) {
      warn("cannot read the saved tokens (" + e.getMessage() + ")");
      return Optional.empty();
    }
    for (Seat s : saved) {
      if (asked != null && s != asked) {
        continue;
      }
      String token;
      try {
        token = tokens.find(new TokenStore.Key(server, tableId, s)).orElse(null);
      } catch (IOException e) {
        continue;
      }
      if (token == null) {
        continue;
      }
      try {
        TableSnapshot snap = probe(tableId, token);
        if (snap.getViewer().getSeat() == s
            && snap.getTable().getStatus() != TableStatus.TABLE_STATUS_CLOSED) {
          return Optional.of(new Seated(s, token, "Back at your seat (" + Screen.seatName(s)
              + ") with the token saved when you joined."));
        }
        out.println("! the saved token for " + Screen.seatName(s) + " at table " + tableId
            + " no longer holds that seat: forgotten");
      } catch (StatusRuntimeException e) {
        Status.Code code = e.getStatus().getCode();
        if (code != Status.Code.UNAUTHENTICATED && code != Status.Code.NOT_FOUND
            && code != Status.Code.PERMISSION_DENIED) {
          throw e; // the server cannot say (unreachable...): neither keep nor forget blindly
        }
        out.println("! the saved token for " + Screen.seatName(s) + " at table " + tableId
            + " is no longer valid (" + e.getStatus().getDescription() + "): forgotten; "
            + "joining afresh");
      }
      out.flush();
      forget(tableId, s);
    }
    return Optional.empty();
  }

  /** The first message of a watch with {@code token}: the server's word on it. */
  private TableSnapshot probe(String tableId, String token) {
    Context.CancellableContext ctx = Context.current().withCancellation();
    try {
      return ctx.call(() -> {
        Iterator<WatchTableResponse> it = TableServiceGrpc.newBlockingStub(
            ClientInterceptors.intercept(channel, org.tenace.client.Bearer.of(token)))
            .withDeadlineAfter(PROBE_SECONDS, TimeUnit.SECONDS)
            .watchTable(WatchTableRequest.newBuilder().setTableId(tableId).build());
        WatchTableResponse first = it.next();
        if (!first.hasSnapshot()) {
          throw new IllegalStateException("a watch from 0 starts with a snapshot");
        }
        return first.getSnapshot();
      });
    } catch (StatusRuntimeException | IllegalStateException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    } finally {
      ctx.cancel(null);
    }
  }

  private void save(String tableId, Seated s) {
    try {
      tokens.put(new TokenStore.Key(server, tableId, s.seat()), s.token());
    } catch (IOException | RuntimeException e) {
      warn("cannot save the seat token (" + e.getMessage() + "): a client started again will "
          + "not find its seat");
    }
  }

  private void forget(String tableId, Seat seat) {
    try {
      tokens.remove(new TokenStore.Key(server, tableId, seat));
    } catch (IOException | RuntimeException e) {
      warn("cannot forget the seat token (" + e.getMessage() + ")");
    }
  }

  private void warn(String text) {
    out.println("! " + text);
    out.flush();
  }

  /** --laws at a table someone else created: say what the table plays. */
  private String lawsNotice(String tableId, Request req) {
    if (!req.laws()) {
      return "";
    }
    try {
      for (TableInfo t : stub.listTables(ListTablesRequest.getDefaultInstance()).getTablesList()) {
        if (t.getTableId().equals(tableId)
            && t.getSettings().getMode() != org.tenace.proto.v1.Mode.MODE_LAWS) {
          return "(--laws: this table was created in online mode, and keeps it.)";
        }
      }
    } catch (StatusRuntimeException e) {
      // the screen will show the mode anyway
    }
    return "";
  }

  private String chooseTable(boolean kibitz, boolean laws) {
    while (true) {
      List<TableInfo> tables = new ArrayList<>();
      for (TableInfo t : stub.listTables(ListTablesRequest.getDefaultInstance()).getTablesList()) {
        if (t.getStatus() != TableStatus.TABLE_STATUS_CLOSED
            && (kibitz || !free(t).isEmpty() || !savedSeats(t).isEmpty())) {
          tables.add(t);
        }
      }
      out.println(tables.isEmpty() ? (kibitz ? "No table to watch on this server."
          : "No table with a free seat on this server.") : kibitz ? "Tables to watch:"
          : "Tables with a free seat:");
      for (int i = 0; i < tables.size(); i++) {
        TableInfo t = tables.get(i);
        List<Seat> mine = kibitz ? List.of() : savedSeats(t);
        out.printf("  %d) table %s \"%s\"%s, board %d, free: %s%s%n", i + 1, t.getTableId(),
            t.getName(), t.getSettings().getMode() == org.tenace.proto.v1.Mode.MODE_LAWS
                ? " (laws)" : "", t.getBoardNumber(), free(t).isEmpty() ? "none"
                : String.join(" ", free(t).stream().map(s -> Screen.seatName(s).substring(0, 1))
                    .toList()), mine.isEmpty() ? "" : ", your seat: " + Screen.seatName(mine.get(0)));
      }
      out.flush();
      String answer = reader.readLine(tables.isEmpty()
          ? "new (a table for four people), r (look again), q> "
          : "table number, new, r (look again) or q> ").strip().toLowerCase(Locale.ROOT);
      if (answer.equals("q") || answer.equals("quit")) {
        return null;
      }
      if (answer.equals("new") || answer.equals("n")) {
        return stub.createTable(CreateTableRequest.newBuilder().setName("Table")
            .setSettings(TableSettings.newBuilder().setMode(laws ? org.tenace.proto.v1.Mode.MODE_LAWS
                : org.tenace.proto.v1.Mode.MODE_UNSPECIFIED))
            .setRequestId(UUID.randomUUID().toString()).build()).getTable().getTableId();
      }
      try {
        int n = Integer.parseInt(answer);
        if (n >= 1 && n <= tables.size()) {
          return tables.get(n - 1).getTableId();
        }
      } catch (NumberFormatException e) {
        // asked again below
      }
      if (!answer.isEmpty() && !answer.equals("r")) {
        out.println("? '" + answer + "': type a number from the list, new, r or q");
      }
    }
  }

  private JoinTableResponse join(String tableId, Request req) {
    String name = req.name() != null ? req.name() : defaultName();
    Seat seat = req.seat();
    while (true) {
      if (!req.kibitz() && seat == null) {
        seat = chooseSeat(tableId);
        if (seat == null) {
          return null;
        }
      }
      try {
        return stub.joinTable(JoinTableRequest.newBuilder().setTableId(tableId)
            .setRole(req.kibitz() ? Role.ROLE_KIBITZER : Role.ROLE_PLAYER)
            .setSeat(req.kibitz() ? Seat.SEAT_UNSPECIFIED : seat).setName(name)
            .setRequestId(UUID.randomUUID().toString()).build());
      } catch (StatusRuntimeException e) {
        if (unreachable(e)) {
          throw e;
        }
        out.println("! " + Refusals.words(String.valueOf(e.getStatus().getDescription()),
            TableSnapshot.getDefaultInstance()));
        out.flush();
        if (req.kibitz() || e.getStatus().getCode() != io.grpc.Status.Code.ALREADY_EXISTS) {
          return null;
        }
        seat = null;
      }
    }
  }

  private Seat chooseSeat(String tableId) {
    while (true) {
      TableInfo t = stub.listTables(ListTablesRequest.getDefaultInstance()).getTablesList()
          .stream().filter(x -> x.getTableId().equals(tableId)).findFirst().orElse(null);
      if (t == null) {
        out.println("! no table " + tableId + " on this server");
        out.flush();
        return null;
      }
      List<Seat> free = free(t);
      if (free.isEmpty()) {
        out.println("! every seat at table " + tableId + " is taken (--kibitz to watch)");
        out.flush();
        return null;
      }
      Seat suggested = free.contains(Seat.SEAT_SOUTH) ? Seat.SEAT_SOUTH : free.get(0);
      String answer = reader.readLine("seat (free: " + String.join(" ", free.stream()
          .map(s -> Screen.seatName(s).substring(0, 1)).toList()) + "; Enter for "
          + Screen.seatName(suggested) + ")> ").strip();
      if (answer.isEmpty()) {
        return suggested;
      }
      try {
        Seat s = parseSeat(answer);
        if (free.contains(s)) {
          return s;
        }
        out.println("? " + Screen.seatName(s) + " is taken");
      } catch (IllegalArgumentException e) {
        out.println("? " + e.getMessage());
      }
    }
  }

  /** N, E, S, W or the seat's name, in either case. */
  public static Seat parseSeat(String text) {
    return Vocabulary.toProto(org.tenace.bridge.card.Seat.parse(text));
  }

  /** The seats at {@code t} whose token is saved (empty if the store cannot be read). */
  private List<Seat> savedSeats(TableInfo t) {
    try {
      return tokens.seatsAt(server, t.getTableId());
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  private static List<Seat> free(TableInfo t) {
    List<Seat> free = new ArrayList<>();
    for (SeatInfo s : t.getSeatsList()) {
      if (!s.getOccupied()) {
        free.add(s.getSeat());
      }
    }
    return free;
  }

  private static String defaultName() {
    String n = System.getProperty("user.name", "player");
    n = n == null || n.isBlank() ? "player" : n.strip();
    return n.length() > 32 ? n.substring(0, 32) : n;
  }
}
