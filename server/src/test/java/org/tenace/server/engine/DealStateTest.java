package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;

class DealStateTest {
  // BBO daylong 2024-06-10 board 1: 2S by N, 9 tricks, NS 140.
  private static final Deal DEAL = Deal.parsePbn(
      "W:T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86");
  private static final String[] PLAY = {
    "CT C6 C2 CA", "C3 C8 C4 CK", "S2 S4 S3 SA", "SJ S5 ST SK", "SQ H4 C5 CQ", "H3 H5 HA H2",
    "H6 H7 HQ H8", "D6 S6 CJ C7", "D8 D2 D3 D7", "DA D4 DT S7", "DJ D5 H9 C9", "HK S8 HJ HT",
    "DQ D9 DK S9"};

  private static DealState calls(DealState s, Seat first, String... calls) {
    Seat seat = first;
    for (String c : calls) {
      s = s.apply(BoardAction.Call.of(seat, Call.parse(c)));
      seat = seat.next();
    }
    return s;
  }

  /** PBN lists each trick from the leader of trick 1 (E here); the engine needs play order. */
  private static DealState playOut(DealState s) {
    for (String trick : PLAY) {
      String[] cards = trick.split(" ");
      Seat leader = s.playIfStarted().orElseThrow().turn();
      for (int i = 0; i < 4; i++) {
        Seat hand = leader.next(i);
        Card card = Card.parse(cards[Seat.EAST.distanceTo(hand)]);
        Play play = s.playIfStarted().orElseThrow();
        s = s.apply(new BoardAction.PlayCard(play.actor(), card));
      }
    }
    return s;
  }

  @Test
  void aRecordedBoardPlaysThroughToItsScore() {
    DealState s = DealState.start(BoardSetup.of(1, DEAL, AuctionSettings.ONLINE));
    s = calls(s, Seat.NORTH, "1C", "X", "P", "2H", "2S", "P", "P", "P");
    assertThat(s).isInstanceOf(DealState.Playing.class);
    s = playOut(s);
    assertThat(s).isInstanceOf(DealState.Complete.class);
    BoardResult r = s.outcome().orElseThrow();
    assertThat(r.contract().orElseThrow().toString()).isEqualTo("2S N");
    assertThat(r.declarerTricks()).isEqualTo(9);
    assertThat(r.nsScore()).isEqualTo(140);
  }

  @Test
  void fourPassesScoreZeroAndShowEveryHand() {
    DealState s = calls(DealState.start(BoardSetup.of(1, DEAL, AuctionSettings.ONLINE)),
        Seat.NORTH, "P", "P", "P", "P");
    assertThat(s).isInstanceOf(DealState.PassedOut.class);
    assertThat(s.outcome()).contains(BoardResult.PASSED_OUT);
    assertThat(s.visibleTo(Viewer.of(Seat.EAST)).size()).isEqualTo(52);
    assertThatThrownBy(() -> s.apply(BoardAction.Call.of(Seat.NORTH, Call.PASS)))
        .hasMessageStartingWith("CALL_AFTER_FINAL_PASS");
  }

  @Test
  void aCardNotInTheNamedHandIsRefusedByTheRules() {
    DealState s = calls(DealState.start(BoardSetup.of(1, DEAL, AuctionSettings.ONLINE)),
        Seat.NORTH, "1C", "X", "P", "2H", "2S", "P", "P", "P");
    // East leads; North is declarer, South dummy. The club ten is East's, not West's.
    assertThatThrownBy(() -> s.apply(new BoardAction.PlayCard(
        Seat.EAST, Card.parse("CT"), Optional.of(Seat.WEST))))
        .isInstanceOfSatisfying(RuleViolationException.class,
            e -> assertThat(e.violation()).isEqualTo(Violation.CARD_NOT_HELD));
    DealState led = s.apply(new BoardAction.PlayCard(
        Seat.EAST, Card.parse("CT"), Optional.of(Seat.EAST)));
    assertThat(led.playIfStarted().orElseThrow().cardsPlayed()).isEqualTo(1);
  }

  @Test
  void optionsAreRefusedOnlineByTheRules() {
    DealState s = DealState.start(BoardSetup.of(1, DEAL, AuctionSettings.ONLINE));
    assertThatThrownBy(() -> s.apply(
        new BoardAction.Choose(Seat.NORTH, new PlayChoice(PlayChoice.Kind.ACCEPT, Optional.empty()))))
        .isInstanceOfSatisfying(RuleViolationException.class,
            e -> assertThat(e.violation()).isEqualTo(Violation.NOT_IN_THIS_MODE));
  }

  @Test
  void aCardDuringTheAuctionIsNotPlay() {
    DealState s = calls(DealState.start(BoardSetup.of(1, DEAL, AuctionSettings.ONLINE)),
        Seat.NORTH, "1C");
    assertThatThrownBy(() -> s.apply(new BoardAction.PlayCard(Seat.EAST, Card.parse("S2"))))
        .hasMessageStartingWith("NOT_PLAYING");
  }

  @Test
  void undoingTheFinalPassBeforeTheLeadReopensTheAuction() {
    DealState s = calls(DealState.start(BoardSetup.of(1, DEAL, AuctionSettings.ONLINE)),
        Seat.NORTH, "1C", "X", "P", "2H", "2S", "P", "P", "P");
    s = s.apply(new BoardAction.Undo(Seat.WEST));
    assertThat(s).isInstanceOf(DealState.Auctioning.class);
    assertThat(s.auction().turn()).isEqualTo(Seat.WEST);
    s = calls(s, Seat.WEST, "3H", "P", "P", "P");
    assertThat(s.playIfStarted().orElseThrow().contract().toString()).isEqualTo("3H W");
  }

  @Test
  void anAcceptedClaimEndsTheBoard() {
    DealState s = calls(DealState.start(BoardSetup.of(1, DEAL, AuctionSettings.ONLINE)),
        Seat.NORTH, "1C", "X", "P", "2H", "2S", "P", "P", "P");
    s = s.apply(new BoardAction.PlayCard(Seat.EAST, Card.parse("CT")));
    s = s.apply(new BoardAction.Claim(Seat.NORTH, 9, "cross-ruff"));
    s = s.apply(new BoardAction.RespondToClaim(Seat.EAST, true));
    s = s.apply(new BoardAction.RespondToClaim(Seat.WEST, true));
    assertThat(s.outcome().orElseThrow().declarerTricks()).isEqualTo(9);
    assertThat(s.outcome().orElseThrow().nsScore()).isEqualTo(140);
  }

  @Test
  void lawsModeInsufficientBidAcceptedByLhoCarriesIntoThePlay() {
    DealState s = DealState.start(BoardSetup.of(1, DEAL, AuctionSettings.LAWS));
    s = calls(s, Seat.NORTH, "1H", "1S", "1H");   // S's 1H is insufficient
    assertThat(s.auction().option()).isPresent();
    s = s.apply(new BoardAction.Choose(Seat.WEST, PlayChoice.ACCEPT));
    s = calls(s, Seat.WEST, "P", "P", "P");   // accepted insufficient bid: 1H by N, first to bid it
    assertThat(s.playIfStarted().orElseThrow().contract().toString()).isEqualTo("1H N");
  }

  @Test
  void replayingTheActionsGivesTheSameState() {
    BoardSetup setup = BoardSetup.of(1, DEAL, AuctionSettings.ONLINE);
    List<BoardAction> actions = new ArrayList<>();
    Seat seat = Seat.NORTH;
    for (String c : new String[] {"1C", "X", "P", "2H", "2S", "P", "P", "P"}) {
      actions.add(BoardAction.Call.of(seat, Call.parse(c)));
      seat = seat.next();
    }
    DealState direct = DealState.replay(setup, actions);
    DealState played = playOut(direct);
    assertThat(direct.auction().record()).isEqualTo(DealState.replay(setup, actions).auction()
        .record());
    assertThat(played.outcome()).isPresent();
  }
}
