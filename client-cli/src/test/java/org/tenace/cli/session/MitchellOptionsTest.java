package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.CreateSessionRequest;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** --relay and --arrow-switch: one option for the session's movement and for its guide card. */
class MitchellOptionsTest {

  @Test
  void hostAndMovementDescribeRelayAndArrowSwitchInTheSameWords() {
    CommandSpec host = new CommandLine(new HostCommand()).getCommandSpec();
    CommandSpec movement = new CommandLine(new MovementCommand()).getCommandSpec();
    for (String option : List.of("--relay", "--arrow-switch")) {
      assertThat(host.findOption(option).description()).as(option)
          .isNotEmpty().isEqualTo(movement.findOption(option).description());
    }
  }

  @Test
  void hostAsksTheServerForTheMitchellItIsGiven() throws Refused {
    assertThat(request("--relay", "--arrow-switch").getRelay()).isTrue();
    assertThat(request("--relay", "--arrow-switch").getArrowSwitch()).isTrue();
    assertThat(request("--arrow-switch").getRelay()).isFalse();
    assertThat(request("--relay").getArrowSwitch()).isFalse();
  }

  private static CreateSessionRequest request(String... mitchell) throws Refused {
    HostCommand host = new HostCommand();
    CommandLine line = new CommandLine(host);
    line.parseArgs(concat(new String[] {"--movement", "mitchell", "--tables", "4"}, mitchell));
    return host.request();
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
