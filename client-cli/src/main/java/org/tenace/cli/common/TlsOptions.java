package org.tenace.cli.common;

import io.grpc.ChannelCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.TlsChannelCredentials;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * How a client reaches a server: over TLS (--tls, or --tls-trust for a server whose certificate
 * no public authority signed) or in clear. The one place the clients choose; tokens sent in
 * clear can be read by anyone on the way, so a server reached over a network wants TLS.
 */
public final class TlsOptions {
  @Option(names = "--tls", description = "connect over TLS, checking the server's certificate "
      + "against the system's trusted authorities")
  boolean tls;

  @Option(names = "--tls-trust", paramLabel = "FILE", description = "connect over TLS, trusting "
      + "the PEM certificates in FILE (a server with its own certificate)")
  Path trust;

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  /** The credentials these options ask for. */
  public ChannelCredentials credentials() {
    if (trust != null) {
      try {
        return TlsChannelCredentials.newBuilder().trustManager(trust.toFile()).build();
      } catch (IOException e) {
        throw new ParameterException(command.commandLine(), "--tls-trust " + trust
            + ": cannot be read as PEM certificates (" + e.getMessage() + ")");
      }
    }
    return tls ? TlsChannelCredentials.create() : InsecureChannelCredentials.create();
  }
}
