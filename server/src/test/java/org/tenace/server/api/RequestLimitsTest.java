package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.Duration;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.ClaimRequest;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.DecideRulingRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.server.table.Limits;

/** Every number a request carries has a range; outside it, MALFORMED names the field. */
class RequestLimitsTest extends LoopbackServer {

  private void malformed(String field, Supplier<?> request) {
    StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, request::get);
    assertThat(e).as(field).isNotNull();
    assertThat(e.getStatus().getCode()).as(field).isEqualTo(Status.Code.INVALID_ARGUMENT);
    assertThat(e.getStatus().getDescription()).as(field).startsWith("MALFORMED: " + field + ":");
  }

  private CreateTableResponse create(TableSettings.Builder settings) {
    return TableServiceGrpc.newBlockingStub(channel).createTable(CreateTableRequest.newBuilder()
        .setName("limits").setSettings(settings).build());
  }

  @Test
  void boardNumbersStayWithinTheLastBoard() {
    malformed("settings.first_board_number",
        () -> create(TableSettings.newBuilder().setFirstBoardNumber(Integer.MAX_VALUE)));
    malformed("settings.first_board_number",
        () -> create(TableSettings.newBuilder().setFirstBoardNumber(-1)));
    malformed("settings.board_count",
        () -> create(TableSettings.newBuilder().setFirstBoardNumber(Limits.LAST_BOARD)
            .setBoardCount(2)));
    malformed("settings.board_count",
        () -> create(TableSettings.newBuilder().setBoardCount(Limits.LAST_BOARD + 1)));
    malformed("settings.board_count", () -> create(TableSettings.newBuilder().setBoardCount(-1)));
    assertThat(create(TableSettings.newBuilder().setFirstBoardNumber(Limits.LAST_BOARD)
        .setBoardCount(1)).getTable().getSettings().getFirstBoardNumber())
        .isEqualTo(Limits.LAST_BOARD);
    assertThat(create(TableSettings.newBuilder().setBoardCount(Limits.LAST_BOARD)).getTable()
        .getSettings().getBoardCount()).isEqualTo(Limits.LAST_BOARD);
    String pbn = "[Board \"10001\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
        + "[Deal \"N:AKQJ.T987.654.32 T987.654.32.AKQJ 654.32.AKQJ.T987 32.AKQJ.T987.654\"]\n";
    malformed("deal_pbn", () -> TableServiceGrpc.newBlockingStub(channel).createTable(
        CreateTableRequest.newBuilder().setName("pbn").setDealPbn(pbn).build()));
    StringBuilder many = new StringBuilder();
    for (int board = 1; board <= Limits.PREPARED_BOARDS + 1; board++) {
      many.append(pbn.replace("10001", String.valueOf(board))).append('\n');
    }
    malformed("deal_pbn", () -> TableServiceGrpc.newBlockingStub(channel).createTable(
        CreateTableRequest.newBuilder().setName("pbn").setDealPbn(many.toString()).build()));
  }

  @Test
  void theDirectorWaitsADayAtMost() {
    malformed("settings.director_timeout", () -> create(TableSettings.newBuilder()
        .setDirectorTimeout(Duration.newBuilder().setSeconds(86_401))));
    malformed("settings.director_timeout", () -> create(TableSettings.newBuilder()
        .setDirectorTimeout(Duration.newBuilder().setSeconds(Long.MAX_VALUE))));
    malformed("settings.director_timeout", () -> create(TableSettings.newBuilder()
        .setDirectorTimeout(Duration.newBuilder().setSeconds(1).setNanos(-1))));
    assertThat(create(TableSettings.newBuilder().setDirectorTimeout(
        Duration.newBuilder().setSeconds(86_400))).getTable().getSettings()
        .getDirectorTimeout().getSeconds()).isEqualTo(86_400);
  }

  @Test
  void robotSeatsAreFourAtMost() {
    CreateTableRequest.Builder b = CreateTableRequest.newBuilder().setName("robots");
    for (int i = 0; i < 5; i++) {
      b.addRobotSeats(Seat.SEAT_NORTH);
    }
    malformed("robot_seats", () -> TableServiceGrpc.newBlockingStub(channel).createTable(
        b.build()));
  }

  @Test
  void tricksVersionsRulingsAndSequencesAreInRange() {
    Party party = Party.atNewTable(channel, "ranges", 2);
    String id = party.tableId;
    TableServiceGrpc.TableServiceBlockingStub north = party.at(Seat.SEAT_NORTH).stub;
    malformed("tricks", () -> north.claim(ClaimRequest.newBuilder().setTableId(id)
        .setTricks(14).build()));
    malformed("tricks", () -> north.claim(ClaimRequest.newBuilder().setTableId(id)
        .setTricks(-1).build()));
    malformed("expected_version", () -> north.markReady(MarkReadyRequest.newBuilder()
        .setTableId(id).setExpectedVersion(-1).build()));
    malformed("expected_version", () -> north.markReady(MarkReadyRequest.newBuilder()
        .setTableId(id).setExpectedVersion(Long.MAX_VALUE).build()));
    malformed("ruling_id", () -> north.decideRuling(DecideRulingRequest.newBuilder()
        .setTableId(id).setRulingId(-1).build()));
    malformed("from_sequence", () -> north.watchTable(WatchTableRequest.newBuilder()
        .setTableId(id).setFromSequence(-1).build()).hasNext());
  }
}
