package org.tenace.robot.bidding;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tenace.robot.bidding.AuctionReading.Entry;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * The auction as it stands when {@link #seat()} is to call: public facts only (no hand), so the
 * same context serves the bidder and the reader of the bidder's call.
 */
public final class BiddingContext {
  private final AuctionReading reading;
  private final Seat seat;

  public BiddingContext(AuctionReading reading, Seat seat) {
    this.reading = Objects.requireNonNull(reading, "reading");
    this.seat = Objects.requireNonNull(seat, "seat");
  }

  public Seat seat() {
    return seat;
  }

  public Seat partner() {
    return seat.partner();
  }

  public Seat lho() {
    return seat.lho();
  }

  public Seat rho() {
    return seat.rho();
  }

  public List<Entry> entries() {
    return reading.entries();
  }

  public Showing shown(Seat s) {
    return reading.shown(s);
  }

  public Showing partnerShown() {
    return reading.shown(partner());
  }

  public boolean vulnerable() {
    return reading.vulnerability().isVulnerable(seat);
  }

  public boolean opponentsVulnerable() {
    return reading.vulnerability().isVulnerable(lho());
  }

  // ---- the calls ----

  public Optional<Entry> lastBidEntry() {
    List<Entry> e = entries();
    for (int i = e.size() - 1; i >= 0; i--) {
      if (e.get(i).call() instanceof Bid) {
        return Optional.of(e.get(i));
      }
    }
    return Optional.empty();
  }

  public Optional<Bid> lastBid() {
    return lastBidEntry().map(e -> (Bid) e.call());
  }

  /** The first bid of the auction. */
  public Optional<Entry> opening() {
    for (Entry e : entries()) {
      if (e.call() instanceof Bid) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }

  /** The calls other than passes made by {@code s}. */
  public List<Entry> actionsBy(Seat s) {
    List<Entry> out = new ArrayList<>();
    for (Entry e : entries()) {
      if (e.seat() == s && e.call() != Call.PASS) {
        out.add(e);
      }
    }
    return out;
  }

  /** The last call made by {@code s}, pass included. */
  public Optional<Entry> lastCallBy(Seat s) {
    List<Entry> e = entries();
    for (int i = e.size() - 1; i >= 0; i--) {
      if (e.get(i).seat() == s) {
        return Optional.of(e.get(i));
      }
    }
    return Optional.empty();
  }

  /** The last call other than a pass by {@code s}. */
  public Optional<Entry> lastActionBy(Seat s) {
    List<Entry> a = actionsBy(s);
    return a.isEmpty() ? Optional.empty() : Optional.of(a.get(a.size() - 1));
  }

  /** The last bid made by this seat's side. */
  public Optional<Entry> ourLastBid() {
    return lastBidOfSide(seat);
  }

  public Optional<Entry> theirLastBid() {
    return lastBidOfSide(lho());
  }

  private Optional<Entry> lastBidOfSide(Seat s) {
    List<Entry> e = entries();
    for (int i = e.size() - 1; i >= 0; i--) {
      if (e.get(i).call() instanceof Bid && e.get(i).seat().side() == s.side()) {
        return Optional.of(e.get(i));
      }
    }
    return Optional.empty();
  }

  /** Whether every call since {@code s}'s last call is a pass. */
  public boolean passedSince(Seat s) {
    List<Entry> e = entries();
    for (int i = e.size() - 1; i >= 0; i--) {
      if (e.get(i).seat() == s) {
        return true;
      }
      if (e.get(i).call() != Call.PASS) {
        return false;
      }
    }
    return false;
  }

  /** This seat passed when it had the chance to open or respond: its hand is limited. */
  public boolean passedHand() {
    for (Entry e : entries()) {
      if (e.seat() == seat) {
        return e.call() == Call.PASS;
      }
    }
    return false;
  }

  // ---- legality (Laws 18, 19) ----

  public boolean isLegal(Call call) {
    if (call == Call.PASS) {
      return true;
    }
    if (call instanceof Bid b) {
      return lastBid().map(last -> b.compareTo(last) > 0).orElse(true);
    }
    Optional<Entry> lastAction = lastAction();
    if (lastAction.isEmpty() || lastAction.get().seat().side() == seat.side()) {
      return false;
    }
    return call == Call.DOUBLE
        ? lastAction.get().call() instanceof Bid
        : lastAction.get().call() == Call.DOUBLE;
  }

  private Optional<Entry> lastAction() {
    List<Entry> e = entries();
    for (int i = e.size() - 1; i >= 0; i--) {
      if (e.get(i).call() != Call.PASS) {
        return Optional.of(e.get(i));
      }
    }
    return Optional.empty();
  }

  /** Whether the last bid stands doubled or redoubled. */
  public boolean lastBidDoubled() {
    return lastAction().map(e -> e.call() == Call.DOUBLE || e.call() == Call.REDOUBLE).orElse(false);
  }

  /** The lowest legal bid in this strain, if any. */
  public Optional<Bid> cheapest(Strain strain) {
    Optional<Bid> last = lastBid();
    if (last.isEmpty()) {
      return Optional.of(Bid.of(1, strain));
    }
    int level = strain.compareTo(last.get().strain()) > 0 ? last.get().level() : last.get().level() + 1;
    return level > 7 ? Optional.empty() : Optional.of(Bid.of(level, strain));
  }

  public Optional<Bid> cheapest(Suit suit) {
    return cheapest(Strain.of(suit));
  }

  /** The bid at this level if it is legal. */
  public Optional<Bid> bid(int level, Strain strain) {
    if (level < 1 || level > 7) {
      return Optional.empty();
    }
    Bid b = Bid.of(level, strain);
    return isLegal(b) ? Optional.of(b) : Optional.empty();
  }

  // ---- where we stand ----

  public Situation situation() {
    Optional<Entry> open = opening();
    if (open.isEmpty()) {
      return Situation.OPENING;
    }
    Seat opener = open.get().seat();
    int mine = actionsBy(seat).size();
    List<Entry> partners = actionsBy(partner());
    if (opener.side() == seat.side()) {
      if (opener == partner() && mine == 0 && callsSince(open.get()) == 0) {
        return Situation.RESPONDING;
      }
      if (opener == seat && mine == 1 && partners.size() == 1 && callsSince(open.get()) == 0) {
        return Situation.OPENER_REBID;
      }
      return Situation.LATER;
    }
    if (mine == 0 && partners.isEmpty()) {
      return Situation.OVERCALLING;
    }
    if (mine == 0 && partners.size() == 1 && callsSince(partners.get(0)) == 0) {
      return Situation.ADVANCING;
    }
    return Situation.LATER;
  }

  /** How many calls this seat has made after {@code e}. */
  private int callsSince(Entry e) {
    List<Entry> all = entries();
    int n = 0;
    for (int i = all.indexOf(e) + 1; i < all.size(); i++) {
      if (all.get(i).seat() == seat) {
        n++;
      }
    }
    return n;
  }

  /** Partner's last call obliges this seat to bid: it was forcing and RHO has passed. */
  public boolean partnerForcing() {
    Optional<Entry> p = lastCallBy(partner());
    return p.isPresent() && p.get().call() != Call.PASS && p.get().rule().force() != Force.NONE
        && passedSince(partner());
  }

  /** Our side is in a game-forcing auction and has not reached game. */
  public boolean gameForcing() {
    boolean gf = false;
    for (Entry e : entries()) {
      if (e.seat().side() == seat.side() && e.rule().force() == Force.GAME) {
        gf = true;
      }
    }
    return gf && ourLastBid().map(e -> !isGame((Bid) e.call())).orElse(true);
  }

  /** Must this seat bid rather than pass? */
  public boolean mustBid() {
    if (partnerForcing()) {
      return true;
    }
    Optional<Entry> p = lastCallBy(partner());
    return gameForcing() && p.isPresent() && p.get().call() instanceof Bid && passedSince(partner());
  }

  /** 3NT, four of a major, five of a minor, or higher. */
  public static boolean isGame(Bid b) {
    return b.level() >= gameLevel(b.strain());
  }

  public static int gameLevel(Strain s) {
    return switch (s) {
      case NO_TRUMP -> 3;
      case HEARTS, SPADES -> 4;
      default -> 5;
    };
  }

  /** The suit our side has agreed: eight or more cards shown between this seat and partner. */
  public Optional<Suit> agreedSuit() {
    Suit best = null;
    int bestLen = 7;
    for (int i = 3; i >= 0; i--) {
      Suit s = Suit.of(i);
      int n = shown(seat).minLength(s) + partnerShown().minLength(s);
      if (n > bestLen || (n == bestLen && best != null && s.ordinal() >= 2 && best.ordinal() < 2)) {
        best = s;
        bestLen = n;
      }
    }
    return Optional.ofNullable(best);
  }

  /** The suits an opponent has shown naturally (three cards or more, as a one-club opening). */
  public List<Suit> theirSuits() {
    List<Suit> out = new ArrayList<>();
    for (Suit s : Suit.values()) {
      if (shown(lho()).minLength(s) >= 3 || shown(rho()).minLength(s) >= 3) {
        out.add(s);
      }
    }
    return out;
  }

  /**
   * Our side's calls other than passes, if the opponents have only passed so far; otherwise
   * empty. Used to recognise our uncontested conventional sequences.
   */
  public List<Entry> ourUncontestedActions() {
    List<Entry> out = new ArrayList<>();
    for (Entry e : entries()) {
      if (e.call() == Call.PASS) {
        continue;
      }
      if (e.seat().side() != seat.side()) {
        return List.of();
      }
      out.add(e);
    }
    return out;
  }

  /** Whether the opponents have made any call other than a pass. */
  public boolean opponentsActed() {
    return !actionsBy(lho()).isEmpty() || !actionsBy(rho()).isEmpty();
  }
}
