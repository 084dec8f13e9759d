package org.tenace.server.api;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.server.application.View;
import org.tenace.server.engine.Viewer;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Role;
import org.tenace.server.table.TableShell;
import org.tenace.server.table.twoplayer.TwoPlayerEvent;
import org.tenace.server.table.twoplayer.TwoPlayerTable;

/**
 * A two-player table's audience: each stream gets the whole view again with every event,
 * redacted for its viewer by {@link TwoPlayerPresenter}. A resume (from_sequence) begins with a
 * fresh snapshot, which the contract allows; each update carries the whole view, so nothing is
 * lost by it. Runs under the table's lock.
 */
final class TwoPlayerHub implements Hub, TwoPlayerTable.Listener {
  private final TwoPlayerTable table;
  private final Map<Watcher, Viewer> watchers = new LinkedHashMap<>();

  TwoPlayerHub(TwoPlayerTable table) {
    this.table = table;
    table.addListener(this);
  }

  @Override
  public org.tenace.proto.v1.TableInfo info() {
    return TwoPlayerPresenter.info(table);
  }

  @Override
  public void onEvent(TwoPlayerTable t, long seq, TwoPlayerEvent event) {
    long now = System.currentTimeMillis();
    for (Map.Entry<Watcher, Viewer> w : List.copyOf(watchers.entrySet())) {
      w.getKey().send(TwoPlayerPresenter.update(t, seq, event, w.getValue(), now));
    }
    if (event instanceof TwoPlayerEvent.Left l) {
      // The token is dead: its streams must not go on showing the seat's next holder's cards.
      Ending end = Hub.leaving(l.reason());
      close(l.token(), end.code(), end.reason(), end.message());
    }
    if (event instanceof TwoPlayerEvent.Closed) {
      closeAll(Status.Code.OK, "", "");
    }
  }

  @Override
  public Watcher watch(Holder h, ServerCallStreamObserver<?> out, boolean connect, long from) {
    // One stream per token, as at four-player tables: the newer one takes over.
    close(h.token(), Status.Code.ABORTED, "WATCH_REPLACED",
        "WATCH_REPLACED: a newer WatchTable with this token took over");
    Viewer viewer = TwoPlayerPresenter.viewer(h, table.settings());
    View view = h.role() == Role.PLAYER ? View.player(h.seat().orElseThrow())
        : h.role() == Role.DIRECTOR ? View.DIRECTOR
        : viewer.equals(Viewer.kibitzer(Viewer.KibitzPolicy.ALL_HANDS)) ? View.KIBITZER_ALL
        : View.KIBITZER_PUBLIC;
    Watcher[] w = new Watcher[1];
    w[0] = new Watcher(view, h, out, connect, () -> watchers.remove(w[0]));
    w[0].send(WatchTableResponse.newBuilder()
        .setSnapshot(TwoPlayerPresenter.snapshot(table, h)).build());
    if (table.status() == TableShell.Status.CLOSED) {
      w[0].close(Status.Code.OK, "", "");
    } else {
      watchers.put(w[0], viewer);
    }
    return w[0];
  }

  @Override
  public void remove(Watcher w) {
    watchers.remove(w);
  }

  @Override
  public boolean watching(String token) {
    for (Watcher w : watchers.keySet()) {
      if (w.holder.token().equals(token) && !w.isClosed()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public int streams() {
    return watchers.size();
  }

  @Override
  public void closeAll(Status.Code code, String reason, String message) {
    for (Watcher w : watchers.keySet()) {
      w.close(code, reason, message);
    }
    watchers.clear();
  }

  /** Ends and forgets the streams watching with {@code token}. */
  private void close(String token, Status.Code code, String reason, String message) {
    for (Watcher w : List.copyOf(watchers.keySet())) {
      if (w.holder.token().equals(token)) {
        w.close(code, reason, message);
        watchers.remove(w);
      }
    }
  }
}
