package org.tenace.bridge.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TrickWinnerTest {

  private static List<Card> cards(String text) {
    return Arrays.stream(text.split(" ")).map(Card::parse).toList();
  }

  private static Suit trump(String s) {
    return s.equals("NT") ? null : Suit.parse(s.charAt(0));
  }

  // Ruffs, overruffs, discards, notrump and tricks in progress: the card winning so far.
  @ParameterizedTest
  @CsvSource({
    "S, H9 H3 S2 HQ, 2",
    "S, DK S7 S9 D2, 2",
    "S, CJ S3 S8, 2",
    "NT, C4 CQ HA C9, 1",
    "D, H4 HJ CA H8, 1",
    "H, S6 SQ CA H3, 3",
    "NT, D2 D6 D9 DT, 3",
    "C, HA HK HQ HJ, 0",
    "C, HA C5 C8 HQ, 2",
    "NT, DA, 0",
    "S, H2 HA, 1",
    "H, S2 C3 D4, 0",
  })
  void theHighestTrumpElseTheHighestCardOfTheSuitLedWins(String trump, String played,
      int winner) {
    assertThat(TrickWinner.index(cards(played), trump(trump))).isEqualTo(winner);
  }

  @Test
  void theCardIndexFormIsTheSameRuleForEveryPairOfCards() {
    for (int t = -1; t < 4; t++) {
      Suit trump = t < 0 ? null : Suit.values()[t];
      for (int a = 0; a < 52; a++) {
        for (int b = 0; b < 52; b++) {
          Card c = Card.of(a);
          Card h = Card.of(b);
          boolean expected = c.suit() == h.suit()
              ? c.rank().compareTo(h.rank()) > 0 : c.suit() == trump;
          assertThat(TrickWinner.beats(a, b, t)).as("%s over %s, trump %s", c, h, trump)
              .isEqualTo(expected);
          assertThat(TrickWinner.beats(c, h, trump)).isEqualTo(expected);
        }
      }
    }
  }

  @Test
  void nothingWinsBeforeTheLead() {
    assertThatThrownBy(() -> TrickWinner.index(List.of(), null))
        .hasMessageContaining("nothing led");
  }
}
