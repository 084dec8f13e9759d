package org.tenace.server.api;

import io.grpc.ForwardingServerCallListener;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.function.Supplier;
import org.tenace.server.application.ServerLimits;

/**
 * Carries who calls to the service: the bearer token ({@link BearerToken}), the client's address
 * (the unit of the per-client table limit) and the create key it sent. It only reads them. They
 * are set for the thread while the call's handler starts and while each of its listener's
 * callbacks runs, where the service reads them, rather than forked into a gRPC context: each
 * context a call forks (with its map node and its listener) is kept as long as the call, some
 * 100 bytes, and a table's four streams are open for hours.
 */
final class Caller implements ServerInterceptor {
  static final Metadata.Key<String> CREATE_KEY =
      Metadata.Key.of(ServerLimits.CREATE_KEY_HEADER, Metadata.ASCII_STRING_MARSHALLER);
  /** Who makes the call whose handler or callback this thread runs now. */
  private static final ThreadLocal<Who> WHO = new ThreadLocal<>();
  private static final Who NOBODY = new Who("", "", "");

  /** The bearer token, the client's address and the create key, each empty when not sent. */
  record Who(String token, String address, String createKey) {}

  @Override
  public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
      ServerCallHandler<Q, R> next) {
    SocketAddress remote = call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
    // The host alone: one client's connections come from many ports.
    // Interned: a client's open streams then share one string rather than keep one each.
    String address = (remote instanceof InetSocketAddress inet && inet.getAddress() != null
        ? inet.getAddress().getHostAddress() : String.valueOf(remote)).intern();
    String key = headers.get(CREATE_KEY);
    Who who = new Who(BearerToken.of(headers), address, key == null ? "" : key);
    return new Listener<>(as(who, () -> next.startCall(call, headers)), who);
  }

  /** The call's listener, with its caller set around each callback. */
  private static final class Listener<Q>
      extends ForwardingServerCallListener.SimpleForwardingServerCallListener<Q> {
    private final Who who;

    Listener(ServerCall.Listener<Q> delegate, Who who) {
      super(delegate);
      this.who = who;
    }

    @Override
    public void onMessage(Q message) {
      as(who, () -> super.onMessage(message));
    }

    @Override
    public void onHalfClose() {
      as(who, super::onHalfClose);
    }

    @Override
    public void onCancel() {
      as(who, super::onCancel);
    }

    @Override
    public void onComplete() {
      as(who, super::onComplete);
    }

    @Override
    public void onReady() {
      as(who, super::onReady);
    }
  }

  /** Runs {@code work} with {@code who} as the caller, and puts back the caller it found. */
  static <T> T as(Who who, Supplier<T> work) {
    Who outer = WHO.get(); // an in-process call (a robot's) may start inside another's callback
    WHO.set(who);
    try {
      return work.get();
    } finally {
      WHO.set(outer);
    }
  }

  /**
   * {@link #as(Who, Supplier)} for work that returns nothing: also how a call's work that goes on
   * on another thread (a claim's search) keeps its caller ({@link #current}).
   */
  static void as(Who who, Runnable work) {
    as(who, () -> {
      work.run();
      return null;
    });
  }

  /**
   * {@code work} made to run as the caller of the call this thread serves now, on whatever thread
   * goes on with it (a claim's search).
   */
  static Runnable carry(Runnable work) {
    Who who = current();
    return () -> as(who, work);
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

  /** Who makes the call this thread serves now, to carry to a thread that goes on with it. */
  static Who current() {
    return who();
  }

  private static Who who() {
    Who w = WHO.get();
    return w == null ? NOBODY : w;
  }
}
