package org.tenace.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time of a process that is not a JVM and of its children, from Linux's {@code /proc}:
 * PostgreSQL's postmaster serves each connection from a child process of its own, so its cost is
 * the postmaster's own time, the time of its children still running and that of the children it
 * has reaped.
 */
final class ProcessTreeCpu {
  /** Linux's clock ticks a second for /proc's times ({@code getconf CLK_TCK}, 100 everywhere). */
  private static final long TICKS = 100;

  private ProcessTreeCpu() {}

  /** The CPU time so far of {@code pid} and its children, in nanoseconds. */
  static long nanos(long pid) throws IOException {
    long[] own = stat(Path.of("/proc", String.valueOf(pid), "stat"));
    if (own == null) {
      throw new IOException("no process " + pid + " to read the CPU of (/proc)");
    }
    long ticks = own[1] + own[2] + own[3] + own[4];
    try (DirectoryStream<Path> all = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path p : all) {
        long[] s = stat(p.resolve("stat"));
        if (s != null && s[0] == pid) {
          ticks += s[1] + s[2];
        }
      }
    }
    return ticks * (1_000_000_000L / TICKS);
  }

  /**
   * {parent pid, utime, stime, cutime, cstime} of one {@code /proc/PID/stat}, or null when the
   * process is gone. The command name (field 2) may hold spaces: the fields after it are counted
   * from its closing parenthesis.
   */
  static long[] stat(Path file) {
    String line;
    try {
      line = Files.readString(file);
    } catch (IOException e) {
      return null;
    }
    return parse(line);
  }

  static long[] parse(String line) {
    String[] f = line.substring(line.lastIndexOf(')') + 2).trim().split(" ");
    // f[0] is field 3 (state): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17.
    return new long[] {Long.parseLong(f[1]), Long.parseLong(f[11]), Long.parseLong(f[12]),
        Long.parseLong(f[13]), Long.parseLong(f[14])};
  }
}
