package org.tenace.server.api;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import org.tenace.server.table.Holder;

/**
 * A table's audience, whatever its game: its WatchTable and Connect streams, each with what its
 * viewer may see (four-player tables: {@link TableHub}; two-player: {@link TwoPlayerHub}). Every
 * method runs under the table's lock.
 */
public interface Hub {
  /**
   * Starts a stream for {@code holder}: a snapshot, or what it missed since {@code from} where
   * the game keeps it; a newer stream with the same token takes over from an older one.
   * {@code connect}: {@code out} is a Connect stream (see {@link Watcher}).
   */
  Watcher watch(Holder holder, ServerCallStreamObserver<?> out, boolean connect, long from);

  /** The stream has gone. */
  void remove(Watcher w);

  /** Whether a stream still watches with this token. */
  boolean watching(String token);

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
}
