package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.RobotLevel;
import org.tenace.proto.v1.Seat;
import picocli.CommandLine;

/** tenace play's robots think at the strong level unless --robot-level says fast. */
class PlayRobotLevelTest {

  @Test
  void thePracticeTableAsksForStrongRobotsByDefault() {
    // Strong unless $TENACE_ROBOT_LEVEL says otherwise (the build's tests set it to fast).
    assertThat(new CommandLine(new PlayCommand()).getCommandSpec().findOption("--robot-level")
        .defaultValueString(false)).isEqualTo("${env:TENACE_ROBOT_LEVEL:-strong}");
    assertThat(PlayCommand.practiceTable(Seat.SEAT_SOUTH, PlayCommand.method("imp"), 0, false)
        .getRobotLevel()).isEqualTo(RobotLevel.ROBOT_LEVEL_STRONG);
  }

  @Test
  void robotLevelFastAsksForFastRobots() {
    var cmd = new PlayCommand();
    new CommandLine(cmd).parseArgs("--robot-level", "FAST");
    RobotLevel level = PlayCommand.level(cmd.robotLevel);
    assertThat(PlayCommand.practiceTable(Seat.SEAT_SOUTH, PlayCommand.method("mp"), 0, false,
        level).getRobotLevel()).isEqualTo(RobotLevel.ROBOT_LEVEL_FAST);
  }

  @Test
  void anUnknownLevelIsAUsageErrorInWords() {
    assertThatThrownBy(() -> PlayCommand.level("expert"))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessage("--robot-level: fast or strong, not 'expert'");
  }
}
