package org.tenace.robot.play;

import java.util.ArrayList;
import java.util.List;
import org.tenace.robot.CardView;
import org.tenace.robot.Trick;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * What the seat to play knows, worked out from its view alone: the cards it sees, the cards
 * played and by whom, the voids shown, the cards still hidden, tricks won, and who is winning the
 * trick in progress.
 */
public final class PlayState {
  private final CardView view;
  private final Hand played;
  private final Hand[] playedBy = new Hand[4];
  private final boolean[][] void_ = new boolean[4][4];
  private final Hand unseen;
  private final int declarerTricks;
  private final int defenderTricks;

  private PlayState(CardView view) {
    this.view = view;
    Suit trump = view.trump();
    long all = 0;
    long[] by = new long[4];
    int decl = 0;
    int def = 0;
    List<Trick> tricks = new ArrayList<>(view.tricks());
    tricks.add(view.current());
    for (Trick t : tricks) {
      Suit led = t.isEmpty() ? null : t.led().suit();
      for (int i = 0; i < t.cards().size(); i++) {
        Card c = t.cards().get(i);
        Seat s = t.playerOf(i);
        all |= 1L << c.index();
        by[s.ordinal()] |= 1L << c.index();
        if (led != null && c.suit() != led) {
          void_[s.ordinal()][led.ordinal()] = true;
        }
      }
      if (t.isComplete()) {
        if (t.winner(trump).side() == view.contract().declarer().side()) {
          decl++;
        } else {
          def++;
        }
      }
    }
    played = Hand.ofBits(all);
    for (int i = 0; i < 4; i++) {
      playedBy[i] = Hand.ofBits(by[i]);
    }
    Hand seen = view.hand().union(view.dummy().orElse(Hand.EMPTY)).union(played);
    unseen = Hand.ofBits(((1L << 52) - 1) & ~seen.bits());
    declarerTricks = decl;
    defenderTricks = def;
  }

  public static PlayState of(CardView view) {
    return new PlayState(view);
  }

  public CardView view() {
    return view;
  }

  public Contract contract() {
    return view.contract();
  }

  public Suit trump() {
    return view.trump();
  }

  public Seat declarer() {
    return view.contract().declarer();
  }

  public Seat dummySeat() {
    return view.contract().dummy();
  }

  /** The seat whose card is to be played now. */
  public Seat player() {
    return view.playsFor();
  }

  public boolean isDeclaringSide() {
    return view.seat() == declarer();
  }

  public Trick current() {
    return view.current();
  }

  /** The cards of the hand to play from. */
  public Hand hand() {
    return view.playingHand();
  }

  /** The remaining cards of a seat this seat can see (its own, or dummy once faced), else null. */
  public Hand visible(Seat s) {
    if (s == view.seat()) {
      return view.hand();
    }
    if (s == dummySeat() && view.dummy().isPresent()) {
      return view.dummy().get();
    }
    return null;
  }

  public Hand played() {
    return played;
  }

  public Hand playedBy(Seat s) {
    return playedBy[s.ordinal()];
  }

  /** Whether {@code s} has shown out of {@code suit}. */
  public boolean isVoid(Seat s, Suit suit) {
    Hand v = visible(s);
    return v != null ? !v.hasSuit(suit) : void_[s.ordinal()][suit.ordinal()];
  }

  /** Cards this seat cannot see: held by the hidden hands. */
  public Hand unseen() {
    return unseen;
  }

  /** How many cards a seat still holds. */
  public int cardsLeft(Seat s) {
    return 13 - playedBy[s.ordinal()].size();
  }

  public int declarerTricks() {
    return declarerTricks;
  }

  public int defenderTricks() {
    return defenderTricks;
  }

  /** Tricks the declaring side still needs to make the contract. */
  public int declarerNeeds() {
    return Math.max(0, contract().tricksNeeded() - declarerTricks);
  }

  /** Tricks the defence still needs to beat it. */
  public int defenceNeeds() {
    return Math.max(0, 14 - contract().tricksNeeded() - defenderTricks);
  }

  /** Whether {@code a} and {@code b} play on the same side. */
  public static boolean partners(Seat a, Seat b) {
    return a.side() == b.side();
  }

  /** The seat winning the trick in progress, or null if nothing is led. */
  public Seat winningSeat() {
    return current().isEmpty() ? null : current().winner(trump());
  }

  public Card winningCard() {
    return current().isEmpty() ? null : current().cards().get(current().winningIndex(trump()));
  }

  /** Whether the side of the seat to play is winning the trick so far. */
  public boolean ourSideWinning() {
    Seat w = winningSeat();
    return w != null && partners(w, player());
  }

  /** Cards outside this seat's sight (and outside the visible hands) in a suit, ranked above {@code card}. */
  public int unseenAbove(Card card) {
    int n = 0;
    for (Card c : unseen.suit(card.suit()).cards()) {
      if (c.rank().compareTo(card.rank()) > 0) {
        n++;
      }
    }
    return n;
  }

  /**
   * Whether the card is the highest of its suit still in play, counting as ours only the cards
   * this seat sees on its own side (for declarer, both hands; for a defender, its own).
   */
  public boolean isMaster(Card card) {
    Hand ours = ourCards();
    for (int r = card.rank().ordinal() + 1; r < 13; r++) {
      Card c = Card.of(card.suit(), Rank.of(r));
      if (!played.contains(c) && !ours.contains(c)) {
        return false;
      }
    }
    return true;
  }

  /** The other hand this seat sees while playing: dummy for declarer, or declarer's own for dummy; dummy for a defender. */
  public Hand otherVisibleHand() {
    if (isDeclaringSide()) {
      return player() == declarer() ? visible(dummySeat()) : view.hand();
    }
    return visible(dummySeat());
  }

  /** The seats still to play to the trick after the player. */
  public List<Seat> toPlayAfter() {
    List<Seat> out = new ArrayList<>();
    int n = current().cards().size();
    for (int i = n + 1; i < 4; i++) {
      out.add(current().leader().next(i));
    }
    return out;
  }

  /** The remaining cards of the seat's partnership it may see: for declarer both hands. */
  public Hand ourCards() {
    if (isDeclaringSide()) {
      return view.hand().union(view.dummy().orElse(Hand.EMPTY));
    }
    return view.hand();
  }
}
