package org.tenace.robot.seat;

import java.util.EnumMap;
import java.util.Map;
import org.tenace.client.SeatView;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.Claim;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * How the robot answers a claim, kept deliberately simple.
 *
 * <p>A claim by the robot's own side is accepted (it never objects to partner). An opponent's
 * claim is accepted only when it is clearly right: a responder sees the claimer's faced cards
 * (Law 68C), dummy and its own hand, so the fourth hand is what remains. The claimer's side is
 * credited with its sure winners only: in each suit the cards above every card the other side
 * holds, no more than the longer of its two holdings, and, while the other side still holds a
 * trump, no more in a side suit than the shorter of the other side's holdings (a ruff could
 * follow). The claim stands if it asks for no more than that. Anything doubtful, or a picture
 * that does not add up (tricks the server no longer shows), is rejected: play simply resumes
 * (online), or the director rules (laws mode).
 */
final class ClaimJudge {
  private static final Hand DECK = Hand.ofBits((1L << 52) - 1);

  private ClaimJudge() {}

  static boolean accept(SeatView view, Claim claim) {
    Seat me = view.seat();
    Seat claimer = Vocabulary.seat(claim.getClaimer());
    if (claimer.side() == me.side()) {
      return true;
    }
    if (view.board().isEmpty() || !view.board().get().hasContract()) {
      return false;
    }
    BoardView b = view.board().get();
    Contract contract = Vocabulary.contract(b.getContract());
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    view.hand(me).ifPresent(h -> hands.put(me, h));
    hands.put(claimer, Vocabulary.hand(claim.getClaimerCards()));
    view.hand(contract.dummy()).ifPresent(h -> hands.putIfAbsent(contract.dummy(), h));
    if (hands.size() < 3) {
      return false;
    }
    Hand gone = Hand.EMPTY;
    for (org.tenace.proto.v1.Trick t : b.getTricksList()) {
      for (PlayedCard pc : t.getCardsList()) {
        gone = gone.with(Vocabulary.card(pc.getCard()));
      }
    }
    int longest = 0;
    for (Hand h : hands.values()) {
      gone = gone.union(h);
      longest = Math.max(longest, h.size());
    }
    Hand rest = DECK.minus(gone);
    if (rest.size() > longest) {
      return false; // some played cards are not shown to us any more: the picture is incomplete
    }
    for (Seat seat : Seat.values()) {
      hands.putIfAbsent(seat, rest);
    }
    int sure = sureTricks(hands.get(claimer), hands.get(claimer.partner()),
        hands.get(claimer.lho()), hands.get(claimer.rho()), contract.strain().trumpOrNull());
    return claim.getTricks() <= sure;
  }

  /** Sure winners of the side holding {@code a} and {@code b} against {@code c} and {@code d}. */
  static int sureTricks(Hand a, Hand b, Hand c, Hand d, Suit trump) {
    boolean theyRuff = trump != null && (c.hasSuit(trump) || d.hasSuit(trump));
    int total = 0;
    for (Suit suit : Suit.values()) {
      Hand ours = a.suit(suit).union(b.suit(suit));
      Hand theirs = c.suit(suit).union(d.suit(suit));
      int top = -1;
      for (var card : theirs.cards()) {
        top = Math.max(top, card.rank().ordinal());
      }
      int winners = 0;
      for (var card : ours.cards()) {
        if (card.rank().ordinal() > top) {
          winners++;
        }
      }
      int n = Math.min(winners, Math.max(a.length(suit), b.length(suit)));
      if (theyRuff && suit != trump) {
        n = Math.min(n, Math.min(c.length(suit), d.length(suit)));
      }
      total += n;
    }
    return Math.min(total, Math.max(a.size(), b.size()));
  }
}
