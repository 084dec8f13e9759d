package org.tenace.cli.analyse;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.lin.LinReader;
import org.tenace.bridge.pbn.PbnDeal;
import org.tenace.bridge.pbn.PbnGame;
import org.tenace.bridge.pbn.PbnOptimum;
import org.tenace.bridge.pbn.PbnReader;
import org.tenace.bridge.pbn.PbnRecords;
import org.tenace.bridge.pbn.PbnTable;
import org.tenace.bridge.pbn.PbnWriter;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.PlayedCard;
import org.tenace.bridge.record.ReadResult;
import org.tenace.solver.CardCost;
import org.tenace.solver.DdTable;
import org.tenace.solver.DoubleDummy;
import org.tenace.solver.Par;
import org.tenace.solver.ParResult;
import org.tenace.solver.PlayCosts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tenace analyse FILE.pbn|FILE.lin... [-o OUT.pbn]}: adds to every deal its double-dummy
 * table ({@code OptimumResultTable}, PBN 2.1 section 5.7), its par score ({@code OptimumScore},
 * section 4.2.7) and par contract, and for a played board the double-dummy cost of each card,
 * and writes the games as PBN (or as text for people).
 *
 * <p>The table and par are written as {@link PbnOptimum} says (PBN 2.1 has no tag for the par
 * contract: Ruter's OptimumContract), the costs as {@link #analysed} says.
 *
 * <p>Exit status: 0; 1 when a deal could not be solved within the node limit (the others are
 * written); 2 when a file cannot be read.
 */
@Command(name = "analyse", mixinStandardHelpOptions = true,
    description = {"Double-dummy analysis of hand records (PBN or LIN): each deal's table of "
        + "tricks for every strain and declarer, its par score and par contract, and for a "
        + "played board the tricks each card gave away, added as PBN tags and tables "
        + "(OptimumResultTable, OptimumScore, OptimumContract, PlayCostTable)."},
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {"0:done", "1:a deal could not be solved within --max-nodes",
        "2:a file could not be read, or the command line is wrong"})
public final class AnalyseCommand implements Callable<Integer> {
  /** The PlayCostTable's columns: one row a card, in the order played. */
  static final String COST_HEADER = "Seat;Card;Tricks\\2R;Cost\\2R";

  @Spec
  private CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "PBN or LIN hand records.")
  private List<String> files = new ArrayList<>();

  @Option(names = {"-o", "--output"}, paramLabel = "OUT.pbn",
      description = "Where to write the analysed games (default: the standard output).")
  private Path output;

  @Option(names = "--max-nodes", paramLabel = "N", defaultValue = "20000000000",
      description = "The most search nodes one deal (or one card's position) may take "
          + "(default: ${DEFAULT-VALUE}).")
  private long maxNodes;

  @Option(names = "--costs", negatable = true, defaultValue = "true", fallbackValue = "true",
      description = "Work out the tricks each card played gave away (a search a card; "
          + "--no-costs leaves them out).")
  private boolean costs;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "pbn",
      description = "pbn (the games with the analysis added) or text (the analysis for people); "
          + "default: ${DEFAULT-VALUE}.")
  private Format format;

  /** What the command writes. */
  enum Format { pbn, text }

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
      DdTable table;
      try {
        table = solver.table(deal.get(), maxNodes);
      } catch (DoubleDummy.BudgetExceeded e) {
        err.println("tenace: analyse: board " + g.tag("Board").orElse("?")
            + ": not solved within " + maxNodes + " nodes; left as it was");
        out.add(g);
        unsolved = true;
        continue;
      }
      List<CardCost> cardCosts = List.of();
      if (costs) {
        try {
          cardCosts = costs(g, deal.get(), solver);
        } catch (DoubleDummy.BudgetExceeded e) {
          err.println("tenace: analyse: board " + g.tag("Board").orElse("?")
              + ": a card's position not solved within " + maxNodes
              + " nodes; the costs of its cards left out");
          unsolved = true;
        } catch (IllegalArgumentException e) {
          err.println("tenace: analyse: board " + g.tag("Board").orElse("?")
              + ": the play cannot be followed (" + e.getMessage()
              + "); the costs of its cards left out");
        }
      }
      out.add(analysed(g, table, cardCosts));
    }
    if (output != null) {
      if (format == Format.text) {
        Files.writeString(output, AnalysisText.of(out), java.nio.charset.StandardCharsets.UTF_8);
      } else {
        Files.write(output, PbnWriter.toBytes(out));
      }
    } else {
      PrintWriter o = spec.commandLine().getOut();
      o.print(format == Format.text ? AnalysisText.of(out) : PbnWriter.write(out));
      o.flush();
    }
    err.flush();
    return unreadable ? 2 : unsolved ? 1 : 0;
  }

  /** The double-dummy cost of each card of the game's play (none when it has no play). */
  private List<CardCost> costs(PbnGame g, Deal deal, DoubleDummy solver) {
    List<String> warnings = new ArrayList<>();
    HandRecord r = PbnRecords.toHandRecord(g, warnings::add);
    if (r.play().isEmpty() || r.contract().isEmpty()) {
      return List.of();
    }
    Contract c = r.contract().get();
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, deal.hand(s));
    }
    return PlayCosts.of(solver, hands, c.strain(), c.declarer(), r.play().get(0).seat(),
        r.play().stream().map(PlayedCard::card).toList(), maxNodes);
  }

  /**
   * The game with its table and par ({@link PbnOptimum}) and the cost of each card of its play:
   * a PlayCostTable, a supplemental table (PBN 2.1 section 5) with one row a card in the order
   * played, like the PlayTimeTable: who played it, declarer's double-dummy tricks after it and
   * the tricks it gave away.
   */
  static PbnGame analysed(PbnGame g, DdTable table, List<CardCost> cardCosts) {
    ParResult par = Par.dealer(table, g.vulnerability().orElse(Vulnerability.NONE),
        g.dealer().orElse(Seat.NORTH));
    PbnGame out = PbnOptimum.with(g, (seat, strain) -> table.tricks(strain, seat), par.score(),
        par.ruter(), par.contractTexts());
    if (cardCosts.isEmpty()) {
      return out;
    }
    PbnTable t = PbnTable.of(COST_HEADER);
    for (CardCost c : cardCosts) {
      t = t.withRow(String.valueOf(c.seat().letter()), c.card().toString(),
          Integer.toString(c.after()), Integer.toString(c.cost()));
    }
    return out.withTable("PlayCostTable", t);
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
