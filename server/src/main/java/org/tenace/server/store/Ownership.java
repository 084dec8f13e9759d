package org.tenace.server.store;

/**
 * Who owns an entity's log when several nodes share one database ({@link PgEventLog}): this node
 * (under an epoch), another live node (at its address), or nobody since the entity is unknown.
 */
public sealed interface Ownership {
  /** This node owns it: its appends are written under {@code epoch}. */
  record Mine(long epoch) implements Ownership {}

  /** A live node owns it: clients reach it at {@code address} (HOST:PORT). */
  record Elsewhere(String node, String address) implements Ownership {}

  /** No log of that id. */
  record Unknown() implements Ownership {}
}
