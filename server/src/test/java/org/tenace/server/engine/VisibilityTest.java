package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.server.engine.PlayCasesTest.DEAL;
import static org.tenace.server.engine.PlayFixtures.play;
import static org.tenace.server.engine.PlayFixtures.playLowest;

import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;

class VisibilityTest {
  private static final long ALL = (1L << 52) - 1;
  private final Deal deal = Deal.parsePbn(DEAL);
  private final Play start = PlayFixtures.start(DEAL, "4S S", Mode.ONLINE);

  private static long hand(Play p, Seat s) {
    return p.deal().hand(s).bits();
  }

  private static long bit(String card) {
    return 1L << Card.parse(card).index();
  }

  @Test
  void inTheAuctionEachSeatSeesItsOwnHand() {
    for (Seat s : Seat.values()) {
      assertThat(Visibility.inAuction(deal, Viewer.of(s))).isEqualTo(deal.hand(s).bits());
    }
    assertThat(Visibility.inAuction(deal, Viewer.kibitzer(Viewer.KibitzPolicy.PUBLIC))).isZero();
    assertThat(Visibility.inAuction(deal, Viewer.kibitzer(Viewer.KibitzPolicy.ALL_HANDS)))
        .isEqualTo(ALL);
    assertThat(Visibility.afterBoard()).isEqualTo(ALL);
  }

  @Test
  void beforeTheOpeningLeadOnlyOwnHands() {
    for (Seat s : Seat.values()) {
      assertThat(start.visibleBits(Viewer.of(s))).isEqualTo(hand(start, s));
    }
    assertThat(start.visibleBits(Viewer.kibitzer(Viewer.KibitzPolicy.PUBLIC))).isZero();
  }

  @Test
  void afterTheLeadDummyIsSeenByAllButDummySeesNoOtherHand() {
    Play p = play(start, "HK");
    long dummy = p.remaining(Seat.NORTH).bits();
    for (Seat s : Seat.values()) {
      long v = p.visibleBits(Viewer.of(s));
      assertThat(v & dummy).isEqualTo(dummy);
      assertThat(v & bit("HK")).isNotZero();
    }
    long north = p.visibleBits(Viewer.of(Seat.NORTH));
    assertThat(north).isEqualTo(hand(p, Seat.NORTH) | bit("HK")); // Law 43A2
    long east = p.visibleBits(Viewer.of(Seat.EAST));
    assertThat(east & hand(p, Seat.SOUTH)).isZero();
    assertThat(east & p.remaining(Seat.WEST).bits()).isZero();
    assertThat(p.visibleBits(Viewer.kibitzer(Viewer.KibitzPolicy.PUBLIC)))
        .isEqualTo(dummy | bit("HK"));
  }

  @Test
  void theLastTrickStaysInViewUntilOnesSideHasPlayedToTheNext() {
    Play p = play(start, "HK H2 HA H6"); // East wins
    long trick1 = bit("HK") | bit("H2") | bit("HA") | bit("H6");
    for (Seat s : Seat.values()) {
      assertThat(p.visibleBits(Viewer.of(s)) & trick1).as("%s", s).isEqualTo(trick1);
    }
    p = play(p, "H8"); // East leads to trick 2
    assertThat(p.visibleBits(Viewer.of(Seat.WEST)) & trick1).isEqualTo(bit("HK")); // own card only
    assertThat(p.visibleBits(Viewer.of(Seat.EAST)) & trick1).isEqualTo(bit("HA"));
    assertThat(p.visibleBits(Viewer.of(Seat.SOUTH)) & trick1).isEqualTo(trick1);
    assertThat(p.visibleBits(Viewer.of(Seat.NORTH)) & trick1).isEqualTo(trick1);
    assertThat(p.visibleBits(Viewer.kibitzer(Viewer.KibitzPolicy.PUBLIC)) & trick1).isZero();
    p = play(p, "H7"); // South plays: NS no longer see trick 1 but their own cards of it
    assertThat(p.visibleBits(Viewer.of(Seat.SOUTH)) & trick1).isEqualTo(bit("H6"));
    assertThat(p.visibleBits(Viewer.of(Seat.NORTH)) & trick1).isEqualTo(bit("H2"));
  }

  @Test
  void declarersClaimShowsHisHandToTheDefendersOnlyAndItStaysShown() {
    Play p = playLowest(start, 40);
    long south = p.remaining(Seat.SOUTH).bits();
    Play c = p.claim(Seat.SOUTH, 3, "");
    assertClaimersHandSeen(c, south, Seat.EAST, Seat.WEST);
    Play resumed = c.respondToClaim(Seat.EAST, false);
    assertThat(resumed.visibleBits(Viewer.of(Seat.WEST)) & south).isEqualTo(south);
  }

  @Test
  void aDefendersClaimShowsHisHandToDeclarerAndPartner() {
    Play p = playLowest(start, 36);
    long west = p.remaining(Seat.WEST).bits();
    assertClaimersHandSeen(p.claim(Seat.WEST, 1, ""), west, Seat.SOUTH, Seat.EAST);
  }

  /**
   * At {@code c}, the claimer's {@code hand} is seen whole by each of {@code seeing}, and not at
   * all by dummy (North).
   */
  private static void assertClaimersHandSeen(Play c, long hand, Seat... seeing) {
    for (Seat s : seeing) {
      assertThat(c.visibleBits(Viewer.of(s)) & hand).as("%s", s).isEqualTo(hand);
    }
    assertThat(c.visibleBits(Viewer.of(Seat.NORTH)) & hand).isZero();
  }

  @Test
  void everythingAfterTheBoard() {
    Play p = playLowest(start, 52);
    for (Seat s : Seat.values()) {
      assertThat(p.visibleBits(Viewer.of(s))).isEqualTo(ALL);
    }
    assertThat(p.visibleTo(Viewer.kibitzer(Viewer.KibitzPolicy.PUBLIC)).size()).isEqualTo(52);
  }

  @Test
  void aKibitzerSeeingAllHandsSeesThemAll() {
    assertThat(start.visibleBits(Viewer.kibitzer(Viewer.KibitzPolicy.ALL_HANDS))).isEqualTo(ALL);
  }

  @Test
  void aFaceDownLeadIsSeenByTheLeaderOnlyAndDummyWaits() {
    Play laws = PlayFixtures.start(DEAL, "4S S", Mode.LAWS);
    Play p = laws.leadFaceDown(Seat.WEST, Card.parse("HK"));
    assertThat(p.openingLeadFaced()).isFalse();
    assertThat(p.openingLeadFaceDown()).isTrue();
    assertThat(p.visibleBits(Viewer.of(Seat.WEST)) & bit("HK")).isNotZero();
    for (Seat s : new Seat[] {Seat.NORTH, Seat.EAST, Seat.SOUTH}) {
      assertThat(p.visibleBits(Viewer.of(s))).isEqualTo(hand(p, s));
    }
    Play faced = p.faceLead();
    assertThat(faced.visibleBits(Viewer.of(Seat.EAST)) & bit("HK")).isNotZero();
    assertThat(faced.visibleBits(Viewer.of(Seat.EAST)) & hand(p, Seat.NORTH))
        .isEqualTo(hand(p, Seat.NORTH));
  }

  @Test
  void penaltyCardsLieFaceUpForAll() {
    Play p = play(PlayFixtures.start(DEAL, "4S S", Mode.LAWS), "HA")
        .choose(Seat.SOUTH, PlayChoice.REFUSE);
    for (Seat s : Seat.values()) {
      assertThat(p.visibleBits(Viewer.of(s)) & bit("HA")).isNotZero();
    }
    assertThat(p.visibleBits(Viewer.kibitzer(Viewer.KibitzPolicy.PUBLIC))).isEqualTo(bit("HA"));
  }
}
