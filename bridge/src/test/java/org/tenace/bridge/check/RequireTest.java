package org.tenace.bridge.check;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RequireTest {

  @Test
  void valuesAllThereAreAccepted() {
    assertThatCode(() -> Require.nonNull("seat call explanation", "N", 1, ""))
        .doesNotThrowAnyException();
  }

  @Test
  void aMissingValueIsRefusedByItsName() {
    assertThatThrownBy(() -> Require.nonNull("seat call explanation", "N", null, null))
        .isInstanceOf(NullPointerException.class).hasMessage("call");
    assertThatThrownBy(() -> Require.nonNull("seat call explanation", "N", 1, null))
        .isInstanceOf(NullPointerException.class).hasMessage("explanation");
  }

  @Test
  void namesThatDoNotMatchTheValuesAreRefusedEvenWhenAllAreThere() {
    assertThatThrownBy(() -> Require.nonNull("seat call", "N", 1, ""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Require.nonNull: 2 names ('seat call') for 3 values");
    assertThatThrownBy(() -> Require.nonNull("", "N"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
