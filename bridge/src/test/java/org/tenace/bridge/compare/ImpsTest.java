package org.tenace.bridge.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;

class ImpsTest {

  // Every band of Law 78B, from its CSV in the test data: both ends of the band,
  // the step just outside each end, and the same differences negated.
  @ParameterizedTest(name = "{0}..{1}: {2} IMPs")
  @CsvFileSource(resources = "/data/imp_table_law78B.csv", numLinesToSkip = 1)
  void everyEdgeOfTheScaleMatchesLaw78B(int from, Integer to, int imps) {
    assertThat(Imps.of(from)).isEqualTo(imps);
    assertThat(Imps.of(-from)).isEqualTo(-imps);
    if (from > 0) {
      assertThat(Imps.of(from - 10)).isEqualTo(imps - 1);
    }
    if (to != null) {
      assertThat(Imps.of(to)).isEqualTo(imps);
      assertThat(Imps.of(-to)).isEqualTo(-imps);
      assertThat(Imps.of(to + 10)).isEqualTo(imps + 1);
      assertThat(Imps.upperBound(imps)).isEqualTo(to);
    } else {
      assertThat(Imps.of(7600)).isEqualTo(24);
    }
  }

  @Test
  void theCsvHoldsAllTwentyFiveBands() throws IOException {
    try (InputStream in = getClass().getResourceAsStream("/data/imp_table_law78B.csv")) {
      List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
      assertThat(lines).hasSize(26).first().isEqualTo("diff_from,diff_to,imps");
    }
  }

  // Score differences on and around the band edges of Law 78B.
  @ParameterizedTest(name = "{0} points: {1} IMPs")
  @CsvSource({"10,0", "20,1", "50,2", "420,9", "430,10", "750,13", "3990,23", "4000,24",
      "7600,24", "0,0"})
  void matchesCase36OfTheLawsSpec(int difference, int imps) {
    assertThat(Imps.of(difference)).isEqualTo(imps);
  }
}
