package org.tenace.server.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The store alone, without the server: {@code threads} threads each append to a table of its own
 * as fast as the log acknowledges, for {@code seconds} after a warm-up; prints appends a second
 * and each append's latency (p50, p99, p99.9), the cost an action pays for its commit, and this
 * process's CPU per append over the measured seconds (the log's, the appending threads' own
 * being next to nothing). Usage
 * (docs/performance.md): {@code StoreBench JDBC_URL THREADS SECONDS [USER PASSWORD] [--sync]}.
 */
public final class StoreBench {
  private StoreBench() {}

  public static void main(String[] args) throws Exception {
    String url = args[0];
    int threads = Integer.parseInt(args[1]);
    int seconds = Integer.parseInt(args[2]);
    boolean sync = Arrays.asList(args).contains("--sync");
    String user = args.length > 3 && !args[3].startsWith("--") ? args[3] : null;
    String password = args.length > 4 && !args[4].startsWith("--") ? args[4] : null;
    byte[] payload = new byte[48]; // about an action's encoded event
    try (EventLog log = EventLogs.open(url, sync, user, password)) {
      AtomicBoolean measuring = new AtomicBoolean();
      AtomicBoolean stop = new AtomicBoolean();
      List<long[]> samples = new ArrayList<>();
      int[] counts = new int[threads];
      CountDownLatch done = new CountDownLatch(threads);
      String run = Long.toString(System.nanoTime(), 36);
      for (int t = 0; t < threads; t++) {
        int me = t;
        long[] mine = new long[4_000_000];
        samples.add(mine);
        Thread th = new Thread(() -> {
          long seq = 0;
          int n = 0;
          while (!stop.get()) {
            long start = System.nanoTime();
            log.append(new StoredEvent("b" + run + "-" + me, ++seq, System.currentTimeMillis(),
                payload));
            long took = System.nanoTime() - start;
            if (measuring.get() && n < mine.length) {
              mine[n++] = took;
            }
          }
          counts[me] = n;
          done.countDown();
        });
        th.setDaemon(true);
        th.start();
      }
      Thread.sleep(3_000); // warm-up: the JIT, the pool's connections
      com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
          java.lang.management.ManagementFactory.getOperatingSystemMXBean();
      measuring.set(true);
      long from = System.nanoTime();
      long cpu0 = os.getProcessCpuTime();
      Thread.sleep(seconds * 1000L);
      measuring.set(false);
      long cpu = os.getProcessCpuTime() - cpu0;
      long elapsed = System.nanoTime() - from;
      stop.set(true);
      done.await();
      int total = Arrays.stream(counts).sum();
      long[] all = new long[total];
      int at = 0;
      for (int t = 0; t < threads; t++) {
        System.arraycopy(samples.get(t), 0, all, at, counts[t]);
        at += counts[t];
      }
      Arrays.sort(all);
      System.out.printf(Locale.ROOT, "%s threads=%d%s appends/s=%.0f p50=%dus p99=%dus "
              + "p99.9=%dus cpu/append=%.1fus%n", url.replaceAll("\\?.*", ""), threads,
          sync ? " sync" : "", total / (elapsed / 1e9), at(all, 0.50), at(all, 0.99),
          at(all, 0.999), total == 0 ? 0.0 : cpu / 1e3 / total);
    }
  }

  private static long at(long[] sorted, double q) {
    return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1,
        Math.floor(q * sorted.length))] / 1000;
  }
}
