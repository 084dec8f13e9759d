package org.tenace.server.api;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Carries who calls into the call's context: the bearer token ({@link BearerToken}), the client's
 * address (the unit of the per-client table limit) and the create key it sent. It only reads them.
 * One context for all three: each context a call forks is kept as long as the call, and a table's
 * four streams are open for hours.
 */
final class Caller implements ServerInterceptor {
  static final Metadata.Key<String> CREATE_KEY =
      Metadata.Key.of("tenace-create-key", Metadata.ASCII_STRING_MARSHALLER);
  // One value, not one a field: each value is a node of the context's map, kept as long as the
  // call, and a table's four streams are open for hours.
  private static final Context.Key<Who> WHO = Context.key("tenace-caller");
  private static final Who NOBODY = new Who("", "", "");

  /** The bearer token, the client's address and the create key, each empty when not sent. */
  private record Who(String token, String address, String createKey) {}

  @Override
  public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
      ServerCallHandler<Q, R> next) {
    SocketAddress remote = call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
    // The host alone: one client's connections come from many ports.
    // Interned: a client's open streams then share one string rather than keep one each.
    String address = (remote instanceof InetSocketAddress inet && inet.getAddress() != null
        ? inet.getAddress().getHostAddress() : String.valueOf(remote)).intern();
    String key = headers.get(CREATE_KEY);
    Context context = Context.current().withValue(WHO,
        new Who(BearerToken.of(headers), address, key == null ? "" : key));
    return Contexts.interceptCall(context, call, headers, next);
  }

  /** The current call's client address. */
  static String address() {
    return who().address();
  }

  /** The create key the current call sent; empty when none. */
  static String createKey() {
    return who().createKey();
  }

  /** The current call's bearer token; empty when none was sent. */
  static String token() {
    return who().token();
  }

  private static Who who() {
    Who w = WHO.get();
    return w == null ? NOBODY : w;
  }
}
