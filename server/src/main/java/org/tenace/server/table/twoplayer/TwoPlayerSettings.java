package org.tenace.server.table.twoplayer;

import java.util.OptionalLong;
import org.tenace.bridge.check.Require;
import org.tenace.server.engine.honeymoon.TwoPlayerRules;
import org.tenace.server.table.TableSettings;

/**
 * A two-player table's settings, fixed when it is created.
 *
 * @param deals deals to play before the table closes; 0 for no limit
 * @param seed deals from this seed (tests, prepared games); empty for secure random deals
 */
public record TwoPlayerSettings(TwoPlayerRules rules, int deals,
    TableSettings.KibitzPolicy kibitz, OptionalLong seed) {
  /** The most deals a table plays, as a four-player table's boards stop at 10000. */
  public static final int MAX_DEALS = 10_000;

  public TwoPlayerSettings {
    Require.nonNull("rules kibitz seed", rules, kibitz, seed);
    if (deals < 0 || deals > MAX_DEALS) {
      throw new IllegalArgumentException("0 (no limit) to " + MAX_DEALS + " deals: " + deals);
    }
  }
}
