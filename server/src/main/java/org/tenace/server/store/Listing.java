package org.tenace.server.store;

import java.util.Objects;

/**
 * What a table list shows of one table ({@code info}, encoded by the server; the store keeps it
 * as bytes), and whether the table is open: shared by the servers of a cluster.
 */
public record Listing(String id, byte[] info, boolean open) {
  public Listing {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(info, "info");
  }
}
