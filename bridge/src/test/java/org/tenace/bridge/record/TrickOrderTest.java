package org.tenace.bridge.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;

class TrickOrderTest {

  private static List<Card> cards(String text) {
    return Arrays.stream(text.split(" ")).map(Card::parse).toList();
  }

  // Ruffs, overruffs, discards and notrump: who wins the trick, and the edges of Law 44.
  @ParameterizedTest
  @CsvSource({
    "S, HK H2 S3 HA, 2",
    "S, CA S2 S5 C3, 2",
    "NT, D5 DK SA D2, 1",
    "H, D5 DK SA D2, 1",
    "C, D5 DK SA C2, 3",
    "NT, S2 S3 S4 S5, 3",
    "D, SA SK SQ SJ, 0",
    "D, SA D2 D3 SJ, 2",
  })
  void theHighestTrumpElseTheHighestCardOfTheSuitLedWins(String strain, String trick,
      int winner) {
    assertThat(TrickOrder.winningIndex(cards(trick), Strain.parse(strain))).isEqualTo(winner);
  }

  @Test
  void aTrickHasFourCards() {
    assertThatThrownBy(() -> TrickOrder.winningIndex(cards("SA SK SQ"), Strain.SPADES))
        .hasMessageContaining("4 cards, not 3");
  }

  @Test
  void theWinnerOfEachTrickLeadsTheNext() {
    // West leads against hearts; North ruffs the first trick and leads the second.
    List<Seat> seats = TrickOrder.seats(Seat.WEST, cards("SK H3 S4 S3 C5 C2 C6 CK D2"),
        Strain.HEARTS);
    assertThat(seats).containsExactly(Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH,
        Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.WEST);
  }

  private static Optional<PlayedCard> at(Seat s, String card) {
    return Optional.of(PlayedCard.of(s, Card.parse(card)));
  }

  private static Optional<PlayedCard> at(Seat s, String card, Irregularity i) {
    return Optional.of(new PlayedCard(s, Card.parse(card), Optional.of(i)));
  }

  @Test
  void pbnColumnsBecomeTheOrderOfPlay() {
    // Columns W N E S. Trick 1: North ruffs (H3); trick 2 is read from North's column.
    List<PlayedCard> order = TrickOrder.playOrder(Seat.WEST, List.of(
        List.of(at(Seat.WEST, "SK"), at(Seat.NORTH, "H3"), at(Seat.EAST, "S4"),
            at(Seat.SOUTH, "S3")),
        List.of(at(Seat.WEST, "C5"), at(Seat.NORTH, "C2"), at(Seat.EAST, "C6"),
            at(Seat.SOUTH, "CK"))), Strain.HEARTS);
    assertThat(order).extracting(Object::toString)
        .containsExactly("W:SK", "N:H3", "E:S4", "S:S3", "N:C2", "E:C6", "S:CK", "W:C5");
  }

  @Test
  void aLeadOutOfTurnLeadsItsTrick() {
    // Section 3.9 (D): West should lead trick 2 but East does (^L); the others follow from East.
    List<PlayedCard> order = TrickOrder.playOrder(Seat.WEST, List.of(
        List.of(at(Seat.WEST, "SK"), at(Seat.NORTH, "S2"), at(Seat.EAST, "S4"),
            at(Seat.SOUTH, "S3")),
        List.of(at(Seat.WEST, "CA"), at(Seat.NORTH, "C2"),
            at(Seat.EAST, "C3", Irregularity.LEAD_OUT_OF_TURN), at(Seat.SOUTH, "C4"))),
        Strain.NO_TRUMP);
    assertThat(order.subList(4, 8)).extracting(Object::toString)
        .containsExactly("E:C3", "S:C4", "W:CA", "N:C2");
    assertThat(order.get(4).irregularity()).hasValue(Irregularity.LEAD_OUT_OF_TURN);
  }

  @Test
  void theOrderStopsAtTheFirstCardNotKnown() {
    List<PlayedCard> order = TrickOrder.playOrder(Seat.WEST, List.of(
        List.of(at(Seat.WEST, "SK"), at(Seat.NORTH, "S2"), at(Seat.EAST, "S4"),
            at(Seat.SOUTH, "SA")),
        List.of(Optional.empty(), Optional.empty(), Optional.empty(), at(Seat.SOUTH, "H2"))),
        Strain.NO_TRUMP);
    // South won trick 1, so H2 is trick 2's lead; West's card after it is not known.
    assertThat(order).extracting(Object::toString)
        .containsExactly("W:SK", "N:S2", "E:S4", "S:SA", "S:H2");
  }

  @Test
  void twoCardsOfOneSeatInATrickAreRefused() {
    assertThatThrownBy(() -> TrickOrder.columns(Seat.WEST, List.of(
        PlayedCard.of(Seat.WEST, Card.parse("SA")), PlayedCard.of(Seat.WEST, Card.parse("SK")))))
        .hasMessageContaining("W plays twice");
  }

  @Property
  void columnsAndPlayOrderAreInverse(@ForAll long seed, @ForAll Strain strain,
      @ForAll Seat leader) {
    Random random = new Random(seed);
    Deal deal = RandomBoards.deal(random);
    List<PlayedCard> play = RandomBoards.play(random, deal, leader, strain, random.nextInt(53));
    assertThat(TrickOrder.playOrder(leader, TrickOrder.columns(leader, play), strain))
        .isEqualTo(play);
    assertThat(TrickOrder.seats(leader, play.stream().map(PlayedCard::card).toList(), strain))
        .isEqualTo(play.stream().map(PlayedCard::seat).toList());
  }
}
