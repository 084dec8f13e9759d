package org.tenace.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The commit latency the servers themselves saw: their {@code tenace_journal_append_seconds}
 * histogram (an action's event from its append to its commit, where the action waits for the
 * store), read from each server's {@code GET /metrics} before and after the measured seconds.
 * The difference of the two readings, summed over the servers, gives the appends of those
 * seconds alone; a percentile is placed by linear interpolation inside its bucket, so it is as
 * fine as the buckets are.
 */
final class AppendLatency {
  private static final Pattern BUCKET = Pattern.compile(
      "^tenace_journal_append_seconds_bucket\\{(?:[^}]*,)?le=\"([^\"]+)\"[^}]*}\\s+(\\S+)");
  private static final HttpClient HTTP = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(5)).build();

  /** Cumulative counts by upper bound in seconds (+Inf last), as Prometheus gives them. */
  private final TreeMap<Double, Double> buckets;

  private AppendLatency(TreeMap<Double, Double> buckets) {
    this.buckets = buckets;
  }

  /** The servers' histograms now, summed; {@code hostPorts} each serve {@code /metrics}. */
  static AppendLatency read(List<String> hostPorts) throws IOException, InterruptedException {
    TreeMap<Double, Double> sum = new TreeMap<>();
    for (String hostPort : hostPorts) {
      HttpResponse<String> r;
      try {
        r = HTTP.send(HttpRequest.newBuilder(URI.create("http://" + hostPort + "/metrics"))
            .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
      } catch (IOException | IllegalArgumentException e) {
        throw new IOException("cannot read the metrics at " + hostPort + ": " + e.getMessage(),
            e);
      }
      if (r.statusCode() != 200) {
        throw new IOException("the metrics at " + hostPort + " answered " + r.statusCode());
      }
      parse(r.body()).buckets.forEach((le, n) -> sum.merge(le, n, Double::sum));
    }
    return new AppendLatency(sum);
  }

  /** The histogram of one {@code /metrics} page (empty when it has none). */
  static AppendLatency parse(String page) {
    TreeMap<Double, Double> buckets = new TreeMap<>();
    for (String line : page.split("\n")) {
      Matcher m = BUCKET.matcher(line);
      if (m.find()) {
        double le = m.group(1).equals("+Inf") ? Double.POSITIVE_INFINITY
            : Double.parseDouble(m.group(1));
        buckets.merge(le, Double.parseDouble(m.group(2)), Double::sum);
      }
    }
    return new AppendLatency(buckets);
  }

  /** The appends after {@code before} up to this reading. */
  AppendLatency since(AppendLatency before) {
    TreeMap<Double, Double> d = new TreeMap<>();
    buckets.forEach((le, n) -> d.put(le, n - before.buckets.getOrDefault(le, 0.0)));
    return new AppendLatency(d);
  }

  /** How many appends the histogram holds. */
  long count() {
    return buckets.isEmpty() ? 0 : Math.round(buckets.lastEntry().getValue());
  }

  /**
   * The {@code percentile} (0-100) in microseconds, or null when there is no append; inside a
   * bucket the appends are taken as spread evenly between its bounds (from 0 for the first);
   * one in the last, unbounded bucket is given as its lower bound.
   */
  Double micros(double percentile) {
    long total = count();
    if (total == 0) {
      return null;
    }
    double rank = percentile / 100 * total;
    double lower = 0;
    double below = 0;
    for (Map.Entry<Double, Double> b : buckets.entrySet()) {
      double upper = b.getKey();
      double n = b.getValue();
      if (n >= rank && n > below) {
        if (Double.isInfinite(upper)) {
          return BenchCommand.round(lower * 1e6, 1);
        }
        return BenchCommand.round((lower + (upper - lower) * (rank - below) / (n - below)) * 1e6,
            1);
      }
      lower = upper;
      below = n;
    }
    return BenchCommand.round(lower * 1e6, 1);
  }
}
