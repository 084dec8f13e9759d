package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TwoPlayerPhase;
import org.tenace.proto.v1.TwoPlayerView;
import org.tenace.proto.v1.Variant;
import org.tenace.proto.v1.WatchTableResponse;

/**
 * Records every message to both players and a kibitzer over whole two-player deals of random legal
 * play, and checks each against rules written here, apart from the server's redaction: until the
 * deal is over a player sees his own hand only and a kibitzer none; the card the loser of an
 * exchange trick drew goes to the loser alone; the turned-up card is the same for all and in
 * nobody's hand; a card in a trick was in its player's hand just before; and no hand shares a
 * card with the other's (so a stock card or the other's card never shows up in it).
 */
class TwoPlayerHiddenCardsTest extends LoopbackServer {

  /** A honeymoon table's two players and a kibitzer, each recording what it is sent. */
  private record Viewers(String id, TwoPlayerClient kibitzer, TwoPlayerClient north,
      TwoPlayerClient south) {
    static Viewers at(io.grpc.ManagedChannel channel, int deals, long seed) {
      String id = TwoPlayerClient.create(channel, Variant.VARIANT_HONEYMOON, deals, seed);
      return new Viewers(id, TwoPlayerClient.join(channel, id, Seat.SEAT_UNSPECIFIED, "kib"),
          TwoPlayerClient.join(channel, id, Seat.SEAT_NORTH, "Ann"),
          TwoPlayerClient.join(channel, id, Seat.SEAT_SOUTH, "Bob"));
    }

    /** Checks that no one was sent what he may not see; North's messages, by sequence. */
    Map<Long, TwoPlayerView> checkedForLeaks() {
      Map<Long, TwoPlayerView> n = bySequence(north.c.received);
      Map<Long, TwoPlayerView> s = bySequence(south.c.received);
      Map<Long, TwoPlayerView> k = bySequence(kibitzer.c.received);
      assertThat(leaks(Seat.SEAT_NORTH, n, n, s)).isEmpty();
      assertThat(leaks(Seat.SEAT_SOUTH, s, n, s)).isEmpty();
      assertThat(leaks(Seat.SEAT_UNSPECIFIED, k, n, s)).isEmpty();
      return n;
    }
  }

  @Test
  void noMessageShowsATwoPlayerCardItsViewerMayNotSee() {
    Viewers at = Viewers.at(channel, 3, 2027);
    TwoPlayerClient.playUntilClosed(new Random(9), at.north(), at.south());
    org.awaitility.Awaitility.await().until(at.kibitzer()::closed);

    Map<Long, TwoPlayerView> n = at.checkedForLeaks();
    assertThat(Stream.of(at.north(), at.south(), at.kibitzer()).mapToInt(c -> c.c.received.size())
        .sum()).isGreaterThan(3 * 3 * 50);
    // The draws were really sent, to their losers: the oracle had something to check.
    assertThat(n.values().stream().filter(v -> v.getLastTrick().hasLoserDrew()
        && v.getPhase() != TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE).count()).isPositive();
  }

  @Test
  void theOracleCatchesTheOthersDrawAndHand() {
    Card ace = Card.newBuilder().setSuit(org.tenace.proto.v1.Suit.SUIT_SPADES)
        .setRank(org.tenace.proto.v1.Rank.RANK_ACE).build();
    TwoPlayerView drew = TwoPlayerView.newBuilder()
        .setPhase(TwoPlayerPhase.TWO_PLAYER_PHASE_EXCHANGE)
        .setLastTrick(org.tenace.proto.v1.TwoPlayerTrick.newBuilder()
            .setWinner(Seat.SEAT_NORTH).setLoserDrew(ace)).build();
    assertThat(leaks(Seat.SEAT_NORTH, Map.of(1L, drew), Map.of(), Map.of())).isNotEmpty();
    TwoPlayerView hand = TwoPlayerView.newBuilder()
        .setPhase(TwoPlayerPhase.TWO_PLAYER_PHASE_PLAY)
        .addHands(Hand.newBuilder().setSeat(Seat.SEAT_SOUTH).addCards(ace)).build();
    assertThat(leaks(Seat.SEAT_NORTH, Map.of(1L, hand), Map.of(), Map.of())).isNotEmpty();
    assertThat(leaks(Seat.SEAT_UNSPECIFIED, Map.of(1L, hand), Map.of(), Map.of()))
        .isNotEmpty();
    TwoPlayerView passedOut = hand.toBuilder().setPhase(TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE)
        .setResult(org.tenace.proto.v1.TwoPlayerResult.newBuilder().setPassedOut(true)).build();
    assertThat(leaks(Seat.SEAT_NORTH, Map.of(1L, passedOut), Map.of(), Map.of())).isNotEmpty();
    assertThat(leaks(Seat.SEAT_NORTH, Map.of(1L, passedOut.toBuilder()
        .setResult(org.tenace.proto.v1.TwoPlayerResult.getDefaultInstance()).build()),
        Map.of(), Map.of())).isEmpty();
  }

  @Test
  void aPassedOutDealShowsEachHandToItsOwnerOnly() {
    Viewers at = Viewers.at(channel, 2, 31);
    String id = at.id();
    TwoPlayerClient north = at.north();
    TwoPlayerClient south = at.south();
    org.tenace.proto.v1.Call pass = org.tenace.proto.v1.Call.newBuilder()
        .setOther(org.tenace.proto.v1.OtherCall.OTHER_CALL_PASS).build();
    for (int i = 0; i < 2; i++) {
      org.awaitility.Awaitility.await().until(() -> north.view().getLegalCallsCount() > 0
          || south.view().getLegalCallsCount() > 0);
      TwoPlayerClient first = north.view().getLegalCallsCount() > 0 ? north : south;
      first.c.stub.makeCall(org.tenace.proto.v1.MakeCallRequest.newBuilder().setTableId(id)
          .setSeat(first.c.seat).setCall(pass).build());
      org.awaitility.Awaitility.await().until(() -> first.view().getLegalCallsCount() == 0);
    }
    for (TwoPlayerClient c : List.of(north, south, at.kibitzer())) {
      org.awaitility.Awaitility.await().until(() -> c.view().getResult().getPassedOut());
    }
    at.checkedForLeaks();
    // Each player still sees his own hand once the deal is passed out.
    assertThat(north.view().getHandsList()).extracting(Hand::getSeat)
        .containsExactly(Seat.SEAT_NORTH);
    assertThat(north.view().getHands(0).getCardsCount()).isEqualTo(13);
  }

  static Map<Long, TwoPlayerView> bySequence(List<WatchTableResponse> received) {
    Map<Long, TwoPlayerView> m = new TreeMap<>();
    for (WatchTableResponse r : received) {
      m.put(TwoPlayerClient.sequence(r), TwoPlayerClient.view(r));
    }
    return m;
  }

  /** What {@code viewer}'s messages show that they should not, given both players' own. */
  static List<String> leaks(Seat viewer, Map<Long, TwoPlayerView> messages,
      Map<Long, TwoPlayerView> north, Map<Long, TwoPlayerView> south) {
    List<String> out = new ArrayList<>();
    Map<Long, Set<Card>> northHands = hands(north, Seat.SEAT_NORTH);
    Map<Long, Set<Card>> southHands = hands(south, Seat.SEAT_SOUTH);
    for (Map.Entry<Long, TwoPlayerView> e : messages.entrySet()) {
      long seq = e.getKey();
      TwoPlayerView v = e.getValue();
      if (v.getDealNumber() == 0 && v.getHandsCount() == 0 && !v.hasLastTrick()) {
        continue;
      }
      boolean over = v.getPhase() == TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE;
      // A passed-out deal saw no card played: its hands stay hidden after it too.
      boolean playedOut = over && !v.getResult().getPassedOut();
      String at = viewer + " #" + seq + ": ";
      for (Hand h : v.getHandsList()) {
        if (!playedOut && h.getSeat() != viewer) {
          out.add(at + "the hand of " + h.getSeat());
        }
      }
      if (!over && v.getLastTrick().hasLoserDrew()) {
        Seat loser = v.getLastTrick().getWinner() == Seat.SEAT_NORTH ? Seat.SEAT_SOUTH
            : Seat.SEAT_NORTH;
        if (loser != viewer) {
          out.add(at + "the card " + loser + " drew");
        }
      }
      if (v.getLegalCardsCount() > 0 && v.getToAct() != viewer) {
        out.add(at + "legal cards of another seat");
      }
      Set<Card> n = northHands.getOrDefault(seq, Set.of());
      Set<Card> s = southHands.getOrDefault(seq, Set.of());
      if (!over) {
        Set<Card> both = new HashSet<>(n);
        both.retainAll(s);
        if (!both.isEmpty()) {
          out.add(at + "a card in both hands " + both);
        }
      }
      if (v.hasTurnedUp() && (n.contains(v.getTurnedUp()) || s.contains(v.getTurnedUp()))) {
        out.add(at + "a turned-up card that is in a hand");
      }
      for (Map<Long, TwoPlayerView> other : List.of(north, south)) {
        TwoPlayerView o = other.get(seq);
        if (o != null && o.hasTurnedUp() != v.hasTurnedUp()
            || o != null && !o.getTurnedUp().equals(v.getTurnedUp())) {
          out.add(at + "a turned-up card others do not see");
        }
      }
      if (!over) {
        for (PlayedCard p : v.getTrickList()) {
          Set<Card> now = p.getSeat() == Seat.SEAT_NORTH ? n : s;
          if (now.contains(p.getCard())) {
            out.add(at + "a played card still in its hand");
          }
          Set<Card> before = handBefore(p.getSeat() == Seat.SEAT_NORTH ? northHands : southHands,
              seq);
          if (before != null && !before.contains(p.getCard())) {
            out.add(at + "a played card its player did not hold");
          }
        }
      }
    }
    return out;
  }

  private static Set<Card> handBefore(Map<Long, Set<Card>> hands, long seq) {
    Set<Card> h = null;
    for (Map.Entry<Long, Set<Card>> e : hands.entrySet()) {
      if (e.getKey() >= seq) {
        break;
      }
      h = e.getValue();
    }
    return h;
  }

  private static Map<Long, Set<Card>> hands(Map<Long, TwoPlayerView> own, Seat seat) {
    Map<Long, Set<Card>> m = new TreeMap<>();
    for (Map.Entry<Long, TwoPlayerView> e : own.entrySet()) {
      if (e.getValue().getPhase() == TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE) {
        continue;
      }
      for (Hand h : e.getValue().getHandsList()) {
        if (h.getSeat() == seat) {
          m.put(e.getKey(), new HashSet<>(h.getCardsList()));
        }
      }
    }
    return m;
  }
}
