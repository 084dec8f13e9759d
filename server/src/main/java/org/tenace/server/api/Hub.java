package org.tenace.server.api;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import org.tenace.server.application.Audience;
import org.tenace.server.application.Tables;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableShell;
import org.tenace.server.table.twoplayer.TwoPlayerTable;

/**
 * A table's audience, whatever its game: its WatchTable and Connect streams, each with what its
 * viewer may see (four-player tables: {@link TableHub}; two-player: {@link TwoPlayerHub}). Every
 * method runs under the table's lock.
 */
interface Hub extends Audience {
  /** The audience of a table of any kind, made as {@link Tables} registers the table. */
  static Hub forTable(TableShell<?, ?> t) {
    return t instanceof TwoPlayerTable two ? new TwoPlayerHub(two) : new TableHub((Table) t);
  }

  /** How a token's streams end when its holder leaves: the status, its reason and its words. */
  record Ending(Status.Code code, String reason, String message) {}

  /**
   * How a token's streams end when its holder leaves for {@code why}: the token is void either
   * way (UNAUTHENTICATED), and the reason says whether the holder left or the director replaced
   * them, for the client to tell its player in words.
   */
  static Ending leaving(org.tenace.server.table.LeaveReason why) {
    return switch (why) {
      case LEFT -> new Ending(Status.Code.UNAUTHENTICATED, "TOKEN_INVALID",
          "TOKEN_INVALID: you left the table");
      case REPLACED -> new Ending(Status.Code.UNAUTHENTICATED, "SEAT_REPLACED",
          "SEAT_REPLACED: " + TableShell.SEAT_REPLACED);
    };
  }

  /** The audience {@link #forTable} made for a registered table. */
  static Hub of(Tables.Entry e) {
    return (Hub) e.audience();
  }

  /**
   * Starts a stream for {@code holder}: a snapshot, or what it missed since {@code from} where
   * the game keeps it; a newer stream with the same token takes over from an older one.
   * {@code connect}: {@code out} is a Connect stream (see {@link Watcher}).
   */
  Watcher watch(Holder holder, ServerCallStreamObserver<?> out, boolean connect, long from);

  /** The stream has gone. */
  void remove(Watcher w);

  /** How many streams watch the table. */
  int streams();

  /** Each stream's state ({@link Watcher#describe()}), under the table's lock: for tests. */
  default java.util.List<String> describeStreams() {
    return java.util.List.of();
  }

  /** The table as the listing and CreateTable show it. */
  org.tenace.proto.v1.TableInfo info();

  /** Ends every stream with a status (OK completes them). */
  void closeAll(Status.Code code, String reason, String message);

  @Override
  default void moved(String message) {
    closeAll(Status.Code.UNAVAILABLE, "TABLE_MOVED", message);
  }
}
