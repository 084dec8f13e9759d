package org.tenace.server.api;

import com.linecorp.armeria.common.HttpHeaderNames;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.common.TlsKeyPair;
import com.linecorp.armeria.common.grpc.GrpcSerializationFormats;
import com.linecorp.armeria.server.Server;
import com.linecorp.armeria.server.ServerBuilder;
import com.linecorp.armeria.server.ServiceRequestContext;
import com.linecorp.armeria.server.file.FileService;
import com.linecorp.armeria.server.grpc.GrpcService;
import com.linecorp.armeria.server.grpc.GrpcServiceBuilder;
import io.grpc.Attributes;
import io.grpc.ForwardingServerCall;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.tenace.server.session.ResultsPage;

/**
 * The HTTP port ({@code tenace server --http-port}): the browser's client. It answers the very
 * services the gRPC port serves (the same {@link ServerServiceDefinition}s, their interceptors
 * included, so that tokens, limits and refusals are the same) as gRPC-Web, in binary and JSON,
 * through Armeria; and the client's files from the jar (module {@code web}, under
 * {@code org/tenace/web/}). Same-origin only: a call that a page of another origin makes is
 * refused, and every answer carries a Content-Security-Policy that lets a page load and call
 * nothing but this server.
 */
public final class WebPort implements AutoCloseable {
  /** Where the client's files are on the classpath (module web). */
  static final String FILES = "org/tenace/web";
  /**
   * The page may load its own scripts, styles and images and call its own server; nothing inline,
   * nothing from elsewhere, never framed.
   */
  public static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; "
      + "style-src 'self'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; "
      + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

  /** The results page's: its own inline style (by hash), nothing else. */
  static final String RESULTS_POLICY = "default-src 'none'; style-src "
      + ResultsPage.STYLE_HASH + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

  private final Server server;

  private WebPort(Server server) {
    this.server = server;
  }

  /**
   * Starts serving on {@code host:port} (0: a free port, for tests): {@code services} as gRPC-Web
   * with {@code interceptors} around them (the gRPC port's global ones), and the client's files.
   * With a certificate and key (PEM), over TLS only. The handlers run off the event loops (see
   * below).
   */
  public static WebPort start(String host, int port, List<ServerServiceDefinition> services,
      List<ServerInterceptor> interceptors, Path tlsCert, Path tlsKey, int maxCallsPerConnection) {
    return start(host, port, services, interceptors, tlsCert, tlsKey, maxCallsPerConnection,
        id -> Optional.empty());
  }

  /**
   * As above, and each session's live results page at {@code /sessions/ID/results} from
   * {@code resultsPages} (TenaceServer::resultsPage): a self-contained page whose one inline
   * style element its own policy allows by hash, and no script.
   */
  public static WebPort start(String host, int port, List<ServerServiceDefinition> services,
      List<ServerInterceptor> interceptors, Path tlsCert, Path tlsKey, int maxCallsPerConnection,
      Function<String, Optional<String>> resultsPages) {
    GrpcServiceBuilder grpc = GrpcService.builder()
        // Every handler on Armeria's blocking executor, never on an event loop: a message a
        // stream is sent on its own event loop goes out at once, one sent from another thread
        // waits its turn on that loop, so a table's events, committed on loops and robots'
        // threads alike, reached a page out of order (a newer state, then an older one, and the
        // person's turn lost). And an append that waits on the network (PostgreSQL's commit)
        // must not hold an event loop, as on the gRPC port (ServerCommand's handler pool).
        .useBlockingTaskExecutor(true)
        .supportedSerializationFormats(GrpcSerializationFormats.values())
        .maxRequestMessageLength(TenaceServer.MAX_INBOUND_MESSAGE)
        // A refusal's words come from the service's own description; nothing more.
        .enableUnframedRequests(false);
    for (ServerServiceDefinition s : services) {
      // Innermost first: the service's own interceptors (Caller) then see the client's address.
      grpc.addService(ServerInterceptors.intercept(s, new RemoteAddress()));
    }
    grpc.intercept(interceptors);
    FileService files = FileService.builder(WebPort.class.getClassLoader(), FILES)
        .cacheControl("no-cache") // revalidated (ETag) at each load: a new jar shows at once
        .build();
    ServerBuilder sb = Server.builder()
        // A watched table is a request that lasts for hours: no timeout on any.
        .requestTimeout(Duration.ZERO)
        .maxRequestLength(TenaceServer.MAX_INBOUND_MESSAGE + 1024)
        .http2MaxStreamsPerConnection(maxCallsPerConnection == 0 ? Integer.MAX_VALUE
            : maxCallsPerConnection)
        .gracefulShutdownTimeout(Duration.ZERO, Duration.ofSeconds(2))
        .service(grpc.build())
        .service("/sessions/{id}/results", (ctx, req) -> HttpResponse.of(
            CompletableFuture.supplyAsync(() -> {
              ctx.setAdditionalResponseHeader("content-security-policy", RESULTS_POLICY);
              return resultsPages.apply(ctx.pathParam("id")).map(page -> HttpResponse.of(
                  HttpStatus.OK, MediaType.HTML_UTF_8, page)).orElseGet(() -> HttpResponse.of(
                      HttpStatus.NOT_FOUND, MediaType.PLAIN_TEXT_UTF_8, "no such session"));
            }, ctx.blockingTaskExecutor())))
        .serviceUnder("/", files)
        .decorator((delegate, ctx, req) -> {
          ctx.addAdditionalResponseHeader("content-security-policy", CONTENT_SECURITY_POLICY);
          ctx.addAdditionalResponseHeader("x-content-type-options", "nosniff");
          ctx.addAdditionalResponseHeader("referrer-policy", "no-referrer");
          // Only pages of this server call it: a browser says where a call comes from (a page
          // elsewhere could otherwise act with a token its user holds); programs send no Origin.
          String origin = req.headers().get(HttpHeaderNames.ORIGIN);
          if (req.method() != HttpMethod.GET && req.method() != HttpMethod.HEAD
              && origin != null && !sameOrigin(origin, req.headers().authority())) {
            return HttpResponse.of(HttpStatus.FORBIDDEN, MediaType.PLAIN_TEXT_UTF_8,
                "calls from pages of other sites are refused");
          }
          return delegate.serve(ctx, req);
        });
    InetSocketAddress address = new InetSocketAddress(host, port);
    if (tlsCert != null) {
      sb.https(address).tls(TlsKeyPair.of(tlsKey.toFile(), tlsCert.toFile()));
    } else {
      sb.http(address);
    }
    Server server = sb.build();
    server.start().join();
    return new WebPort(server);
  }

  /** The port it listens on. */
  public int port() {
    return server.activeLocalPort();
  }

  /** Stops: calls in progress have two seconds to end. */
  @Override
  public void close() {
    server.stop().join();
  }

  /**
   * True when the page's origin names the host the browser reached this server by: a page of
   * another site is refused, one of this host is served. Neither scheme nor port is compared: a
   * reverse proxy may speak TLS on 443 to the browser and plain HTTP on 8080 to this server (it
   * must keep the Host header), and pages on other ports of one host are one site anyway.
   */
  public static boolean sameOrigin(String origin, String authority) {
    if (authority == null) {
      return false;
    }
    try {
      URI o = URI.create(origin);
      URI a = URI.create("http://" + authority);
      return o.getHost() != null && a.getHost() != null
          && o.getHost().toLowerCase(Locale.ROOT).equals(a.getHost().toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * Gives each call the client's address as grpc-netty does (Armeria does not set
   * {@link Grpc#TRANSPORT_ATTR_REMOTE_ADDR}): the per-client table limit counts browsers as it
   * counts other clients.
   */
  private static final class RemoteAddress implements ServerInterceptor {
    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
        ServerCallHandler<Q, R> next) {
      ServiceRequestContext ctx = ServiceRequestContext.currentOrNull();
      if (ctx == null || call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR) != null) {
        return next.startCall(call, headers);
      }
      Attributes attributes = call.getAttributes().toBuilder()
          .set(Grpc.TRANSPORT_ATTR_REMOTE_ADDR, ctx.remoteAddress()).build();
      return next.startCall(new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
        @Override
        public Attributes getAttributes() {
          return attributes;
        }
      }, headers);
    }
  }
}
