package org.tenace.server.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LinesTest {

  @Test
  void growingTheSameListTwiceLeavesEachItsOwnItems() {
    Lines<String> two = Lines.<String>of(List.of()).with("a").with("b");
    Lines<String> left = two.with("c").with("d");
    Lines<String> right = two.with("x");
    assertThat(two).containsExactly("a", "b");
    assertThat(left).containsExactly("a", "b", "c", "d");
    assertThat(right).containsExactly("a", "b", "x");
    assertThat(right.with("y")).containsExactly("a", "b", "x", "y");
    assertThat(left).containsExactly("a", "b", "c", "d");
  }

  @Test
  void aLongGrowthKeepsEveryItemInOrder() {
    List<Integer> expected = new ArrayList<>();
    Lines<Integer> lines = Lines.of(List.of());
    List<Lines<Integer>> every = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      expected.add(i);
      lines = lines.with(i);
      every.add(lines);
    }
    assertThat(lines).isEqualTo(expected);
    for (int i = 0; i < every.size(); i++) {
      assertThat(every.get(i)).hasSize(i + 1).isEqualTo(expected.subList(0, i + 1));
    }
  }

  @Test
  void itIsAListLikeListOfAndCannotBeChanged() {
    List<String> source = new ArrayList<>(List.of("a", "b"));
    Lines<String> lines = Lines.of(source);
    source.add("c");
    assertThat(lines).isEqualTo(List.of("a", "b")).hasSameHashCodeAs(List.of("a", "b"));
    assertThat(Lines.of(lines)).isSameAs(lines);
    assertThatThrownBy(() -> lines.add("c")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> lines.set(0, "z")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> lines.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> lines.with(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> Lines.of(java.util.Arrays.asList("a", null)))
        .isInstanceOf(NullPointerException.class);
  }
}
