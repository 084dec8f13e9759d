package org.tenace.bridge.pbn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * What PBN lets follow a call or a card (sections 3.5.2, 3.6.2, 3.8): a note reference, NAGs
 * (suffixes such as {@code !} become NAGs, as in export format) and commentary.
 *
 * @param note the note reference {@code =n=}, explained by a {@code Note} tag
 * @param nags the Numeric Annotation Glyphs, in increasing order
 * @param comments the text of each comment that follows, without its braces or semicolon
 */
public record Annotations(OptionalInt note, List<Integer> nags, List<String> comments) {
  public static final Annotations NONE = new Annotations(OptionalInt.empty(), List.of(), List.of());

  public Annotations {
    Objects.requireNonNull(note, "note");
    if (note.isPresent() && note.getAsInt() < 1) {
      throw new IllegalArgumentException("note references start at 1: " + note.getAsInt());
    }
    List<Integer> sorted = new ArrayList<>(nags);
    Collections.sort(sorted);
    for (int n : sorted) {
      if (n < 0 || n > 255) {
        throw new IllegalArgumentException("NAGs are 0..255: " + n);
      }
    }
    nags = List.copyOf(sorted);
    comments = List.copyOf(comments);
    for (String c : comments) {
      PbnGame.checkComment(c);
    }
  }

  /**
   * The notes of an auction or a play section (its {@code Note} tags, section 3.8) as a section
   * keeps them: numbered from 1, each a PBN string, in number order, unmodifiable.
   */
  static Map<Integer, String> notes(Map<Integer, String> notes) {
    Map<Integer, String> sorted = Collections.unmodifiableMap(new TreeMap<>(notes));
    for (Map.Entry<Integer, String> n : sorted.entrySet()) {
      if (n.getKey() < 1) {
        throw new IllegalArgumentException("notes are numbered from 1: " + n.getKey());
      }
      PbnGame.checkValue("Note", n.getValue());
    }
    return sorted;
  }

  public static Annotations note(int index) {
    return new Annotations(OptionalInt.of(index), List.of(), List.of());
  }

  public boolean isEmpty() {
    return note.isEmpty() && nags.isEmpty() && comments.isEmpty();
  }
}
