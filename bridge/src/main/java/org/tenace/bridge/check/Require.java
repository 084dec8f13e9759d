package org.tenace.bridge.check;

/**
 * The one check a value's every component gets: that it is there. A record names its components
 * once, in order, and a missing one is refused with its name, as {@code
 * Objects.requireNonNull(x, "x")} would, in one line instead of one a component.
 */
public final class Require {
  private Require() {
  }

  /**
   * Refuses the first null among {@code values} with a {@link NullPointerException} whose
   * message is its name: {@code names} holds one name a value, in their order, separated by
   * single spaces.
   */
  public static void nonNull(String names, Object... values) {
    int count = names.isEmpty() ? 0 : 1;
    for (int i = 0; i < names.length(); i++) {
      if (names.charAt(i) == ' ') {
        count++;
      }
    }
    if (count != values.length) {
      throw new IllegalArgumentException("Require.nonNull: " + count + " names ('" + names
          + "') for " + values.length + " values");
    }
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        throw new NullPointerException(names.split(" ")[i]);
      }
    }
  }
}
