package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.rpc.BadRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.ChooseOptionRequest;
import org.tenace.proto.v1.ClaimRequest;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.DecideRulingRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.LeaveTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.RequestUndoRequest;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.RespondToUndoRequest;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.WatchTableRequest;

/**
 * Huge values in every string field of every request, and huge metadata, sent over the connection
 * four players watch the table on: each is refused at once with a short message naming the field, and the
 * table, its watchers and the other calls on that connection carry on as if nothing happened.
 */
class BoundedEchoTest extends LoopbackServer {
  private static final String K64 = "y".repeat(64 << 10);
  private static final String M1 = "y".repeat(1 << 20);

  @Test
  void hugeValuesAreRefusedPromptlyAndShortlyWhileTheTablePlaysOn() {
    Party party = Party.atNewTable(channel, "echo", 5);
    String[] calls = {"1C", "P", "1H", "P"};
    for (int round = 0; round < 2; round++) {
      String big = round == 0 ? K64 : M1;
      requests(party, big).forEach((field, request) -> {
        long start = System.nanoTime();
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class,
            request::run);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(e).as("%s of %d characters", field, big.length()).isNotNull();
        assertThat(millis).as("%s refused promptly", field).isLessThan(5_000);
        assertThat(e.getStatus().getDescription()).as(field).hasSizeLessThan(200);
        if (big == M1) {
          // Larger than the server takes in (TenaceServer.MAX_INBOUND_MESSAGE): gRPC refuses it.
          assertThat(e.getStatus().getCode()).as(field).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        } else {
          assertThat(e.getStatus().getCode()).as(field).isEqualTo(Status.Code.INVALID_ARGUMENT);
          assertThat(e.getStatus().getDescription()).as(field).startsWith("MALFORMED: ");
          assertThat(badField(e)).as(field).isEqualTo(field.split(" ")[1]);
        }
      });
      // Metadata beyond TenaceServer.MAX_INBOUND_METADATA: refused, and only that call.
      io.grpc.Metadata huge = new io.grpc.Metadata();
      huge.put(io.grpc.Metadata.Key.of("x-huge", io.grpc.Metadata.ASCII_STRING_MARSHALLER), big);
      long start = System.nanoTime();
      StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class,
          () -> TableServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
              .withInterceptors(io.grpc.stub.MetadataUtils.newAttachHeadersInterceptor(huge))
              .listTables(org.tenace.proto.v1.ListTablesRequest.getDefaultInstance()));
      assertThat(e).as("metadata of %d bytes", big.length()).isNotNull();
      assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(5_000);
      assertThat(String.valueOf(e.getStatus().getDescription())).hasSizeLessThan(200);
      // The table plays on: two calls, seen by all four watchers on the same connection.
      party.calls(round == 0 ? Seat.SEAT_NORTH : Seat.SEAT_SOUTH, calls[2 * round],
          calls[2 * round + 1]);
    }
    party.clients.values().forEach(c -> assertThat(c.ended.get()).isNull());
  }

  @Test
  void anUnknownTableIsNamedInFortyCharacters() {
    String id = "z".repeat(64);
    StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class,
        () -> TableServiceGrpc.newBlockingStub(channel).joinTable(JoinTableRequest.newBuilder()
            .setTableId(id).setRole(Role.ROLE_KIBITZER).setName("k").build()));
    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
    assertThat(e.getStatus().getDescription())
        .isEqualTo("TABLE_NOT_FOUND: no table '" + "z".repeat(40) + "…(+24 chars)'");
  }

  private static String badField(StatusRuntimeException e) {
    for (var any : StatusProto.fromThrowable(e).getDetailsList()) {
      if (any.is(BadRequest.class)) {
        try {
          return any.unpack(BadRequest.class).getFieldViolations(0).getField();
        } catch (com.google.protobuf.InvalidProtocolBufferException x) {
          throw new AssertionError(x);
        }
      }
    }
    return "(no BadRequest)";
  }

  /** Every string field of every request, holding {@code big}, keyed "Rpc field". */
  private Map<String, Runnable> requests(Party party, String big) {
    TableServiceGrpc.TableServiceBlockingStub anyone =
        TableServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    TableServiceGrpc.TableServiceBlockingStub north =
        party.at(Seat.SEAT_NORTH).stub.withDeadlineAfter(30, TimeUnit.SECONDS);
    String t = party.tableId;
    Map<String, Runnable> r = new LinkedHashMap<>();
    r.put("CreateTable name", () -> anyone.createTable(
        CreateTableRequest.newBuilder().setName(big).build()));
    r.put("CreateTable deal_pbn", () -> anyone.createTable(
        CreateTableRequest.newBuilder().setName("x").setDealPbn(big).build()));
    r.put("CreateTable request_id", () -> anyone.createTable(
        CreateTableRequest.newBuilder().setName("x").setRequestId(big).build()));
    r.put("JoinTable table_id", () -> anyone.joinTable(JoinTableRequest.newBuilder()
        .setTableId(big).setRole(Role.ROLE_KIBITZER).setName("k").build()));
    r.put("JoinTable name", () -> anyone.joinTable(JoinTableRequest.newBuilder()
        .setTableId(t).setRole(Role.ROLE_KIBITZER).setName(big).build()));
    r.put("JoinTable request_id", () -> anyone.joinTable(JoinTableRequest.newBuilder()
        .setTableId(t).setRole(Role.ROLE_KIBITZER).setName("k").setRequestId(big).build()));
    r.put("LeaveTable table_id", () -> north.leaveTable(
        LeaveTableRequest.newBuilder().setTableId(big).build()));
    r.put("WatchTable table_id", () -> north.watchTable(
        WatchTableRequest.newBuilder().setTableId(big).build()).hasNext());
    r.put("MakeCall table_id", () -> north.makeCall(MakeCallRequest.newBuilder()
        .setTableId(big).setSeat(Seat.SEAT_NORTH).setCall(Party.parse("1C")).build()));
    r.put("MakeCall explanation", () -> north.makeCall(MakeCallRequest.newBuilder()
        .setTableId(t).setSeat(Seat.SEAT_NORTH).setCall(Party.parse("1C")).setAlert(true)
        .setExplanation(big).build()));
    r.put("PlayCard table_id", () -> north.playCard(
        PlayCardRequest.newBuilder().setTableId(big).build()));
    r.put("Claim table_id", () -> north.claim(ClaimRequest.newBuilder().setTableId(big).build()));
    r.put("Claim statement", () -> north.claim(ClaimRequest.newBuilder().setTableId(t)
        .setStatement(big).build()));
    r.put("RespondToClaim table_id", () -> north.respondToClaim(
        RespondToClaimRequest.newBuilder().setTableId(big).build()));
    r.put("RequestUndo table_id", () -> north.requestUndo(
        RequestUndoRequest.newBuilder().setTableId(big).build()));
    r.put("RespondToUndo table_id", () -> north.respondToUndo(
        RespondToUndoRequest.newBuilder().setTableId(big).build()));
    r.put("ChooseOption table_id", () -> north.chooseOption(
        ChooseOptionRequest.newBuilder().setTableId(big).build()));
    r.put("DecideRuling table_id", () -> north.decideRuling(
        DecideRulingRequest.newBuilder().setTableId(big).build()));
    r.put("DecideRuling choice", () -> north.decideRuling(
        DecideRulingRequest.newBuilder().setTableId(t).setChoice(big).build()));
    r.put("MarkReady table_id", () -> north.markReady(
        MarkReadyRequest.newBuilder().setTableId(big).build()));
    return r;
  }
}
