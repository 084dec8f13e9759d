package org.tenace.server.application;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import org.tenace.server.table.TableException.Reason;
import org.tenace.server.table.TableException;

/**
 * What one server lets its callers create and keep: at most {@code maxTables} open tables in all,
 * at most {@code maxTablesPerClient} opened by one client (its address), only with
 * {@code createKey} when one is set, and a table with nothing recorded for {@code idleTimeout}
 * is closed. 0, "" and a zero duration mean no limit.
 */
public record ServerLimits(int maxTables, int maxTablesPerClient, String createKey,
    Duration idleTimeout) {
  /** The metadata (header) a caller sends its create key in. */
  public static final String CREATE_KEY_HEADER = "tenace-create-key";

  /** No limit at all: tests, and a server on one's own machine. */
  public static final ServerLimits NONE = new ServerLimits(0, 0, "", Duration.ZERO);

  public ServerLimits {
    if (maxTables < 0 || maxTablesPerClient < 0 || idleTimeout.isNegative()) {
      throw new IllegalArgumentException("limits are 0 (none) or more");
    }
    createKey = createKey == null ? "" : createKey;
  }

  /** PERMISSION_DENIED unless the server has no create key or {@code sent} is it. */
  public void checkCreateKey(String sent) {
    if (createKey.isEmpty()) {
      return;
    }
    // Constant time: the comparison must not tell how much of a guess was right.
    if (!MessageDigest.isEqual(createKey.getBytes(StandardCharsets.UTF_8),
        sent.getBytes(StandardCharsets.UTF_8))) {
      throw new TableException(Reason.CREATE_KEY_REQUIRED, "this server creates tables only "
          + "for callers with its create key (metadata " + CREATE_KEY_HEADER + "); "
          + "ask its operator, or join an open table");
    }
  }

  /** RESOURCE_EXHAUSTED when one more table would pass a limit. */
  public void checkRoom(long open, long openByClient) {
    if (maxTables > 0 && open >= maxTables) {
      throw new TableException(Reason.TOO_MANY_TABLES, "the server runs the most tables it may ("
          + maxTables + "); join an open table or try later");
    }
    if (maxTablesPerClient > 0 && openByClient >= maxTablesPerClient) {
      throw new TableException(Reason.TOO_MANY_TABLES_FOR_CLIENT, "your address has "
          + openByClient + " open table(s), the most one client may; finish one first");
    }
  }
}
