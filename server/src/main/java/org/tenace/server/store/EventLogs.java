package org.tenace.server.store;

/** The event log a JDBC URL names: PostgreSQL's for {@code jdbc:postgresql:}, else H2's. */
public final class EventLogs {
  private EventLogs() {}

  /**
   * Opens the log at {@code jdbcUrl}. {@code sync} (H2: force each journal batch to the disk)
   * means nothing to PostgreSQL, whose commit is as durable as its own settings make it
   * ({@code synchronous_commit}, docs/operations.md); {@code user} and {@code password} (may be
   * null) are PostgreSQL's.
   */
  public static EventLog open(String jdbcUrl, boolean sync, String user, String password) {
    return open(jdbcUrl, sync, user, password, PgEventLog.Node.alone());
  }

  /**
   * As {@link #open(String, boolean, String, String)}, this server being {@code node} among those
   * that share a PostgreSQL log (H2's is one server's alone: the node means nothing there).
   */
  public static EventLog open(String jdbcUrl, boolean sync, String user, String password,
      PgEventLog.Node node) {
    if (PgEventLog.isPostgres(jdbcUrl)) {
      return PgEventLog.open(jdbcUrl, user, password, node);
    }
    if (!jdbcUrl.startsWith("jdbc:h2:")) {
      throw new IllegalArgumentException("not a database Tenace keeps its log in; give "
          + "jdbc:h2:PATH or jdbc:postgresql://HOST[:PORT]/DATABASE");
    }
    return EventStore.open(jdbcUrl, sync);
  }

  /** Whether appends to the log at {@code jdbcUrl} wait on a network round trip and a commit. */
  public static boolean blocksOnTheNetwork(String jdbcUrl) {
    return PgEventLog.isPostgres(jdbcUrl);
  }
}
