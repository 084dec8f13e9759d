package org.tenace.bridge.pbn;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.record.Irregularity;
import org.tenace.bridge.record.ReadResult;

/** The import format (PBN 2.1) and each quirk real programs write, one small snippet each. */
class PbnReaderTest {
  static final String DEAL_N =
      "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85";

  // ---- file layout ---------------------------------------------------------------------------

  @Test
  void percentLinesAreSkippedAndBraceCommentsSpanLinesWithoutEndingTheGame() {
    ReadResult<PbnGame> r = Pbn.read("""
        % PBN 2.1
        % EXPORT
        % <META  name=Generator content="Ruter">
        { a comment

        with an empty line and
        % a percent line inside }
        [Event "E"] ; rest of line
        [Board "3"]
        """);
    assertThat(r.diagnostics()).isEmpty();
    assertThat(r.values()).hasSize(1);
    PbnGame g = r.values().get(0);
    assertThat(g.event()).hasValue("E");
    assertThat(g.board()).hasValue(3);
    assertThat(g.comments().get("")).containsExactly(
        " a comment\n\nwith an empty line and\n% a percent line inside ");
    assertThat(g.comments().get("Event")).containsExactly(" rest of line");
  }

  @Test
  void anEmptyOrBlankLineEndsAGame() {
    ReadResult<PbnGame> r = Pbn.read("[Board \"1\"]\n\n[Board \"2\"]\n \t \n[Board \"3\"]\n");
    assertThat(r.diagnostics()).isEmpty();
    assertThat(r.values()).extracting(g -> g.board().getAsInt()).containsExactly(1, 2, 3);
  }

  @Test
  void crlfAndBareCrLineEndsReadAlike() {
    String lf = "[Board \"1\"]\n[Dealer \"N\"]\n\n[Board \"2\"]\n";
    assertThat(Pbn.read(lf.replace("\n", "\r\n")).values()).isEqualTo(Pbn.read(lf).values());
    assertThat(Pbn.read(lf.replace("\n", "\r")).values()).isEqualTo(Pbn.read(lf).values());
  }

  @Test
  void latin1AndWindows1252AndUtf8AreDetected() {
    String tags = "[West \"Sandström\"]\n[East \"Ö-V\"]\n[North \"O’Neill\"]\n";
    byte[] utf8 = tags.getBytes(StandardCharsets.UTF_8);
    byte[] cp1252 = tags.getBytes(java.nio.charset.Charset.forName("windows-1252"));
    byte[] bom = new byte[utf8.length + 3];
    bom[0] = (byte) 0xef;
    bom[1] = (byte) 0xbb;
    bom[2] = (byte) 0xbf;
    System.arraycopy(utf8, 0, bom, 3, utf8.length);
    for (byte[] bytes : List.of(utf8, cp1252, bom)) {
      PbnGame g = PbnReader.read(bytes, "x.pbn").values().get(0);
      assertThat(g.players()).containsEntry(Seat.WEST, "Sandström")
          .containsEntry(Seat.EAST, "Ö-V").containsEntry(Seat.NORTH, "O’Neill");
    }
    byte[] latin1 = "[West \"Sandström\"]\n".getBytes(StandardCharsets.ISO_8859_1);
    assertThat(PbnReader.read(latin1, "x.pbn").values().get(0).players())
        .containsEntry(Seat.WEST, "Sandström");
  }

  @Test
  void tagPairsMayShareALineSpanLinesAndOmitSpaces() {
    PbnGame g = Pbn.one("""
        [Event "my event"] [Date "1998.03.21"]
         [
           Site
                 "use new lines"
                                 ]
        [Board"7"]
        [   Room"Open"   ]
        """);
    assertThat(g.event()).hasValue("my event");
    assertThat(g.date()).hasValue("1998.03.21");
    assertThat(g.site()).hasValue("use new lines");
    assertThat(g.board()).hasValue(7);
    assertThat(g.tag("Room")).hasValue("Open");
  }

  @Test
  void stringsUnescapeQuotesAndBackslashes() {
    PbnGame g = Pbn.one("[East \"a\\\"b\\\\c\\d\"]\n");
    assertThat(g.tag("East")).hasValue("a\"b\\c\\d");
  }

  @Test
  void theSameTagTwiceKeepsTheFirst() {
    PbnGame g = Pbn.one("[Room \"Open\"]\n[Board \"1\"]\n[Room \"IMP\"]\n");
    assertThat(g.tag("Room")).hasValue("Open");
  }

  @Test
  void emptyTagValuesAreKeptAndUnknownMandatoryValuesAreAbsent() {
    PbnGame g = Pbn.one("""
        [Event "?"]
        [West ""]
        [Dealer ""]
        [Vulnerable ""]
        [Deal ""]
        [Declarer ""]
        [Contract ""]
        [Result ""]
        [Hidden "?"]
        """);
    assertThat(g.tags()).containsEntry("West", "").containsEntry("Contract", "")
        .containsEntry("Hidden", "?").doesNotContainKey("Event");
    assertThat(g.event()).isEmpty();
    assertThat(g.dealer()).isEmpty();
    assertThat(g.vulnerability()).isEmpty();
    assertThat(g.deal()).isEmpty();
    assertThat(g.contract()).isEmpty();
    assertThat(g.result()).isEmpty();
    assertThat(g.players()).isEmpty();
  }

  // ---- inheritance (section 4.8) -------------------------------------------------------------

  @Test
  void hashTakesThePreviousGamesValue() {
    ReadResult<PbnGame> r = Pbn.read("""
        [Event "Spring"]
        [West "Podgor"]

        [Event "#"]
        [West "#"]
        [North "#"]

        [Event "Autumn"]

        [Event "#"]
        """);
    assertThat(r.diagnostics()).isEmpty();
    assertThat(r.values()).extracting(g -> g.event().orElse(null))
        .containsExactly("Spring", "Spring", "Autumn", "Autumn");
    assertThat(r.values().get(1).players()).containsExactly(Map.entry(Seat.WEST, "Podgor"));
    assertThat(r.values().get(1).tags()).containsEntry("North", "");
  }

  @Test
  void doubleHashSetsAValueForAllLaterGamesUntilRedefined() {
    ReadResult<PbnGame> r = Pbn.read("""
        [Date "##1980.10.24"]
        [Board "1"]

        [Board "2"]

        [Date "1980.10.25"]
        [Board "3"]

        [Board "4"]

        [West "##"]
        [Board "5"]
        """);
    assertThat(r.diagnostics()).isEmpty();
    assertThat(r.values()).extracting(g -> g.date().orElse(null))
        .containsExactly("1980.10.24", "1980.10.24", "1980.10.25", "1980.10.25", "1980.10.25");
    assertThat(r.values().get(4).tags()).containsEntry("West", "");
  }

  @Test
  void aTableHeaderMayInheritWithHash() {
    ReadResult<PbnGame> r = Pbn.read("""
        [ScoreTable "Rank\\3R;Score_NS\\5R"]
          1   500

        [ScoreTable "#"]
          2   470
        """);
    assertThat(r.diagnostics()).isEmpty();
    PbnTable second = r.values().get(1).table("ScoreTable").orElseThrow();
    assertThat(second.header()).isEqualTo("Rank\\3R;Score_NS\\5R");
    assertThat(second.rows().get(0).get("Score_NS")).hasValue("470");
  }

  @Test
  void dealingTagsCannotInherit() {
    ReadResult<PbnGame> r = Pbn.read("[Dealer \"N\"]\n\n[Dealer \"#\"]\n[Board \"2\"]\n");
    assertThat(r.values().get(1).dealer()).isEmpty();
    assertThat(r.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.line()).isEqualTo(3);
      assertThat(d.reason()).contains("Dealer").contains("cannot inherit");
    });
  }

  // ---- identification tags -------------------------------------------------------------------

  @Test
  void zeroPaddedBoardNumbersReadAsNumbers() {
    assertThat(Pbn.one("[Board \"01\"]").board()).hasValue(1);
    assertThat(Pbn.one("[Board \"01\"]").tags()).containsEntry("Board", "1");
  }

  @ParameterizedTest
  @CsvSource({"None,NONE", "Love,NONE", "-,NONE", "none,NONE", "NS,NS", "ns,NS", "EW,EW",
      "All,BOTH", "Both,BOTH", "both,BOTH"})
  void everySpellingOfVulnerabilityReads(String value, Vulnerability expected) {
    PbnGame g = Pbn.one("[Vulnerable \"" + value + "\"]");
    assertThat(g.vulnerability()).hasValue(expected);
    assertThat(g.tags().get("Vulnerable")).isEqualTo(expected.pbn());
  }

  @ParameterizedTest
  @CsvSource({
    "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85",
    "E:A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85 .63.AKQ987.A9732",
    "S:J973.J98742.3.K4 KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6",
    "w:kqt2.at.j6542.85 .63.akq987.a9732 a8654.kq5.t.qjt6 j973.j98742.3.k4",
    "W:KQ2T.TA.J2456.58 .36.AKQ789.A2379 A4568.K5Q.T.6QJT J379.J24789.3.K4",
  })
  void aDealReadsFromAnyFirstSeatAndIsKeptFromTheDealer(String deal) {
    PbnGame g = Pbn.one("[Dealer \"E\"]\n[Deal \"" + deal + "\"]");
    assertThat(g.deal().flatMap(PbnDeal::full)).hasValue(Deal.parsePbn(DEAL_N));
    assertThat(g.tags().get("Deal"))
        .isEqualTo("E:A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85 .63.AKQ987.A9732");
  }

  @Test
  void unknownHandsAreDashes() {
    PbnGame g = Pbn.one("[Deal \"W:- .63.AKQ987.A9732 - J973.J98742.3.K4\"]");
    PbnDeal d = g.deal().orElseThrow();
    assertThat(d.hands()).containsOnlyKeys(Seat.NORTH, Seat.SOUTH);
    assertThat(d.full()).isEmpty();
    assertThat(g.tags().get("Deal")).isEqualTo("W:- .63.AKQ987.A9732 - J973.J98742.3.K4");
  }

  @Test
  void threeKnownHandsGiveTheFourth() {
    PbnGame g = Pbn.one("[Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 -\"]");
    assertThat(g.deal().flatMap(PbnDeal::full)).hasValue(Deal.parsePbn(DEAL_N));
  }

  @Test
  void anEndPositionHasFewerThan13CardsAHandAndATrumpOnlyContract() {
    PbnGame g = Pbn.one("""
        [Deal "N:.6.AKQ987.A9732 A865.KQ5.T.QJT6 J97.J98742.3.K4 QT2.AT.J6542.85"]
        [Contract "H"]
        """);
    assertThat(g.deal().orElseThrow().isEndPosition()).isTrue();
    assertThat(g.contract()).hasValue(new PbnContract.Trumps(
        org.tenace.bridge.auction.Strain.HEARTS));
  }

  @ParameterizedTest
  @CsvSource({"3N,3NT", "3NT,3NT", "3nt,3NT", "4SX,4SX", "4SXX,4SXX", "5Cx,5CX", "4Hx,4HX",
      "3Sxx,3SXX", "3NXX,3NTXX", "1n,1NT", "Pass,Pass", "pass,Pass", "PASS,Pass"})
  void contractsReadInEverySpellingAndAreKeptInExportForm(String value, String export) {
    PbnGame g = Pbn.one("[Contract \"" + value + "\"]");
    assertThat(g.tags().get("Contract")).isEqualTo(export);
  }

  @Test
  void aContractCarriesItsDoubling() {
    PbnContract c = Pbn.one("[Contract \"5Cx\"]").contract().orElseThrow();
    assertThat(c).isEqualTo(new PbnContract.Played(Bid.parse("5C"), Doubling.DOUBLED));
  }

  @Test
  void anUnknownContractIsAbsent() {
    assertThat(Pbn.one("[Contract \"?\"]").contract()).isEmpty();
  }

  @Test
  void passedOutByPbnTools() {
    PbnGame g = Pbn.one("[Board \"1\"]\n[Contract \"Pass\"]\n[Result \"\"]\n");
    assertPassedOut(g);
  }

  @Test
  void passedOutByBboHelperWithABogusDeclarerAndResult() {
    PbnGame g = Pbn.one("""
        [Declarer "S"]
        [Contract "Pass"]
        [Result "0"]
        [Score "NS 0"]
        """);
    assertPassedOut(g);
    assertThat(g.nsScore()).hasValue(0);
  }

  @Test
  void passedOutByBenWithAnEmptyContractAndResultZero() {
    PbnGame g = Pbn.one("[Contract \"\"]\n[Declarer \"\"]\n[Result \"0\"]\n");
    assertPassedOut(g);
  }

  @Test
  void anEmptyContractWithAnEmptyResultIsNotPassedOut() {
    PbnGame g = Pbn.one("[Declarer \"\"]\n[Contract \"\"]\n[Result \"\"]\n");
    assertThat(g.contract()).isEmpty();
    assertThat(g.tags()).containsEntry("Contract", "");
  }

  private static void assertPassedOut(PbnGame g) {
    assertThat(g.contract()).hasValue(PbnContract.PassedOut.INSTANCE);
    assertThat(g.tags()).containsEntry("Contract", "Pass").containsEntry("Declarer", "")
        .containsEntry("Result", "");
    assertThat(g.declarer()).isEmpty();
    assertThat(g.declarerTricks()).isEmpty();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "9|S|9|9",
    "NS 9 EW 4|S|9|9",
    "EW 4 NS 9|N|9|9",
    "NS 9 EW 4|E|4|4",
    "NS 11|N|11|11",
    "EW 4|E|4|4",
    "EW 4|S|EW 4|9",
    "^5|S|^5|5",
    "^NS 9 EW 4|S|^9|9",
  })
  void resultsReadInTheirFiveFormsAsDeclarersTricks(String value, String declarer,
      String export, int tricks) {
    PbnGame g = Pbn.one("[Declarer \"" + declarer + "\"]\n[Result \"" + value + "\"]");
    assertThat(g.tags().get("Result")).isEqualTo(export);
    assertThat(g.declarerTricks()).hasValue(tricks);
  }

  @Test
  void aSideResultWithoutADeclarerStaysASideResult() {
    PbnGame g = Pbn.one("[Result \"EW 4 NS 9\"]");
    assertThat(g.tags().get("Result")).isEqualTo("NS 9 EW 4");
    assertThat(g.declarerTricks()).isEmpty();
    assertThat(g.result().orElseThrow().ns()).hasValue(9);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "NS 620|E|NS 620|620",
    "NS -450|E|NS -450|-450",
    "EW 140|E|EW 140|-140",
    "EW -200|W|EW -200|200",
    "-300|S|-300|-300",
    "-300|E|-300|300",
    "NS +550|N|NS 550|550",
    "NS 550 EW -550|N|NS 550 EW -550|550",
  })
  void scoresReadInEveryFormFromNorthSouthsSide(String value, String declarer, String export,
      int ns) {
    PbnGame g = Pbn.one("[Declarer \"" + declarer + "\"]\n[Score \"" + value + "\"]");
    assertThat(g.tags().get("Score")).isEqualTo(export);
    assertThat(g.nsScore()).hasValue(ns);
  }

  @Test
  void anUnknownScoreIsKeptAsAQuestionMark() {
    PbnGame g = Pbn.one("[Score \"?\"]");
    assertThat(g.tags()).containsEntry("Score", "?");
    assertThat(g.score()).isEmpty();
  }

  @Test
  void aDeclarersScoreNeedsTheDeclarer() {
    assertThat(Pbn.one("[Score \"-1000\"]").nsScore()).isEmpty();
  }

  @Test
  void aSwappedDeclarerIsMarkedWithACaret() {
    PbnGame g = Pbn.one("[Declarer \"^S\"]");
    assertThat(g.declarer()).hasValue(Seat.SOUTH);
    assertThat(g.declarerSwapped()).isTrue();
  }

  @Test
  void otherTagsAreKeptAsWritten() {
    PbnGame g = Pbn.one("""
        [ScorePercentage "NS 26.32"]
        [ParScore "-140"]
        [OptimumScore "NS 600"]
        [OptimumContract "3N S 9"]
        [DealId "28189365.lin"]
        [MyOwnTag "anything"]
        """);
    assertThat(g.tags()).containsEntry("ScorePercentage", "NS 26.32")
        .containsEntry("ParScore", "-140").containsEntry("OptimumScore", "NS 600")
        .containsEntry("OptimumContract", "3N S 9").containsEntry("DealId", "28189365.lin")
        .containsEntry("MyOwnTag", "anything");
  }

  // ---- auction (section 3.5) -----------------------------------------------------------------

  @Test
  void anAuctionWithTabsTrailingTabsNotesAndAShortLastLine() {
    PbnGame g = Pbn.one("""
        [Dealer "N"]
        [Auction "N"]
        Pass\tPass\t1D =1=\tX =2=
        Pass\t1H\tPASS\t4H
        pass\tpass\tPass\t
        [Note "1: Minor suit opening -- 3+ !D"]
        [Note "2:Takeout double"]
        """);
    PbnAuction a = g.auction().orElseThrow();
    assertThat(a.first()).isEqualTo(Seat.NORTH);
    assertThat(a.calls()).extracting(PbnAuction.SeatedCall::call).containsExactly(
        Call.PASS, Call.PASS, Bid.parse("1D"), Call.DOUBLE, Call.PASS, Bid.parse("1H"),
        Call.PASS, Bid.parse("4H"), Call.PASS, Call.PASS, Call.PASS);
    assertThat(a.entries().get(2).annotations().note()).hasValue(1);
    assertThat(a.entries().get(3).annotations().note()).hasValue(2);
    assertThat(a.notes()).containsEntry(1, "Minor suit opening -- 3+ !D")
        .containsEntry(2, "Takeout double");
    assertThat(a.stopped()).isFalse();
  }

  @Test
  void allPassEndsTheAuction() {
    PbnAuction a = Pbn.one("[Auction \"S\"]\n1C AP\n").auction().orElseThrow();
    assertThat(a.calls()).extracting(c -> c.seat() + ":" + c.call())
        .containsExactly("S:1C", "W:Pass", "N:Pass", "E:Pass");
    assertThat(Pbn.one("[Auction \"S\"]\nAP\n").auction().orElseThrow().calls()).hasSize(4);
    assertThat(Pbn.one("[Auction \"S\"]\n1H X AP\n").auction().orElseThrow().calls()).hasSize(5);
  }

  @Test
  void dashesBeforeTheDealerAreDroppedSoTheAuctionStartsAtTheDealer() {
    PbnAuction a = Pbn.one("[Dealer \"E\"]\n[Auction \"S\"]\n-  -  -  1C\n+\n")
        .auction().orElseThrow();
    assertThat(a.first()).isEqualTo(Seat.EAST);
    assertThat(a.entries()).extracting(PbnAuction.Entry::kind)
        .containsExactly(PbnAuction.Kind.CALL, PbnAuction.Kind.CONTINUE);
    assertThat(a.stopped()).isFalse();
  }

  @Test
  void irregularityTokensMarkInsufficientBidsAndSkippedSeats() {
    // Section 3.9: West dealer; North skipped, East 1D, South 1C insufficient, ...
    PbnAuction a = Pbn.one("""
        [Auction "W"]
        - ^S 1D ^I 1C
        4S ^I 3NT ^S ^S
        X 5H X AP
        """).auction().orElseThrow();
    assertThat(a.first()).isEqualTo(Seat.NORTH);
    assertThat(a.entries().get(0).kind()).isEqualTo(PbnAuction.Kind.SKIPPED);
    assertThat(a.entries().get(2).insufficient()).isTrue();
    assertThat(a.entries().get(2).call()).hasValue(Bid.parse("1C"));
    assertThat(a.entries().get(4).insufficient()).isTrue();
    assertThat(a.calls()).extracting(c -> c.seat() + ":" + c.call()).startsWith(
        "E:1D", "S:1C", "W:4S", "N:3NT", "W:X");
  }

  @Test
  void suffixesBecomeNagsAndCommentsFollowTheirCall() {
    PbnAuction a = Pbn.one("""
        [Auction "N"]
        1D 1S !! {A1} $25 =1= 3H ?! 4S AP
        [Note "1:note"]
        """).auction().orElseThrow();
    Annotations oneSpade = a.entries().get(1).annotations();
    assertThat(oneSpade.nags()).containsExactly(3, 25);
    assertThat(oneSpade.note()).hasValue(1);
    assertThat(oneSpade.comments()).containsExactly("A1");
    assertThat(a.entries().get(2).annotations().nags()).containsExactly(6);
  }

  @Test
  void anUnfinishedAuctionIsStoppedUnlessAPlusContinuesIt() {
    assertThat(Pbn.one("[Auction \"N\"]\n1S Pass\n").auction().orElseThrow().stopped())
        .isTrue();
    assertThat(Pbn.one("[Auction \"N\"]\n1S Pass +\n").auction().orElseThrow().stopped())
        .isFalse();
    assertThat(Pbn.one("[Auction \"N\"]\n1S Pass *\n").auction().orElseThrow().stopped())
        .isTrue();
  }

  // ---- play (section 3.6) --------------------------------------------------------------------

  @Test
  void playLinesAreColumnsInFixedSeatOrderFromTheLeader() {
    PbnPlay p = Pbn.one("""
        [Deal "%s"]
        [Declarer "S"]
        [Contract "5HX"]
        [Play "W"]
        SK H3 S4 S3
        C5 C2 C6 CK
        *
        """.formatted(DEAL_N)).play().orElseThrow();
    assertThat(p.leader()).isEqualTo(Seat.WEST);
    assertThat(p.tricks()).hasSize(2);
    assertThat(p.seatOf(1)).isEqualTo(Seat.NORTH);
    assertThat(p.entries().get(1).card()).hasValue(Card.parse("H3"));
    assertThat(p.stopped()).isTrue();
  }

  @Test
  void dashesMarkCardsNotKnownOrNotPlayedAfterAClaim() {
    PbnPlay p = Pbn.one("""
        [Play "W"]
        SK H3 S4 S3
        -  -  -  H2
        -  -  -  -
        """).play().orElseThrow();
    assertThat(p.entries()).extracting(PbnPlay.Entry::kind).containsExactly(
        PbnPlay.Kind.CARD, PbnPlay.Kind.CARD, PbnPlay.Kind.CARD, PbnPlay.Kind.CARD,
        PbnPlay.Kind.UNKNOWN, PbnPlay.Kind.UNKNOWN, PbnPlay.Kind.UNKNOWN, PbnPlay.Kind.CARD,
        PbnPlay.Kind.UNKNOWN, PbnPlay.Kind.UNKNOWN, PbnPlay.Kind.UNKNOWN, PbnPlay.Kind.UNKNOWN);
  }

  @Test
  void aPlayOfOnlyAStarHasNoCards() {
    PbnPlay p = Pbn.one("[Play \"W\"]\n*\n").play().orElseThrow();
    assertThat(p.entries()).isEmpty();
    assertThat(p.stopped()).isTrue();
  }

  @Test
  void revokesAndLeadsOutOfTurnMarkTheirCards() {
    PbnPlay p = Pbn.one("""
        [Play "W"]
        SK H3 S4 S3
        C5 C2 ^R S5 ^L CK
        """).play().orElseThrow();
    assertThat(p.entries().get(6).irregularity()).hasValue(Irregularity.REVOKE);
    assertThat(p.entries().get(7).irregularity()).hasValue(Irregularity.LEAD_OUT_OF_TURN);
    assertThat(p.entries().get(7).card()).hasValue(Card.parse("CK"));
  }

  @Test
  void aPlusMarksTheNextCardAnywhereInATrick() {
    PbnPlay p = Pbn.one("[Play \"E\"]\nD3 DA S5 D4\nS3 C3 +  SA\n").play().orElseThrow();
    assertThat(p.entries().get(6).kind()).isEqualTo(PbnPlay.Kind.CONTINUE);
    assertThat(p.continues()).isTrue();
    assertThat(p.stopped()).isFalse();
  }

  @Test
  void notesAfterThePlayBelongToThePlay() {
    PbnGame g = Pbn.one("""
        [Auction "N"]
        1S =1= AP
        [Note "1:auction note"]
        [Play "E"]
        SK =1= H3 S4 S3
        [Note "1:highest of series"]
        """);
    assertThat(g.auction().orElseThrow().notes()).containsExactly(Map.entry(1, "auction note"));
    assertThat(g.play().orElseThrow().notes())
        .containsExactly(Map.entry(1, "highest of series"));
  }

  // ---- tables (section 5) --------------------------------------------------------------------

  @Test
  void aScoreTableGivesEachRowsValuesByColumnName() {
    PbnTable t = Pbn.one("""
        [ScoreTable "Table\\2R;PairId_NS\\2R;Contract\\4L;Declarer\\1R;Result\\2R;\
        Score_NS\\6R;Score_EW\\5R;MP_NS\\4R"]
         5  5 6N   S 13  "1020"     - 32.0
        12 12 6H   N 11       -  "50"  4.0
         3  3 -    -  -    "A+"     -  9.6
        """).table("ScoreTable").orElseThrow();
    assertThat(t.columns()).extracting(PbnTable.Column::name).containsExactly("Table",
        "PairId_NS", "Contract", "Declarer", "Result", "Score_NS", "Score_EW", "MP_NS");
    assertThat(t.columns().get(2)).isEqualTo(
        new PbnTable.Column("Contract", PbnTable.Order.NONE, 4, PbnTable.Alignment.LEFT));
    List<PbnTable.Row> rows = t.rows();
    assertThat(rows).hasSize(3);
    assertThat(rows.get(0).get("Score_NS")).hasValue("1020");
    assertThat(rows.get(0).get("Score_EW")).isEmpty();
    assertThat(rows.get(1).get("Score_EW")).hasValue("50");
    assertThat(rows.get(1).get("Contract")).hasValue("6H");
    assertThat(rows.get(2).get("Contract")).isEmpty();
    assertThat(rows.get(2).get("Score_NS")).hasValue("A+");
    assertThat(rows.get(0).get("NoSuchColumn")).isEmpty();
  }

  @Test
  void aTotalScoreTableKeepsQuotedNamesWithSpacesAndSemicolons() {
    PbnTable t = Pbn.one("""
        [TotalScoreTable "-Rank\\3R;PairId\\5R;Names\\45;+Percentage\\5R"]
        { Only the best participants }
          1   581 "Sergey OSTRIKOV      ;Oleg ODINTSEV        " 72.49
          2   226 "Ö-V" 70.38
        """).table("TotalScoreTable").orElseThrow();
    assertThat(t.columns().get(0).order()).isEqualTo(PbnTable.Order.ASCENDING);
    assertThat(t.columns().get(2).width()).isEqualTo(45);
    assertThat(t.columns().get(2).alignment()).isEqualTo(PbnTable.Alignment.NONE);
    assertThat(t.columns().get(3).order()).isEqualTo(PbnTable.Order.DESCENDING);
    assertThat(t.rows().get(0).get("Names"))
        .hasValue("Sergey OSTRIKOV      ;Oleg ODINTSEV        ");
    assertThat(t.rows().get(1).get("Names")).hasValue("Ö-V");
  }

  @Test
  void anOptimumResultTableHasTwentyRowsOfThree() {
    StringBuilder rows = new StringBuilder();
    for (String seat : List.of("N", "S", "E", "W")) {
      for (String strain : List.of("NT", "S", "H", "D", "C")) {
        rows.append(seat).append(' ').append(strain).append("  7\n");
      }
    }
    PbnTable t = Pbn.one("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n"
        + rows).table("OptimumResultTable").orElseThrow();
    assertThat(t.rows()).hasSize(20);
    assertThat(t.rows().get(0).values()).containsExactly("N", "NT", "7");
  }

  @Test
  void bbasHeaderWithSpacesNamesThreeColumns() {
    PbnTable t = Pbn.one("[OptimumResultTable \"Declarer Suit Tricks\"]\nN S 10\n")
        .table("OptimumResultTable").orElseThrow();
    assertThat(t.header()).isEqualTo("Declarer;Suit;Tricks");
    assertThat(t.rows()).singleElement().satisfies(r ->
        assertThat(r.get("Tricks")).hasValue("10"));
  }

  @Test
  void artificialScoresKeepTheirCaretAndUnknownElementsTheirQuestionMark() {
    PbnTable t = Pbn.one("[ScoreTable \"Score_NS;Score_EW;MP_NS\"]\n^200 - ?\n")
        .table("ScoreTable").orElseThrow();
    assertThat(t.rows().get(0).values()).containsExactly("^200", "-", "?");
  }

  @Test
  void anyOtherTableSectionIsReadTheSameWay() {
    PbnGame g = Pbn.one("""
        [ActionTable "Rank;Call\\3L;Percentage\\3R"]
        ; Calls not in the table score 0.
        1 1H  100
        - 3C   80
        [MyTable "A;B"]
        x "y z"
        """);
    assertThat(g.table("ActionTable").orElseThrow().rows()).hasSize(2);
    assertThat(g.table("ActionTable").orElseThrow().rows().get(1).get("Rank")).isEmpty();
    assertThat(g.table("MyTable").orElseThrow().rows().get(0).get("B")).hasValue("y z");
    assertThat(g.comments().get("ActionTable")).containsExactly(" Calls not in the table score 0.");
  }

  @Test
  void aTableTagIsATagAndNotATable() {
    PbnGame g = Pbn.one("[Table \"1\"]");
    assertThat(g.tag("Table")).hasValue("1");
    assertThat(g.tables()).isEmpty();
  }

  @Test
  void ruterRecordsKeepTheirResultsInTheScoreTable() {
    PbnGame g = Pbn.one("""
        [Board "1"]
        [Dealer "N"]
        [Declarer ""]
        [Contract ""]
        [Result ""]
        [ScoreTable "Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\5R"]
        7NX  S 12       - "100"
        """);
    assertThat(g.contract()).isEmpty();
    assertThat(g.table("ScoreTable").orElseThrow().rows().get(0).get("Contract"))
        .hasValue("7NX");
    assertThat(PbnContract.parse("7NX")).isEqualTo(
        new PbnContract.Played(Bid.parse("7NT"), Doubling.DOUBLED));
  }

  @Test
  void aGameKnowsTheLinesOfItsTagsAndTableRows() {
    ReadResult<PbnReader.Located> r = PbnReader.readLocated("""
        % header

        [Board "1"]
        [Contract "4S"]
        [ScoreTable "Table;Contract"]
        1 4S
        2
          3NT
        """.getBytes(StandardCharsets.US_ASCII), "l.pbn");
    PbnReader.Located g = r.values().get(0);
    assertThat(g.line()).isEqualTo(3);
    assertThat(g.lineOf("Contract")).isEqualTo(4);
    assertThat(g.lineOf("Score")).isEqualTo(3);
    assertThat(g.lineOfRow("ScoreTable", 0)).isEqualTo(6);
    assertThat(g.lineOfRow("ScoreTable", 1)).isEqualTo(7);
  }

  @Test
  void missingTagsAreEmptyAndNumbersAreOptional() {
    PbnGame g = Pbn.one("[Event \"x\"]");
    assertThat(g.board()).isEqualTo(OptionalInt.empty());
    assertThat(g.auction()).isEmpty();
    assertThat(g.play()).isEmpty();
  }
}
