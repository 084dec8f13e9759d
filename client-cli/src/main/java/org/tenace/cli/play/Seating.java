package org.tenace.cli.play;

import org.tenace.robot.client.Vocabulary;
import io.grpc.Channel;
import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
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
import org.tenace.proto.v1.TableStatus;

/**
 * Finds a table and a seat, asking at the terminal for what the command line left open, joins,
 * and runs the {@link PlaySession}.
 */
public final class Seating {
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
  private final TableServiceGrpc.TableServiceBlockingStub stub;
  private final PrintWriter out;
  private LineReader reader;

  public Seating(Terminal terminal, Channel channel) {
    this.terminal = terminal;
    this.channel = channel;
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
      JoinTableResponse joined = join(tableId, req);
      if (joined == null) {
        return 1;
      }
      PlaySession session = new PlaySession(terminal, PlaySession.styleFor(terminal, req.ascii()));
      session.notice(String.join(" ", java.util.stream.Stream.of(req.notice(),
          lawsNotice(tableId, req)).filter(x -> !x.isEmpty()).toList()));
      try (TableConnection conn = new TableConnection(channel, tableId, joined.getToken(),
          session)) {
        return session.run(conn);
      }
    } catch (UserInterruptException | EndOfFileException e) {
      return 1;
    } catch (StatusRuntimeException e) {
      out.println("tenace: " + e.getStatus().getCode() + ": " + e.getStatus().getDescription());
      out.flush();
      return 1;
    }
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
        if (t.getStatus() != TableStatus.TABLE_STATUS_CLOSED && (kibitz || !free(t).isEmpty())) {
          tables.add(t);
        }
      }
      out.println(tables.isEmpty() ? (kibitz ? "No table to watch on this server."
          : "No table with a free seat on this server.") : kibitz ? "Tables to watch:"
          : "Tables with a free seat:");
      for (int i = 0; i < tables.size(); i++) {
        TableInfo t = tables.get(i);
        out.printf("  %d) table %s \"%s\"%s, board %d, free: %s%n", i + 1, t.getTableId(),
            t.getName(), t.getSettings().getMode() == org.tenace.proto.v1.Mode.MODE_LAWS
                ? " (laws)" : "", t.getBoardNumber(), free(t).isEmpty() ? "none"
                : String.join(" ", free(t).stream().map(s -> Screen.seatName(s).substring(0, 1))
                    .toList()));
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
        out.println("! " + e.getStatus().getDescription());
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
    return Vocabulary.toProto(org.tenace.scoring.card.Seat.parse(text));
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
