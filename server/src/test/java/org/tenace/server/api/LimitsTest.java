package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.Any;
import com.google.rpc.ErrorInfo;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.MetadataUtils;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc.TableServiceBlockingStub;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.session.SessionServer;
import org.tenace.server.store.EventStore;

/** The server's limits on creating tables, over a real Netty server on loopback. */
class LimitsTest {
  @RegisterExtension final SessionServer at = new SessionServer();
  private TenaceServer server;
  private ManagedChannel channel;

  private TableServiceBlockingStub start(ServerLimits limits) {
    at.start(builder -> TenaceServer.start(builder,
        EventStore.open("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1"), true,
        limits));
    server = at.server();
    channel = at.channel();
    return TableServiceGrpc.newBlockingStub(channel);
  }

  private static CreateTableRequest table(String requestId) {
    return CreateTableRequest.newBuilder().setName("t").setRequestId(requestId).build();
  }

  /** The refusal's status code and its ErrorInfo reason. */
  private static void assertRefused(Runnable call, Status.Code code, String reason) {
    StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, call::run);
    assertThat(e).as("refused").isNotNull();
    assertThat(e.getStatus().getCode()).isEqualTo(code);
    assertThat(e.getStatus().getDescription()).startsWith(reason + ": ");
    com.google.rpc.Status details = StatusProto.fromThrowable(e);
    assertThat(details.getDetailsList()).anySatisfy((Any any) ->
        assertThat(any.unpack(ErrorInfo.class).getReason()).isEqualTo(reason));
  }

  @Test
  void theServerRefusesATableBeyondItsMost() {
    TableServiceBlockingStub stub = start(new ServerLimits(2, 0, "", Duration.ZERO));
    stub.createTable(table(""));
    stub.createTable(table("second"));
    assertRefused(() -> stub.createTable(table("")), Status.Code.RESOURCE_EXHAUSTED,
        "TOO_MANY_TABLES");
    // A retry of a table already created is not one more.
    assertThat(stub.createTable(table("second")).getTable().getTableId()).isEqualTo("2");
  }

  @Test
  void oneClientMayOpenOnlyItsShareAndAClosedTableFreesIt() {
    TableServiceBlockingStub stub = start(new ServerLimits(0, 1, "", Duration.ZERO));
    // Four robots play its one board while its director watches, then it closes.
    var created = stub.createTable(CreateTableRequest.newBuilder().setName("short")
        .setSettings(TableSettings.newBuilder().setBoardCount(1))
        .addRobotSeats(Seat.SEAT_NORTH).addRobotSeats(Seat.SEAT_EAST)
        .addRobotSeats(Seat.SEAT_SOUTH).addRobotSeats(Seat.SEAT_WEST).build());
    new BoardLog(channel, created.getTable().getTableId(), created.getDirectorToken());
    org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(20)).ignoreExceptions()
        .until(() -> stub.createTable(table("")) != null);
    assertRefused(() -> stub.createTable(table("")), Status.Code.RESOURCE_EXHAUSTED,
        "TOO_MANY_TABLES_FOR_CLIENT");
  }

  @Test
  void aServerWithACreateKeyCreatesOnlyForItsHolders() {
    TableServiceBlockingStub stub = start(new ServerLimits(0, 0, "s3cret", Duration.ZERO));
    assertRefused(() -> stub.createTable(table("")), Status.Code.PERMISSION_DENIED,
        "CREATE_KEY_REQUIRED");
    assertRefused(() -> withKey(stub, "guess").createTable(table("")),
        Status.Code.PERMISSION_DENIED, "CREATE_KEY_REQUIRED");
    assertThat(withKey(stub, "s3cret").createTable(table("")).getDirectorToken()).isNotEmpty();

    // A session opens tables too: the same key is asked of it.
    var sessions = org.tenace.proto.v1.SessionServiceGrpc.newBlockingStub(channel);
    var session = org.tenace.proto.v1.CreateSessionRequest.newBuilder().setName("s")
        .setMovement(org.tenace.proto.v1.MovementType.MOVEMENT_TYPE_HOWELL).setTables(2)
        .setBoardsPerRound(1).setRobots(true).build();
    assertRefused(() -> sessions.createSession(session), Status.Code.PERMISSION_DENIED,
        "CREATE_KEY_REQUIRED");
    Metadata key = new Metadata();
    key.put(Caller.CREATE_KEY, "s3cret");
    assertThat(sessions.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(key))
        .createSession(session).getDirectorToken()).isNotEmpty();
  }

  @Test
  void aTableWithNothingRecordedForTheIdleTimeoutCloses() {
    TableServiceBlockingStub stub = start(new ServerLimits(0, 0, "", Duration.ofSeconds(1)));
    var created = stub.createTable(table(""));
    var t = server.tables().require(created.getTable().getTableId()).table();
    org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10))
        .until(() -> t.status() == org.tenace.server.table.Table.Status.CLOSED);
    assertThat(stub.listTables(org.tenace.proto.v1.ListTablesRequest.getDefaultInstance())
        .getTablesList()).isEmpty();
  }

  /** The director, and only the director, closes a table: a way out besides the timeout. */
  @Test
  void theDirectorClosesATable() {
    TableServiceBlockingStub stub = start(ServerLimits.NONE);
    var created = stub.createTable(table(""));
    String id = created.getTable().getTableId();
    var player = stub.joinTable(org.tenace.proto.v1.JoinTableRequest.newBuilder().setTableId(id)
        .setRole(org.tenace.proto.v1.Role.ROLE_PLAYER).setSeat(Seat.SEAT_SOUTH).setName("p")
        .build());
    var close = org.tenace.proto.v1.CloseTableRequest.newBuilder().setTableId(id).build();
    assertRefused(() -> bearer(stub, player.getToken()).closeTable(close),
        Status.Code.PERMISSION_DENIED, "NOT_DIRECTOR");
    assertThat(bearer(stub, created.getDirectorToken()).closeTable(close).getVersion())
        .isPositive();
    assertThat(server.tables().require(id).table().status())
        .isEqualTo(org.tenace.server.table.Table.Status.CLOSED);
    assertThat(stub.listTables(org.tenace.proto.v1.ListTablesRequest.getDefaultInstance())
        .getTablesList()).isEmpty();
  }

  private static TableServiceBlockingStub bearer(TableServiceBlockingStub stub, String token) {
    return stub.withInterceptors(org.tenace.client.Bearer.of(token));
  }

  private static TableServiceBlockingStub withKey(TableServiceBlockingStub stub, String key) {
    Metadata m = new Metadata();
    m.put(Caller.CREATE_KEY, key);
    return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(m));
  }
}
