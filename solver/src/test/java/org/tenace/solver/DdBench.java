package org.tenace.solver;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;

/**
 * Tenace's double-dummy tables against DDS's on the same seeded random deals in the same run
 * (bench/dd.sh builds DDS's side, bench/dd/dds-time.c). One thread: deal by deal, DDS then
 * Tenace, so that the noise of a shared machine falls on both; the tables must agree. Two
 * threads: the whole batch on each, deals a second. Prints a Markdown table with the ratios.
 * Arguments: DDS_HELPER DEALS SEED.
 */
public final class DdBench {
  private static final int[] STRAIN = {3, 2, 1, 0, 4}; // DDS's S H D C NT to Strain's order

  public static void main(String[] args) throws Exception {
    String helper = args[0];
    int n = Integer.parseInt(args[1]);
    long seed = Long.parseLong(args[2]);
    Random r = new Random(seed);
    List<Deal> deals = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      deals.add(Deal.of(Reference.randomHands(r, 13)));
    }
    long[] dds = new long[n];
    long[] tenace = new long[n];
    Process p = new ProcessBuilder(helper, "1").redirectError(ProcessBuilder.Redirect.INHERIT).start();
    DoubleDummy dd = new DoubleDummy(20);
    try (PrintWriter out = new PrintWriter(p.getOutputStream(), true, StandardCharsets.US_ASCII);
        BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
      for (int i = 0; i < n; i++) {
        Deal d = deals.get(i);
        out.println(d.toPbn(Seat.NORTH));
        String[] f = in.readLine().trim().split(" ");
        dds[i] = Long.parseLong(f[0]) * 1000;
        int[] t = new int[20];
        for (int k = 0; k < 20; k++) {
          t[STRAIN[k / 4] * 4 + k % 4] = Integer.parseInt(f[k + 1]);
        }
        long t0 = System.nanoTime();
        DdTable ours = dd.table(d, Long.MAX_VALUE);
        tenace[i] = System.nanoTime() - t0;
        if (!ours.equals(DdTable.of(t))) {
          throw new IllegalStateException("deal " + i + " " + d + ": Tenace " + ours + ", DDS " + DdTable.of(t));
        }
        System.err.printf("deal %d: DDS %.1f ms, Tenace %.1f ms%n", i, dds[i] / 1e6, tenace[i] / 1e6);
      }
    }
    p.waitFor();
    double ddsRate2 = n / (twoThreadsDds(helper, deals) / 1e9);
    double tenaceRate2 = n / (twoThreadsTenace(deals) / 1e9);
    System.out.printf("%d random deals (seed %d), all 20 results each, tables equal to DDS's.%n%n", n, seed);
    System.out.println("| per deal, one thread | DDS 2.9 | Tenace | Tenace / DDS |");
    System.out.println("|---|---|---|---|");
    row("mean", mean(dds), mean(tenace));
    row("p50", pct(dds, 50), pct(tenace, 50));
    row("p99", pct(dds, 99), pct(tenace, 99));
    row("worst", pct(dds, 100), pct(tenace, 100));
    double r1d = n / (Arrays.stream(dds).sum() / 1e9);
    double r1t = n / (Arrays.stream(tenace).sum() / 1e9);
    System.out.printf("| deals/s, 1 thread | %.2f | %.3f | %.4f |%n", r1d, r1t, r1t / r1d);
    System.out.printf("| deals/s, 2 threads | %.2f | %.3f | %.4f |%n", ddsRate2, tenaceRate2, tenaceRate2 / ddsRate2);
  }

  private static void row(String what, double dds, double tenace) {
    System.out.printf("| %s | %.1f ms | %.1f ms | %.2f |%n", what, dds / 1e6, tenace / 1e6, tenace / dds);
  }

  private static double mean(long[] a) {
    return Arrays.stream(a).average().orElse(0);
  }

  private static double pct(long[] a, int p) {
    long[] s = a.clone();
    Arrays.sort(s);
    return s[Math.min(s.length - 1, (int) Math.ceil(p / 100.0 * s.length) - 1)];
  }

  private static long twoThreadsDds(String helper, List<Deal> deals) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(helper, "2").redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try (PrintWriter out = new PrintWriter(p.getOutputStream(), true, StandardCharsets.US_ASCII)) {
      for (Deal d : deals) {
        out.println(d.toPbn(Seat.NORTH));
      }
    }
    String micros = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
    p.waitFor();
    return Long.parseLong(micros) * 1000;
  }

  /** The batch API itself, as analysis runs it: a solver a thread, deals handed out in turn. */
  private static long twoThreadsTenace(List<Deal> deals) {
    long t0 = System.nanoTime();
    DoubleDummy.tables(deals, 2, java.time.Duration.ofHours(1));
    return System.nanoTime() - t0;
  }
}
