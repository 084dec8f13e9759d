package org.tenace.server;

import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
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

  @Override
  public Integer call() throws InterruptedException {
    ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
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
