package org.tenace.server.application;

/**
 * A table's audience, as the application needs to know it: whether someone watches the table with
 * a token. The transport makes one for each table ({@link Tables}'s constructor), with the streams
 * it sends to and what each viewer may see.
 */
public interface Audience {
  /** Whether a stream still watches with this token. */
  boolean watching(String token);

  /** Ends every stream: the table has moved to another server ({@code message} says which). */
  void moved(String message);
}
