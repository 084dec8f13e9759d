package org.tenace.cli.tm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

class TmLineTest {

  @Test
  void protocol19ExplainsACallWithInfosAndACardsSignalIsReadAndDropped() throws Exception {
    TmMessage m = TmLine.parse("north bids 1c infos. 2+ clubs, 11-21");
    assertThat(m).isEqualTo(new TmMessage.Called(Seat.NORTH, Bid.parse("1C"), Optional.empty(),
        Optional.of("2+ clubs, 11-21")));
    assertThat(m.line()).isEqualTo("North bids 1C Infos. 2+ clubs, 11-21");
    assertThat(((TmMessage.Called) m).explanation()).isEqualTo("2+ clubs, 11-21");
    assertThat(TmLine.parse("West plays 7H. odd count")).isEqualTo(
        new TmMessage.Played(Seat.WEST, Card.parse("H7")));
    assertThatThrownBy(() -> TmLine.parse("North bids 1C Infos.")).hasMessageContaining(
        "'Infos.' with no explanation");
  }

  @Test
  void aTableTurnedAQuarterMovesEverySeatAndSwapsTheSides() throws Exception {
    assertThat(TmLine.parse("Board number 2. Dealer East. N/S vulnerable.").rotated(1).line())
        .isEqualTo("Board number 2. Dealer South. E/W vulnerable.");
    assertThat(TmLine.parse("Board number 4. Dealer West. Both vulnerable.").rotated(3).line())
        .isEqualTo("Board number 4. Dealer South. Both vulnerable.");
    assertThat(TmLine.parse("East ready for North's card to trick 3").rotated(-1).line())
        .isEqualTo("North ready for West's card to trick 3");
    assertThat(TmLine.parse("Teams : N/S : \"A\" E/W : \"B\"").rotated(1).line())
        .isEqualTo("Teams : N/S : \"B\" E/W : \"A\"");
    assertThat(TmLine.parse("Teams : N/S : \"A\" E/W : \"B\"").rotated(2).line())
        .isEqualTo("Teams : N/S : \"A\" E/W : \"B\"");
    TmMessage called = TmLine.parse("West bids 2C Alert. Stayman");
    assertThat(called.rotated(1).line()).isEqualTo("North bids 2C Alert. Stayman");
    assertThat(called.rotated(1).rotated(-1)).isEqualTo(called);
    assertThat(TmLine.parse("Dummy to lead").rotated(1).line()).isEqualTo("Dummy to lead");
  }

  /** Every message the protocol has, as a host or a program writes it, reads back the same. */
  @ParameterizedTest
  @ValueSource(strings = {
      "Connecting \"Blue team\" as North using protocol version 18",
      "Connecting \"x\" as ANYPL using protocol version 18",
      "East (\"Red team\") seated",
      "South ready for teams",
      "Teams : N/S : \"Blue team\" E/W : \"Red team\"",
      "West ready to start",
      "Start of board",
      "North ready for deal",
      "Board number 17. Dealer North. Neither vulnerable.",
      "Board number 2. Dealer East. N/S vulnerable.",
      "Board number 3. Dealer South. E/W vulnerable.",
      "Board number 4. Dealer West. Both vulnerable.",
      "East ready for cards",
      "East's cards : S -. H J 9 6 2. D Q J 5 4. C A J 9 6 5.",
      "North passes",
      "East doubles",
      "South redoubles",
      "West bids 1NT",
      "North bids 2C Alert. strong, artificial",
      "North ready for West's bid",
      "West to lead",
      "Dummy to lead",
      "West plays TH",
      "North ready for East's card to trick 12",
      "North ready for dummy's card to trick 3",
      "South ready for dummy",
      "Dummy's cards : S A K Q J T 9 8 7 6 5 4 3 2. H -. D -. C -.",
      "Timing - N/S : this board  01:05,  total  0:12:40.  E/W : this board  00:59,  total  "
          + "1:02:03.",
      "End of session"})
  void eachMessageReadsBackAsWritten(String line) throws Exception {
    assertThat(TmLine.parse(line).line()).isEqualTo(line);
  }

  @Test
  void wordsAreReadInAnyCaseWithRunsOfSpacesAsOne() throws Exception {
    assertThat(TmLine.parse("  north   BIDS 1nt  ")).isEqualTo(
        new TmMessage.Called(Seat.NORTH, Bid.parse("1NT"), Optional.empty()));
    assertThat(TmLine.parse("SOUTH READY FOR  dummy\r\n"))
        .isEqualTo(new TmMessage.ReadyForDummy(Seat.SOUTH));
    assertThat(TmLine.parse("west plays 10c")).isEqualTo(
        new TmMessage.Played(Seat.WEST, Card.parse("CT")));
    assertThat(TmLine.parse("east passes.")).isEqualTo(
        new TmMessage.Called(Seat.EAST, Call.PASS, Optional.empty()));
    assertThat(TmLine.parse("board number 5 . dealer north . n/s vulnerable")).isEqualTo(
        new TmMessage.BoardInfo(5, Seat.NORTH, Vulnerability.NS));
  }

  @Test
  void anAlertKeepsItsExplanationAndABareAlertIsEmpty() throws Exception {
    assertThat(TmLine.parse("North bids 1NT Alert. 12 to 14.")).isEqualTo(new TmMessage.Called(
        Seat.NORTH, Bid.parse("1NT"), Optional.of("12 to 14.")));
    assertThat(TmLine.parse("North bids 2D Alert.")).isEqualTo(new TmMessage.Called(Seat.NORTH,
        Bid.parse("2D"), Optional.of("")));
  }

  @Test
  void aHandIsItsThirteenCards() throws Exception {
    var m = (TmMessage.Cards) TmLine.parse("North's cards : S A K 3. H -. D Q J 9 8 7 6 2. "
        + "C A 4 3.");
    assertThat(m.hand()).isEqualTo(Hand.parsePbn("AK3..QJ98762.A43"));
    assertThat(m.hand().size()).isEqualTo(13);
  }

  @Test
  void timingIsReadAsDurations() throws Exception {
    var t = (TmMessage.Timing) TmLine.parse("Timing - N/S : this board  00:05,  total  "
        + "0:00:33.  E/W : this board  00:08,  total  0:00:29");
    assertThat(t).isEqualTo(new TmMessage.Timing(Duration.ofSeconds(5), Duration.ofSeconds(33),
        Duration.ofSeconds(8), Duration.ofSeconds(29)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "garbage", "North bids 8C", "North bids 1X", "North plays 1H",
      "North ready for East's card to trick 14", "North's cards : S A A. H -. D -. C -.",
      "North's cards : S A. S K. H -. D -.", "Connecting team as North using protocol version 18",
      "Board number 0. Dealer North. Neither vulnerable.",
      // A digit run past a long's range once made parse throw NumberFormatException, which
      // ended the connection's reading thread.
      "Timing - N/S : this board 99999999999999999999:05, total 0:00:33. E/W : this board 0:08,"
          + " total 0:00:29",
      "Timing - N/S : this board 0:05, total 0:00:33. E/W : this board 0:08, total"
          + " 0:00:99999999999999999999"})
  void aLineOutsideTheGrammarSaysWhatIsWrong(String line) {
    assertThatThrownBy(() -> TmLine.parse(line)).isInstanceOf(TmLine.BadLine.class)
        .hasMessageNotContaining("Exception");
  }
}
