package org.tenace.bridge.auction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.bridge.card.Seat;

class CallTest {
  @ParameterizedTest
  @CsvSource({"1C,1C", "3N,3NT", "3nt,3NT", "7♠,7S", "Pass,Pass", "p,Pass", "PASS,Pass", "x,X",
      "XX,XX", "Dbl,X", "rdbl,XX"})
  void parsesTheUsualNotations(String text, String printed) {
    assertThat(Call.parse(text).toString()).isEqualTo(printed);
  }

  @ParameterizedTest
  @ValueSource(strings = {"8C", "0S", "10H", "1Z", "", "XXX", "1"})
  void refusesNonsense(String text) {
    assertThatThrownBy(() -> Call.parse(text)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void levelAboveSevenIsNamed() {
    assertThatThrownBy(() -> Call.parse("8C")).hasMessageContaining("levels are 1..7");
  }

  @Test
  void bidsAreOrderedByLevelThenStrain() {
    assertThat(Bid.parse("1NT")).isLessThan(Bid.parse("2C"));
    assertThat(Bid.parse("2H")).isGreaterThan(Bid.parse("2D"));
    assertThat(Bid.parse("7NT").next()).isEmpty();
    assertThat(Bid.lowestAbove(Bid.parse("1S"), Strain.HEARTS)).isEqualTo(Bid.parse("2H"));
    assertThat(Bid.lowestAbove(Bid.parse("1H"), Strain.SPADES)).isEqualTo(Bid.parse("1S"));
  }

  @ParameterizedTest
  @CsvSource({"4SX S,4,SPADES,DOUBLED,S", "3NT N,3,NO_TRUMP,UNDOUBLED,N",
      "3NXXE,3,NO_TRUMP,REDOUBLED,E", "5Cx W,5,CLUBS,DOUBLED,W", "1nTxx s,1,NO_TRUMP,REDOUBLED,S"})
  void parsesContracts(String text, int level, Strain strain, Doubling doubling, char declarer) {
    Contract c = Contract.parse(text);
    assertThat(c.level()).isEqualTo(level);
    assertThat(c.strain()).isEqualTo(strain);
    assertThat(c.doubling()).isEqualTo(doubling);
    assertThat(c.declarer()).isEqualTo(Seat.parse(declarer));
  }

  @ParameterizedTest
  @ValueSource(strings = {"3N", "8NT S", "4SXXX N", "S", "4Q N"})
  void refusesBadContracts(String text) {
    assertThatThrownBy(() -> Contract.parse(text)).isInstanceOf(IllegalArgumentException.class);
  }
}
