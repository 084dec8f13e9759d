package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tenace.bridge.card.Seat.EAST;
import static org.tenace.bridge.card.Seat.NORTH;
import static org.tenace.bridge.card.Seat.SOUTH;
import static org.tenace.bridge.card.Seat.WEST;

import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;

/** Online undo (Law 25A) and self-alerts (Laws 20 and 40). */
class UndoAndAlertTest {

  static Auction online(String script) {
    return Script.run(Mode.ONLINE, script);
  }

  @Test
  void undoWithdrawsTheSeatsLatestCallAndLhosCallOverIt() {
    Auction a = online("N:1H E:P");
    assertThat(a.checkUndo(NORTH)).isEmpty();
    a = a.undo(NORTH);
    assertThat(a.calls()).isEmpty();
    assertThat(a.turn()).isEqualTo(NORTH);
    assertThat(a.record()).extracting(CallRecord::status)
        .containsExactly(CallStatus.WITHDRAWN, CallStatus.WITHDRAWN);
    a = Script.run(a, "N:1S E:P");
    assertThat(a.calls()).extracting(Call::toString).containsExactly("1S", "Pass");
    a = a.undo(NORTH);
    assertThat(a.record()).hasSize(4).allMatch(r -> r.status() == CallStatus.WITHDRAWN);
  }

  @Test
  void undoBeforeLhoCallsTakesBackOnlyTheSeatsCall() {
    Auction a = online("N:1H E:1S").undo(EAST);
    assertThat(a.calls()).containsExactly(Call.parse("1H"));
    assertThat(a.turn()).isEqualTo(EAST);
  }

  @Test
  void aChangeIsAnUndoAndANewCallCheckedAfreshAndRefusedAsAWhole() {
    Auction a = online("N:1H E:1S");
    Auction changed = a.change(NORTH, Call.parse("2H"), Alert.NONE, ChangeReason.UNINTENDED);
    assertThat(changed.calls()).containsExactly(Call.parse("2H"));
    assertThat(changed.turn()).isEqualTo(EAST);
    assertThat(changed.actions()).hasSize(3).last().isInstanceOf(BoardAction.ChangeCall.class);
    assertThat(Auction.replay(NORTH, AuctionSettings.ONLINE, changed.actions()).record())
        .isEqualTo(changed.record());
    assertThatThrownBy(() -> a.change(NORTH, Call.REDOUBLE, Alert.NONE, ChangeReason.UNINTENDED))
        .isInstanceOfSatisfying(RuleViolationException.class,
            e -> assertThat(e.violation()).isEqualTo(Violation.INADMISSIBLE_REDOUBLE));
    assertThat(a.calls()).hasSize(2);
  }

  @Test
  void inTheClarificationPeriodTheLastCallersMayUndoAndReopenTheAuction() {
    Auction a = online("N:1NT P P P");
    assertThat(a.undo(WEST).isComplete()).isFalse();
    assertThat(a.undo(WEST).turn()).isEqualTo(WEST);
    Auction s = a.undo(SOUTH);
    assertThat(s.calls()).hasSize(2);
    assertThat(s.turn()).isEqualTo(SOUTH);
    assertThat(a.checkUndo(EAST)).get().extracting(Refusal::detail)
        .isEqualTo("partner has already called");
    assertThat(a.checkUndo(NORTH)).get().extracting(Refusal::detail)
        .isEqualTo("partner has already called");
  }

  @Test
  void noUndoAfterTheOpeningLeadOrWithoutACallOrInLawsMode() {
    Auction led = online("N:1NT P P P").endAuctionPeriod();
    assertThat(led.checkUndo(WEST)).get().extracting(Refusal::message)
        .isEqualTo("UNDO_NOT_ALLOWED: the opening lead has been faced");
    assertThat(online("N:1H").checkUndo(SOUTH)).get().extracting(Refusal::detail)
        .isEqualTo("S has not called");
    assertThatThrownBy(() -> Script.run(Mode.LAWS, "N:1H").undo(NORTH))
        .isInstanceOfSatisfying(RuleViolationException.class,
            e -> assertThat(e.violation()).isEqualTo(Violation.NOT_IN_THIS_MODE));
  }

  @Test
  void aSelfAlertIsShownToTheOpponentsAndNeverToPartner() {
    Auction a = Script.start(Mode.ONLINE).then(NORTH, Call.parse("2C"), Alert.of("strong"));
    CallRecord r = a.record().get(0);
    assertThat(r.alert()).isEqualTo(new Alert(true, "strong"));
    assertThat(r.visibleTo(SOUTH).alert()).isEqualTo(Alert.NONE);
    for (Seat s : new Seat[] {NORTH, EAST, WEST}) {
      assertThat(r.visibleTo(s).alert().explanation()).isEqualTo("strong");
    }
    assertThatThrownBy(() -> new Alert(false, "strong"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("strong");
  }

  @Test
  void utterancesParseBidsAboveSeven() {
    assertThat(Utterance.parse("8C")).isEqualTo(Utterance.aboveSeven(8,
        org.tenace.bridge.auction.Strain.CLUBS));
    assertThat(Utterance.parse("10NT").toString()).isEqualTo("10NT");
    // Any level a request can carry is said, and comes back from the record (Law 38 applies).
    assertThat(Utterance.parse("2147483647S")).isEqualTo(Utterance.aboveSeven(Integer.MAX_VALUE,
        org.tenace.bridge.auction.Strain.SPADES));
    assertThat(Utterance.parse("7NT")).isSameAs(Utterance.of(Call.parse("7NT")));
    assertThatThrownBy(() -> Utterance.aboveSeven(7, org.tenace.bridge.auction.Strain.CLUBS))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("8 or more");
  }
}
