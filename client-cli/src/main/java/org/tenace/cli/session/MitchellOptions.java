package org.tenace.cli.session;

import picocli.CommandLine.Option;

/**
 * The two options that shape a Mitchell, the same for {@code tenace host} (the session's
 * movement) and {@code tenace movement} (its guide card): one name, one meaning, one help line.
 */
final class MitchellOptions {
  @Option(names = "--relay", description = "a Mitchell at an even number of tables: a relay and"
      + " bye stand instead of the skip")
  boolean relay;

  @Option(names = "--arrow-switch", description = "a Mitchell with one winner: the last quarter"
      + " of the rounds played with the directions switched")
  boolean arrowSwitch;
}
