package org.tenace.bridge;

import java.util.Random;

/** The readers' fuzz tests' damage to a real file's text, drawn from {@code random}. */
public final class Damage {
  private Damage() {}

  /**
   * {@code text} after 1 to {@code mostEdits} edits, each deleting a character, inserting or
   * putting one of {@code noise} in place of one, or cutting the text short.
   */
  public static String of(String text, String noise, int mostEdits, Random random) {
    StringBuilder sb = new StringBuilder(text);
    for (int edits = 1 + random.nextInt(mostEdits); edits > 0 && sb.length() > 0; edits--) {
      int at = random.nextInt(sb.length());
      switch (random.nextInt(4)) {
        case 0 -> sb.deleteCharAt(at);
        case 1 -> sb.insert(at, noise.charAt(random.nextInt(noise.length())));
        case 2 -> sb.setCharAt(at, noise.charAt(random.nextInt(noise.length())));
        default -> sb.setLength(at);
      }
    }
    return sb.toString();
  }
}
