package org.tenace.bridge.record;

import org.tenace.bridge.check.Require;

/**
 * Something wrong in a file that was read anyway: the file's name (as the caller gave it), the
 * line (1-based) and the reason. Readers collect these instead of throwing.
 */
public record Diagnostic(String file, int line, String reason) {

  public Diagnostic {
    Require.nonNull("file reason", file, reason);
    if (line < 1) {
      throw new IllegalArgumentException("lines start at 1: " + line);
    }
  }

  /** {@code file:line: reason}, as compilers print it. */
  @Override
  public String toString() {
    return file + ":" + line + ": " + reason;
  }
}
