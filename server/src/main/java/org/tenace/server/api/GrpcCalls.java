package org.tenace.server.api;

import io.grpc.stub.StreamObserver;
import java.util.function.Supplier;

/** Runs a unary handler's body and sends its reply, or its refusal mapped by StatusMapper. */
final class GrpcCalls {
  private GrpcCalls() {}

  static <T> void unary(StreamObserver<T> out, Supplier<T> body) {
    T reply;
    try {
      reply = body.get();
    } catch (RuntimeException e) {
      out.onError(StatusMapper.toStatus(e));
      return;
    }
    out.onNext(reply);
    out.onCompleted();
  }
}
