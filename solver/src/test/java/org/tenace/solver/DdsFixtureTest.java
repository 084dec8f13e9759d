package org.tenace.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Side;

/**
 * The solver and par against DDS 2.9 (the reference), on seeded random deals whose DDS results
 * are in {@code dds/dds-fixture.txt}, written by {@code dds/make-fixture.sh} beside it.
 */
class DdsFixtureTest {
  // DDS's vulnerability codes, 0 to 3.
  private static final Vulnerability[] VULNERABILITY = {
    Vulnerability.NONE, Vulnerability.BOTH, Vulnerability.NS, Vulnerability.EW
  };
  // DDS's strain order (S, H, D, C, NT) to Strain's (C, D, H, S, NT).
  private static final int[] STRAIN = {3, 2, 1, 0, 4};

  /** One line of the fixture. */
  record Row(int line, Deal deal, DdTable table, Vulnerability vulnerability, int nsView, int ewView) {}

  static List<Row> rows() throws IOException {
    return rows(DdsFixtureTest.class.getResourceAsStream("dds/dds-fixture.txt"));
  }

  static List<Row> rows(InputStream fixture) throws IOException {
    List<Row> rows = new ArrayList<>();
    try (InputStream in = fixture) {
      String[] lines = new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n");
      for (int n = 0; n < lines.length; n++) {
        String[] f = lines[n].split(";", -1);
        String[] t = f[1].split(" ");
        int[] tricks = new int[20];
        for (int s = 0; s < 5; s++) {
          for (int h = 0; h < 4; h++) {
            tricks[STRAIN[s] * 4 + h] = Integer.parseInt(t[s * 4 + h]);
          }
        }
        rows.add(new Row(n + 1, Deal.parsePbn(f[0]), DdTable.of(tricks),
            VULNERABILITY[Integer.parseInt(f[3])],
            Integer.parseInt(f[6].substring(3)), -Integer.parseInt(f[7].substring(3))));
      }
    }
    return rows;
  }

  @Test
  void theFixtureHasAThousandDeals() throws IOException {
    assertThat(rows()).hasSizeGreaterThanOrEqualTo(1000);
  }

  /** Par from DDS's own tables: both views, North-South's score, on every deal. */
  @Test
  void parAgreesWithDdsOnEveryDeal() throws IOException {
    for (Row r : rows()) {
      assertThat(Par.score(r.table(), r.vulnerability(), Side.NS))
          .as("line %d, %s, %s, North-South first", r.line(), r.table(), r.vulnerability())
          .isEqualTo(r.nsView());
      assertThat(Par.score(r.table(), r.vulnerability(), Side.EW))
          .as("line %d, %s, %s, East-West first", r.line(), r.table(), r.vulnerability())
          .isEqualTo(r.ewView());
    }
  }

  /**
   * The solver's whole table against DDS's, on both cores through the batch API: on all 1,000
   * deals under CI (CI=true: some five minutes of this machine's two cores), on the first 250 in a
   * developer's {@code ./mvnw verify}, so that the whole build stays within 15 minutes;
   * {@code -Dtenace.dds.deals=N} checks the first N (1000 for all, 40 for a quick run while
   * working on the solver).
   */
  @Test
  void tablesAgreeWithDds() throws IOException {
    int deals = Integer.getInteger("tenace.dds.deals",
        "true".equals(System.getenv("CI")) ? 1000 : 250);
    List<Row> rows = rows().subList(0, deals);
    System.out.printf("checking the solver against DDS on %d of the fixture's deals%n", deals);
    List<DdTable> tables = DoubleDummy.tables(rows.stream().map(Row::deal).toList(), 2,
        java.time.Duration.ofMinutes(10));
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      assertThat(tables.get(i)).as("line %d, %s", r.line(), r.deal()).isEqualTo(r.table());
    }
  }

  /**
   * A table of 2^14 entries fills many times a deal, so its pool is packed and the groups of few
   * tricks lose their entries again and again: the results must not change.
   */
  @Test
  void aSmallTableStillAgreesWithDds() throws IOException {
    DoubleDummy dd = new DoubleDummy(14);
    for (Row r : rows().subList(0, 3)) {
      assertThat(dd.table(r.deal(), Long.MAX_VALUE)).as("line %d, %s", r.line(), r.deal())
          .isEqualTo(r.table());
    }
  }
}
