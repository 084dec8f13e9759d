package org.tenace.server.table;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Card;

class QuoteTest {
  @Test
  void aShortValueIsQuotedAsItIs() {
    assertThat(Quote.of("7")).isEqualTo("'7'");
    assertThat(Quote.of("")).isEqualTo("''");
  }

  @Test
  void aLongValueIsCutToFortyCharactersAndTheRestCounted() {
    assertThat(Quote.of("y".repeat(12_316)))
        .isEqualTo("'" + "y".repeat(40) + "…(+12276 chars)'");
    assertThat(Quote.of("y".repeat(40))).isEqualTo("'" + "y".repeat(40) + "'");
  }

  @Test
  void controlAndInvisibleCharactersAreEscaped() {
    assertThat(Quote.of("a\nb\tc\u0000d\\e\u202Ef")).isEqualTo("'a\\nb\\tc\\u0000d\\\\e\\u202Ef'");
    // An escape counts its own length, so the quoted text stays within the bound.
    assertThat(Quote.cut("\u0001".repeat(100), 40)).isEqualTo("\\u0001".repeat(6)
        + "…(+94 chars)");
  }

  @Test
  void aPairOfSurrogatesIsNeverSplit() {
    String clubs = "\uD83C\uDCD1"; // a playing card outside the BMP: two UTF-16 units
    assertThat(Quote.cut("x" + clubs, 2)).isEqualTo("x…(+2 chars)");
    assertThat(Quote.cut("\uD83C", 10)).isEqualTo("\\uD83C");
  }

  @Test
  void cardsAreNamedAsTheEngineNamesThem() {
    assertThat(Quote.card(Card.parse("SA"))).isEqualTo("♠A");
    assertThat(Quote.card(Card.parse("HT"))).isEqualTo("♥T");
  }
}
