package org.tenace.robot.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tenace.robot.CardView;
import org.tenace.robot.bidding.AuctionReading;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * Partner's attitude signal as evidence: West leads the ace of spades against 4H, East follows
 * with the eight from K84 (an honour: its highest spot below the ten, docs/robot-system.md §11).
 * West's samples then never give East a lower spade beside the eight without the king or queen
 * (then the lower one would have been its card), nor the nine with an honour.
 */
class SignalsTest {
  private static final String DEAL =
      "W:AQJ7.54.8762.987 652.KQJ3.A54.A43 K84.76.T93.JT652 T93.AT982.KQJ.KQ";
  private static final String AUCTION = "1H P 4H P P P";

  private static CardView after(String cards) {
    return Views.after(DEAL, "4H S", Seat.SOUTH, AUCTION, cards);
  }

  private static CardView afterTheLead() {
    return after("SA S2 S8 S3");
  }

  private static Map<Seat, Hand> east(String spades) {
    return Map.of(Seat.EAST, Hand.parsePbn(spades + ".76.T93.JT652"));
  }

  @Test
  void partnersSpotOnOurLeadIsReadAsItsSignal() {
    List<Signals.Signal> read = Signals.read(PlayState.of(afterTheLead()));
    assertThat(read).singleElement().satisfies(s -> {
      assertThat(s.partner()).isEqualTo(Seat.EAST);
      assertThat(s.card()).isEqualTo(Card.parse("S8"));
    });
  }

  @Test
  void anEncouragingSpotFitsOnlyAnHonourAndNoHigherSpot() {
    List<Signals.Signal> read = Signals.read(PlayState.of(afterTheLead()));
    assertThat(Signals.fit(read, east("K4"))).as("K84: the eight encourages").isTrue();
    assertThat(Signals.fit(read, east("Q4"))).as("Q84").isTrue();
    assertThat(Signals.fit(read, east("54"))).as("854: the four, not the eight").isFalse();
    assertThat(Signals.fit(read, east("K9"))).as("K98: the nine").isFalse();
    assertThat(Signals.fit(read, east("K"))).as("K8: the eight, its only spot").isTrue();
    assertThat(Signals.fit(read, east(""))).as("a bare eight: no choice").isTrue();
  }

  @Test
  void declarerReadsNoSignals() {
    // South, declarer, to play to trick 2 after winning nothing: East's eight says nothing to it.
    CardView south = after("SA S2 S8 S3 SQ S5 S4");
    assertThat(Signals.read(PlayState.of(south))).isEmpty();
  }

  @Test
  void theSamplesGiveEastTheHonourItSignalled() {
    PlayState st = PlayState.of(afterTheLead());
    List<Seat> hidden = EndgameSearch.hiddenSeats(st);
    AuctionReading reading = AuctionReading.read(st.view().dealer(), st.view().vulnerability(),
        st.view().auction(), st.view().seat());
    List<Signals.Signal> signals = Signals.read(st);
    Random random = new Random(3);
    int encouraging = 0;
    for (int i = 0; i < 40; i++) {
      Map<Seat, Hand> layout = SampledSearch.deal(st, hidden, reading, signals, random);
      Hand spades = layout.get(Seat.EAST).suit(Suit.SPADES);
      boolean honour = spades.contains(Card.of(Suit.SPADES, Rank.KING))
          || spades.contains(Card.of(Suit.SPADES, Rank.QUEEN));
      boolean lower = spades.cards().stream().anyMatch(c -> c.rank().compareTo(Rank.EIGHT) < 0);
      boolean higherSpot = spades.contains(Card.of(Suit.SPADES, Rank.NINE));
      // The eight encouraged (an honour, no nine) or was East's lowest (nothing below it).
      assertThat((honour && !higherSpot) || !lower).as("layout %s", layout).isTrue();
      encouraging += honour && lower ? 1 : 0;
    }
    assertThat(encouraging).as("layouts where the eight encouraged").isPositive();
  }
}
