package org.tenace.server.store;

import java.io.BufferedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The victim of {@link StoreKillTest}: appends forever, acknowledging each append on stdout.
 * Arguments: the log's JDBC URL, then (PostgreSQL) its user and password.
 */
public final class StoreKillChild {
  private StoreKillChild() {}

  public static void main(String[] args) {
    EventLog store = EventLogs.open(args[0], false, args.length > 1 ? args[1] : null,
        args.length > 2 ? args[2] : null);
    PrintStream out = new PrintStream(new BufferedOutputStream(System.out, 1 << 12), false,
        StandardCharsets.US_ASCII);
    byte[] payload = "card W SA".getBytes(StandardCharsets.US_ASCII);
    for (long seq = 1; ; seq++) {
      store.append(new StoredEvent("k", seq, System.currentTimeMillis(), payload));
      out.println(seq); // only after the append returned: an acknowledgement
      if (seq % 64 == 0) {
        out.flush();
      }
    }
  }
}
