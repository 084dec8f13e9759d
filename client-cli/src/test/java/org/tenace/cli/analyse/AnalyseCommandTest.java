package org.tenace.cli.analyse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.cli.Main;
import org.tenace.bridge.pbn.PbnGame;
import org.tenace.bridge.pbn.PbnReader;
import picocli.CommandLine;

/**
 * {@code tenace analyse} on a real BBO daylong board: the table it writes is the one BBO Helper
 * wrote from DDS, the par score is there, and {@code tenace score --check} still agrees with every
 * figure of the file.
 */
class AnalyseCommandTest {
  @TempDir
  Path dir;

  record Run(int exit, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new Main());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  private Path copy(String resource) throws IOException {
    Path p = dir.resolve(Path.of(resource).getFileName());
    Files.write(p, bytes(resource));
    return p;
  }

  private byte[] bytes(String resource) throws IOException {
    try (InputStream in = getClass().getResourceAsStream("/data/" + resource)) {
      return in.readAllBytes();
    }
  }

  /** The OptimumResultTable's rows of a PBN text, spaces collapsed. */
  private static List<String> tableRows(String pbn) {
    return rows(pbn, "[OptimumResultTable ", 20);
  }

  /** The {@code n} rows of the table that starts {@code start} in a PBN text, spaces collapsed. */
  private static List<String> rows(String pbn, String start, int n) {
    List<String> lines = pbn.lines().toList();
    int at = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(start)) {
        at = i;
      }
    }
    assertThat(at).as("%s in\n%s", start, pbn).isNotNegative();
    return lines.subList(at + 1, at + 1 + n).stream().map(l -> l.strip().replaceAll("\\s+", " ")).toList();
  }

  @Test
  void aDaylongBoardGetsDdsTableAndParAndStillChecks() throws IOException {
    Path in = copy("pbn/analyse/daylong-board1.pbn");
    Path out = dir.resolve("out.pbn");
    String original = Files.readString(in, StandardCharsets.ISO_8859_1);

    Run analysed = run("analyse", in.toString(), "-o", out.toString());

    assertThat(analysed.exit()).as(analysed.err()).isZero();
    String written = Files.readString(out, StandardCharsets.ISO_8859_1);
    assertThat(tableRows(written)).containsExactlyElementsOf(tableRows(original));
    // Board 1, dealer North, none vulnerable: East-West make 6D (12 tricks for West), and the
    // best North-South sacrifice costs more, so par is East-West's 920.
    assertThat(written).contains("[OptimumScore \"NS -920\"]");
    // Par's contract: 6D by West, who takes 12 tricks (East only 11).
    assertThat(written).contains("[OptimumContract \"6D W 12\"]", "{par 6D-W}");
    // One row a card in the order played: South's opening heart lead gave a trick away (East
    // then makes 12 double dummy), East's SQ gave it back; East made 11, as the record says.
    List<String> costs = rows(written, "[PlayCostTable ", 52);
    assertThat(costs.get(0)).isEqualTo("S H2 12 1");
    assertThat(costs).filteredOn(r -> !r.endsWith(" 0")).containsExactly("S H2 12 1", "E SQ 11 1");
    assertThat(costs.get(51)).matches("[NESW] [SHDC][2-9TJQKA] 11 0");
    String text = AnalysisText.of(
        org.tenace.bridge.pbn.PbnReader.read(Files.readAllBytes(out), "out.pbn").values());
    assertThat(text).contains("Par NS -920, par 6D-W")
        .contains("  West          11 11  7 12 11")
        .contains("   1.  S H2 (-1)  W H4       N HK       E D2       12");

    Run before = run("score", "--check", in.toString());
    Run after = run("score", "--check", out.toString());
    assertThat(after.out()).isEqualTo(before.out()).endsWith("0 disagree\n");
    assertThat(after.exit()).isZero();
  }

  @Test
  void everyBoardOfADaylongFileGetsDdsTable() throws IOException {
    // BBO Helper's tables are taken out first: only tables that analyse worked out can match.
    String original = new String(
        bytes("pbn/bbo_daylong/Ben_and_Friends_Daily_2024-06-02_Daylong.pbn"),
        StandardCharsets.ISO_8859_1);
    String bare = original.replaceAll(
        "(?m)^\\[OptimumResultTable [^\\n]*\\n(?:[NESW] [^\\n]*\\n)*", "");
    assertThat(bare).doesNotContain("OptimumResultTable").contains("[Deal ");
    Path in = dir.resolve("daylong.pbn");
    Files.writeString(in, bare, StandardCharsets.ISO_8859_1);
    Path out = dir.resolve("out.pbn");

    Run analysed = run("analyse", "--no-costs", in.toString(), "-o", out.toString());

    assertThat(analysed.exit()).as(analysed.err()).isZero();
    Map<String, List<String>> written = new LinkedHashMap<>();
    for (PbnGame g : PbnReader.read(Files.readAllBytes(out), "out.pbn").values()) {
      written.put(g.tag("Board").orElseThrow(), g.table("OptimumResultTable").orElseThrow()
          .cells().stream().map(row -> String.join(" ", row)).toList());
    }
    assertThat(written).hasSize(8).isEqualTo(ddsTables("pbn/analyse/daylong-2024-06-02.dds"));
  }

  /**
   * A fixture of DDS's tables (its comment says how it was made): each board's table as
   * OptimumResultTable rows, "N NT 2".
   */
  private Map<String, List<String>> ddsTables(String resource) throws IOException {
    Map<String, List<String>> tables = new LinkedHashMap<>();
    for (String line : new String(bytes(resource), StandardCharsets.US_ASCII).lines().toList()) {
      if (line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\\s+");
      List<String> rows = new ArrayList<>();
      int i = 1;
      for (String declarer : List.of("N", "S", "E", "W")) {
        for (String strain : List.of("NT", "S", "H", "D", "C")) {
          rows.add(declarer + " " + strain + " " + f[i++]);
        }
      }
      tables.put(f[0], rows);
    }
    return tables;
  }

  @Test
  void aMissingFileIsNamed() {
    Run r = run("analyse", dir.resolve("nothing.pbn").toString());

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("nothing.pbn: cannot read: no such file");
  }
}
