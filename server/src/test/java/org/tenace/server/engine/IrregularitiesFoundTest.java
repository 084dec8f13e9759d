package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.bridge.card.Seat.EAST;
import static org.tenace.bridge.card.Seat.NORTH;
import static org.tenace.bridge.card.Seat.SOUTH;
import static org.tenace.bridge.card.Seat.WEST;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.Irregularity.Kind;

/**
 * The irregularities a laws-mode auction finds: each once, as it is found, with its Law, offender
 * and call index; and a call out of rotation while a cancelled call's maker must call again.
 */
class IrregularitiesFoundTest {

  private static Auction laws(String script) {
    return Script.run(Mode.LAWS, script);
  }

  private static void only(Auction a, Kind kind, String law, Seat offender, int index) {
    assertThat(a.irregularities()).singleElement().satisfies(i -> {
      assertThat(i.kind()).isEqualTo(kind);
      assertThat(i.law()).isEqualTo(law);
      assertThat(i.offender()).isEqualTo(offender);
      assertThat(i.callIndex()).hasValue(index);
      assertThat(i.description()).isNotBlank();
    });
  }

  @Test
  void theIrregularitiesRectifiedAtOnceAreFoundAsTheyAreMade() {
    Auction x = laws("N:1H E:P S:X*");
    only(x, Kind.INADMISSIBLE_DOUBLE, "36B", SOUTH, 2);
    assertThat(x.irregularities().get(0).description()).startsWith(
        "South doubled partner's 1H: inadmissible (Law 36B); North must pass for the rest");
    only(laws("N:1H E:1S S:XX*"), Kind.INADMISSIBLE_REDOUBLE, "36B", SOUTH, 2);
    only(laws("N:8C"), Kind.BID_ABOVE_SEVEN, "38", NORTH, 0);
    Auction after = laws("N:1NT E:P S:P W:P E:2S");
    only(after, Kind.CALL_AFTER_FINAL_PASS, "39", EAST, 4);
    assertThat(after.irregularities().get(0).description()).contains("lead (Law 26)");
  }

  @Test
  void aBarredSeatsBidThatWouldEndTheAuctionLeavesItsPassInTheRecord() {
    Auction a = laws("N:1H E:1S S:XX* S:P W:P N:2H");
    assertThat(a.irregularities()).extracting(Irregularity::kind)
        .containsExactly(Kind.INADMISSIBLE_REDOUBLE, Kind.CALL_BARRED);
    assertThat(a.irregularities().get(1).law()).isEqualTo("37B");
    assertThat(a.irregularities().get(1).callIndex()).hasValue(5);
    assertThat(a.isComplete()).isTrue();
    CallRecord last = a.record().get(a.record().size() - 1);
    assertThat(last.seat()).isEqualTo(NORTH);
    assertThat(last.said().toString()).isEqualTo("Pass");
    assertThat(last.status()).isEqualTo(CallStatus.STANDS);
    assertThat(a.callers()).last().isEqualTo(NORTH);
  }

  @Test
  void anOptionsIrregularityIsFoundOnceAndASecondInsufficientBidAgain() {
    Auction a = laws("N:1H E:1S S:1H* W:refuse S:1D*");
    assertThat(a.irregularities()).extracting(Irregularity::law).containsExactly("27", "27B4");
    assertThat(a.irregularities()).extracting(i -> i.callIndex().getAsInt())
        .containsExactly(2, 3);
  }

  @Test
  void aCallOutOfRotationWhileTheOffenderMustCallAgainIsALaw29OptionAndThenHeCalls() {
    Auction a = laws("N:1H E:P S:X* W:P");
    assertThat(a.option()).get().satisfies(o -> {
      assertThat(o.law()).isEqualTo("29");
      assertThat(o.holder()).isEqualTo(NORTH);
      assertThat(o.offender()).isEqualTo(WEST);
    });
    assertThat(a.irregularities()).extracting(Irregularity::kind)
        .containsExactly(Kind.INADMISSIBLE_DOUBLE, Kind.OUT_OF_TURN);
    Auction refused = a.refuse(NORTH);                      // 29B: West's pass is cancelled
    assertThat(refused.mustReplace()).contains(SOUTH);
    assertThat(refused.turn()).isEqualTo(SOUTH);
    refused = Script.run(refused, "S:2H");
    assertThat(refused.calls()).containsExactly(Call.parse("1H"), Call.PASS, Call.parse("2H"));
    assertThat(refused.mustReplace()).isEmpty();

    assertThat(a.check(SOUTH, Call.parse("2H"))).isEmpty();   // cancels it and is his call
    Auction cancelled = Script.run(a, "S:2H");     // 28B: South, whose turn it was, calls
    assertThat(cancelled.calls()).last().isEqualTo(Call.parse("2H"));
    assertThat(cancelled.turn()).isEqualTo(WEST);
    assertThat(cancelled.mustReplace()).isEmpty();
  }

  @Test
  void anAcceptedCallOutOfRotationTakesTheTurnOfTheSeatThatOwedACall() {
    Auction a = laws("N:1H E:1S S:1H* W:refuse W:P N:P");   // N accepts West's pass by calling
    assertThat(a.mustReplace()).isEmpty();
    assertThat(a.record().get(2).status()).isEqualTo(CallStatus.CANCELLED);
    assertThat(a.record().get(2).law()).isEqualTo("29A");
    assertThat(a.callers()).containsExactly(NORTH, EAST, WEST, NORTH);
  }

  @Test
  void waitingForAttentionTheIrregularityIsFoundWhenAttentionIsDrawnOrThePeriodEnds() {
    AuctionSettings drawn = AuctionSettings.LAWS.withAttention(AuctionSettings.Attention.WHEN_DRAWN);
    Auction a = Script.run(Auction.start(NORTH, drawn), "N:1H E:P S:X* W:P");
    assertThat(a.irregularities()).isEmpty();                 // nobody has drawn attention
    only(a.drawAttention(), Kind.INADMISSIBLE_DOUBLE, "36A", SOUTH, 2);

    Auction unnoticed = Script.run(Auction.start(NORTH, drawn), "N:1H E:P S:X* W:P N:P E:P");
    assertThat(unnoticed.irregularities()).isEmpty();
    only(unnoticed.endAuctionPeriod(), Kind.INADMISSIBLE_DOUBLE, "36C", SOUTH, 2);
    assertThat(List.of(unnoticed.endAuctionPeriod().contract().orElseThrow().doubling()))
        .containsExactly(org.tenace.bridge.auction.Doubling.UNDOUBLED);
  }
}
