package org.tenace.server.store;

import org.tenace.bridge.check.Require;

/**
 * What a table list shows of one table ({@code info}, encoded by the server; the store keeps it
 * as bytes), and whether the table is open: shared by the servers of a cluster.
 */
public record Listing(String id, byte[] info, boolean open) {
  public Listing {
    Require.nonNull("id info", id, info);
  }
}
