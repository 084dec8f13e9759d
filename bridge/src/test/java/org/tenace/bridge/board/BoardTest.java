package org.tenace.bridge.board;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.card.Seat;

class BoardTest {
  // Law 2: the dealer and vulnerability of boards 1-16, repeating from board 17.
  @ParameterizedTest
  @CsvSource({"1,N,NONE", "2,E,NS", "3,S,EW", "4,W,BOTH", "5,N,NS", "6,E,EW", "7,S,BOTH",
      "8,W,NONE", "9,N,EW", "10,E,BOTH", "11,S,NONE", "12,W,NS", "13,N,BOTH", "14,E,NONE",
      "15,S,NS", "16,W,EW", "17,N,NONE", "32,W,EW", "33,N,NONE", "100,W,BOTH"})
  void dealerAndVulnerabilityFollowTheCycle(int number, char dealer, Vulnerability vul) {
    assertThat(Board.of(number).dealer()).isEqualTo(Seat.parse(dealer));
    assertThat(Board.of(number).vulnerability()).isEqualTo(vul);
  }

  @ParameterizedTest
  @CsvSource({"None,NONE", "Love,NONE", "-,NONE", "NS,NS", "EW,EW", "All,BOTH", "Both,BOTH",
      "both,BOTH"})
  void readsEveryPbnSpelling(String text, Vulnerability vul) {
    assertThat(Vulnerability.parse(text)).isEqualTo(vul);
  }
}
