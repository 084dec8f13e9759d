package org.tenace.cli.play;

import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import org.tenace.client.Bearer;
import org.tenace.proto.v1.TableServiceGrpc;

/** Stubs that carry a bearer token, for the scripted seats. */
final class TableConnectionTestAccess {
  record Authed(TableServiceGrpc.TableServiceBlockingStub blocking,
      TableServiceGrpc.TableServiceStub async) {}

  private TableConnectionTestAccess() {}

  static Authed authed(Channel channel, String token) {
    Channel c = ClientInterceptors.intercept(channel, Bearer.of(token));
    return new Authed(TableServiceGrpc.newBlockingStub(c), TableServiceGrpc.newStub(c));
  }
}
