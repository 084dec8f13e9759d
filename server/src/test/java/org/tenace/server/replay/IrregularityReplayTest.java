package org.tenace.server.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.server.replay.Replays.BOARD;
import static org.tenace.server.replay.Replays.laws;
import static org.tenace.server.replay.Replays.online;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.CallRecord;
import org.tenace.server.engine.CallStatus;
import org.tenace.server.engine.DealState;
import org.tenace.server.engine.Play;
import org.tenace.server.engine.Revoke;

/**
 * PBN 2.1 section 3.9 irregularities: laws mode accepts them as the record says; online mode
 * refuses them, which is no disagreement when it refuses them for the reason the mark gives.
 */
class IrregularityReplayTest {
  private static final String AUCTION = "1C =1=\tX\tPass\t2H\n2S\tPass\tPass\tPass";

  /** The board's auction and play with one irregularity each, all accepted by the opponents. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      ^I | 1C X Pass 2H ^I 1S Pass 2S Pass Pass Pass | C3    | INSUFFICIENT_BID
      ^S | 1C ^S Pass 2H 2S Pass Pass Pass           | C3    | OUT_OF_TURN
      ^L | 1C X Pass 2H 2S Pass Pass Pass            | ^L C3 | OUT_OF_TURN
      """)
  void anAcceptedIrregularityIsAcceptedInLawsModeAndRefusedOnline(
      String mark, String auction, String eastInTrick2, String refusal) {
    // ^L: East leads trick 2 (C3) though North won trick 1; declarer accepts (Law 53).
    String pbn = BOARD.replace(AUCTION, auction)
        .replace("C3\tC8\tC4\tCK", eastInTrick2 + "\tC8\tC4\tCK");
    BoardReplay.Verdict law = laws(pbn);
    assertThat(law.disagreements()).isEmpty();
    assertThat(law.incomplete()).isEmpty();
    assertThat(law.state().orElseThrow().outcome().orElseThrow().nsScore()).isEqualTo(140);

    BoardReplay.Verdict onl = online(pbn);
    assertThat(onl.disagreements()).isEmpty();
    assertThat(onl.incomplete()).hasValueSatisfying(why -> assertThat(why)
        .contains("(" + mark + ")").contains(refusal).endsWith("replay with --laws"));
  }

  @Test
  void anAcceptedInsufficientBidIsTheLastBidAndTheFirstToNameTheStrainDeclares() {
    BoardReplay.Verdict v = laws(BOARD.replace(AUCTION,
        "1C X Pass 2H ^I 1S Pass 2S Pass Pass Pass"));
    DealState s = v.state().orElseThrow();
    List<CallRecord> record = s.auction().record();
    assertThat(record).allMatch(r -> r.status() == CallStatus.STANDS);
    assertThat(record.get(4).law()).isEqualTo("27A1");
    assertThat(s.outcome().orElseThrow().contract().orElseThrow().toString()).isEqualTo("2S N");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      N | 1C X Pass 2H ^I 2S Pass Pass Pass | call 5 N 2S (^I)
      E | ^S 1C X Pass 2H 2S Pass Pass Pass | call 1 E 1C (^S)
      """)
  void aMarkTheEngineDoesNotConfirmIsADisagreementInBothModes(
      String dealer, String auction, String record) {
    // 2S is sufficient; with E the dealer, E's 1C is in rotation.
    String pbn = BOARD.replace(AUCTION, auction)
        .replace("[Dealer \"N\"]", "[Dealer \"" + dealer + "\"]");
    for (BoardReplay.Verdict v : List.of(laws(pbn), online(pbn))) {
      assertThat(v.disagreements()).singleElement().satisfies(d -> {
        assertThat(d.what()).isEqualTo("irregularity");
        assertThat(d.record()).isEqualTo(record);
        assertThat(d.engine()).isIn("a regular call", "a legal call");
      });
    }
  }

  @Test
  void anUnmarkedIrregularCallIsAnIllegalCallInLawsMode() {
    BoardReplay.Verdict v = laws(BOARD.replace(AUCTION, "1C X Pass 2H 1S Pass 2S Pass Pass Pass"));
    assertThat(v.disagreements()).singleElement().satisfies(d -> {
      assertThat(d.what()).isEqualTo("illegal call");
      assertThat(d.record()).isEqualTo("call 5 N 1S");
      assertThat(d.engine()).startsWith("Law 27: E may accept N's insufficient 1S");
    });
  }

  @Test
  void aLinLeadOutOfTurnIsAnIllegalCardInBothModes() {
    // LIN lists cards in the order played: here trick 2 is led by the holder of H4, not by the
    // winner of trick 1. LIN has no mark for an accepted irregularity.
    String lin = "pn|a,b,c,d|st||md|3S358TH28D34579C89,S6QH7JQD8TKAC47JK,SAH35TKAD2JC235QA,|"
        + "rh||ah|Board 1|sv|o|mb|1H|mb|2S!|mb|p|mb|2N|mb|3C|mb|p|mb|p|mb|p|pg||"
        + "pc|CT|pc|C8|pc|C4|pc|CQ|pg||pc|H4|pc|H2|pc|H7|pc|HA|pg||";
    ReplayRecord rec = Replays.oneLin(lin);
    BoardReplay.Verdict law = BoardReplay.replay(rec, org.tenace.server.engine.Mode.LAWS);
    assertThat(law.disagreements()).singleElement().satisfies(d -> {
      assertThat(d.what()).isEqualTo("illegal card");
      assertThat(d.record()).startsWith("trick 2 ").endsWith(" ♥4");
      assertThat(d.engine()).startsWith("a lead out of turn (Law 5");
    });
    BoardReplay.Verdict onl = BoardReplay.replay(rec, org.tenace.server.engine.Mode.ONLINE);
    assertThat(onl.disagreements()).singleElement().satisfies(d ->
        assertThat(d.engine()).startsWith("OUT_OF_TURN: it is "));
  }

  // ---------------------------------------------------------------- the PBN standard's game 3

  private static String game3() throws IOException {
    String text = Files.readString(Path.of("src/test/resources/data/pbn/spec_examples/"
        + "correct_10.pbn"), java.nio.charset.StandardCharsets.ISO_8859_1);
    int from = text.indexOf("% Game with all irregularity situations");
    int to = text.indexOf("% ==================== game 4");
    return text.substring(from, to);
  }

  @Test
  void theStandardsGameWithEveryIrregularityIsFollowedInLawsMode() throws IOException {
    BoardReplay.Verdict v = laws(game3());
    assertThat(v.disagreements()).isEmpty();
    // Its Result "^5" is agreed though it differs from the tricks won: 6 are won already.
    assertThat(v.incomplete()).hasValueSatisfying(why -> assertThat(why)
        .startsWith("the agreed result (^5) differs from the tricks won"));
    DealState s = v.state().orElseThrow();
    assertThat(s.auction().record()).allMatch(r -> r.status() == CallStatus.STANDS);
    assertThat(s.auction().contract().orElseThrow().toString()).isEqualTo("5HX N");
    Play p = s.playIfStarted().orElseThrow();
    // West led out of turn and North, declarer, spread his hand: South declares (Law 54A).
    assertThat(p.declarer()).isEqualTo(Seat.SOUTH);
    assertThat(p.revokes()).extracting(Revoke::offender, Revoke::trick)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(Seat.EAST, 2),
            org.assertj.core.groups.Tuple.tuple(Seat.EAST, 3));
    assertThat(p.cardsPlayed()).isEqualTo(25);
  }

  @Test
  void theStandardsGameStopsOnlineAtItsFirstIrregularity() throws IOException {
    BoardReplay.Verdict v = online(game3());
    assertThat(v.disagreements()).isEmpty();
    assertThat(v.incomplete()).contains("call 1, E 1D, is an accepted irregularity (^S) that"
        + " online mode refuses (OUT_OF_TURN); replay with --laws");
  }

  @Test
  void aRevokeOnlineIsRefusedForTheReasonItsMarkGives() throws IOException {
    // Game 3 with a regular auction (5HX by S) and no lead out of turn: E's revoke in trick 2
    // is the first irregularity.
    String pbn = game3().replace("[Declarer \"^S\"]", "[Declarer \"S\"]")
        .replaceAll("(?s)\\[Auction \"W\"\\].*?\\[Play", "[Auction \"N\"]\nPass Pass 5H X\n"
            + "Pass Pass Pass\n[Play")
        .replace("^L CK", "CK");
    BoardReplay.Verdict onl = online(pbn);
    assertThat(onl.disagreements()).isEmpty();
    assertThat(onl.incomplete()).hasValueSatisfying(why -> assertThat(why)
        .startsWith("trick 2 E ♠5 (^R)").contains("REVOKE"));
    BoardReplay.Verdict law = laws(pbn);
    assertThat(law.disagreements()).isEmpty();
    assertThat(law.state().orElseThrow().playIfStarted().orElseThrow().revokes()).hasSize(2);
    // Unmarked, the same revoke is an illegal card in laws mode too.
    BoardReplay.Verdict unmarked = laws(pbn.replace("^R ", ""));
    assertThat(unmarked.disagreements()).singleElement().satisfies(d -> {
      assertThat(d.what()).isEqualTo("illegal card");
      assertThat(d.record()).isEqualTo("trick 2 E ♠5");
      assertThat(d.engine()).isEqualTo("a revoke (Law 61)");
    });
  }
}
