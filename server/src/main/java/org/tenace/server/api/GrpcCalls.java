package org.tenace.server.api;

import io.grpc.stub.StreamObserver;
import java.util.function.Supplier;

/** Runs a unary handler's body and sends its reply, or its refusal mapped by StatusMapper. */
public final class GrpcCalls {
  private GrpcCalls() {}

  static <T> void unary(StreamObserver<T> out, Supplier<T> body) {
    T reply;
    try {
      reply = body.get();
    } catch (RuntimeException e) {
      refuse(out, e);
      return;
    }
    reply(out, reply);
  }

  /** Ends a unary call with its reply. */
  public static <T> void reply(StreamObserver<T> out, T reply) {
    out.onNext(reply);
    out.onCompleted();
  }

  /** Ends a unary call with its refusal, mapped by StatusMapper. */
  public static void refuse(StreamObserver<?> out, RuntimeException e) {
    out.onError(StatusMapper.toStatus(e));
  }
}
