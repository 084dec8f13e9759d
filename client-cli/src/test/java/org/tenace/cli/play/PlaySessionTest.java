package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.Bid;
import org.tenace.proto.v1.Call;
import org.tenace.proto.v1.CallTurn;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.OtherCall;
import org.tenace.proto.v1.PlayTurn;
import org.tenace.proto.v1.Rank;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.Strain;
import org.tenace.proto.v1.Suit;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.Turn;

class PlaySessionTest {
  private static TableSnapshot turn(Turn t) {
    return TableSnapshot.newBuilder().setTurn(t).build();
  }

  @Test
  void tabOffersTheLegalCallsAsTheyAreTyped() {
    TableSnapshot s = turn(Turn.newBuilder().setSeat(Seat.SEAT_SOUTH).setCall(CallTurn
        .newBuilder()
        .addLegalCalls(Call.newBuilder().setOther(OtherCall.OTHER_CALL_PASS))
        .addLegalCalls(Call.newBuilder().setOther(OtherCall.OTHER_CALL_DOUBLE))
        .addLegalCalls(Call.newBuilder().setBid(Bid.newBuilder().setLevel(7)
            .setStrain(Strain.STRAIN_NO_TRUMP)))).build());
    assertThat(PlaySession.completions(s)).startsWith("P", "X", "7NT").contains("claim", "help");
    assertThat(PlaySession.context(s).expect()).isEqualTo(InputParser.Expect.CALL);
  }

  @Test
  void tabListsTheCallsInBridgeOrderNotByName() {
    var candidates = new java.util.ArrayList<>(PlaySession.candidates(
        java.util.List.of("2C", "2D", "2H", "2S", "2NT", "claim")));
    java.util.Collections.sort(candidates); // as JLine sorts what it shows
    assertThat(candidates).extracting(org.jline.reader.Candidate::value)
        .containsExactly("2C", "2D", "2H", "2S", "2NT", "claim");
  }

  @Test
  void tabOffersTheLegalCardsOfTheHandToPlay() {
    TableSnapshot s = turn(Turn.newBuilder().setSeat(Seat.SEAT_NORTH).setPlay(PlayTurn
        .newBuilder()
        .addLegalCards(Card.newBuilder().setSuit(Suit.SUIT_SPADES).setRank(Rank.RANK_TEN))
        .addLegalCards(Card.newBuilder().setSuit(Suit.SUIT_CLUBS).setRank(Rank.RANK_TWO)))
        .build());
    assertThat(PlaySession.completions(s)).startsWith("ST", "C2");
    assertThat(PlaySession.context(s).legalCards()).hasSize(2);
  }

  @Test
  void withoutATurnOnlyTheCommandsAreOffered() {
    assertThat(PlaySession.completions(TableSnapshot.getDefaultInstance()))
        .containsExactlyElementsOf(InputParser.COMMANDS);
  }

  private static TableSnapshot option(org.tenace.proto.v1.OptionChoice... choices) {
    return turn(Turn.newBuilder().setSeat(Seat.SEAT_SOUTH).setOption(
        org.tenace.proto.v1.OptionTurn.newBuilder().setOption(org.tenace.proto.v1.Option
            .newBuilder().setLaw("50D2").addAllChoices(java.util.List.of(choices))
            .addSuits(Suit.SUIT_SPADES).addSuits(Suit.SUIT_HEARTS))).build());
  }

  @Test
  void tabOffersTheOptionsChoicesThenTheSuitsOfRequireAndBan() {
    TableSnapshot s = option(org.tenace.proto.v1.OptionChoice.OPTION_CHOICE_REQUIRE_SUIT,
        org.tenace.proto.v1.OptionChoice.OPTION_CHOICE_BAN_SUIT,
        org.tenace.proto.v1.OptionChoice.OPTION_CHOICE_WAIVE);
    assertThat(PlaySession.completions(s)).startsWith("require", "ban", "waive")
        .contains("help").doesNotContain("dummy", "refuse");
    assertThat(PlaySession.completions(s, java.util.List.of("ban"))).containsExactly("S", "H");
    assertThat(PlaySession.completions(s, java.util.List.of("refuse"))).isEmpty();
    assertThat(PlaySession.context(s).expect()).isEqualTo(InputParser.Expect.OPTION);
  }

  @Test
  void aLeadOutOfTurnOffersAcceptDummyAndRefuse() {
    TableSnapshot s = option(org.tenace.proto.v1.OptionChoice.OPTION_CHOICE_ACCEPT,
        org.tenace.proto.v1.OptionChoice.OPTION_CHOICE_ACCEPT_AS_DUMMY,
        org.tenace.proto.v1.OptionChoice.OPTION_CHOICE_REFUSE);
    assertThat(PlaySession.completions(s)).startsWith("accept", "dummy", "refuse");
    assertThat(PlaySession.context(s).choiceWords()).containsExactly("accept", "dummy",
        "refuse");
  }

  private static TableSnapshot table(org.tenace.proto.v1.Mode mode) {
    TableSnapshot.Builder s = TableSnapshot.newBuilder();
    s.getTableBuilder().getSettingsBuilder().setMode(mode);
    return s.build();
  }

  @Test
  void theHelpAtALawsTableMentionsTheOptionsAndFitsTheScreen() {
    String help = PlaySession.help(table(org.tenace.proto.v1.Mode.MODE_LAWS));
    assertThat(help).contains("under the Laws", "accept, refuse, dummy", "require S / ban S",
        "waive", "laws lists").doesNotContain("plays online");
    assertThat(help.split("\n")).allSatisfy(l -> assertThat(l.length())
        .isLessThanOrEqualTo(Screen.WIDTH));
  }

  @Test
  void theHelpAtAnOnlineTableSaysHowItTreatsASlipAndNothingOfTheLaws() {
    String help = PlaySession.help(table(org.tenace.proto.v1.Mode.MODE_ONLINE));
    assertThat(help).contains("plays online", "refused with the reason", "concede (asks first)")
        .doesNotContain("Laws", "require S", "waive", "laws lists");
    assertThat(help.split("\n")).allSatisfy(l -> assertThat(l.length())
        .isLessThanOrEqualTo(Screen.WIDTH));
  }

  private static TableSnapshot auction(String... calls) {
    TableSnapshot.Builder s = TableSnapshot.newBuilder();
    s.getViewerBuilder().setSeat(Seat.SEAT_SOUTH);
    var b = s.getBoardBuilder().setDealer(Seat.SEAT_NORTH)
        .setVulnerability(org.tenace.proto.v1.Vulnerability.VULNERABILITY_NONE);
    org.tenace.bridge.card.Seat at = org.tenace.bridge.card.Seat.NORTH;
    for (String c : calls) {
      b.addAuction(org.tenace.proto.v1.AuctionCall.newBuilder()
          .setSeat(org.tenace.client.Vocabulary.toProto(at))
          .setCall(org.tenace.client.Vocabulary.toProto(org.tenace.bridge.auction.Call.parse(c))));
      at = at.next();
    }
    return s.build();
  }

  @Test
  void explainSaysWhatACallMeansAsTheRobotsReadIt() {
    TableSnapshot s = auction("1NT", "P", "2C");
    assertThat(PlaySession.explain(s, 3))
        .isEqualTo("2C by South: Stayman: asks for a four-card major, 8+ HCP");
    assertThat(PlaySession.explain(s, 1)).startsWith("1NT by North: natural, 15-17 HCP");
    assertThat(PlaySession.explain(s, 4))
        .isEqualTo("? the auction has 3 calls: give a number from 1 to 3");
    assertThat(PlaySession.explain(TableSnapshot.getDefaultInstance(), 1))
        .isEqualTo("? No call has been made on this board yet.");
    assertThat(InputParser.parse("explain 3", PlaySession.context(s)))
        .isEqualTo(new Command.Explain(3));
    assertThat(InputParser.parse("explain x", PlaySession.context(s)))
        .isInstanceOf(Command.Mistyped.class);
  }
}
