package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.server.store.EventLog;
import org.tenace.server.store.EventStore;
import org.tenace.server.store.StoredEvent;

/**
 * The server starts from one reading of its event log: the tables and the sessions are rebuilt
 * from the same copy (a log of millions of events is not read twice, and a second storage, such
 * as PostgreSQL, is one more {@link EventLog}).
 */
class EventLogReadOnceTest {
  @TempDir Path dir;

  /** An H2 store that counts its readings. */
  private static final class Counted implements EventLog {
    final EventStore store;
    final AtomicInteger readings = new AtomicInteger();

    Counted(EventStore store) {
      this.store = store;
    }

    @Override
    public void append(StoredEvent e) {
      store.append(e);
    }

    @Override
    public Map<String, List<StoredEvent>> loadAll() {
      readings.incrementAndGet();
      return store.loadAll();
    }

    @Override
    public List<StoredEvent> load(String id) {
      readings.incrementAndGet();
      return store.load(id);
    }

    @Override
    public java.util.Set<String> list() {
      readings.incrementAndGet();
      return store.list();
    }

    @Override
    public void flush() {
      store.flush();
    }

    @Override
    public void close() {
      store.close();
    }
  }

  @Test
  void theServerReadsItsLogOnceWhenItStarts() {
    Counted log = new Counted(EventStore.open("jdbc:h2:" + dir.resolve("tenace")));
    TenaceServer server = TenaceServer.start(
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)), log, true);
    try {
      assertThat(log.readings).hasValue(1);
    } finally {
      server.close();
    }
  }
}
