package org.tenace.cli.score;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code tenace score} on small results files, one per convention that real exporters write and per
 * scoring rule (matchpoints, Neuberg, IMPs, Butler). Every expected figure is worked out by hand in
 * the comments.
 */
class ScoreConventionsTest {

  @TempDir
  Path dir;

  /**
   * A Ruter pairs file, two boards at four tables. Board 1 (None): +420, +400, -50 and an A+
   * row: three plays of four, so Neuberg (MP+1)*4/3-1 on raw 4, 2, 0 gives 5.7, 3.0, 0.3 (EW
   * 0.3, 3.0, 5.7), and A+ is 60% of the top 6, 3.6. Board 2 (NS vul): +110 (3C N 9), 0
   * (passed out), -110 twice (2H E 8): 6, 4, 1, 1. Totals over tops of 12: pair 5 3.0+5 = 8.0
   * (66.67%), pair 4 3.6+4 = 7.6 (63.33%), pair 2 5.7+1 = 6.7 (55.56%), pair 3 0.3+6 = 6.3
   * (52.78%), pair 7 5.7+0 (47.22%), pair 8 3.6+2 (46.67%), pair 6 0.3+5 (44.44%), pair 1
   * 3+1 = 4.0 (33.33%).
   */
  static final String PAIRS = Cli.text("pbn/conventions/pairs.pbn");

  /**
   * Every figure of each file agrees with what tenace score works out again: the files are the
   * test resources data/pbn/conventions/, and checked.csv beside them says how many figures
   * each holds and which (the constants below say why each figure is what it is).
   */
  @ParameterizedTest(name = "{0}")
  @CsvFileSource(resources = "/data/pbn/conventions/checked.csv", delimiter = '|')
  void everyFigureOfTheFileAgrees(String file, int figures) {
    Cli.Run run = Cli.run("score", "--check", Cli.copy(dir, "pbn/conventions/" + file));

    assertThat(run.outLines()).containsExactly("checked " + figures + " values, 0 disagree");
    assertThat(run.err()).isEmpty();
    assertThat(run.exit()).isZero();
  }

  @Test
  void anAssignedScoreIsPrintedAsOneNotAsABye() {
    String pbn = Cli.text("pbn/conventions/rulings.pbn");
    // A split score: North-South's 420 ties table 1's, East-West's -50 beats it (top 2).
    List<String> lines = Cli.run("score", Cli.write(dir, "rulings.pbn", pbn)).outLines();
    assertThat(lines).anySatisfy(l -> assertThat(l).contains("4", "Assigned", "1.0", "2.0"));
    assertThat(lines).noneSatisfy(l -> assertThat(l).contains("Bye"));
  }

  @Test
  void aPairsFilePrintsItsTravellersAndRanking() {
    Cli.Run run = Cli.run("score", Cli.write(dir, "pairs.pbn", PAIRS));

    List<String> lines = run.outLines();
    assertThat(lines.get(0)).endsWith("pairs.pbn: Club pairs");
    assertThat(lines.get(1)).isEqualTo("2 boards, 8 pairs; matchpoints");
    assertThat(lines).containsSubsequence("Board 1  Dealer N  Vul None",
        "Table  NS  EW  Contract  By  Tricks  NS score  NS MP  EW MP  NS %  EW %",
        "    1  1   5   3NT       N        9      +400    3.0    3.0    50    50",
        "    2  2   6   4S        S       10      +420    5.7    0.3    94     6",
        "    3  3   7   3NT       N        8       -50    0.3    5.7     6    94",
        "    4  4   8   A+/A+                             3.6    3.6    60    60");
    assertThat(lines).containsSubsequence("Ranking",
        "Place  Pair  Names      Boards   MP      %",
        "    1  5     Eve - Fay       2  8.0  66.67",
        "    2  4     Dan - Don       2  7.6  63.33",
        "    8  1     Ann - Abe       2  4.0  33.33");
  }

  /**
   * A team event's file of matches (Ruter's, with no board's result): each round's matches with
   * their IMPs and VPs, the rounds not played yet, and the teams ranked by VPs.
   */
  static final String TEAMS = Cli.text("pbn/conventions/teams.pbn");

  /**
   * An individual: players, not pairs. +450 beats +420: North and South of table 2 get 2 of a
   * top of 2 (100%), East and West of table 1 the same.
   */
  static final String INDIVIDUAL = Cli.text("pbn/conventions/individual.pbn");

  /**
   * Two sections that both number their pairs 1 and 2, IMPed across the field: +430 against
   * +400 is 30 points, 1 IMP. Pairs are then known by section, A/1 and B/1.
   */
  static final String SECTIONS = Cli.text("pbn/conventions/sections.pbn");

  /**
   * PBN's MP2, the ACBL form: 1 per score beaten, ½ per tie, top n-1. +420 beats both +400s:
   * 2 of 2; the +400s tie each other: 0.5, East-West 1.5.
   */
  static final String ACBL = Cli.text("pbn/conventions/acbl.pbn");

  /**
   * PBN's OldMP: doubled undertricks not vulnerable are 100, 200, 200 and then 200 each, not
   * 300: 4S doubled down four is -700, where Law 77 of 2017 makes it -800.
   */
  static final String OLD_SCORING = Cli.text("pbn/conventions/old-scoring.pbn");

  @Test
  void theOldScaleOfUndertricksAppliesWhenTheScoringTagSaysSo() {
    String old = Cli.write(dir, "old.pbn", OLD_SCORING);
    String current = Cli.write(dir, "current.pbn", OLD_SCORING.replace("MP;OldMP", "MP"));

    assertThat(Cli.run("score", "--check", old).outLines())
        .containsExactly("checked 1 values, 0 disagree");
    assertThat(Cli.run("score", "--check", current).outLines())
        .containsExactly(current + ", 1, 1, Score, NS -700, NS -800",
            "checked 1 values, 1 disagree");
  }

  /**
   * Two sections matchpointed each on its own, as the file's figures show: A's +420 beats +400
   * (2 of a top of 2), B's +100 beats +50. Across the field the top would be 6.
   */
  static final String SECTIONS_APART = Cli.text("pbn/conventions/sections-apart.pbn");

  /**
   * Butler-2 (the highest and lowest scores left out of the datum) with a bye each board: the
   * pair with the bye scores its own average over the boards it played. Board 1: +50, -50,
   * -100, datum -50: +3, 0, -2. Board 2 (NS vul): +600, +300, -100, datum +300: +7, 0, -9.
   * Board 3 (EW vul): +90, +120, -110, datum +90: 0, +1, -5. Pair 7 played board 3 only (-5):
   * -5.0 on its byes; pair 3 played boards 1 and 2 (-2, -9): -5.5 on its bye. Totals: pair 6
   * 2+9+5, pair 1 3+7+0, pair 2 0+0+1, pair 5 0+0-1, pair 4 -3-7+0, pair 7 -5-5-5, pair 3
   * -2-9-5.5.
   */
  static final String BUTLER = Cli.text("pbn/conventions/butler.pbn");

  @Test
  void aPlainButlerTagAlsoLeavesTheExtremesOutOfTheDatum() {
    // Ruter writes IMP;Butler and drops the extremes (+50, -50, -100: datum -50, not -30).
    Cli.Run run = Cli.run("score", "--check", Cli.write(dir, "butler.pbn",
        BUTLER.replace("IMP;Butler-2;Mean", "IMP;Butler")));

    assertThat(run.outLines()).containsExactly("checked 46 values, 0 disagree");
  }

  /**
   * Cross-IMPs at four tables, one of them A+: +100, +100, -50. The IMP columns hold sums
   * (Ruter): +100 gets 0 + 4 = 4, -50 gets -8, and A+ 1.5 for each of the 3 results, 4.5.
   * Scoring Cross2 makes the totals a mean per board of the sums divided by the 2
   * comparisons: 2.00, -4.00, and the A+ pair 1.50.
   */
  static final String CROSS2 = Cli.text("pbn/conventions/cross2.pbn");

  /**
   * PbnTools: one record per table, grouped into boards by Board and Deal (here written from
   * different seats), no ScoreTable: matchpoints across the records. Board 1: +450, +420 and a
   * BBO Helper pass-out: 4, 2, 0. Board 2: a PbnTools pass-out (no Declarer, empty Result), a
   * BEN pass-out (Contract, Declarer empty, Result 0) and 2H by East making 8 scored by BEN as
   * "EW 110": 3, 3, 0.
   */
  static final String RECORDS = Cli.text("pbn/conventions/records.pbn");

  @Test
  void recordsOfOneTableEachAreGroupedIntoBoardsAndMatchpointed() {
    Cli.Run run = Cli.run("score", "--format", "csv", Cli.write(dir, "club.pbn", RECORDS));

    assertThat(run.outLines()).containsExactly(Reports.CSV_HEADER,
        "1,1,\"Smith, J - S1\",E1 - W1,4S,S,10,420,2,2",
        "1,2,N2 - S2,E2 - W2,4S,S,11,450,4,0",
        "1,3,N3 - S3,E3 - W3,Pass,,,0,0,4",
        "2,1,\"Smith, J - S1\",E1 - W1,Pass,,,0,3,1",
        "2,2,N2 - S2,E2 - W2,Pass,,,0,3,1",
        "2,3,N3 - S3,E3 - W3,2H,E,8,-110,0,4");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void recordsGroupedIntoBoardsRankTheirPairsByName() {
    Cli.Run run = Cli.run("score", Cli.write(dir, "club.pbn", RECORDS));

    // Smith, J - S1: 2 + 3 of 8; N2 - S2: 4 + 3; E3 - W3: 4 + 4.
    assertThat(run.outLines()).containsSubsequence("Ranking", "Place  Pair           Boards"
        + "   MP       %", "    1  E3 - W3             2  8.0  100.00",
        "    2  N2 - S2             2  7.0   87.50",
        "    3  Smith, J - S1       2  5.0   62.50");
  }

  /** Each form of the Score tag: EW's (BEN), declarer's, NS's with a plus sign. */
  static final String SCORE_FORMS = Cli.text("pbn/conventions/score-forms.pbn");

  /**
   * A file printed by {@code tenace score}, with {@code options} before the file (as
   * {@code text}, written as {@code file}): among the lines it prints, {@code lines}.
   */
  record Printed(String why, String file, String text, List<String> options,
      List<String> lines) {
    @Override
    public String toString() {
      return why;
    }
  }

  static Stream<Printed> printedFiles() {
    return Stream.of(
        new Printed("an individual event ranks players", "indi.pbn", INDIVIDUAL, List.of(),
            List.of("1 board, 8 players; matchpoints",
                "    2  5+6  7+8  4S        S       11      +450    2.0    0.0   100     0",
                "Place  Player  Names  Boards   MP       %",
                "  1-4  3       Cat         1  2.0  100.00")),
        new Printed("sections that reuse numbers are told apart in the scores and totals",
            "sections.pbn", SECTIONS, List.of(),
            List.of("   A1  A/1  A/2  3NT       N        9      +400     -1.0      1.0",
                "  1-2  B/1        1   1.0", "  1-2  A/2        1   1.0")),
        new Printed("matchpoints in the ACBL form are printed in halves", "acbl.pbn", ACBL,
            List.of(), List.of("1 board, 6 pairs; matchpoints (ACBL)",
                "    2  2   5   3NT       N        9      +400    0.5    1.5    25    75")),
        new Printed("the European form is the default on the command line", "acbl.pbn", ACBL,
            List.of("--method", "mp"),
            List.of("    1  1   4   4S        S       10      +420    4.0    0.0   100     0")),
        new Printed("sections scored apart are printed as the file scored them", "apart.pbn",
            SECTIONS_APART, List.of(),
            List.of("1 board, 8 pairs; matchpoints, each section apart",
                "   B1  B/1  B/2  2S        S        8      +110    2.0    0.0   100     0")),
        new Printed("Butler prints the datum and the byes", "butler.pbn", BUTLER, List.of(),
            List.of("3 boards, 7 pairs; Butler IMPs", "Board 2  Dealer E  Vul NS  Datum +300",
                "    4      7   Bye                                         -5.0",
                "    4  3       Bye                                -5.5",
                "    7  3          3  -16.5")),
        new Printed("cross-IMPs are summed on the board and averaged in a Cross2 file's totals",
            "cross2.pbn", CROSS2, List.of(),
            List.of("1 board, 8 pairs; cross-IMPs (average per comparison)",
                "    1  1   5   1NT       W        5      +100     2.00    -2.00",
                "    4  4   8   A+/A+                              1.50     1.50",
                "Place  Pair  Boards   IMPs  IMPs/board",
                "    1  7          1   4.00        4.00")),
        new Printed("a team event's file of matches prints its matches and the teams' ranking",
            "teams.pbn", TEAMS, List.of(),
            List.of("4 matches of 4 teams in 2 rounds; IMPs and VPs as the file records them"
                    + " (no board's result)", "not played yet: round 3",
                "Table  Home       Away         IMPs           VP",
                "    1  1 KNIGHTS  2 BISHOPS  110-31   19.68-0.32",
                "Place  Team       Matches    IMPs     VP",
                "    1  3 ROOKS          2   54-34  25.50",
                "    4  2 BISHOPS        2  43-122  10.32")),
        new Printed("the method on the command line replaces the file's for printing",
            "cross2.pbn", CROSS2, List.of("--method", "imp-cross"),
            List.of("1 board, 8 pairs; cross-IMPs (sum)",
                "    3  3   7   2S        N        7       -50     -8.0      8.0")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("printedFiles")
  void aFileIsPrintedWithTheFiguresItsConventionGives(Printed p) {
    List<String> args = new ArrayList<>(List.of("score"));
    args.addAll(p.options());
    args.add(Cli.write(dir, p.file(), p.text()));

    Cli.Run run = Cli.run(args.toArray(String[]::new));

    assertThat(run.outLines()).containsAll(p.lines());
  }


  /**
   * One figure of a file made wrong, and the line {@code --check} prints for it: the file, the
   * board (or total), the table (or pair), the field, the file's figure and the right one.
   */
  record Wrong(String why, String file, String text, String from, String to, String line,
      int values) {
    @Override
    public String toString() {
      return why;
    }
  }

  static Stream<Wrong> wrongFigures() {
    return Stream.of(
        new Wrong("a matchpoint", "pairs.pbn", PAIRS, "2 2 6 4S  S 10 \"420\"    -  5.7",
            "2 2 6 4S  S 10 \"420\"    -  5.6", ", 1, 2, MP_NS, 5.6, 5.7", 55),
        // 3C by North with 9 tricks, NS vulnerable, is +110, not +130; still the top.
        new Wrong("a ScoreTable score, in its own column", "pairs.pbn", PAIRS,
            "3 3 7 3C   N  9 \"110\"", "3 3 7 3C   N  9 \"130\"", ", 2, 3, Score_NS, 130, 110",
            55),
        // 3NT by North with 8 tricks: down one, East-West +50, not +100; still the bottom.
        new Wrong("an East-West score, from East-West's side", "pairs.pbn", PAIRS,
            "3 3 7 3N  N  8     - \"50\"", "3 3 7 3N  N  8     - \"100\"",
            ", 1, 3, Score_EW, 100, 50", 55),
        new Wrong("a total, with the pair", "pairs.pbn", PAIRS, "7 6 5.3 44.44",
            "7 6 5.4 44.44", ", total, 6, TotalScoreMP, 5.4, 5.3", 55),
        // 5/6 of the top is 83.33%: the file's whole 83 agrees, 84 does not.
        new Wrong("a percentage, compared whole as the file prints it", "pairs.pbn", PAIRS,
            "1 1 5 2H   E  8     - \"110\"  1.0 5.0  17  83",
            "1 1 5 2H   E  8     - \"110\"  1.0 5.0  17  84", ", 2, 1, Percentage_EW, 84, 83",
            55),
        new Wrong("a player's figure, by its column", "indi.pbn", INDIVIDUAL,
            "2 5 6 7 8 4S S 11 \"450\" - 2.0 2.0 0.0 0.0",
            "2 5 6 7 8 4S S 11 \"450\" - 2.0 1.0 0.0 0.0", ", 1, 2, MP_South, 1.0, 2.0", 34),
        new Wrong("a total in a sectioned table, with the pair's section", "sections.pbn",
            SECTIONS, "3 2 \"B\" -1.0", "3 2 \"B\" -2.0",
            ", total, B/2, TotalScoreIMP, -2.0, -1.0", 10),
        new Wrong("a cross-IMP figure", "sections.pbn", SECTIONS,
            "\"B\" 1 1 2 3N N 10 \"430\" -  1.0 -1.0", "\"B\" 1 1 2 3N N 10 \"430\" -  2.0 -1.0",
            ", 1, B1, IMP_NS, 2.0, 1.0", 10),
        new Wrong("a Butler datum", "butler.pbn", BUTLER,
            "1 1 4 2H  W  7   \"50\"     -   3.0  -3.0  -50",
            "1 1 4 2H  W  7   \"50\"     -   3.0  -3.0  -40", ", 1, 1, ButlerDatum, -40, -50",
            46),
        new Wrong("a bye's figure", "butler.pbn", BUTLER,
            "4 3 - -   -  -  \"Bye\"  \"Bye\"  -5.5", "4 3 - -   -  -  \"Bye\"  \"Bye\"  -5.0",
            ", 3, 4, IMP_NS, -5.0, -5.5", 46),
        // 5C doubled by North, vulnerable, making 11: 200 + 500 + 50 = 750, not 550.
        new Wrong("a Score tag", "forms.pbn", SCORE_FORMS, "NS +750", "NS +550",
            ", 4, 1, Score, NS 550, NS 750", 4),
        // 1NT by West making 8 is +120 to East-West: "EW -120" would be NS +120.
        new Wrong("a BEN score from the wrong side", "forms.pbn", SCORE_FORMS, "EW 120",
            "EW -120", ", 1, 1, Score, EW -120, NS -120", 4));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("wrongFigures")
  void aFigureThatDisagreesIsPrintedWithItsFileBoardTableAndField(Wrong w) {
    assertThat(w.text()).contains(w.from());
    String file = Cli.write(dir, w.file(), w.text().replace(w.from(), w.to()));

    Cli.Run run = Cli.run("score", "--check", file);

    assertThat(run.outLines()).containsExactly(file + w.line(),
        "checked " + w.values() + " values, 1 disagree");
    assertThat(run.exit()).isEqualTo(1);
  }

  @Test
  void csvQuotesFieldsAsRfc4180Says() {
    assertThat(Reports.quote("plain")).isEqualTo("plain");
    assertThat(Reports.quote("Smith, J")).isEqualTo("\"Smith, J\"");
    assertThat(Reports.quote("Jo \"Ace\" Li")).isEqualTo("\"Jo \"\"Ace\"\" Li\"");
    assertThat(Reports.quote("two\nlines")).isEqualTo("\"two\nlines\"");
  }
}
