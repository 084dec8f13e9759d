package org.tenace.server.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.server.replay.Replays.BOARD;
import static org.tenace.server.replay.Replays.cutAfter;
import static org.tenace.server.replay.Replays.laws;
import static org.tenace.server.replay.Replays.online;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.tenace.server.engine.BoardResult;
import org.tenace.server.engine.DealState;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.PlayResult;

class BoardReplayTest {

  @ParameterizedTest
  @EnumSource(Mode.class)
  void aRecordThatAgreesPlaysThroughToItsScore(Mode mode) {
    BoardReplay.Verdict v = BoardReplay.replay(Replays.onePbn(BOARD), mode);
    assertThat(v.disagreements()).isEmpty();
    assertThat(v.incomplete()).isEmpty();
    BoardResult r = v.state().orElseThrow().outcome().orElseThrow();
    assertThat(r.contract().orElseThrow().toString()).isEqualTo("2S N");
    assertThat(r.declarerTricks()).isEqualTo(9);
    assertThat(r.nsScore()).isEqualTo(140);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      [Score "NS 140"]    | [Score "NS 170"]    | score     | NS 170 | NS 140
      [Result "9"]        | [Result "8"]        | tricks    | 8      | 9
      [Contract "2S"]     | [Contract "2SX"]    | contract  | 2SX    | 2S
      [Declarer "N"]      | [Declarer "S"]      | declarer  | S      | N
      """)
  void whatTheRecordSaysOtherwiseIsADisagreement(
      String was, String now, String what, String record, String engine) {
    BoardReplay.Verdict v = online(BOARD.replace(was, now));
    assertThat(v.disagreements()).anySatisfy(d -> {
      assertThat(d.what()).isEqualTo(what);
      assertThat(d.record()).isEqualTo(record);
      assertThat(d.engine()).isEqualTo(engine);
      assertThat(d.where()).isEqualTo("test.pbn:1: board 1");
    });
  }

  @Test
  void withoutAScoreTagTheScoreOfTheRecordedContractAndResultIsChecked() {
    // 2S by N making 8 is 110, not the 140 the engine scores for the 9 tricks played.
    BoardReplay.Verdict v = online(BOARD.replace("[Score \"NS 140\"]\n", "")
        .replace("[Result \"9\"]", "[Result \"8\"]"));
    assertThat(v.disagreements()).extracting(Disagreement::what)
        .containsExactly("tricks", "score");
    assertThat(v.disagreements().get(1).record()).isEqualTo("NS 110");
  }

  @Test
  void anInsufficientBidIsAnIllegalCallNamedByTheEngine() {
    BoardReplay.Verdict v = online(BOARD.replace("2S\tPass\tPass\tPass", "1S\tPass\tPass\tPass"));
    assertThat(v.disagreements()).singleElement().satisfies(d -> {
      assertThat(d.what()).isEqualTo("illegal call");
      assertThat(d.record()).isEqualTo("call 5 N 1S");
      assertThat(d.engine()).isEqualTo("INSUFFICIENT_BID: 1S after 2H; lowest is 2S");
    });
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void aFailureToFollowSuitIsAnIllegalCardInBothModes(Mode mode) {
    // South plays S4 to the club lead of trick 1 though he holds C6 and C8 (Law 61).
    String revoke = BOARD.replace("CT\tC6\tC2\tCA", "CT\tS4\tC2\tCA")
        .replace("S2\tS4\tS3\tSA", "S2\tC6\tS3\tSA");
    BoardReplay.Verdict v = BoardReplay.replay(Replays.onePbn(revoke), mode);
    assertThat(v.disagreements()).singleElement().satisfies(d -> {
      assertThat(d.what()).isEqualTo("illegal card");
      assertThat(d.record()).isEqualTo("trick 1 S ♠4");
      assertThat(d.engine()).isEqualTo(mode == Mode.ONLINE
          ? "REVOKE: you must follow suit (♣)" : "a revoke (Law 61)");
    });
  }

  @Test
  void aCallAfterTheFinalPassIsIllegal() {
    BoardReplay.Verdict v = online(BOARD.replace("2S\tPass\tPass\tPass",
        "2S\tPass\tPass\tPass\n3H"));
    assertThat(v.disagreements()).singleElement().satisfies(d -> {
      assertThat(d.what()).isEqualTo("illegal call");
      assertThat(d.engine()).startsWith("CALL_AFTER_FINAL_PASS");
    });
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void aPlayThatStopsWithAResultEndsByAClaimTheEngineAccepts(Mode mode) {
    // PBN 2.1 section 3.4.15: a play section ended before 52 cards gives the final result.
    for (String end : new String[] {"*", "-\t-\t-\t-\n*"}) {
      BoardReplay.Verdict v = BoardReplay.replay(Replays.onePbn(cutAfter(7, end)), mode);
      assertThat(v.disagreements()).isEmpty();
      assertThat(v.incomplete()).isEmpty();
      DealState s = v.state().orElseThrow();
      PlayResult r = s.playIfStarted().orElseThrow().result().orElseThrow();
      assertThat(r.claimed()).isEqualTo(6);
      assertThat(r.declarerTricks()).isEqualTo(9);
      assertThat(s.outcome().orElseThrow().nsScore()).isEqualTo(140);
    }
  }

  @Test
  void aClaimInTheMiddleOfATrickCountsTheTrickInProgress() {
    BoardReplay.Verdict v = online(cutAfter(7, "-\t-\tCJ\tC7\n*"));
    assertThat(v.disagreements()).isEmpty();
    assertThat(v.state().orElseThrow().playIfStarted().orElseThrow().result().orElseThrow()
        .claimed()).isEqualTo(6);
  }

  @Test
  void aClaimOfMoreTricksThanRemainIsADisagreement() {
    BoardReplay.Verdict v = online(cutAfter(12, "*").replace("[Result \"9\"]",
        "[Result \"13\"]"));
    assertThat(v.disagreements()).singleElement().satisfies(d -> {
      assertThat(d.what()).isEqualTo("tricks");
      assertThat(d.record()).isEqualTo("13 tricks after 48 cards (claim)");
      assertThat(d.engine()).startsWith("declarer's side has won");
    });
  }

  @Test
  void aCommentThatNamesAClaimEndsThePlay() {
    assertThat(online(cutAfter(7, "+")).incomplete()).isPresent();
    BoardReplay.Verdict v = online(cutAfter(7, "+ {declarer claims the rest}"));
    assertThat(v.incomplete()).isEmpty();
    assertThat(v.disagreements()).isEmpty();
  }

  @Test
  void aPlayThatStopsWithNoClaimIsIncompleteNotADisagreement() {
    BoardReplay.Verdict plus = online(cutAfter(7, "+"));
    assertThat(plus.disagrees()).isFalse();
    assertThat(plus.incomplete()).contains("the play stops after 28 cards with no claim");
    String noResult = cutAfter(7, "*").replace("[Result \"9\"]\n", "");
    assertThat(online(noResult).isIncomplete()).isTrue();
    String noPlay = BOARD.substring(0, BOARD.indexOf("[Play"));
    assertThat(online(noPlay).incomplete()).contains("the play stops after 0 cards with no claim");
  }

  @Test
  void anUnknownCardBeforeKnownOnesIsIncomplete() {
    BoardReplay.Verdict v = online(BOARD.replace("D8\tD2\tD3\tD7", "D8\t-\tD3\tD7"));
    assertThat(v.disagrees()).isFalse();
    assertThat(v.incomplete()).contains("a card of trick 9 is not known, but later cards are");
  }

  @Test
  void anAuctionThatStopsBeforeItsEndIsIncomplete() {
    String cut = BOARD.substring(0, BOARD.indexOf("[Play"))
        .replace("2S\tPass\tPass\tPass", "2S\tPass *");
    assertThat(online(cut).incomplete()).contains("the auction stops before its end");
  }

  @Test
  void aPlayAfterAnAuctionThatHasNotEndedIsADisagreement() {
    BoardReplay.Verdict v = online(BOARD.replace("2S\tPass\tPass\tPass", "2S\tPass\tPass"));
    assertThat(v.disagreements()).singleElement().satisfies(d -> {
      assertThat(d.what()).isEqualTo("auction");
      assertThat(d.record()).isEqualTo("the play starts after call 7");
      assertThat(d.engine()).isEqualTo("the auction has not ended: W to call");
    });
  }

  @Test
  void aBoardWithNoDealIsIncomplete() {
    String noDeal = BOARD.substring(0, BOARD.indexOf("[Play"))
        .replaceAll("\\[Deal \"[^\"]*\"\\]\n", "");
    BoardReplay.Verdict v = online(noDeal);
    assertThat(v.incomplete()).contains("no deal: the board cannot be played");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      [Contract "Pass"] | [Score "NS 0"]  | false
      [Contract "Pass"] | [Score "NS 50"] | true
      [Contract ""]     | [Score "NS 0"]  | false
      """)
  void aPassedOutBoardScoresZero(String contract, String score, boolean disagrees) {
    String pbn = """
        [Board "4"]
        [Dealer "W"]
        [Vulnerable "All"]
        [Deal "W:T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86"]
        [Declarer "S"]
        %s
        [Result "0"]
        %s
        [Auction "W"]
        Pass Pass Pass Pass
        """.formatted(contract, score);
    BoardReplay.Verdict v = online(pbn);
    assertThat(v.state().orElseThrow()).isInstanceOf(DealState.PassedOut.class);
    assertThat(v.disagrees()).isEqualTo(disagrees);
    assertThat(v.incomplete()).isEmpty();
  }

  @Test
  void aRecordedContractOnAPassedOutBoardIsADisagreement() {
    String pbn = BOARD.substring(0, BOARD.indexOf("[Play")).replace(
        "1C =1=\tX\tPass\t2H\n2S\tPass\tPass\tPass", "Pass Pass Pass Pass");
    BoardReplay.Verdict v = online(pbn);
    assertThat(v.disagreements()).extracting(Disagreement::what).contains("contract", "score");
  }

  @Test
  void aLinClaimIsTheDeclarersTotalAndIsAppliedThroughTheEngine() {
    String full = "pn|a,b,c,d|st||md|3S358TH28D34579C89,S6QH7JQD8TKAC47JK,SAH35TKAD2JC235QA,|"
        + "rh||ah|Board 1|sv|o|mb|1H|mb|2S!|mb|p|mb|2N|mb|3C|mb|p|mb|p|mb|p|pg||"
        + "pc|CT|pc|C8|pc|C4|pc|CQ|pg||pc|HA|pc|H4|pc|H2|pc|H7|pg||pc|HK|pc|H6|pc|H8|pc|HQ|pg||"
        + "pc|H3|pc|H9|pc|C9|pc|HJ|pg||pc|S3|pc|S6|pc|SA|pc|S2|pg||";
    String tail = "pc|CA|pc|C6|pc|D3|pc|C7|pg||pc|C3|pc|S7|pc|D4|pc|CJ|pg||"
        + "pc|SQ|pc|C2|pc|S4|pc|S5|pg||pc|HT|pc|S9|pc|D5|pc|D8|pg||pc|H5|pc|SJ|pc|D7|pc|CK|pg||"
        + "pc|DA|pc|D2|pc|D6|pc|D9|pg||pc|DK|pc|DJ|pc|DQ|pc|S8|pg||pc|DT|pc|C5|pc|SK|pc|ST|pg||";
    BoardReplay.Verdict played = BoardReplay.replay(Replays.oneLin(full + tail), Mode.ONLINE);
    assertThat(played.disagreements()).isEmpty();
    int tricks = played.state().orElseThrow().outcome().orElseThrow().declarerTricks();

    ReplayRecord claimed = Replays.oneLin(full + "mc|" + tricks + "|");
    assertThat(claimed.claimed()).isTrue();
    BoardReplay.Verdict v = BoardReplay.replay(claimed, Mode.ONLINE);
    assertThat(v.disagreements()).isEmpty();
    assertThat(v.state().orElseThrow().outcome().orElseThrow().declarerTricks()).isEqualTo(tricks);
    assertThat(v.state().orElseThrow().playIfStarted().orElseThrow().result().orElseThrow()
        .claimed()).isEqualTo(8);

    BoardReplay.Verdict cut = BoardReplay.replay(Replays.oneLin(full), Mode.ONLINE);
    assertThat(cut.incomplete()).contains("the play stops after 20 cards with no claim");
  }
}
