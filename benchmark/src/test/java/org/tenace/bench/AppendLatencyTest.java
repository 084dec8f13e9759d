package org.tenace.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The commit latency read from the servers' Prometheus histograms. */
class AppendLatencyTest {
  private static String page(long under1ms, long under2ms, long under4ms, long all) {
    return "# HELP tenace_journal_append_seconds appending one table event\n"
        + "tenace_journal_append_seconds_bucket{le=\"0.001\"} " + under1ms + "\n"
        + "tenace_journal_append_seconds_bucket{le=\"0.002\"} " + under2ms + "\n"
        + "tenace_journal_append_seconds_bucket{le=\"0.004\"} " + under4ms + "\n"
        + "tenace_journal_append_seconds_bucket{le=\"+Inf\"} " + all + "\n"
        + "tenace_journal_append_seconds_count " + all + "\n"
        + "tenace_request_latency_seconds_bucket{method=\"MakeCall\",le=\"0.001\"} 999\n";
  }

  @Test
  void aPercentileIsPlacedInsideItsBucket() {
    AppendLatency h = AppendLatency.parse(page(0, 100, 200, 200));

    assertThat(h.count()).isEqualTo(200);
    // 100 appends between 1 and 2 ms, 100 between 2 and 4 ms.
    assertThat(h.micros(25)).isEqualTo(1500.0);
    assertThat(h.micros(50)).isEqualTo(2000.0);
    assertThat(h.micros(99)).isEqualTo(3960.0);
  }

  @Test
  void onlyTheAppendsBetweenTwoReadingsCount() {
    AppendLatency before = AppendLatency.parse(page(1000, 1000, 1000, 1000));
    AppendLatency after = AppendLatency.parse(page(1000, 1100, 1200, 1200));

    AppendLatency d = after.since(before);
    assertThat(d.count()).isEqualTo(200);
    assertThat(d.micros(50)).isEqualTo(2000.0);
  }

  @Test
  void noAppendIsNoFigureAndOneBeyondTheBucketsIsTheLastBound() {
    AppendLatency none = AppendLatency.parse("tenace_other 1\n");
    assertThat(none.count()).isZero();
    assertThat(none.micros(99)).isNull();

    AppendLatency slow = AppendLatency.parse(page(0, 0, 0, 10));
    assertThat(slow.micros(99)).as("beyond the last bound: the bound").isEqualTo(4000.0);
  }
}
