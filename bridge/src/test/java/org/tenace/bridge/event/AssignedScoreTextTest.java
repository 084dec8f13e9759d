package org.tenace.bridge.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.compare.TableResult.Share;

class AssignedScoreTextTest {

  @Test
  void aResultIsTheWholeScore() {
    AssignedScore s = AssignedScore.parse("4S= by N");
    assertThat(s.shares(Vulnerability.NONE)).containsExactly(new Share(100, 420));
    assertThat(s.shares(Vulnerability.NS)).containsExactly(new Share(100, 620));
    assertThat(s).hasToString("4S= by N");
  }

  @Test
  void aDoubledContractByEastWestScoresForNorthSouth() {
    // 3NTx-2 by E, East-West vulnerable: 500 to North-South
    assertThat(AssignedScore.parse("3NTx-2 by E").shares(Vulnerability.EW))
        .containsExactly(new Share(100, 500));
    assertThat(AssignedScore.parse("3ntx-2 by e")).hasToString("3NTX-2 by E");
  }

  @Test
  void aWeightedScoreReadsEitherWay() {
    AssignedScore s = AssignedScore.parse("60% 4S= by N, 40% 4S-1 by N");
    assertThat(s.shares(Vulnerability.NONE))
        .containsExactly(new Share(60, 420), new Share(40, -50));
    assertThat(AssignedScore.parse("60% of 4S= by N + 40% of 4S-1 by N")).isEqualTo(s);
    assertThat(AssignedScore.parse(s.toString())).isEqualTo(s);
    assertThat(s).hasToString("60% 4S= by N, 40% 4S-1 by N");
  }

  @Test
  void mistakesAreSaidInWords() {
    assertThatThrownBy(() -> AssignedScore.parse("60% 4S= by N, 30% 4S-1 by N"))
        .hasMessage("the weights of the assigned score add up to 90%, not 100%");
    assertThatThrownBy(() -> AssignedScore.parse("4S= by N, 4S-1 by N"))
        .hasMessageContaining("needs its percentage");
    assertThatThrownBy(() -> AssignedScore.parse("7NT+1 by S"))
        .hasMessageContaining("not a possible result");
    assertThatThrownBy(() -> AssignedScore.parse("four spades"))
        .hasMessageContaining("write it as 4S= by N");
  }
}
