package org.tenace.server.table;

import java.util.Objects;
import org.tenace.server.engine.SureTricks;

/**
 * A claim search's answers ({@link SearchFirst#search}) and the game version of the position they
 * were found at. The table takes them only while that version is its own: once the game has moved
 * on they answer another position, and the table asks for the search again.
 *
 * @param gameVersion the table's last game event when the search was asked for
 * @param sure the answers, by side
 */
public record Searched(long gameVersion, SureTricks sure) {
  /** Nothing searched yet: a command's first attempt. */
  public static final Searched NONE = new Searched(0, SureTricks.NONE_YET);

  public Searched {
    Objects.requireNonNull(sure, "sure");
  }
}
