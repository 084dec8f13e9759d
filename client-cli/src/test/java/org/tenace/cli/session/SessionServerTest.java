package org.tenace.cli.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * tenace results and every step of tenace direct reach their server through one mixin, and every
 * step on a session names it the same way.
 */
class SessionServerTest {

  private static List<CommandSpec> steps() {
    return new CommandLine(new DirectCommand()).getSubcommands().values().stream()
        .flatMap(c -> c.getSubcommands().isEmpty() ? java.util.stream.Stream.of(c)
            : c.getSubcommands().values().stream())
        .map(CommandLine::getCommandSpec).toList();
  }

  @Test
  void resultsAndEveryDirectorsStepTakeTheSameServerOptions() {
    CommandSpec results = new CommandLine(new ResultsCommand()).getCommandSpec();
    List<CommandSpec> steps = steps();
    assertThat(steps).hasSizeGreaterThan(8);
    for (String option : List.of("--server", "--tls", "--tls-trust")) {
      OptionSpec expected = results.findOption(option);
      assertThat(expected).as(option).isNotNull();
      for (CommandSpec step : steps) {
        OptionSpec o = step.findOption(option);
        assertThat(o).as(step.qualifiedName() + " " + option).isNotNull();
        assertThat(o.description()).isEqualTo(expected.description());
        assertThat(o.required()).isEqualTo(expected.required());
        assertThat(o.paramLabel()).isEqualTo(expected.paramLabel());
      }
    }
  }

  @Test
  void everyStepButTheListNamesItsSessionFirst() {
    for (CommandSpec step : steps()) {
      if (step.name().equals("sessions")) {
        assertThat(step.positionalParameters()).isEmpty();
        continue;
      }
      assertThat(step.positionalParameters()).as(step.qualifiedName()).isNotEmpty();
      assertThat(step.positionalParameters().get(0).paramLabel()).as(step.qualifiedName())
          .isEqualTo("SESSION");
      assertThat(step.positionalParameters().get(0).index().min()).isZero();
    }
  }
}
