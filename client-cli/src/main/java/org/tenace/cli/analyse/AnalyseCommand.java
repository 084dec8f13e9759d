package org.tenace.cli.analyse;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.tenace.scoring.auction.Strain;
import org.tenace.scoring.board.Vulnerability;
import org.tenace.scoring.card.Deal;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.card.Side;
import org.tenace.scoring.lin.LinReader;
import org.tenace.scoring.pbn.PbnDeal;
import org.tenace.scoring.pbn.PbnGame;
import org.tenace.scoring.pbn.PbnReader;
import org.tenace.scoring.pbn.PbnRecords;
import org.tenace.scoring.pbn.PbnTable;
import org.tenace.scoring.pbn.PbnWriter;
import org.tenace.scoring.record.HandRecord;
import org.tenace.scoring.record.ReadResult;
import org.tenace.solver.DdTable;
import org.tenace.solver.DoubleDummy;
import org.tenace.solver.Par;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tenace analyse FILE.pbn|FILE.lin... [-o OUT.pbn]}: adds to every deal its double-dummy
 * table ({@code OptimumResultTable}, PBN 2.1 section 3.x) and its par score ({@code
 * OptimumScore}, the dealer's side bidding first), and writes the games as PBN.
 *
 * <p>Exit status: 0; 1 when a deal could not be solved within the node limit (the others are
 * written); 2 when a file cannot be read.
 */
@Command(name = "analyse", mixinStandardHelpOptions = true,
    description = {"Double-dummy analysis of hand records (PBN or LIN): each deal's table of "
        + "tricks for every strain and declarer, and its par score, added as PBN tags."},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:done", "1:a deal could not be solved within --max-nodes",
        "2:a file could not be read, or the command line is wrong"})
public final class AnalyseCommand implements Callable<Integer> {
  /** The OptimumResultTable's columns, as PBN 2.1's example writes them. */
  static final String TABLE_HEADER = "Declarer;Denomination\\2R;Result\\2R";
  private static final Seat[] DECLARERS = {Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST};
  private static final Strain[] DENOMINATIONS = {
    Strain.NO_TRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS
  };

  @Spec
  private CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "PBN or LIN hand records.")
  private List<String> files = new ArrayList<>();

  @Option(names = {"-o", "--output"}, paramLabel = "OUT.pbn",
      description = "Where to write the analysed games (default: the standard output).")
  private Path output;

  @Option(names = "--max-nodes", paramLabel = "N", defaultValue = "20000000000",
      description = "The most search nodes one deal may take (default: ${DEFAULT-VALUE}).")
  private long maxNodes;

  @Override
  public Integer call() throws IOException {
    PrintWriter err = spec.commandLine().getErr();
    List<PbnGame> games = new ArrayList<>();
    boolean unreadable = false;
    for (String name : files) {
      Optional<List<PbnGame>> read = read(name, err);
      if (read.isEmpty()) {
        unreadable = true;
      } else {
        games.addAll(read.get());
      }
    }
    DoubleDummy solver = new DoubleDummy(20);
    List<PbnGame> out = new ArrayList<>();
    boolean unsolved = false;
    for (PbnGame g : games) {
      Optional<Deal> deal = g.deal().flatMap(PbnDeal::full);
      if (deal.isEmpty()) {
        out.add(g);
        continue;
      }
      try {
        out.add(analysed(g, solver.table(deal.get(), maxNodes)));
      } catch (DoubleDummy.BudgetExceeded e) {
        err.println("tenace: analyse: board " + g.tag("Board").orElse("?")
            + ": not solved within " + maxNodes + " nodes; left as it was");
        out.add(g);
        unsolved = true;
      }
    }
    String text = PbnWriter.write(out);
    if (output != null) {
      Files.write(output, PbnWriter.toBytes(out));
    } else {
      PrintWriter o = spec.commandLine().getOut();
      o.print(text);
      o.flush();
    }
    err.flush();
    return unreadable ? 2 : unsolved ? 1 : 0;
  }

  /** The game with its table and par added. */
  static PbnGame analysed(PbnGame g, DdTable table) {
    PbnTable t = PbnTable.of(TABLE_HEADER);
    for (Seat d : DECLARERS) {
      for (Strain s : DENOMINATIONS) {
        t = t.withRow(String.valueOf(d.letter()), s.symbol(), Integer.toString(table.tricks(s, d)));
      }
    }
    Vulnerability v = g.vulnerability().orElse(Vulnerability.NONE);
    Side first = g.dealer().map(Seat::side).orElse(Side.NS);
    int ns = Par.score(table, v, first);
    return g.withTable("OptimumResultTable", t).withTag("OptimumScore", "NS " + ns);
  }

  private static Optional<List<PbnGame>> read(String name, PrintWriter err) {
    byte[] bytes;
    try {
      Path path = Path.of(name);
      if (Files.isDirectory(path)) {
        err.println("tenace: analyse: " + name + ": cannot read: it is a directory");
        return Optional.empty();
      }
      bytes = Files.readAllBytes(path);
    } catch (NoSuchFileException e) {
      err.println("tenace: analyse: " + name + ": cannot read: no such file");
      return Optional.empty();
    } catch (IOException | InvalidPathException | SecurityException e) {
      err.println("tenace: analyse: " + name + ": cannot read: " + e.getMessage());
      return Optional.empty();
    }
    if (name.toLowerCase().endsWith(".lin")) {
      ReadResult<HandRecord> r = LinReader.readHandRecords(bytes, name);
      r.diagnostics().forEach(d -> err.println(d));
      return Optional.of(r.values().stream().map(PbnRecords::toGame).toList());
    }
    ReadResult<PbnGame> r = PbnReader.read(bytes, name);
    r.diagnostics().forEach(d -> err.println(d));
    return Optional.of(r.values());
  }
}
