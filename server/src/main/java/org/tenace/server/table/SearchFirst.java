package org.tenace.server.table;

import java.util.function.Function;
import org.tenace.server.engine.SureTricks;

/**
 * The table's answer to a command that needs a claim's search first (Laws 69B, 70, 71: the tricks
 * a side cannot lose), which takes up to {@link Limits#CLAIM_SEARCH_NODES} solver nodes a side. The table never
 * searches under its lock: it records nothing and throws this, and the caller searches on a
 * thread that may wait (never a transport's) and takes the command again with the answers
 * ({@link #searchThenTake}). The search reads only the immutable position of the claim, so it
 * runs safely while the table goes on.
 */
public final class SearchFirst extends RuntimeException {
  private static final long serialVersionUID = 1L;
  /**
   * How often one command searches at most: each side once, and again each time the game moves
   * on meanwhile. Past it the command is refused as stale: the table kept changing under it.
   */
  static final int MAX_SEARCHES = 4;

  private final transient SureTricks.Needed needed;
  private final long gameVersion;
  private final long version;

  SearchFirst(SureTricks.Needed needed, long gameVersion, long version) {
    super("the claim search for " + needed.side() + " is needed", null, false, false);
    this.needed = needed;
    this.gameVersion = gameVersion;
    this.version = version;
  }

  /** The search, within {@link Limits#CLAIM_SEARCH_NODES}: the answers so far with this side's. */
  public Searched search() {
    return new Searched(gameVersion, needed.search(Limits.CLAIM_SEARCH_NODES));
  }

  /**
   * Searches on this thread, then takes {@code command} again with the answers, as often as the
   * table asks (the other side's answer too, or again when the game moved on meanwhile); returns
   * what the command returns, or throws its refusal.
   */
  public <T> T searchThenTake(Function<Searched, T> command) {
    SearchFirst n = this;
    for (int searches = 1; ; searches++) {
      Searched found = n.search();
      try {
        return command.apply(found);
      } catch (SearchFirst again) {
        if (searches == MAX_SEARCHES) {
          throw TableException.overtaken(again.version);
        }
        n = again;
      }
    }
  }
}
