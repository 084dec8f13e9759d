package org.tenace.bridge.record;

import java.util.List;

/** What a reader got out of a file: the values it could read and a diagnostic for each problem. */
public record ReadResult<T>(List<T> values, List<Diagnostic> diagnostics) {

  public ReadResult {
    values = List.copyOf(values);
    diagnostics = List.copyOf(diagnostics);
  }

  /** True when the file had nothing wrong with it. */
  public boolean isClean() {
    return diagnostics.isEmpty();
  }
}
