package org.tenace.bridge.pbn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Seat;

/** The notes of an auction and of a play (PBN section 3.8) are kept by one rule. */
class SectionNotesTest {

  private static final List<Function<Map<Integer, String>, Map<Integer, String>>> SECTIONS =
      List.of(n -> new PbnAuction(Seat.NORTH, List.of(), n, false).notes(),
          n -> new PbnPlay(Seat.EAST, List.of(), n, false).notes());

  @Test
  void notesAreKeptInNumberOrderAndCannotBeChanged() {
    Map<Integer, String> given = new LinkedHashMap<>();
    given.put(3, "Stayman");
    given.put(1, "15-17");
    for (var section : SECTIONS) {
      Map<Integer, String> notes = section.apply(given);
      assertThat(notes).containsExactly(Map.entry(1, "15-17"), Map.entry(3, "Stayman"));
      assertThatThrownBy(() -> notes.put(2, "x")).isInstanceOf(UnsupportedOperationException.class);
    }
  }

  @Test
  void aNoteIsNumberedFromOneAndIsAPbnString() {
    for (var section : SECTIONS) {
      assertThatThrownBy(() -> section.apply(Map.of(0, "none")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("notes are numbered from 1: 0");
      assertThatThrownBy(() -> section.apply(Map.of(1, "a\tb")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("Note: a PBN string cannot hold control character 9");
    }
  }
}
