package org.tenace.client;

import io.grpc.ClientInterceptor;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;

/** A seat's or director's token, sent as {@code authorization: Bearer <token>} on every call. */
public final class Bearer {
  private static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  private Bearer() {}

  /** An interceptor that adds the token to the headers of every call through it. */
  public static ClientInterceptor of(String token) {
    Metadata headers = new Metadata();
    headers.put(AUTHORIZATION, "Bearer " + token);
    return MetadataUtils.newAttachHeadersInterceptor(headers);
  }
}
