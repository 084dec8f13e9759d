package org.tenace.server.store;

/** The store cannot do what was asked: the disk, the database, or a closed store. */
public class StoreException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
