package org.tenace.bench;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import javax.management.MBeanServerConnection;
import javax.management.Notification;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * What the server process costs, read from the process itself: its CPU time, heap and garbage
 * collections through the JVM's management beans (attached to by pid, as {@code jcmd} does), its
 * resident memory from {@code /proc}. Only for a server on this machine; a server elsewhere has no
 * probe and its figures are left out.
 */
final class ServerProbe implements AutoCloseable {
  private final List<Jvm> jvms;

  private ServerProbe(List<Jvm> jvms) {
    this.jvms = jvms;
  }

  /** Attaches to the JVM of process {@code pid} (same user, same machine). */
  static ServerProbe attach(long pid) throws IOException {
    return attach(List.of(pid));
  }

  /**
   * Attaches to the JVMs of processes {@code pids} (the nodes of a cluster on this machine),
   * whose figures are then summed (the longest pause is the longest of any).
   */
  static ServerProbe attach(List<Long> pids) throws IOException {
    List<Jvm> jvms = new ArrayList<>();
    try {
      for (long pid : pids) {
        jvms.add(Jvm.attach(pid));
      }
    } catch (IOException e) {
      jvms.forEach(Jvm::close);
      throw e;
    }
    return new ServerProbe(jvms);
  }

  /** The servers' CPU time so far (user and system, every thread), in nanoseconds. */
  long cpuNanos() throws IOException {
    return total(Jvm::cpuNanos);
  }

  long heapUsed() {
    return total(Jvm::heapUsed);
  }

  long heapCommitted() {
    return total(Jvm::heapCommitted);
  }

  /** The live heap: used bytes after two full collections. */
  long liveHeap() throws InterruptedException {
    return total(Jvm::liveHeap);
  }

  /** Resident memory now, in bytes, from /proc (Linux); empty elsewhere. */
  OptionalLong rss() {
    return sum(Jvm::rss);
  }

  /** The most resident memory each process has had, summed, in bytes. */
  OptionalLong peakRss() {
    return sum(Jvm::peakRss);
  }

  /** One server's figure, which reading may fail with {@code X}. */
  @FunctionalInterface
  private interface Figure<X extends Exception> {
    long of(Jvm jvm) throws X;
  }

  /** {@code figure} summed over the servers. */
  private <X extends Exception> long total(Figure<X> figure) throws X {
    long sum = 0;
    for (Jvm j : jvms) {
      sum += figure.of(j);
    }
    return sum;
  }

  private OptionalLong sum(java.util.function.Function<Jvm, OptionalLong> figure) {
    long sum = 0;
    for (Jvm j : jvms) {
      OptionalLong v = figure.apply(j);
      if (v.isEmpty()) {
        return OptionalLong.empty();
      }
      sum += v.getAsLong();
    }
    return OptionalLong.of(sum);
  }

  /** Counts the collections' pauses from now on, forgetting earlier ones. */
  void countPauses() {
    jvms.forEach(Jvm::countPauses);
  }

  /** Pauses counted: {count, total milliseconds, longest milliseconds}. */
  double[] pauses() {
    double[] all = new double[3];
    for (Jvm j : jvms) {
      double[] p = j.pauses();
      all[0] += p[0];
      all[1] += p[1];
      all[2] = Math.max(all[2], p[2]);
    }
    return all;
  }

  @Override
  public void close() {
    jvms.forEach(Jvm::close);
  }

  /** One server's JVM. */
  private static final class Jvm implements AutoCloseable {
    private final long pid;
    private final JMXConnector connector;
    private final MBeanServerConnection mbeans;
    private final MemoryMXBean memory;
    private final List<ObjectName> collectors = new ArrayList<>();
    private final NotificationListener onGc = this::gc;
    private volatile boolean counting;
    private long pauses;
    private double pauseMillis;
    private double longestPause;

    private Jvm(long pid, JMXConnector connector) throws IOException {
      this.pid = pid;
      this.connector = connector;
      this.mbeans = connector.getMBeanServerConnection();
      this.memory = ManagementFactory.newPlatformMXBeanProxy(mbeans,
          ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
      try {
        collectors.addAll(mbeans.queryNames(
            new ObjectName(ManagementFactory.GARBAGE_COLLECTOR_MXBEAN_DOMAIN_TYPE + ",*"), null));
        for (ObjectName gc : collectors) {
          mbeans.addNotificationListener(gc, onGc, null, null);
        }
      } catch (javax.management.JMException e) {
        throw new IOException("cannot watch the server's garbage collector: " + e.getMessage(), e);
      }
    }

    /**
     * Attaches to the JVM of process {@code pid} (same user, same machine) and starts its local
     * management agent, which serves this machine only.
     */
    static Jvm attach(long pid) throws IOException {
      String address;
      try {
        VirtualMachine vm = VirtualMachine.attach(String.valueOf(pid));
        try {
          address = vm.startLocalManagementAgent();
        } finally {
          vm.detach();
        }
      } catch (com.sun.tools.attach.AttachNotSupportedException | LinkageError e) {
        throw new IOException("cannot attach to the server's JVM (pid " + pid + "): "
            + e.getMessage() + "; run a JDK, as the same user", e);
      }
      return new Jvm(pid, JMXConnectorFactory.connect(new JMXServiceURL(address)));
    }

    /** The server's CPU time so far (user and system, every thread), in nanoseconds. */
    long cpuNanos() throws IOException {
      try {
        return ((Number) mbeans.getAttribute(
            new ObjectName(ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME), "ProcessCpuTime"))
            .longValue();
      } catch (javax.management.JMException e) {
        throw new IOException("cannot read the server's CPU time: " + e.getMessage(), e);
      }
    }

    long heapUsed() {
      return memory.getHeapMemoryUsage().getUsed();
    }

    long heapCommitted() {
      return memory.getHeapMemoryUsage().getCommitted();
    }

    /** The live heap: used bytes after two full collections. */
    long liveHeap() throws InterruptedException {
      memory.gc();
      memory.gc();
      Thread.sleep(200);
      return memory.getHeapMemoryUsage().getUsed();
    }

    /** Resident memory now, in bytes, from /proc (Linux); empty elsewhere. */
    OptionalLong rss() {
      return procStatus("VmRSS:");
    }

    /** The most resident memory the process has had, in bytes. */
    OptionalLong peakRss() {
      return procStatus("VmHWM:");
    }

    /** Counts the collections' pauses from now on, forgetting earlier ones. */
    synchronized void countPauses() {
      pauses = 0;
      pauseMillis = 0;
      longestPause = 0;
      counting = true;
    }

    /** Pauses counted: {count, total milliseconds, longest milliseconds}. */
    synchronized double[] pauses() {
      counting = false;
      return new double[] {pauses, pauseMillis, longestPause};
    }

    /**
     * A collection ended. Its duration is the pause for the collectors that stop the world (G1's
     * young and full collections, Parallel, Serial); cycles that run beside the application (G1's
     * concurrent cycle on newer JDKs, ZGC and Shenandoah's cycles) are not pauses.
     */
    private synchronized void gc(Notification n, Object handback) {
      if (!counting || !(n.getUserData() instanceof CompositeData data)) {
        return;
      }
      String name = String.valueOf(data.get("gcName"));
      if (name.contains("Concurrent") || name.contains("Cycles")) {
        return;
      }
      Object info = data.get("gcInfo");
      if (info instanceof CompositeData gcInfo && gcInfo.get("duration") instanceof Long ms) {
        pauses++;
        pauseMillis += ms;
        longestPause = Math.max(longestPause, ms);
      }
    }

    private OptionalLong procStatus(String key) {
      try {
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
          if (line.startsWith(key)) {
            return OptionalLong.of(Long.parseLong(line.substring(key.length()).trim()
                .split("\\s+")[0]) * 1024);
          }
        }
      } catch (IOException | RuntimeException e) {
        // no /proc (not Linux) or the process is gone: no figure
      }
      return OptionalLong.empty();
    }

    @Override
    public void close() {
      for (ObjectName gc : collectors) {
        try {
          mbeans.removeNotificationListener(gc, onGc);
        } catch (Exception e) {
          // the server may already be gone
        }
      }
      try {
        connector.close();
      } catch (IOException e) {
        // the server may already be gone
      }
    }
  }
}
