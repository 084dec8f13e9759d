package org.tenace.server;

import io.grpc.ChannelCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.TlsChannelCredentials;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tenace health}: asks a server on this machine whether it serves (grpc.health.v1 Check),
 * for the image's HEALTHCHECK, which has no gRPC probe of its own. Exit 0 when SERVING, else 1.
 */
@Command(name = "health", hidden = true, mixinStandardHelpOptions = true,
    description = "Exit 0 when the server on this machine serves, 1 otherwise.")
final class HealthCommand implements Callable<Integer> {
  @Option(names = "--port", defaultValue = "50051", description = "the server's port")
  int port;

  @Option(names = "--tls-cert", paramLabel = "FILE",
      description = "the server serves TLS (with this certificate): probe over TLS")
  String tlsCert;

  @Override
  public Integer call() throws InterruptedException {
    // The probe trusts any certificate: it sends no secret, and the server's certificate names
    // its public host, not 127.0.0.1.
    ChannelCredentials credentials = tlsCert == null || tlsCert.isEmpty()
        ? InsecureChannelCredentials.create()
        : TlsChannelCredentials.newBuilder()
            .trustManager(InsecureTrustManagerFactory.INSTANCE.getTrustManagers()).build();
    ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", port, credentials)
        .build();
    try {
      ServingStatus status = HealthGrpc.newBlockingStub(channel)
          .withDeadlineAfter(3, TimeUnit.SECONDS)
          .check(HealthCheckRequest.getDefaultInstance()).getStatus();
      System.out.println(status);
      return status == ServingStatus.SERVING ? 0 : 1;
    } catch (StatusRuntimeException e) {
      System.out.println("NOT_SERVING: " + e.getStatus().getCode());
      return 1;
    } finally {
      channel.shutdownNow().awaitTermination(2, TimeUnit.SECONDS);
    }
  }
}
