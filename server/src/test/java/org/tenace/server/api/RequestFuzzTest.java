package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.rpc.ErrorInfo;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.protobuf.StatusProto;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.tenace.client.Bearer;
import org.tenace.proto.v1.Bid;
import org.tenace.proto.v1.Call;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.ChooseOptionRequest;
import org.tenace.proto.v1.ClaimRequest;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.DecideRulingRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.LeaveTableRequest;
import org.tenace.proto.v1.ListTablesRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.RequestUndoRequest;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.RespondToUndoRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableServiceGrpc.TableServiceBlockingStub;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.UndoPolicy;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.server.table.Quote;

/**
 * Requests built from the fuzzer's bytes drive a table through the service, in process: legal
 * moves read from the players' turns, mixed with requests whose every field is fuzzed (ids, tokens,
 * seats, calls, cards, versions, texts up to 70 KiB). Whatever comes, the service answers or
 * refuses with a status that carries an ErrorInfo reason, never INTERNAL or UNKNOWN, and no
 * description quotes more than {@link Quote#MAX} characters of a value it was sent.
 * Run by Jazzer (docs/fuzzing.md); findings are kept in RequestFuzzTestInputs.
 */
class RequestFuzzTest {
  /** A fresh server now and then, so that the tables of earlier inputs do not pile up. */
  private static final int INPUTS_PER_SERVER = 200;
  private static TenaceServer server;
  private static ManagedChannel channel;
  private static int inputs;
  private static String url;

  @FuzzTest
  void anyRequestsAreAnsweredOrRefusedInWords(FuzzedDataProvider data) {
    Channel ch = channel();
    Fuzzed f = new Fuzzed(data);
    CreateTableRequest.Builder create = CreateTableRequest.newBuilder().setName("fuzz")
        .setDealSeed(data.consumeLong());
    if (data.consumeBoolean()) {
      create.setSettings(TableSettings.newBuilder()
          .setModeValue(data.consumeInt(0, 3))
          .setUndoPolicy(UndoPolicy.newBuilder().setApproverValue(data.consumeInt(0, 4))
              .setScopeValue(data.consumeInt(0, 3)))
          .setBoardCount(data.consumeInt(-1, 3))
          .setFirstBoardNumber(data.consumeBoolean() ? data.consumeInt(9_998, 10_001)
              : data.consumeInt(-1, 40))
          .setKibitzPolicyValue(data.consumeInt(0, 4))
          .setScoringMethodValue(data.consumeInt(0, 5)));
    }
    var created = f.answer(() -> stub(ch, "").createTable(create.build()));
    if (created == null) {
      return;
    }
    String table = created.getTable().getTableId();
    List<String> tokens = new ArrayList<>();
    for (Seat s : List.of(Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_SOUTH, Seat.SEAT_WEST)) {
      var joined = f.answer(() -> stub(ch, "").joinTable(JoinTableRequest.newBuilder()
          .setTableId(table).setRole(Role.ROLE_PLAYER).setSeat(s).setName(s.name()).build()));
      if (joined == null) {
        return;
      }
      tokens.add(joined.getToken());
    }
    tokens.add(created.getDirectorToken());
    for (int step = 0; step < 60 && data.remainingBytes() > 0; step++) {
      if (data.consumeInt(0, 3) > 0) {
        legalMove(ch, f, data, table, tokens);
      } else {
        fuzzedRequest(ch, f, data, table, tokens);
      }
    }
  }

  /** The move a player's turn offers, chosen by the data: the table goes somewhere. */
  private static void legalMove(Channel ch, Fuzzed f, FuzzedDataProvider data, String table,
      List<String> tokens) {
    for (int i = 0; i < 5; i++) {
      String token = tokens.get(i);
      WatchTableResponse first = firstMessage(ch, token, table);
      if (first == null || !first.hasSnapshot() || !first.getSnapshot().hasTurn()) {
        continue;
      }
      long v = first.getSnapshot().getSequence();
      Turn t = first.getSnapshot().getTurn();
      TableServiceBlockingStub s = stub(ch, token);
      switch (t.getKindCase()) {
        case CALL -> {
          List<Call> legal = t.getCall().getLegalCallsList();
          f.answer(() -> s.makeCall(MakeCallRequest.newBuilder().setTableId(table)
              .setSeat(t.getSeat()).setCall(legal.get(data.consumeInt(0, legal.size() - 1)))
              .setAlert(data.consumeBoolean()).setExpectedVersion(v).build()));
        }
        case PLAY -> {
          List<Card> legal = t.getPlay().getLegalCardsList();
          if (data.consumeInt(0, 9) == 0) {
            f.answer(() -> s.claim(ClaimRequest.newBuilder().setTableId(table)
                .setTricks(data.consumeInt(0, 13)).setExpectedVersion(v).build()));
          } else if (data.consumeInt(0, 9) == 0) {
            f.answer(() -> s.requestUndo(RequestUndoRequest.newBuilder().setTableId(table)
                .setExpectedVersion(v).build()));
          } else if (!legal.isEmpty()) {
            f.answer(() -> s.playCard(PlayCardRequest.newBuilder().setTableId(table)
                .setSeat(t.getSeat()).setCard(legal.get(data.consumeInt(0, legal.size() - 1)))
                .setExpectedVersion(v).build()));
          }
        }
        case CLAIM_RESPONSE -> f.answer(() -> s.respondToClaim(RespondToClaimRequest
            .newBuilder().setTableId(table).setAccept(data.consumeBoolean())
            .setExpectedVersion(v).build()));
        case UNDO_RESPONSE -> f.answer(() -> s.respondToUndo(RespondToUndoRequest.newBuilder()
            .setTableId(table).setAccept(data.consumeBoolean()).setExpectedVersion(v).build()));
        case OPTION -> {
          var o = t.getOption().getOption();
          var b = ChooseOptionRequest.newBuilder().setTableId(table).setExpectedVersion(v);
          if (o.getChoicesCount() > 0) {
            b.setChoice(o.getChoices(data.consumeInt(0, o.getChoicesCount() - 1)));
          }
          if (o.getSuitsCount() > 0 && data.consumeBoolean()) {
            b.setSuit(o.getSuits(data.consumeInt(0, o.getSuitsCount() - 1)));
          }
          f.answer(() -> s.chooseOption(b.build()));
        }
        case RULING -> {
          var r = t.getRuling().getRuling();
          f.answer(() -> s.decideRuling(DecideRulingRequest.newBuilder().setTableId(table)
              .setRulingId(r.getRulingId()).setChoice(r.getChoicesCount() == 0 ? ""
                  : r.getChoices(data.consumeInt(0, r.getChoicesCount() - 1))).build()));
        }
        case READY -> f.answer(() -> s.markReady(MarkReadyRequest.newBuilder().setTableId(table)
            .setExpectedVersion(v).build()));
        default -> { }
      }
      return;
    }
  }

  /** Any request, every field from the data. */
  private static void fuzzedRequest(Channel ch, Fuzzed f, FuzzedDataProvider data, String table,
      List<String> tokens) {
    String token = data.consumeInt(0, 7) < 6 ? tokens.get(data.consumeInt(0, 4)) : f.ascii();
    TableServiceBlockingStub s = stub(ch, token);
    String id = data.consumeInt(0, 5) > 0 ? table : f.text();
    long version = data.consumeBoolean() ? data.consumeLong(-1, 200) : data.consumeLong();
    switch (data.consumeInt(0, 14)) {
      case 0 -> f.answer(() -> s.createTable(CreateTableRequest.newBuilder().setName(f.text())
          .setRequestId(f.text()).setDealPbn(f.text()).addRobotSeatsValue(data.consumeInt(0, 5))
          .setSettings(TableSettings.newBuilder().setBoardCount(data.consumeInt())
              .setFirstBoardNumber(data.consumeInt()).setDirectorTimeout(
                  com.google.protobuf.Duration.newBuilder().setSeconds(data.consumeLong())
                      .setNanos(data.consumeInt()))).build()));
      case 1 -> f.answer(() -> s.joinTable(JoinTableRequest.newBuilder().setTableId(id)
          .setRoleValue(data.consumeInt(0, 4)).setSeatValue(data.consumeInt(0, 5))
          .setName(f.text()).setRequestId(f.text()).build()));
      case 2 -> f.answer(() -> s.leaveTable(LeaveTableRequest.newBuilder().setTableId(id)
          .build()));
      case 3 -> f.answer(() -> s.makeCall(MakeCallRequest.newBuilder().setTableId(id)
          .setSeatValue(data.consumeInt(0, 5)).setCall(data.consumeBoolean()
              ? Call.newBuilder().setBid(Bid.newBuilder().setLevel(data.consumeInt())
                  .setStrainValue(data.consumeInt(0, 6))).build()
              : Call.newBuilder().setOtherValue(data.consumeInt(0, 4)).build())
          .setAlert(data.consumeBoolean()).setExplanation(f.text()).setExpectedVersion(version)
          .build()));
      case 4 -> f.answer(() -> s.playCard(PlayCardRequest.newBuilder().setTableId(id)
          .setSeatValue(data.consumeInt(0, 5)).setCard(Card.newBuilder()
              .setSuitValue(data.consumeInt(0, 5)).setRankValue(data.consumeInt(0, 15)))
          .setExpectedVersion(version).build()));
      case 5 -> f.answer(() -> s.claim(ClaimRequest.newBuilder().setTableId(id)
          .setTricks(data.consumeInt()).setStatement(f.text()).setExpectedVersion(version)
          .build()));
      case 6 -> f.answer(() -> s.respondToClaim(RespondToClaimRequest.newBuilder()
          .setTableId(id).setAccept(data.consumeBoolean()).setExpectedVersion(version).build()));
      case 7 -> f.answer(() -> s.requestUndo(RequestUndoRequest.newBuilder().setTableId(id)
          .setExpectedVersion(version).build()));
      case 8 -> f.answer(() -> s.respondToUndo(RespondToUndoRequest.newBuilder().setTableId(id)
          .setAccept(data.consumeBoolean()).setExpectedVersion(version).build()));
      case 9 -> f.answer(() -> s.chooseOption(ChooseOptionRequest.newBuilder().setTableId(id)
          .setChoiceValue(data.consumeInt(0, 8)).setSuitValue(data.consumeInt(0, 5))
          .setExpectedVersion(version).build()));
      case 10 -> f.answer(() -> s.decideRuling(DecideRulingRequest.newBuilder().setTableId(id)
          .setRulingId(data.consumeInt()).setChoice(f.text()).build()));
      case 11 -> f.answer(() -> s.markReady(MarkReadyRequest.newBuilder().setTableId(id)
          .setExpectedVersion(version).build()));
      case 12 -> f.answer(() -> s.listTables(ListTablesRequest.getDefaultInstance()));
      default -> f.answer(() -> {
        // In process, what a watch sends at once arrives at once; resuming at the table's
        // version sends nothing, so the client's own deadline ends the wait.
        Iterator<WatchTableResponse> it = s.withDeadlineAfter(200, TimeUnit.MILLISECONDS)
            .watchTable(WatchTableRequest.newBuilder().setTableId(id)
                .setFromSequence(data.consumeBoolean() ? data.consumeLong(-1, 200)
                    : data.consumeLong()).build());
        Context.CancellableContext c = Context.current().withCancellation();
        try {
          return c.call(() -> it.hasNext() ? it.next() : null);
        } catch (StatusRuntimeException e) {
          if (e.getStatus().getCode() == Status.Code.DEADLINE_EXCEEDED) {
            return null;
          }
          throw e;
        } catch (RuntimeException e) {
          throw e;
        } catch (Exception e) {
          throw new AssertionError(e);
        } finally {
          c.cancel(null);
        }
      });
    }
  }

  /** The first message a watch with {@code token} gets (a snapshot), or null when refused. */
  private static WatchTableResponse firstMessage(Channel ch, String token, String table) {
    Context.CancellableContext c = Context.current().withCancellation();
    try {
      return c.call(() -> {
        Iterator<WatchTableResponse> it = stub(ch, token).withDeadlineAfter(5, TimeUnit.SECONDS)
            .watchTable(WatchTableRequest.newBuilder().setTableId(table).build());
        return it.hasNext() ? it.next() : null;
      });
    } catch (StatusRuntimeException e) {
      return null; // a seat left, a table closed: nothing to do for this token
    } catch (Exception e) {
      throw new AssertionError(e);
    } finally {
      c.cancel(null);
    }
  }

  private static TableServiceBlockingStub stub(Channel ch, String token) {
    return TableServiceGrpc.newBlockingStub(token.isEmpty() ? ch
        : ClientInterceptors.intercept(ch, Bearer.of(token)));
  }

  private static synchronized Channel channel() {
    if (server == null || ++inputs % INPUTS_PER_SERVER == 0) {
      if (server != null) {
        channel.shutdownNow();
        server.close();
        try (var c = java.sql.DriverManager.getConnection(url, "sa", "")) {
          c.createStatement().execute("SHUTDOWN"); // the in-memory database goes with it
        } catch (java.sql.SQLException e) {
          throw new AssertionError(e);
        }
      }
      String name = "fuzz-" + UUID.randomUUID();
      url = "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1";
      server = TenaceServer.start(InProcessServerBuilder.forName(name).directExecutor(), url,
          false);
      channel = InProcessChannelBuilder.forName(name).directExecutor().build();
    }
    return channel;
  }

  /** The data's strings, and the check every answer gets. */
  private static final class Fuzzed {
    private final FuzzedDataProvider data;
    private final List<String> sent = new ArrayList<>();

    Fuzzed(FuzzedDataProvider data) {
      this.data = data;
    }

    /** Text of any length up to 70 KiB: mostly short, now and then one character repeated. */
    String text() {
      String s = data.consumeInt(0, 15) == 0
          ? String.valueOf(data.consumeChar()).repeat(data.consumeInt(0, 70_000))
          : data.consumeString(data.consumeInt(0, 100));
      sent.add(s);
      return s;
    }

    /** Printable ASCII, as metadata must be. */
    String ascii() {
      StringBuilder b = new StringBuilder();
      for (char c : data.consumeAsciiString(data.consumeInt(0, 80)).toCharArray()) {
        if (c >= 0x20 && c < 0x7f) {
          b.append(c);
        }
      }
      sent.add(b.toString());
      return b.toString();
    }

    /** The answer, or null after a refusal that keeps the service's word. */
    <T> T answer(Supplier<T> call) {
      try {
        return call.get();
      } catch (StatusRuntimeException e) {
        Status.Code code = e.getStatus().getCode();
        String description = String.valueOf(e.getStatus().getDescription());
        assertThat(code).as(description).isNotIn(Status.Code.INTERNAL, Status.Code.UNKNOWN);
        com.google.rpc.Status details = StatusProto.fromThrowable(e);
        assertThat(details).as("%s %s has no details", code, description).isNotNull();
        assertThat(details.getDetailsList()).as(description)
            .anyMatch(any -> any.is(ErrorInfo.class));
        for (String s : sent) {
          if (s.length() > Quote.MAX) {
            // One character more than a quote shows, as sent or as Quote escapes it (a run of
            // backslashes escaped is twice as long, and not an echo).
            String more = s.substring(0, Quote.MAX + 1);
            String escaped = Quote.cut(more, Integer.MAX_VALUE);
            assertThat(description).as("an echo of %d characters", s.length())
                .doesNotContain(escaped);
            if (more.equals(escaped)) {
              assertThat(description).doesNotContain(more);
            }
          }
        }
        return null;
      }
    }
  }
}
