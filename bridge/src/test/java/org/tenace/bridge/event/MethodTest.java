package org.tenace.bridge.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MethodTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "MP|MP", "MP;MP1|MP", "MatchPoints;MP1|MP", "Matchpoints|MP", "EMP|MP",
    "MatchPoints;MP2|MP_ACBL", "IMP|IMP_CROSS", "IMP;Cross|IMP_CROSS", "Cross-IMPs|IMP_CROSS",
    "IMP_1961|IMP_CROSS", "IMP;Cross2|IMP_CROSS_AVG", "IMP;Cross1|IMP_CROSS_PER_SCORE",
    "IMP;Butler-2;Mean|BUTLER", "Butler|BUTLER", "imp; butler|BUTLER",
  })
  void theScoringTagNamesTheMethod(String scoring, Method method) {
    assertThat(Method.fromScoring(scoring)).contains(method);
  }

  @ParameterizedTest
  @CsvSource({"Chicago", "Rubber", "BAM", "OldMP", "''"})
  void aScoringTagThatNamesNoComparisonLeavesTheChoiceToTheColumns(String scoring) {
    assertThat(Method.fromScoring(scoring)).isEqualTo(Optional.empty());
  }

  @ParameterizedTest
  @CsvSource({"mp, MP", "mp-acbl, MP_ACBL", "imp-cross, IMP_CROSS",
      "imp-cross-avg, IMP_CROSS_AVG", "butler, BUTLER", "BUTLER, BUTLER"})
  void theCommandLineNamesAreParsed(String option, Method method) {
    assertThat(Method.parse(option)).isEqualTo(method);
  }

  @ParameterizedTest
  @CsvSource({"imp", "imp-cross1", "swiss"})
  void otherNamesAreRefusedWithTheChoices(String option) {
    assertThatThrownBy(() -> Method.parse(option)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown method '" + option
            + "': one of mp, mp-acbl, imp-cross, imp-cross-avg, butler");
  }
}
