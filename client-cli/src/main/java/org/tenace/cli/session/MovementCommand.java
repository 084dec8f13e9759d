package org.tenace.cli.session;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.tenace.movement.Howell;
import org.tenace.movement.Mitchell;
import org.tenace.movement.Movement;
import org.tenace.movement.MovementValidator;
import org.tenace.movement.MovementValidator.PairBalance;
import org.tenace.movement.Teams;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code tenace movement}: prints a movement's guide card (each round's tables, the pairs sitting
 * North-South and East-West, the boards, the byes) and how the results are compared, or the
 * table rows as CSV. Pairs are numbered 1 to 2N across the field: a Mitchell's North-South pairs
 * are 1 to N, its East-West pairs N+1 to 2N; team t is pairs 2t-1 and 2t.
 *
 * <p>Every faulty command line ends with one line, {@code tenace: movement: why}, and status 2.
 * The options are read as text (a missing value as an empty one) and checked here, not by
 * picocli, so that a number that is not one, or an unknown option, is reported the same way.
 */
@Command(name = "movement", mixinStandardHelpOptions = true,
    description = {"Print a movement's guide card (Mitchell, Howell or teams): each round's"
        + " tables, pairs and boards, and how each pair's results are compared."},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:printed", "2:the command line is wrong"})
public final class MovementCommand implements Callable<Integer> {

  /** The CSV header, one line per table per round. */
  public static final String CSV_HEADER = "round,table,ns_pair,ew_pair,boards";

  @Spec
  private CommandSpec spec;

  @Option(names = "--type", arity = "0..1", fallbackValue = "", paramLabel = "TYPE",
      description = "mitchell, howell or teams")
  private String type;

  @Option(names = "--tables", arity = "0..1", fallbackValue = "", paramLabel = "N",
      description = "tables: 3 or more for a Mitchell, 2 to 8 for a Howell; for teams, one"
          + " team a table (2: a match)")
  private String tables;

  @Option(names = "--teams", arity = "0..1", fallbackValue = "", paramLabel = "T",
      description = "teams in a round robin (2: one match); an odd number has a bye")
  private String teams;

  @Option(names = "--rounds", arity = "0..1", fallbackValue = "", paramLabel = "R",
      description = "rounds to play (default: the whole movement; fewer for a curtailed"
          + " Mitchell or a three-quarter Howell; for teams, a multiple of the matches, each"
          + " match then split into segments)")
  private String rounds;

  @Option(names = "--boards-per-round", arity = "0..1", fallbackValue = "", paramLabel = "B",
      description = "boards at each table each round (default: 3; 8 for teams)")
  private String boardsPerRound;

  @Mixin
  private MitchellOptions mitchell = new MitchellOptions();

  @Option(names = "--format", arity = "0..1", fallbackValue = "", paramLabel = "FORMAT",
      defaultValue = "text", description = "text (a guide card) or csv (" + CSV_HEADER + ")")
  private String format;

  @Unmatched
  private List<String> unmatched = new ArrayList<>();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      boolean csv = csv();
      Movement movement = movement();
      MovementValidator.Report report = MovementValidator.validate(movement);
      if (csv) {
        csv(movement, out);
      } else {
        card(movement, report, out);
      }
      out.flush();
      return 0;
    } catch (Refused | IllegalArgumentException e) {
      err.println("tenace: movement: " + e.getMessage());
      err.flush();
      return 2;
    }
  }

  private boolean csv() throws Refused {
    Refused.unmatched(unmatched);
    return switch (format.strip().toLowerCase(Locale.ROOT)) {
      case "csv" -> true;
      case "text" -> false;
      default -> throw new Refused("--format: text or csv, not '" + format + "'");
    };
  }

  private Movement movement() throws Refused {
    if (type == null) {
      throw new Refused("--type is required: mitchell, howell or teams");
    }
    String kind = type.strip().toLowerCase(Locale.ROOT);
    boolean relay = mitchell.relay;
    boolean arrowSwitch = mitchell.arrowSwitch;
    if (!kind.equals("teams") && teams != null) {
      throw new Refused("--teams is for a teams movement");
    }
    if (!kind.equals("mitchell") && (relay || arrowSwitch)) {
      throw new Refused((relay ? "--relay" : "--arrow-switch") + " is for a Mitchell");
    }
    int boards = Refused.number("--boards-per-round", boardsPerRound, kind.equals("teams") ? 8 : 3);
    int played = Refused.number("--rounds", rounds, 0);
    if (rounds != null && played < 1) {
      throw new Refused("--rounds: at least 1, not " + played);
    }
    return switch (kind) {
      case "mitchell" -> {
        int n = required("--tables", tables);
        if (relay && n % 2 == 1) {
          throw new Refused("--relay is for an even number of tables, not " + n);
        }
        yield Mitchell.of(n, played, boards,
            relay ? Mitchell.EvenTables.RELAY : Mitchell.EvenTables.SKIP, arrowSwitch);
      }
      case "howell" -> Howell.of(required("--tables", tables), played, boards);
      case "teams" -> teams(played, boards);
      default -> throw new Refused("--type: mitchell, howell or teams, not '" + type + "'");
    };
  }

  /** A round robin of --teams teams (or one team a table); --rounds splits matches in segments. */
  private Movement teams(int played, int boards) throws Refused {
    int t;
    if (teams != null) {
      t = Refused.number("--teams", teams, 0);
      if (tables != null && Refused.number("--tables", tables, 0) != t / 2 * 2) {
        throw new Refused(t + " teams play at " + t / 2 * 2 + " tables, not " + tables.strip());
      }
    } else {
      t = required("--tables", tables);
      if (t % 2 == 1) {
        throw new Refused("a match takes two tables, so teams play at an even number of tables,"
            + " not " + t + " (--teams for an odd number of teams)");
      }
    }
    int matches = t % 2 == 0 ? t - 1 : t;
    if (t >= 2 && played % matches != 0) {
      throw new Refused(t + " teams play " + matches + " matches: --rounds is a multiple of "
          + matches + ", not " + played);
    }
    return Teams.roundRobin(t, t < 2 ? 1 : Math.max(1, played / matches), boards);
  }

  private static int required(String option, String value) throws Refused {
    if (value == null) {
      throw new Refused(option + " is required");
    }
    return Refused.number(option, value, 0);
  }

  private static void csv(Movement movement, PrintWriter out) {
    out.print(CSV_HEADER + "\n");
    for (Movement.Round round : movement.rounds()) {
      for (Movement.Table t : round.tables()) {
        out.print(round.number() + "," + t.number() + "," + t.ns() + "," + t.ew() + ","
            + boards(t.boards(), ";") + "\n");
      }
    }
  }

  private static void card(Movement movement, MovementValidator.Report report, PrintWriter out) {
    out.println(movement.name() + ": " + movement.pairs() + " pairs, "
        + movement.rounds().size() + " rounds of " + movement.boardsPerRound() + " boards, "
        + movement.boards() + " boards in all");
    for (Movement.Round round : movement.rounds()) {
      out.println();
      out.println("Round " + round.number());
      out.println("  Table  NS  EW  Boards");
      for (Movement.Table t : round.tables()) {
        out.printf("  %5d %3d %3d  %s%n", t.number(), t.ns(), t.ew(), boards(t.boards(), ", "));
      }
      if (!round.byes().isEmpty()) {
        out.println("  Bye: " + round.byes().stream().map(String::valueOf)
            .collect(Collectors.joining(", ")));
      }
    }
    out.println();
    out.println(movement.comparison() == Movement.Comparison.MATCH
        ? "Comparisons (each result against the other room of its match):"
        : "Comparisons (each result against every other result of its direction on the board):");
    out.println("  Pair  Boards  Compared  Rivals");
    for (PairBalance p : report.pairs()) {
      out.printf("  %4d  %6d  %8d  %6d%n", p.pair(), p.boards(), p.comparisons(), p.rivals());
    }
    if (!report.balanced()) {
      out.println("Not every pair is compared as often: scores are best factored.");
    }
  }

  /** Boards as a run {@code 1-3}, or one by one ({@code 1;5;9} in CSV). */
  static String boards(List<Integer> boards, String separator) {
    int first = boards.get(0);
    int last = boards.get(boards.size() - 1);
    boolean run = boards.size() > 1 && last - first == boards.size() - 1
        && boards.equals(IntStream.rangeClosed(first, last).boxed().toList());
    return run ? first + "-" + last
        : boards.stream().map(String::valueOf).collect(Collectors.joining(separator));
  }
}
