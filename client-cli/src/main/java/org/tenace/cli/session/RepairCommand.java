package org.tenace.cli.session;

import java.io.PrintWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tenace.proto.v1.AcceptRepairRequest;
import org.tenace.proto.v1.MovementRepairProposal;
import org.tenace.proto.v1.ProposeRepairRequest;
import org.tenace.proto.v1.RepairDefect;
import org.tenace.proto.v1.RepairTableRemoved;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tenace direct repair}: live movement repair, between rounds. {@code propose} asks the
 * server to plan the rounds to come again for a change in the room (a pair that leaves, a late
 * pair, a table added for two pairs who arrive, a table removed when two pairs leave) and prints
 * what changes and the check's words; {@code show} prints the proposal again; {@code accept}
 * makes the session play it.
 */
@Command(name = "repair", mixinStandardHelpOptions = true,
    description = "Repair the movement between rounds: propose (a pair leaves or arrives, a"
        + " table is added or removed), show the proposal, accept it.",
    subcommands = {RepairCommand.Propose.class, RepairCommand.Show.class,
        RepairCommand.Accept.class})
final class RepairCommand implements Runnable {
  @Spec
  private CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The change in the room: exactly one. */
  static final class Change {
    @Option(names = "--leaves", paramLabel = "PAIR",
        description = "this pair leaves at the end of the round")
    Integer leaves;

    @Option(names = "--arrives", description = "a late pair arrives (numbered after the others)")
    boolean arrives;

    @Option(names = "--add-table",
        description = "a table is added for two pairs who arrive (numbered after the others)")
    boolean addTable;

    @Option(names = "--remove-table", paramLabel = "PAIR,PAIR",
        description = "a table is removed: these two pairs leave")
    String removeTable;
  }

  /** A step of repair, on the session its first parameter names. */
  abstract static class OnSession extends DirectCommand.SessionStep {
    /** Asks the server for the proposal {@code req} says, and prints it with how to accept it. */
    int propose(ProposeRepairRequest req) {
      var r = at.call(stub -> stub.proposeRepair(req));
      print(spec.commandLine().getOut(), session, r.getRepair(), true);
      return 0;
    }
  }

  /** {@code tenace direct repair propose SESSION --leaves P | --arrives | ... [--after R]}. */
  @Command(name = "propose", mixinStandardHelpOptions = true,
      description = "Plan the rounds to come again for a change in the room, and show it. Nothing"
          + " changes until it is accepted.")
  static final class Propose extends OnSession {
    @ArgGroup(exclusive = true, multiplicity = "1")
    Change change;

    @Option(names = "--after", paramLabel = "ROUND",
        description = "the last round as it stands (default: the round in play)")
    int after;

    @Override
    public Integer call() {
      at.requireToken();
      if (after < 0) {
        throw new IllegalArgumentException("--after: a round, not " + after);
      }
      ProposeRepairRequest.Builder req = ProposeRepairRequest.newBuilder().setSessionId(session)
          .setAfterRound(after);
      if (change.leaves != null) {
        req.setPairLeaves(change.leaves);
      } else if (change.arrives) {
        req.setPairArrives(true);
      } else if (change.addTable) {
        req.setTableAdded(true);
      } else {
        Matcher m = Pattern.compile("(\\d{1,3})\\s*[,-]\\s*(\\d{1,3})")
            .matcher(change.removeTable.strip());
        if (!m.matches()) {
          throw new IllegalArgumentException("--remove-table: the two pairs that leave (3,7),"
              + " not '" + change.removeTable + "'");
        }
        req.setTableRemoved(RepairTableRemoved.newBuilder()
            .setFirstPair(Integer.parseInt(m.group(1)))
            .setSecondPair(Integer.parseInt(m.group(2))));
      }
      return propose(req.build());
    }
  }

  /** {@code tenace direct repair show SESSION}. */
  @Command(name = "show", mixinStandardHelpOptions = true,
      description = "Show the repair proposed last and not accepted yet.")
  static final class Show extends OnSession {
    @Override
    public Integer call() {
      at.requireToken();
      return propose(ProposeRepairRequest.newBuilder().setSessionId(session).build());
    }
  }

  /** {@code tenace direct repair accept SESSION}. */
  @Command(name = "accept", mixinStandardHelpOptions = true,
      description = "Accept the repair proposed last: the session plays it from the next round.")
  static final class Accept extends OnSession {
    @Override
    public Integer call() {
      at.requireToken();
      var r = at.call(stub -> stub.acceptRepair(AcceptRepairRequest.newBuilder()
          .setSessionId(session).build()));
      MovementRepairProposal p = r.getRepair();
      return say("session %s: movement repaired from round %d (%s): %s; %s%n", session,
          p.getAfterRound() + 1, p.getChange(), p.getMovement(),
          DirectCommand.where(r.getStatus()).equals("the session is waiting")
              ? "the session has not started" : DirectCommand.where(r.getStatus()));
    }
  }

  /** A proposal as the director reads it: what changes, then what the check finds. */
  static void print(PrintWriter out, String session, MovementRepairProposal p, boolean ask) {
    out.printf("session %s: repair from round %d (%s): %s, %d pairs at %d tables%n", session,
        p.getAfterRound() + 1, p.getChange(), p.getMovement(), p.getPairs(), p.getTables());
    p.getChangesList().forEach(c -> out.printf("  %s%n", c));
    if (p.getDefectsCount() == 0) {
      out.println("the check finds nothing wrong: no pair meets another twice or plays a board"
          + " twice");
    } else {
      out.printf("the check finds %d defect(s):%n", p.getDefectsCount());
      for (RepairDefect d : p.getDefectsList()) {
        out.printf("  %s%n", d.getWords());
      }
    }
    if (ask && p.getPlayable()) {
      out.printf("to play it: tenace direct repair accept %s%n", session);
    }
    out.flush();
  }
}
