package org.tenace.client.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.BiFunction;
import picocli.CommandLine;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * What every {@code tenace} command line shares, the client's jar and the server's: one version,
 * the build's, and one way to say a command line that cannot be run, {@code tenace: COMMAND: what
 * went wrong}, in one line, exit status 2.
 */
public final class CommandLines {
  /** The exit status of a command line that cannot be run. */
  public static final int USAGE = 2;

  private static final String VERSION = readVersion();

  private CommandLines() {}

  /** This build's version, Maven's project version (0.1.0-SNAPSHOT, 0.1.0...). */
  public static String version() {
    return VERSION;
  }

  /** {@code --version} of every command: {@code tenace <the build's version>}. */
  public static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"tenace " + version()};
    }
  }

  /**
   * Says every usage error of {@code top} and its subcommands in one line on {@code err}
   * (or top's error stream when {@code err} is null) and returns 2; {@code words}
   * says what went wrong (see {@link #words}).
   */
  public static CommandLine sayUsageErrors(CommandLine top, PrintWriter err,
      BiFunction<ParameterException, String[], String> words) {
    return top.setParameterExceptionHandler((ex, given) -> {
      PrintWriter out = err != null ? err : top.getErr();
      out.println(line(ex, words.apply(ex, given)));
      out.flush();
      return USAGE;
    });
  }

  /** As above, on top's error stream, in {@link #words}. */
  public static CommandLine sayUsageErrors(CommandLine top) {
    return sayUsageErrors(top, null, (ex, given) -> words(ex));
  }

  /** The one line: {@code tenace: COMMAND: why} (a subcommand's command as "direct abort"). */
  static String line(ParameterException ex, String why) {
    String name = ex.getCommandLine().getCommandSpec().qualifiedName(" ")
        .replaceFirst("^tenace( |$)", "");
    return "tenace: " + (name.isEmpty() ? "" : name + ": ") + why;
  }

  /**
   * What went wrong, in words: an unknown option with the ones it may have meant, else
   * picocli's sentence (its capital dropped, as it follows a colon).
   */
  public static String words(ParameterException ex) {
    if (ex instanceof UnmatchedArgumentException u && u.isUnknownOption()) {
      List<String> unknown = u.getUnmatched().stream().filter(a -> a.startsWith("-")).toList();
      String what = unknown.isEmpty() ? "unknown option" : (unknown.size() == 1
          ? "unknown option '" : "unknown options '") + String.join("', '", unknown) + "'";
      List<String> maybe = u.getSuggestions();
      return maybe.isEmpty() ? what
          : what + " (did you mean " + String.join(" or ", maybe.subList(0,
              Math.min(3, maybe.size()))) + "?)";
    }
    String m = ex.getMessage() == null ? "bad command line" : ex.getMessage().strip();
    // One line: picocli may add a second sentence on a line of its own.
    m = m.replaceAll("\\s*\\R\\s*", "; ");
    boolean capitalised = m.length() > 1 && Character.isUpperCase(m.charAt(0))
        && Character.isLowerCase(m.charAt(1));
    return capitalised ? m.substring(0, 1).toLowerCase(Locale.ROOT) + m.substring(1) : m;
  }

  private static String readVersion() {
    try (InputStream in = CommandLines.class.getResourceAsStream("version.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      String v = p.getProperty("version", "");
      // Unfiltered (a build that skipped the resources): say so rather than "${project.version}".
      return v.isBlank() || v.contains("${") ? "(unknown version)" : v.strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
