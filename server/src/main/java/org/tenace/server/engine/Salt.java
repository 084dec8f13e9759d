package org.tenace.server.engine;

import java.util.HexFormat;
import java.util.Objects;

/** The secret of a deal commitment: 32 random bytes, written as 64 lower-case hex digits. */
public record Salt(String hex) {
  static final int BYTES = 32;

  public Salt {
    Objects.requireNonNull(hex, "hex");
    if (!hex.matches("[0-9a-f]{" + 2 * BYTES + "}")) {
      throw new IllegalArgumentException(
          "a salt is " + 2 * BYTES + " lower-case hex digits: '" + hex + "'");
    }
  }

  public static Salt of(byte[] bytes) {
    if (bytes.length != BYTES) {
      throw new IllegalArgumentException("a salt is " + BYTES + " bytes, not " + bytes.length);
    }
    return new Salt(HexFormat.of().formatHex(bytes));
  }

  @Override
  public String toString() {
    return hex;
  }
}
