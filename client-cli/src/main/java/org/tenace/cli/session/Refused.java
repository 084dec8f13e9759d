package org.tenace.cli.session;

import java.util.List;

/** A command line that cannot be run, and why: said in one line, exit status 2. */
final class Refused extends Exception {
  private static final long serialVersionUID = 1L;

  Refused(String why) {
    super(why, null, false, false);
  }

  /**
   * Refuses the first word of a command line that picocli matched to nothing (the command's
   * {@code @Unmatched} words), as an unknown option or an unexpected argument.
   */
  static void unmatched(List<String> words) throws Refused {
    if (!words.isEmpty()) {
      String first = words.get(0);
      throw new Refused(first.startsWith("-") ? "unknown option '" + first + "'"
          : "unexpected argument '" + first + "'");
    }
  }

  /** The whole number {@code value} says, or {@code otherwise} when the option is absent. */
  static int number(String option, String value, int otherwise) throws Refused {
    if (value == null) {
      return otherwise;
    }
    if (value.isBlank()) {
      throw new Refused(option + " needs a value");
    }
    try {
      return Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      throw new Refused(option + ": a whole number, not '" + value + "'");
    }
  }
}
