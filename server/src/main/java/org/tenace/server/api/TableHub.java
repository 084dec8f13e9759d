package org.tenace.server.api;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Message;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.tenace.proto.v1.WatchTableResponse;
import org.tenace.server.application.View;
import org.tenace.server.engine.BoardEvent;
import org.tenace.server.engine.DealState;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableEvent;
import org.tenace.server.table.TableListener;

/**
 * A table's audience: its WatchTable and Connect streams, each with its viewer class. Each event is
 * rendered once per class that has a watcher, and sent to every stream of the class. It keeps the table's recent
 * events so that a client that resumes gets exactly what it missed. Runs under the table's lock.
 */
final class TableHub implements TableListener, Hub {
  private static final int RECENT = 256;
  private static final int RECENT_START = 8; // it grows as a board is played

  private final Table table;
  // One list, not one per viewer class: a table has a handful of streams and most classes none,
  // and thousands of idle tables each kept seven mostly empty lists.
  private final List<Watcher> watchers = new ArrayList<>(4);
  private final RunningScores scores = new RunningScores();
  private ArrayDeque<Past> recent = new ArrayDeque<>(RECENT_START);
  // What a watcher cut off for falling behind runs: one for the table, not one a stream.
  private final Runnable dropClosed = () -> {
    watchers.removeIf(Watcher::isClosed);
    forgetIfUnwatched();
  };

  /** One logged event as it happened, kept to be rendered again for a resuming client. */
  private record Past(long seq, long millis, TableEvent event, List<BoardEvent> happened,
      DealState after) {}

  TableHub(Table table) {
    this.table = table;
    table.addListener(this);
  }

  @Override
  public org.tenace.proto.v1.TableInfo info() {
    return Presenter.info(table);
  }

  @Override
  public void onEvent(Table t, long seq, TableEvent e, List<BoardEvent> happened,
      DealState after) {
    long millis = System.currentTimeMillis();
    if (recent.size() == RECENT) {
      recent.removeFirst();
    }
    recent.addLast(new Past(seq, millis, e, happened, after));
    if (e instanceof TableEvent.BoardStarted) {
      // A resume across a board boundary gets a snapshot: older events are of no use. A fresh
      // deque, so that an idle table does not keep the room the last board's events took.
      Past started = recent.peekLast();
      recent = new ArrayDeque<>(RECENT_START);
      recent.addLast(started);
    }
    // A copy: a stream cut off for falling behind leaves the list while its class is sent.
    List<Watcher> ws = List.copyOf(watchers);
    for (int i = 0; i < ws.size(); i++) {
      View view = ws.get(i).view;
      if (renderedBefore(ws, i)) {
        continue;
      }
      List<org.tenace.proto.v1.TableEvent> msgs =
          Presenter.events(t, seq, millis, e, happened, after, view, scores);
      List<WatchTableResponse> rs = new ArrayList<>(msgs.size());
      for (org.tenace.proto.v1.TableEvent m : msgs) {
        rs.add(WatchTableResponse.newBuilder().setEvent(m).build());
      }
      for (int j = i; j < ws.size(); j++) {
        if (ws.get(j).view.index() == view.index()) {
          ws.get(j).send(rs);
        }
      }
    }
    if (e instanceof TableEvent.Left l) {
      Ending end = Hub.leaving(l.reason());
      for (Watcher w : List.copyOf(watchers)) {
        if (w.holder.token().equals(l.token())) {
          w.close(end.code(), end.reason(), end.message());
          watchers.remove(w);
        }
      }
      forgetIfUnwatched();
    }
    if (e instanceof TableEvent.Closed) {
      closeAll(Status.Code.OK, "", "");
    }
  }

  /** Whether a watcher before the {@code i}th has its viewer class (and so was sent the event). */
  private static boolean renderedBefore(List<Watcher> ws, int i) {
    for (int j = 0; j < i; j++) {
      if (ws.get(j).view.index() == ws.get(i).view.index()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Starts a stream for {@code holder}: a snapshot, or the events since {@code from} when the
   * table still has them all and each shows only cards the viewer may see now. Caller holds the
   * table's lock. {@code connect}: {@code out} is a Connect stream (see {@link Watcher}).
   */
  @Override
  public Watcher watch(Holder holder, ServerCallStreamObserver<?> out, boolean connect,
      long from) {
    for (Watcher w : List.copyOf(watchers)) {
      if (w.holder.token().equals(holder.token())) {
        w.close(Status.Code.ABORTED, "WATCH_REPLACED",
            "WATCH_REPLACED: a newer WatchTable with this token took over");
        watchers.remove(w);
      }
    }
    View view = View.of(holder, table.settings());
    Watcher w = new Watcher(view, holder, out, connect, dropClosed);
    List<WatchTableResponse> missed = from > 0 ? missedSince(from, view) : null;
    if (missed == null) {
      w.send(WatchTableResponse.newBuilder()
          .setSnapshot(Presenter.snapshot(table, view, holder, scores)).build());
    } else {
      w.send(missed);
    }
    watchers.add(w);
    return w;
  }

  @Override
  public List<String> describeStreams() {
    return watchers.stream().map(Watcher::describe).toList();
  }

  @Override
  public void remove(Watcher w) {
    watchers.remove(w);
    forgetIfUnwatched();
  }

  /** The running score is kept for the watchers' messages only: none, nothing kept. */
  private void forgetIfUnwatched() {
    if (watchers.isEmpty()) {
      scores.clear();
    }
  }

  /** Whether the running score's whole sheet is kept rendered (tests). */
  boolean holdsScoreSheet() {
    return scores.holdsSheet();
  }

  /** How many streams watch the table (under the table's lock). */
  @Override
  public int streams() {
    return watchers.size();
  }

  /** Whether another stream still watches with this token. */
  @Override
  public boolean watching(String token) {
    for (Watcher w : watchers) {
      if (w.holder.token().equals(token) && !w.isClosed()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void closeAll(Status.Code code, String reason, String message) {
    for (Watcher w : watchers) {
      w.close(code, reason, message);
    }
    watchers.clear();
    scores.clear();
  }

  /** The events from {@code from} on, rendered for {@code view}; null when a snapshot is due. */
  private List<WatchTableResponse> missedSince(long from, View view) {
    long version = table.version();
    if (from > version + 1) {
      return null;
    }
    List<WatchTableResponse> out = new ArrayList<>();
    if (from == version + 1) {
      return out;
    }
    List<org.tenace.proto.v1.TableEvent> events = new ArrayList<>();
    if (recent.isEmpty() || recent.peekFirst().seq() > from) {
      return null;
    }
    long visible = table.board().map(b -> b.visibleBits(view.viewer())).orElse(0L);
    for (Past p : recent) {
      if (p.seq() < from) {
        continue;
      }
      for (org.tenace.proto.v1.TableEvent m : Presenter.events(table, p.seq(), p.millis(),
          p.event(), p.happened(), p.after(), view, scores)) {
        if ((cards(m) & ~visible) != 0) {
          return null; // it would show a card the viewer may no longer see (Law 66)
        }
        events.add(m);
      }
    }
    // Rendered now, every event would carry today's turn and seat to act: only the last keeps them.
    for (int i = 0; i < events.size(); i++) {
      org.tenace.proto.v1.TableEvent m = events.get(i);
      out.add(WatchTableResponse.newBuilder()
          .setEvent(i == events.size() - 1 ? m : m.toBuilder().clearTurn().clearToAct().build())
          .build());
    }
    return out;
  }

  /** Every card a message holds, anywhere in it, as a 52-bit mask. */
  static long cards(Message m) {
    long bits = 0;
    if (m instanceof org.tenace.proto.v1.Card c) {
      return ProtoMapper.known(c).map(k -> 1L << k.index()).orElse(0L);
    }
    for (var e : m.getAllFields().entrySet()) {
      Descriptors.FieldDescriptor f = e.getKey();
      if (f.getJavaType() != Descriptors.FieldDescriptor.JavaType.MESSAGE) {
        continue;
      }
      if (f.isRepeated()) {
        for (Object o : (List<?>) e.getValue()) {
          bits |= cards((Message) o);
        }
      } else {
        bits |= cards((Message) e.getValue());
      }
    }
    return bits;
  }
}
