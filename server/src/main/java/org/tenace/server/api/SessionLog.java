package org.tenace.server.api;

import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.tenace.proto.v1.CreateSessionRequest;
import org.tenace.scoring.card.Deal;
import org.tenace.scoring.compare.Artificial;
import org.tenace.scoring.event.Outcome;
import org.tenace.scoring.pbn.PbnDeal;
import org.tenace.scoring.pbn.PbnGame;
import org.tenace.scoring.pbn.PbnReader;
import org.tenace.scoring.pbn.PbnRecords;
import org.tenace.scoring.pbn.PbnWriter;
import org.tenace.scoring.record.HandRecord;
import org.tenace.server.session.SessionPlan;
import org.tenace.server.session.SessionPlay;

/**
 * A session's own log, kept in the store beside the tables' (its stream is named
 * {@code session:<id>}), so that a restarted server comes back with its sessions: what was asked
 * at creation (with the deals made then, so a restart deals nothing again), each pair that
 * joined, the start, each round's tables and each board played. One event is one line of text,
 * a board's record as PBN after it.
 */
final class SessionLog {
  static final String PREFIX = "session:";

  private SessionLog() {}

  /** What a session's log holds, in order. */
  sealed interface Event {}

  /** Created: the request as it will be planned again (deals included) and the director's token. */
  record Created(CreateSessionRequest request, String directorToken) implements Event {}

  /** A pair joined. */
  record Joined(int pair, String token, String name) implements Event {}

  /** The pair just joined is one person: a robot of the server's plays the partner's seat. */
  record RobotPartner(int pair) implements Event {}

  /** The director started the session. */
  record Started() implements Event {}

  /** A round's tables opened: TableService ids by table number. */
  record Opened(int round, Map<Integer, String> tableIds) implements Event {}

  /** A board was played at a table, or the director adjusted its score. */
  record Played(SessionPlay play) implements Event {}

  /** The director replaced a pair by robots. */
  record Replaced(int pair) implements Event {}

  /** The director stopped the session. */
  record Aborted() implements Event {}

  /** The request with the plan's deals written into it, so that a replay plans the same deals. */
  static CreateSessionRequest withDeals(CreateSessionRequest req, SessionPlan plan) {
    List<PbnGame> games = new ArrayList<>();
    for (Map.Entry<Integer, Deal> e : plan.deals().entrySet()) {
      var board = plan.board(e.getKey());
      games.add(PbnGame.builder().board(e.getKey()).dealer(board.dealer())
          .vulnerability(board.vulnerability()).deal(PbnDeal.of(e.getValue())).build());
    }
    return req.toBuilder().clearDealSeed().setDealsPbn(PbnWriter.write(games)).build();
  }

  static byte[] encode(Event e) {
    String text;
    if (e instanceof Created c) {
      text = "created " + c.directorToken() + "\n"
          + Base64.getEncoder().encodeToString(c.request().toByteArray());
    } else if (e instanceof Joined j) {
      text = "joined " + j.pair() + " " + j.token() + " " + j.name();
    } else if (e instanceof RobotPartner r) {
      text = "robot-partner " + r.pair();
    } else if (e instanceof Started) {
      text = "started";
    } else if (e instanceof Opened o) {
      StringBuilder sb = new StringBuilder("opened " + o.round());
      o.tableIds().forEach((t, id) -> sb.append(' ').append(t).append('=').append(id));
      text = sb.toString();
    } else if (e instanceof Replaced r) {
      text = "replaced " + r.pair();
    } else if (e instanceof Aborted) {
      text = "aborted";
    } else {
      SessionPlay p = ((Played) e).play();
      text = "played " + p.round() + " " + p.table() + " " + p.ns() + " " + p.ew()
          + p.adjusted().map(a -> " " + a.ns().symbol() + " " + a.ew().symbol()).orElse("")
          + "\n" + PbnWriter.write(List.of(PbnRecords.toGame(p.record())));
    }
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static Event decode(byte[] payload) {
    String text = new String(payload, StandardCharsets.UTF_8);
    int nl = text.indexOf('\n');
    String head = nl < 0 ? text : text.substring(0, nl);
    String body = nl < 0 ? "" : text.substring(nl + 1);
    String[] w = head.split(" ", 4);
    try {
      return switch (w[0]) {
        case "created" -> new Created(
            CreateSessionRequest.parseFrom(Base64.getDecoder().decode(body.strip())), w[1]);
        case "joined" -> new Joined(Integer.parseInt(w[1]), w[2], w.length > 3 ? w[3] : "");
        case "robot-partner" -> new RobotPartner(Integer.parseInt(w[1]));
        case "started" -> new Started();
        case "opened" -> {
          String[] parts = head.split(" ");
          Map<Integer, String> ids = new TreeMap<>();
          for (int i = 2; i < parts.length; i++) {
            String[] kv = parts[i].split("=", 2);
            ids.put(Integer.parseInt(kv[0]), kv[1]);
          }
          yield new Opened(Integer.parseInt(parts[1]), ids);
        }
        case "played" -> {
          String[] parts = head.split(" ");
          PbnGame g = PbnReader.readText(body, "session log").values().get(0);
          HandRecord r = PbnRecords.toHandRecord(g);
          yield new Played(new SessionPlay(Integer.parseInt(parts[1]),
              Integer.parseInt(parts[2]), Integer.parseInt(parts[3]),
              Integer.parseInt(parts[4]), r, parts.length < 7 ? Optional.empty()
                  : Optional.of(new Outcome.Adjusted(Artificial.parse(parts[5]),
                      Artificial.parse(parts[6])))));
        }
        case "replaced" -> new Replaced(Integer.parseInt(w[1]));
        case "aborted" -> new Aborted();
        default -> throw new IllegalArgumentException("unknown session event '" + w[0] + "'");
      };
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("a session's creation cannot be read", e);
    }
  }
}
