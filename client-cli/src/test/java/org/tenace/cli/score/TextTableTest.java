package org.tenace.cli.score;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.cli.score.TextTable.Column;

class TextTableTest {

  @Test
  void columnsAreAlignedUnderTheirHeaders() {
    TextTable t = new TextTable(List.of(Column.right("Place"), Column.left("Pair"),
        Column.right("MP")))
        .row(List.of("1", "23", "1337.0")).row(List.of("25-26", "7", "95.5"));

    assertThat(t.render(100)).containsExactly(
        "Place  Pair      MP",
        "    1  23    1337.0",
        "25-26  7       95.5");
  }

  @Test
  void theWidestShrinkableColumnIsCutToFitThePage() {
    String longName = "Anne-Charlotte Wallenberg-Lindqvist - Bengt-Göran Söderström-Nyberg";
    TextTable t = new TextTable(List.of(Column.right("Place"), Column.shrinkable("Names"),
        Column.right("Total")))
        .row(List.of("1", longName, "1337.0")).row(List.of("2", "Ann - Bob", "12.0"));

    List<String> lines = t.render(40);

    assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(40));
    assertThat(lines.get(1)).isEqualTo("    1  Anne-Charlotte Wallenbe..  1337.0");
    assertThat(lines.get(2)).isEqualTo("    2  Ann - Bob                    12.0");
  }

  @Test
  void aTableThatFitsIsNotCut() {
    TextTable t = new TextTable(List.of(Column.shrinkable("Names"))).row(List.of("Ann - Bob"));

    assertThat(t.render(9)).containsExactly("Names", "Ann - Bob");
  }
}
