package org.tenace.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.rpc.Code;
import com.google.rpc.ErrorInfo;
import io.grpc.Metadata;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import org.junit.jupiter.api.Test;

/** The server's reasons read from a refusal: by the stream, the cluster's channel, the CLI. */
class ServerReasonsTest {

  private static StatusRuntimeException refusal(Code code, Any... details) {
    com.google.rpc.Status.Builder status = com.google.rpc.Status.newBuilder()
        .setCode(code.getNumber()).setMessage(code.name());
    for (Any d : details) {
      status.addDetails(d);
    }
    return StatusProto.toStatusRuntimeException(status.build());
  }

  private static Any info(String reason, String key, String value) {
    return Any.pack(ErrorInfo.newBuilder().setReason(reason).setDomain("tenace.org")
        .putMetadata(key, value).build());
  }

  /** A detail that claims to be an ErrorInfo but is not one. */
  private static Any broken() {
    return Any.newBuilder().setTypeUrl("type.googleapis.com/google.rpc.ErrorInfo")
        .setValue(ByteString.copyFromUtf8("\u00ff\u00ff\u00ff")).build();
  }

  @Test
  void aMovedTableNamesTheServerThatPlaysIt() {
    StatusRuntimeException e = refusal(Code.UNAVAILABLE, broken(),
        Any.pack(com.google.rpc.DebugInfo.getDefaultInstance()),
        info("TABLE_MOVED", "address", "10.0.0.2:50051"));

    assertThat(TableStream.movedTo(e)).contains("10.0.0.2:50051");
    assertThat(NodeChannel.movedTo(e.getStatus(), e.getTrailers())).contains("10.0.0.2:50051");
    assertThat(TableStream.staleAt(e)).isEmpty();
  }

  @Test
  void aTableBetweenServersIsMovedToNoAddressYet() {
    StatusRuntimeException e = refusal(Code.UNAVAILABLE, Any.pack(ErrorInfo.newBuilder()
        .setReason("TABLE_MOVED").build()));

    assertThat(TableStream.movedTo(e)).contains("");
    assertThat(NodeChannel.movedTo(e.getStatus(), e.getTrailers())).contains("");
  }

  @Test
  void onlyAnUnavailableCallIsFollowedByTheChannel() {
    StatusRuntimeException e = refusal(Code.FAILED_PRECONDITION,
        info("TABLE_MOVED", "address", "10.0.0.2:50051"));

    assertThat(NodeChannel.movedTo(e.getStatus(), e.getTrailers())).isEmpty();
    assertThat(NodeChannel.movedTo(e.getStatus(), null)).isEmpty();
  }

  @Test
  void aStaleCommandSaysTheTablesVersion() {
    StatusRuntimeException e = refusal(Code.ABORTED, info("STALE_VERSION", "version", "x"),
        info("STALE_VERSION", "version", "17"));

    assertThat(TableStream.staleAt(e)).hasValue(17);
    assertThat(TableStream.movedTo(e)).isEmpty();
  }

  @Test
  void aRefusalWithoutDetailsGivesNoReason() {
    StatusRuntimeException e = io.grpc.Status.NOT_FOUND.asRuntimeException(new Metadata());

    assertThat(TableStream.movedTo(e)).isEmpty();
    assertThat(TableStream.staleAt(e)).isEmpty();
    assertThat(NodeChannel.movedTo(io.grpc.Status.UNAVAILABLE, new Metadata())).isEmpty();
    assertThat(ServerReasons.find(null, "TABLE_MOVED")).isEmpty();
  }
}
