package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChainTest {

  @Test
  void growingTheSameListTwiceLeavesEachItsOwnItems() {
    Chain<String> two = Chain.<String>of(List.of()).with("a").with("b");
    Chain<String> left = two.with("c").with("d");
    Chain<String> right = two.with("x");
    assertThat(two).containsExactly("a", "b");
    assertThat(left).containsExactly("a", "b", "c", "d");
    assertThat(right).containsExactly("a", "b", "x");
    assertThat(right.with("y")).containsExactly("a", "b", "x", "y");
    assertThat(left).containsExactly("a", "b", "c", "d");
  }

  @Test
  void aLongGrowthKeepsEveryItemInOrder() {
    List<Integer> expected = new ArrayList<>();
    Chain<Integer> lines = Chain.of(List.of());
    List<Chain<Integer>> every = new ArrayList<>();
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
    Chain<String> lines = Chain.of(source);
    source.add("c");
    assertThat(lines).isEqualTo(List.of("a", "b")).hasSameHashCodeAs(List.of("a", "b"));
    assertThat(Chain.of(lines)).isSameAs(lines);
    assertThatThrownBy(() -> lines.add("c")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> lines.set(0, "z")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> lines.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> lines.with(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> Chain.of(java.util.Arrays.asList("a", null)))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void anUpdateChangesOneItemOfANewListAndLeavesTheOldOne() {
    Chain<String> three = Chain.<String>empty().with("a").with("b").with("c");
    Chain<String> changed = three.update(1, s -> s + "!");
    assertThat(changed).containsExactly("a", "b!", "c");
    assertThat(three).containsExactly("a", "b", "c");
    assertThat(changed.with("d")).containsExactly("a", "b!", "c", "d");
    assertThat(three.with("e")).containsExactly("a", "b", "c", "e");
    assertThatThrownBy(() -> three.update(3, s -> s)).isInstanceOf(IndexOutOfBoundsException.class);
  }
}
