package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.MetadataUtils;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.GetResultsResponse;
import org.tenace.proto.v1.ListSessionsRequest;
import org.tenace.proto.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionSummary;
import org.tenace.proto.v1.Standing;
import org.tenace.proto.v1.Traveller;
import org.tenace.proto.v1.TravellerLine;
import org.tenace.server.application.SessionLog;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.StoredEvent;

/**
 * Session logs as the server wrote them on 2026-11-29, before a session's events had a store
 * message of their own (store/session-text: each event a line of text, the creation the public
 * API's CreateSessionRequest in base64, a board's record in PBN), open and give back the same
 * sessions. The fixture was written by that day's code with SessionLogFixtureWriter (in the
 * commit that added the fixture; removed when the format changed): a finished Howell whose
 * round 1 the director ended (A+/A-) and then adjusted (A/A) at one table, after a pair joined
 * with a robot partner and another by itself, both then replaced by robots for round 2; and a
 * session started with one pair and aborted. expected.txt is what {@link #describe} said of them
 * then.
 */
class SessionLogFixtureTest {

  @Test
  void sessionLogsOfTheTextFormatOpenAsTheyWere() throws IOException {
    String expected = new String(resource("expected.txt").readAllBytes(),
        StandardCharsets.UTF_8);
    String url = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    try (EventStore store = EventStore.open(url)) {
      for (StoredEvent e : read(resource("sessions.txt"))) {
        store.append(e);
      }
    }
    TenaceServer server = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)), url, false);
    var channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext()
        .build();
    try {
      assertThat(describe(SessionServiceGrpc.newBlockingStub(channel), directors()))
          .isEqualTo(expected);
    } finally {
      channel.shutdownNow();
      server.close();
    }
  }

  /**
   * Each event of the text format, written again in the store's protobuf format, reads back the
   * same, and only the new format is written.
   */
  @Test
  void eachTextEventWrittenAgainInTheNewFormatReadsTheSame() throws IOException {
    List<StoredEvent> old = read(resource("sessions.txt"));
    assertThat(old).hasSizeGreaterThan(15);
    java.util.Set<Class<?>> kinds = new java.util.HashSet<>();
    for (StoredEvent e : old) {
      assertThat(SessionCodec.isRecord(e.payload())).isFalse();
      SessionLog.Event ev = SessionCodec.INSTANCE.decode(e.payload());
      kinds.add(ev.getClass());
      byte[] again = SessionCodec.INSTANCE.encode(ev);
      assertThat(SessionCodec.isRecord(again)).isTrue();
      assertThat(SessionCodec.INSTANCE.decode(again)).isEqualTo(ev);
    }
    assertThat(kinds).containsExactlyInAnyOrder(SessionLog.Created.class,
        SessionLog.Joined.class, SessionLog.RobotPartner.class, SessionLog.Started.class,
        SessionLog.Opened.class, SessionLog.Played.class, SessionLog.Replaced.class,
        SessionLog.Aborted.class);
  }

  /** The fixture's directors' tokens, by session id (they are in its logs too). */
  static Map<String, String> directors() throws IOException {
    Map<String, String> out = new java.util.HashMap<>();
    for (String line : new String(resource("directors.txt").readAllBytes(),
        StandardCharsets.UTF_8).split("\n")) {
      if (!line.isBlank()) {
        out.put(line.split(" ")[0], line.split(" ")[1]);
      }
    }
    return out;
  }

  /** One stored event a line: stream, sequence number, time recorded, the payload in base64. */
  static List<StoredEvent> read(InputStream in) throws IOException {
    List<StoredEvent> out = new ArrayList<>();
    for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t");
      out.add(new StoredEvent(f[0], Long.parseLong(f[1]), Long.parseLong(f[2]),
          Base64.getDecoder().decode(f[3])));
    }
    return out;
  }

  static String write(List<StoredEvent> events) {
    StringBuilder sb = new StringBuilder(
        "# stream\tsequence\trecorded at (ms)\tpayload (base64)\n");
    for (StoredEvent e : events) {
      sb.append(e.tableId()).append('\t').append(e.seq()).append('\t').append(e.recordedAt())
          .append('\t').append(Base64.getEncoder().encodeToString(e.payload())).append('\n');
    }
    return sb.toString();
  }

  static SessionServiceBlockingStub as(SessionServiceBlockingStub stub, String token) {
    Metadata m = new Metadata();
    m.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
        "Bearer " + token);
    return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(m));
  }

  /** Every session the server holds, as a director sees it: its status, ranking, travellers. */
  static String describe(SessionServiceBlockingStub stub, Map<String, String> directors) {
    StringBuilder sb = new StringBuilder();
    List<SessionSummary> all = new ArrayList<>(
        stub.listSessions(ListSessionsRequest.getDefaultInstance()).getSessionsList());
    java.util.Collections.reverse(all);
    for (SessionSummary s : all) {
      sb.append("session ").append(s.getSessionId()).append(" '").append(s.getName())
          .append("' ").append(s.getMovement()).append(", ").append(s.getState())
          .append(", round ").append(s.getRound()).append('/').append(s.getRounds())
          .append(", ").append(s.getJoined()).append(" of ").append(s.getPairs())
          .append(" pairs joined\n");
      String token = directors.getOrDefault(s.getSessionId(), "");
      GetResultsResponse r = as(stub, token).getResults(
          GetResultsRequest.newBuilder().setSessionId(s.getSessionId()).build());
      sb.append("  version ").append(r.getStatus().getVersion()).append(", boards ")
          .append(r.getStatus().getBoardsFinished()).append(" of ")
          .append(r.getStatus().getBoardsTotal()).append(", entries ");
      r.getStatus().getEntriesList().forEach(
          e -> sb.append(e.getPair()).append('=').append(e.getName()).append("; "));
      sb.append('\n');
      for (Standing x : r.getRankingList()) {
        sb.append("  rank ").append(x.getRank()).append(" pair ").append(x.getPair())
            .append(' ').append(x.getTotal()).append(' ').append(x.getPercentage())
            .append(' ').append(x.getBoards()).append('\n');
      }
      for (Traveller t : r.getTravellersList()) {
        for (TravellerLine l : t.getLinesList()) {
          sb.append("  board ").append(t.getBoard()).append(" round ").append(l.getRound())
              .append(" table ").append(l.getTable()).append(' ').append(l.getNsPair())
              .append('/').append(l.getEwPair()).append(' ').append(l.getContract())
              .append(' ').append(l.getDeclarer()).append(' ').append(l.getTricks())
              .append(' ').append(l.getNsScore()).append(' ').append(l.getNsPoints())
              .append('/').append(l.getEwPoints()).append(' ').append(l.getAdjusted())
              .append('\n');
        }
      }
    }
    return sb.toString();
  }

  static InputStream resource(String name) {
    return Objects.requireNonNull(SessionLogFixtureTest.class.getResourceAsStream(
        "/store/session-text/" + name), name);
  }
}
