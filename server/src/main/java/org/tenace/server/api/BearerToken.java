package org.tenace.server.api;

import io.grpc.Metadata;

/**
 * The bearer token of {@code authorization: Bearer <token>}, which {@link Caller} carries into the
 * call's context. It is only read here: which calls need a token, and whose it is, is the
 * service's business.
 */
final class BearerToken {
  static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  private BearerToken() {}

  /** The token the headers carry; empty when none. */
  static String of(Metadata headers) {
    String value = headers.get(AUTHORIZATION);
    if (value != null && value.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return value.substring(7).strip();
    }
    return "";
  }

  /** The current call's token; empty when none was sent. */
  static String current() {
    return Caller.token();
  }
}
