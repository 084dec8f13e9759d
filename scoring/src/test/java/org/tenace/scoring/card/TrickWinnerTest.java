package org.tenace.scoring.card;

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
    "S, HK H2 S3 HA, 2",
    "S, CA S2 S5 C3, 2",
    "S, HK S2 S5, 2",
    "NT, D5 DK SA D2, 1",
    "H, D5 DK SA D2, 1",
    "C, D5 DK SA C2, 3",
    "NT, S2 S3 S4 S5, 3",
    "D, SA SK SQ SJ, 0",
    "D, SA D2 D3 SJ, 2",
    "NT, CA, 0",
    "H, C2 CA, 1",
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
