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
  private static final Context.Key<String> ADDRESS = Context.key("tenace-address");
  private static final Context.Key<String> KEY = Context.key("tenace-create-key");

  @Override
  public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
      ServerCallHandler<Q, R> next) {
    SocketAddress remote = call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
    // The host alone: one client's connections come from many ports.
    String address = remote instanceof InetSocketAddress inet && inet.getAddress() != null
        ? inet.getAddress().getHostAddress() : String.valueOf(remote);
    String key = headers.get(CREATE_KEY);
    Context context = Context.current().withValues(BearerToken.TOKEN, BearerToken.of(headers),
        ADDRESS, address, KEY, key == null ? "" : key);
    return Contexts.interceptCall(context, call, headers, next);
  }

  /** The current call's client address. */
  static String address() {
    String a = ADDRESS.get();
    return a == null ? "" : a;
  }

  /** The create key the current call sent; empty when none. */
  static String createKey() {
    String k = KEY.get();
    return k == null ? "" : k;
  }
}
