package org.tenace.server.api;

import io.grpc.stub.StreamObserver;
import java.util.function.Function;
import java.util.function.Supplier;
import org.tenace.server.application.ClaimSearches;
import org.tenace.server.table.Searched;

/** Runs a unary handler's body and sends its reply, or its refusal mapped by StatusMapper. */
final class GrpcCalls {
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

  /** A unary call's command that may need a claim's search first, taken by {@code searches}. */
  static <T> void unary(ClaimSearches searches, StreamObserver<T> out,
      Function<Searched, T> command) {
    searches.take(command, r -> reply(out, r), e -> refuse(out, e));
  }

  /** Ends a unary call with its reply. */
  static <T> void reply(StreamObserver<T> out, T reply) {
    out.onNext(reply);
    out.onCompleted();
  }

  /** Ends a unary call with its refusal, mapped by StatusMapper. */
  static void refuse(StreamObserver<?> out, RuntimeException e) {
    out.onError(StatusMapper.toStatus(e));
  }
}
