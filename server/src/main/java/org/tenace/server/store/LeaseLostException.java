package org.tenace.server.store;

/**
 * An append refused because this node no longer owns the entity (another took it over, or it
 * was never this node's): the event is not in the log. {@link #address()} is where the owner
 * serves it, empty when no live node owns it.
 */
public final class LeaseLostException extends StoreException {
  private static final long serialVersionUID = 1L;
  private final String id;
  private final String address;

  public LeaseLostException(String id, String address) {
    super(id + " is owned by " + (address.isEmpty() ? "no live node" : "the node at " + address)
        + " now: this node's appends to it are fenced", null);
    this.id = id;
    this.address = address;
  }

  /** The entity (a table's id, a session's log id). */
  public String id() {
    return id;
  }

  /** The owner's address (HOST:PORT), or empty. */
  public String address() {
    return address;
  }
}
