package org.tenace.server.api;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * Carries the bearer token of {@code authorization: Bearer <token>} into the call's context. It
 * only reads it: which calls need a token, and whose it is, is the service's business.
 */
final class BearerToken implements ServerInterceptor {
  static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
  static final Context.Key<String> TOKEN = Context.key("tenace-token");

  @Override
  public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
      ServerCallHandler<Q, R> next) {
    String value = headers.get(AUTHORIZATION);
    String token = "";
    if (value != null && value.regionMatches(true, 0, "Bearer ", 0, 7)) {
      token = value.substring(7).strip();
    }
    return Contexts.interceptCall(Context.current().withValue(TOKEN, token), call, headers, next);
  }

  /** The current call's token; empty when none was sent. */
  static String current() {
    String t = TOKEN.get();
    return t == null ? "" : t;
  }
}
