package org.tenace.server.api;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A test JVM in miniature, for {@link ServerProcessTest}: starts a server with {@link
 * ServerProcess}, prints the server's pid, and waits to be killed.
 */
public final class ServerProcessParent {
  private ServerProcessParent() {}

  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("tenace-orphan-");
    Process server = ServerProcess.start(ServerProcess.freePort(),
        "jdbc:h2:" + dir.resolve("tenace").toAbsolutePath());
    System.out.println("server " + server.pid());
    System.out.flush();
    Thread.currentThread().join(); // until killed
  }
}
