package org.tenace.server;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every visible option of a command can also be set by environment: {@code --max-tables} by
 * {@code TENACE_MAX_TABLES}. A flag beats the environment, which beats the built-in default. The
 * environment is a map so that tests can hand one in (picocli would read System.getenv).
 */
record EnvDefaults(Map<String, String> env) implements IDefaultValueProvider {
  EnvDefaults {
    env = Map.copyOf(env);
  }

  /** The environment variable that sets {@code option}; empty for hidden options. */
  static Optional<String> variable(OptionSpec option) {
    if (option.hidden() || !option.longestName().startsWith("--")
        || option.usageHelp() || option.versionHelp()) {
      return Optional.empty();
    }
    return Optional.of("TENACE_" + option.longestName().substring(2).replace('-', '_')
        .toUpperCase(Locale.ROOT));
  }

  @Override
  public String defaultValue(ArgSpec arg) {
    if (arg instanceof OptionSpec option) {
      return variable(option).map(env::get).filter(v -> !v.isEmpty()).orElse(null);
    }
    return null;
  }
}
