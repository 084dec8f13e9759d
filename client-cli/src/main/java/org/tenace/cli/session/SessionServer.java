package org.tenace.cli.session;

import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import java.util.function.Function;
import org.tenace.cli.common.ServerAddress;
import org.tenace.cli.common.TlsOptions;
import org.tenace.client.Bearer;
import org.tenace.client.Channels;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionServiceGrpc.SessionServiceBlockingStub;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The running server a session's tools talk to ({@code tenace direct}'s steps and {@code tenace
 * results}): {@code --server}, how to reach it over TLS, and one call on a channel of its own.
 */
final class SessionServer {
  @Mixin
  TlsOptions tls = new TlsOptions();

  @Option(names = "--server", required = true, paramLabel = "HOST:PORT",
      description = "the server")
  String server;

  /**
   * Runs {@code work} with a stub of the session service that sends {@code token} (null: none),
   * then closes the channel.
   */
  <T> T call(String token, Function<SessionServiceBlockingStub, T> work) {
    ManagedChannel channel = Channels.open(ServerAddress.check(server), tls.credentials());
    try {
      return work.apply(SessionServiceGrpc.newBlockingStub(token == null ? channel
          : ClientInterceptors.intercept(channel, Bearer.of(token))));
    } finally {
      channel.shutdownNow();
    }
  }
}
