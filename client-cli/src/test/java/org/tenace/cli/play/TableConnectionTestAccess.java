package org.tenace.cli.play;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ForwardingClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import org.tenace.proto.v1.TableServiceGrpc;

/** Stubs that carry a bearer token, for the scripted seats. */
final class TableConnectionTestAccess {
  record Authed(TableServiceGrpc.TableServiceBlockingStub blocking,
      TableServiceGrpc.TableServiceStub async) {}

  private TableConnectionTestAccess() {}

  static Authed authed(Channel channel, String token) {
    Metadata.Key<String> auth = Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
    Channel c = ClientInterceptors.intercept(channel, new ClientInterceptor() {
      @Override
      public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method,
          CallOptions options, Channel next) {
        return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
          @Override
          public void start(Listener<R> listener, Metadata headers) {
            headers.put(auth, "Bearer " + token);
            super.start(listener, headers);
          }
        };
      }
    });
    return new Authed(TableServiceGrpc.newBlockingStub(c), TableServiceGrpc.newStub(c));
  }
}
