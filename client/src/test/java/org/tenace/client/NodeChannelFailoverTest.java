package org.tenace.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.grpc.InsecureChannelCredentials;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.LeaveTableRequest;
import org.tenace.proto.v1.LeaveTableResponse;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MakeCallResponse;
import org.tenace.proto.v1.TableServiceGrpc;

/**
 * A unary call of the client library sent to a server of a cluster that has just died (or stopped
 * answering) moves on to the next server of the list, as the table streams do: real servers on
 * loopback ports, one of them gone.
 */
class NodeChannelFailoverTest {
  private final List<Server> servers = new ArrayList<>();
  private NodeChannel channel;

  /** A server that answers LeaveTable, and MakeCall never (a stopped process's socket). */
  private static final class Answering extends TableServiceGrpc.TableServiceImplBase {
    @Override
    public void leaveTable(LeaveTableRequest req, StreamObserver<LeaveTableResponse> out) {
      out.onNext(LeaveTableResponse.getDefaultInstance());
      out.onCompleted();
    }

    @Override
    public void makeCall(MakeCallRequest req, StreamObserver<MakeCallResponse> out) {
      // never answers
    }
  }

  private String serve(TableServiceGrpc.TableServiceImplBase service) throws IOException {
    Server s = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
        .addService(service).build().start();
    servers.add(s);
    return "127.0.0.1:" + s.getPort();
  }

  /** An address where nothing listens any more: a server killed. */
  private static String dead() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return "127.0.0.1:" + s.getLocalPort();
    }
  }

  @AfterEach
  void stop() throws InterruptedException {
    if (channel != null) {
      channel.shutdownNow();
      channel.awaitTermination(5, TimeUnit.SECONDS);
    }
    for (Server s : servers) {
      s.shutdownNow();
      s.awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void aUnaryCallToADeadServerIsSentToTheNextOne() throws Exception {
    String gone = dead();
    String alive = serve(new Answering());
    channel = new NodeChannel(gone + "," + alive, InsecureChannelCredentials.create());
    channel.follow("t1", gone); // the table was last found at the server that died

    LeaveTableResponse r = TableServiceGrpc.newBlockingStub(channel)
        .withDeadlineAfter(30, TimeUnit.SECONDS)
        .leaveTable(LeaveTableRequest.newBuilder().setTableId("t1").build());

    assertThat(r).isNotNull();
    assertThat(channel.at("t1")).as("the table's calls go on to the live server")
        .isEqualTo(alive);
    assertThat(channel.current()).isEqualTo(alive);
    // And a call about no table, or another table of the dead server's, goes there at once.
    channel.follow("t2", gone);
    channel.follow(alive);
    TableServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
        .leaveTable(LeaveTableRequest.newBuilder().setTableId("t2").build());
    assertThat(channel.at("t2")).isEqualTo(alive);
  }

  @Test
  void aUnaryCallThatOutlivesItsDeadlineSendsTheNextCallsToTheNextServer() throws Exception {
    String stopped = serve(new Answering());
    String other = serve(new Answering());
    channel = new NodeChannel(stopped + "," + other, InsecureChannelCredentials.create());
    channel.follow("t1", stopped);

    StatusRuntimeException e = catchThrowableOfType(() -> TableServiceGrpc.newBlockingStub(channel)
        .withDeadlineAfter(300, TimeUnit.MILLISECONDS)
        .makeCall(MakeCallRequest.newBuilder().setTableId("t1").build()),
        StatusRuntimeException.class);

    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
    assertThat(channel.at("t1")).as("the next call of the table goes to the next server")
        .isEqualTo(other);
  }

  @Test
  void withOneServerADeadServersCallEndsAsItMust() throws Exception {
    String gone = dead();
    channel = new NodeChannel(gone, InsecureChannelCredentials.create());

    StatusRuntimeException e = catchThrowableOfType(() -> TableServiceGrpc.newBlockingStub(channel)
        .withDeadlineAfter(30, TimeUnit.SECONDS)
        .leaveTable(LeaveTableRequest.newBuilder().setTableId("t1").build()),
        StatusRuntimeException.class);

    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    assertThat(channel.current()).isEqualTo(gone);
  }
}
