package org.tenace.robot.play;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;

class LeadCardTest {

  private static Hand spades(String ranks) {
    return Hand.parsePbn(ranks.replace("10", "T") + "...");
  }

  /** Standard leads from each kind of suit, at notrump where the rule applies as written. */
  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource({
    "KQJ82, K", "KQ1083, K", "KQ765, 6", "QJ1083, Q", "QJ962, Q", "QJ763, 6", "AQJ74, Q",
    "KJ1084, J", "AJ1084, J", "K10984, 10", "Q10984, 10", "A10974, 10", "J10964, J", "J10864, J",
    "J10652, 5", "AQ9532, 5", "KJ8753, 7", "KQ8742, 7", "AJ9853, 8", "Q6542, 4", "J98732, 7",
    "K9854, 5", "A97432, 4"
  })
  void leadsTheCardOfTheGameRules(String suit, String card) {
    assertThat(LeadCard.from(spades(suit), false)).isEqualTo(Card.parse("S" + card));
  }

  /** Against a suit contract the same cards, and the ace from ace-king. */
  @ParameterizedTest(name = "{0} → {1} against a suit")
  @CsvSource({
    "KQJ82, K", "KQ765, 6", "QJ962, Q", "AQJ74, Q", "KJ1084, J", "A10974, 10", "J10652, 5",
    "AQ9532, 5", "AJ9853, 8", "A97432, 4", "AK54, A", "AK1063, A", "Q6542, 4"
  })
  void followsTheSourceAgainstASuitAndLeadsTheAceFromAceKing(String suit, String card) {
    assertThat(LeadCard.from(spades(suit), true)).isEqualTo(Card.parse("S" + card));
  }

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource({"7, 7", "K4, K", "94, 9", "K72, 2", "Q83, 3", "972, 9", "AK, A", "J73, 3"})
  void shortSuitsLeadSingletonTopOfDoubletonLowFromAnHonour(String suit, String card) {
    assertThat(LeadCard.from(spades(suit), false)).isEqualTo(Card.parse("S" + card));
  }
}
