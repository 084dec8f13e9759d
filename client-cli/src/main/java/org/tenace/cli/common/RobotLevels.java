package org.tenace.cli.common;

import org.tenace.robot.RobotLevel;

/**
 * The level the client's own robots think at when a command line does not say:
 * {@code $TENACE_ROBOT_LEVEL} (fast or strong), else strong, since they sit with a person (the
 * partner of {@code tenace join --session}, {@code tenace bot} at a person's table). The same
 * variable gives {@code tenace server} its --robot-level; the build's tests set it to fast, so
 * that robots there play at once unless a test asks for the strong level.
 */
public final class RobotLevels {
  /** The environment variable, as tenace server's --robot-level reads it. */
  public static final String VARIABLE = "TENACE_ROBOT_LEVEL";

  private RobotLevels() {}

  /** $TENACE_ROBOT_LEVEL when it names a level, else strong. */
  public static RobotLevel byDefault() {
    String v = System.getenv(VARIABLE);
    if (v == null || v.isBlank()) {
      return RobotLevel.STRONG;
    }
    try {
      return RobotLevel.parse(v);
    } catch (IllegalArgumentException e) {
      return RobotLevel.STRONG;
    }
  }
}
