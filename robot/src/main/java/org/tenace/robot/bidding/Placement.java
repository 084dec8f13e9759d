package org.tenace.robot.bidding;

import static org.tenace.bridge.card.Suit.HEARTS;
import static org.tenace.bridge.card.Suit.SPADES;

import java.util.List;
import java.util.Optional;
import org.tenace.robot.bidding.AuctionReading.Entry;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Suit;

/**
 * The general rules for everything the specific modules do not cover: find the best strain from
 * what partner has shown, then bid slam (via Blackwood), game, an invitation or a partscore as
 * the combined points say; compete by the law of total tricks; double the opponents when the
 * defence should beat them by two (by one at game level); otherwise pass, unless forced.
 */
final class Placement {
  private Placement() {}

  static final int GAME = 25;
  static final int MINOR_GAME = 28;
  static final int SLAM = 33;
  /**
   * A small slam in a suit fit, counted on partner's minimum: partner holds about three points
   * more on average, and with a fit 33 between the hands makes twelve tricks (Blackwood stops
   * when two aces are missing).
   */
  static final int SUIT_SLAM = 30;
  static final int GRAND = 37;

  /** One rule per possible call, each taken when {@link #choose} picks that call for the hand. */
  static void rules(BiddingContext ctx, List<BidRule> out) {
    Memo memo = new Memo(ctx);
    for (int rank = 0; rank < 35; rank++) {
      Bid b = Bid.ofRank(rank);
      if (!ctx.isLegal(b)) {
        continue;
      }
      BidRule rule;
      if (b.level() == 4 && b.strain() == Strain.NO_TRUMP && SlamBidding.fourNotrumpAsksForAces(ctx)) {
        rule = SlamBidding.ask(Showing.points(SUIT_SLAM - ctx.partnerShown().minPoints(), 40));
      } else {
        rule = BidRule.of(b, showing(ctx, b));
        if (isNewSuit(ctx, b)) {
          rule = rule.forcing();
        }
      }
      out.add(rule.when(h -> memo.choice(h) == b).decidedByTest());
    }
    if (ctx.isLegal(Call.DOUBLE)) {
      out.add(BidRule.of(Call.DOUBLE, Showing.points(6, 40))
          .when(h -> memo.choice(h) == Call.DOUBLE)
          .meaning(Convention.PENALTY_DOUBLE)
          .decidedByTest());
    }
    out.add(BidRule.of(Call.PASS, Showing.ANY).when(h -> memo.choice(h) == Call.PASS).decidedByTest());
  }

  /** Remembers the choice for the last hand asked about: every rule asks the same question. */
  private static final class Memo {
    private final BiddingContext ctx;
    private HandEvaluation hand;
    private Call call;

    Memo(BiddingContext ctx) {
      this.ctx = ctx;
    }

    Call choice(HandEvaluation h) {
      if (!h.equals(hand)) {
        hand = h;
        call = choose(ctx, h);
      }
      return call;
    }
  }

  /** Partner's length in a suit, counting two in each suit when partner is balanced. */
  static int partnerLength(Showing p, Suit s) {
    return Math.max(p.minLength(s), p.isBalanced() ? 2 : 0);
  }

  /** What a placement bid shows, from public facts only: so partner reads it as it was meant. */
  static Showing showing(BiddingContext ctx, Bid b) {
    Showing p = ctx.partnerShown();
    int pMin = p.minPoints();
    int pMax = Math.min(p.maxPoints(), pMin + 6);
    int game = b.strain().isMinor() ? MINOR_GAME : GAME;
    Showing s;
    if (ctx.mustBid() && ctx.cheapest(b.strain()).map(c -> c == b).orElse(false)) {
      return Showing.ANY; // a forced cheapest bid shows nothing more
    }
    if (b.level() == 4 && b.strain() == Strain.NO_TRUMP) {
      s = Showing.points(SLAM - pMax, SLAM - 1 - pMin); // quantitative
    } else if (b.level() >= 6) {
      int slam = b.strain() == Strain.NO_TRUMP ? SLAM : SUIT_SLAM;
      s = Showing.points((b.level() == 7 ? GRAND : slam) - pMin, 40);
    } else if (BiddingContext.isGame(b) && b.strain() == Strain.NO_TRUMP) {
      // 3NT without the quantitative 4NT first: below what would have invited a slam opposite
      // partner's maximum, so that partner does not invite a slam on values that are not there.
      s = Showing.points(game - pMin, Math.max(game - pMin, SLAM - 1 - pMax));
    } else if (BiddingContext.isGame(b)) {
      s = Showing.points(game - pMin, 40);
    } else if (isInvitation(ctx, b)) {
      s = Showing.points(game - pMax, game - 1 - pMin);
    } else {
      s = Showing.points(0, game - 1 - pMin);
    }
    Suit suit = b.strain().trumpOrNull();
    if (suit != null) {
      int partnerLen = partnerLength(p, suit);
      int mine = ctx.shown(ctx.seat()).minLength(suit);
      int need = partnerLen >= 3 ? Math.max(0, 8 - partnerLen) : mine >= 5 ? 6 : mine >= 4 ? 5 : 4;
      s = s.atLeast(suit, need);
    }
    return s;
  }

  /**
   * An invitation: a raise of the strain our side's standing bid is in, or a jump in another
   * strain, below game.
   */
  static boolean isInvitation(BiddingContext ctx, Bid b) {
    Optional<Entry> standing = oursStanding(ctx);
    if (standing.isEmpty() || BiddingContext.isGame(b)) {
      return false;
    }
    Bid ours = (Bid) standing.get().call();
    if (ours.strain() == b.strain()) {
      return true;
    }
    if (b.equals(Bid.of(2, Strain.NO_TRUMP))) {
      return true; // 2NT is the notrump invitation, a jump or not
    }
    return ctx.cheapest(b.strain()).map(c -> b.level() > c.level()).orElse(false);
  }

  /** A suit below game that neither this seat nor partner has shown, by an unlimited hand: forcing. */
  static boolean isNewSuit(BiddingContext ctx, Bid b) {
    Suit s = b.strain().trumpOrNull();
    return s != null && !BiddingContext.isGame(b) && oursStanding(ctx).isPresent()
        && ctx.shown(ctx.seat()).maxPoints() >= 13
        && ctx.shown(ctx.seat()).minLength(s) < 4 && ctx.partnerShown().minLength(s) < 3;
  }

  /** Our side's bid, if it is the last bid of the auction. */
  static Optional<Entry> oursStanding(BiddingContext ctx) {
    return ctx.lastBidEntry().filter(e -> e.seat().side() == ctx.seat().side());
  }

  /** The call the general rules choose for this hand. */
  static Call choose(BiddingContext ctx, HandEvaluation h) {
    boolean forced = ctx.mustBid();
    if (SlamBidding.blackwoodUsed(ctx)) {
      return forced ? forcedBid(ctx, h) : Call.PASS;
    }
    Showing p = ctx.partnerShown();
    Optional<Entry> standing = oursStanding(ctx);
    Optional<Entry> partnerLast = ctx.lastCallBy(ctx.partner());
    if (partnerLast.isPresent() && partnerLast.get().call().equals(Bid.of(4, Strain.NO_TRUMP))
        && partnerLast.get().rule().convention() == Convention.NATURAL && ctx.passedSince(ctx.partner())) {
      // Partner's quantitative 4NT: accept with the top of the range we have shown.
      int top = ctx.shown(ctx.seat()).maxPoints();
      boolean accept = top < Showing.MAX_POINTS && h.hcp() >= top - 1 && ctx.isLegal(Bid.of(6, Strain.NO_TRUMP));
      return accept ? Bid.of(6, Strain.NO_TRUMP) : Call.PASS;
    }
    if (standing.isEmpty() && ctx.lastBidDoubled() && partnerLast.map(e -> e.call() == Call.DOUBLE).orElse(false)
        && !forced) {
      return Call.PASS; // partner's double of their contract stands
    }
    Strain s = bestStrain(ctx, h);
    if (s == null) {
      if (forced) {
        return forcedBid(ctx, h);
      }
      if (standing.isPresent() && h.points() + p.minPoints() >= GAME) {
        return misfitWithValues(ctx, h);
      }
      return penaltyDouble(ctx, h, 0) ? Call.DOUBLE : Call.PASS;
    }
    int mine = myPoints(h, p, s);
    int lo = mine + p.minPoints();
    int hi = mine + Math.min(p.maxPoints(), p.minPoints() + 6);
    Optional<Bid> standingBid = standing.map(e -> (Bid) e.call());
    // Slam: on high cards, with at most two points for shape, so both hands do not count it twice.
    int slamLo = Math.min(mine, h.hcp() + 2) + p.minPoints();
    Suit trumps = s.trumpOrNull();
    boolean fit = trumps != null && h.length(trumps) + partnerLength(p, trumps) >= 8;
    int slamNeed = fit ? SUIT_SLAM : SLAM;
    if (slamLo >= slamNeed) {
      if (s != Strain.NO_TRUMP && SlamBidding.fourNotrumpAsksForAces(ctx) && ctx.isLegal(Bid.of(4, Strain.NO_TRUMP))) {
        return Bid.of(4, Strain.NO_TRUMP);
      }
      Optional<Bid> slam = ctx.bid(slamLo >= GRAND ? 7 : 6, s);
      if (slam.isPresent()) {
        return slam.get();
      }
    } else if (s == Strain.NO_TRUMP && hi >= SLAM && lo >= GAME
        && !SlamBidding.fourNotrumpAsksForAces(ctx) && ctx.isLegal(Bid.of(4, Strain.NO_TRUMP))) {
      return Bid.of(4, Strain.NO_TRUMP);
    }
    int game = s.isMinor() ? MINOR_GAME : GAME;
    Bid gameBid = Bid.of(BiddingContext.gameLevel(s), s);
    if (standingBid.isPresent() && BiddingContext.isGame(standingBid.get())
        && (standingBid.get().strain() == s || slamLo < slamNeed)) {
      boolean overThreeNotrump = standingBid.get().strain() == Strain.NO_TRUMP
          && standingBid.get().level() == 3;
      boolean toMajor = s.isMajor() && overThreeNotrump && ctx.isLegal(Bid.of(4, s));
      Suit ownMajor = sixCardMajor(ctx, h);
      if (!toMajor && overThreeNotrump && ownMajor != null && ctx.isLegal(Bid.of(4, Strain.of(ownMajor)))) {
        return Bid.of(4, Strain.of(ownMajor)); // a good six-card major and a short suit: no notrump
      }
      if (!toMajor) {
        return forced ? forcedBid(ctx, h) : Call.PASS; // game reached
      }
      return Bid.of(4, s); // a major fit plays better than 3NT
    }
    if (lo >= game) {
      if (ctx.isLegal(gameBid)) {
        return gameBid;
      }
      if (standing.isPresent()) {
        return Call.PASS;
      }
      return penaltyDouble(ctx, h, -1) ? Call.DOUBLE : competitive(ctx, h, s, forced);
    }
    boolean inStrain = standingBid.map(b -> b.strain() == s).orElse(false);
    if (hi >= game && standing.isPresent() && p.maxPoints() - p.minPoints() >= 3) {
      Optional<Bid> invite = inStrain || ctx.cheapest(s).map(c -> c.equals(Bid.of(2, Strain.NO_TRUMP))).orElse(false)
          ? ctx.cheapest(s)
          : ctx.cheapest(s).flatMap(c -> ctx.bid(c.level() + 1, s));
      if (invite.isPresent() && invite.get().level() < gameBid.level()
          && !(s.isMinor() && invite.get().level() > 3)) {
        return invite.get();
      }
      if (lo + (hi - lo) / 2 >= game && ctx.isLegal(gameBid)) {
        return gameBid; // no room to invite: bid game on the middle of partner's range
      }
    }
    if (standing.isPresent()) {
      if (inStrain) {
        return forced ? forcedBid(ctx, h) : Call.PASS;
      }
      Optional<Bid> correction = ctx.cheapest(s).filter(c -> c.level() <= 3);
      if (correction.isPresent() && (forced || worthCorrecting(ctx, h, s, standingBid.get()))) {
        return correction.get();
      }
      return forced ? forcedBid(ctx, h) : Call.PASS;
    }
    if (forced) {
      return ctx.cheapest(s).filter(c -> c.level() < gameBid.level() || lo >= game - 3)
          .map(c -> (Call) c).orElseGet(() -> forcedBid(ctx, h));
    }
    if (penaltyDouble(ctx, h, 0)) {
      return Call.DOUBLE;
    }
    if (trumps != null && hi >= game && ctx.lastBid().isPresent()
        && (h.length(trumps) >= 6 || h.length(trumps) + partnerLength(p, trumps) >= 8)) {
      // Their bid stands but our side may hold a game: compete in our suit below game.
      Optional<Bid> free = ctx.cheapest(s).filter(c -> c.level() < gameBid.level() && c.level() <= 4);
      if (free.isPresent()) {
        return free.get();
      }
    }
    return competitive(ctx, h, s, false);
  }

  /**
   * No fit but game values: 3NT with the opponents' suits stopped, else a new four-card suit
   * (forcing), else notrump anyway.
   */
  private static Call misfitWithValues(BiddingContext ctx, HandEvaluation h) {
    Optional<Bid> nt = ctx.bid(3, Strain.NO_TRUMP);
    if (nt.isPresent() && Competition.stoppers(h, ctx.theirSuits())
        && h.hcp() + ctx.partnerShown().minPoints() >= GAME) {
      return nt.get();
    }
    for (Suit s : new Suit[] {SPADES, HEARTS, Suit.DIAMONDS, Suit.CLUBS}) {
      boolean shown = ctx.shown(ctx.seat()).minLength(s) >= 4 || ctx.partnerShown().minLength(s) >= 3;
      Optional<Bid> b = ctx.cheapest(Strain.of(s));
      if (!shown && h.length(s) >= 4 && b.isPresent() && b.get().level() <= 3 && !ctx.theirSuits().contains(s)) {
        return b.get();
      }
    }
    return nt.map(b -> (Call) b).orElse(Call.PASS);
  }

  /**
   * A good six-card major this seat has already bid, in an unbalanced hand: worth four of it
   * rather than partner's 3NT.
   */
  private static Suit sixCardMajor(BiddingContext ctx, HandEvaluation h) {
    if (h.isSemiBalanced()) {
      return null;
    }
    for (Suit m : new Suit[] {SPADES, HEARTS}) {
      if (h.length(m) >= 6 && h.goodSuit(m) && ctx.shown(ctx.seat()).minLength(m) >= 5
          && !ctx.theirSuits().contains(m)) {
        return m;
      }
    }
    return null;
  }

  /**
   * A preference: the cheapest bid in another suit partner has shown (three cards or more) in
   * which we hold three or more, the one with most cards between us, at most at the four level.
   */
  private static Optional<Bid> preference(BiddingContext ctx, HandEvaluation h) {
    Showing p = ctx.partnerShown();
    Bid best = null;
    int most = 0;
    for (Suit s : new Suit[] {SPADES, HEARTS, Suit.DIAMONDS, Suit.CLUBS}) {
      int total = h.length(s) + p.minLength(s);
      if (p.minLength(s) >= 3 && h.length(s) >= 3 && total > most && !ctx.theirSuits().contains(s)) {
        Optional<Bid> b = ctx.cheapest(Strain.of(s)).filter(c -> c.level() <= 4);
        if (b.isPresent()) {
          best = b.get();
          most = total;
        }
      }
    }
    return Optional.ofNullable(best);
  }

  /** Law of total tricks: with a known fit of N cards, compete to the level N - 6. */
  private static Call competitive(BiddingContext ctx, HandEvaluation h, Strain s, boolean forced) {
    Suit suit = s.trumpOrNull();
    if (suit != null) {
      int total = h.length(suit) + partnerLength(ctx.partnerShown(), suit);
      Optional<Bid> c = ctx.cheapest(s);
      if (total >= 8 && c.isPresent() && c.get().level() <= total - 6 && c.get().level() <= 4
          && ctx.partnerShown().minPoints() + h.hcp() >= 16) {
        return c.get();
      }
    }
    return forced ? forcedBid(ctx, h) : Call.PASS;
  }

  /**
   * Partner stopped in a strain other than ours: correct only to a fit partner offered, or to our
   * own six-card suit when partner's strain is a misfit and we have not rebid it yet.
   */
  private static boolean worthCorrecting(BiddingContext ctx, HandEvaluation h, Strain s, Bid standing) {
    Showing p = ctx.partnerShown();
    Suit suit = s.trumpOrNull();
    if (suit == null) {
      return false;
    }
    Suit theirs = standing.strain().trumpOrNull();
    boolean misfit = theirs == null ? !h.isSemiBalanced() : h.length(theirs) <= 1;
    boolean partnerOffered = p.minLength(suit) >= 4 && (theirs == null
        || h.length(suit) + p.minLength(suit) > h.length(theirs) + partnerLength(p, theirs));
    boolean ownLong = h.length(suit) >= 6 && ctx.shown(ctx.seat()).minLength(suit) < 6 && misfit;
    return partnerOffered || ownLong;
  }

  /**
   * The strain to play in: a major fit, notrump (balanced or partner balanced, their suits
   * stopped), a minor fit, our own six-card suit, partner's long suit; null for a misfit.
   */
  static Strain bestStrain(BiddingContext ctx, HandEvaluation h) {
    Showing p = ctx.partnerShown();
    Suit majorFit = longestFit(ctx, h, SPADES, HEARTS);
    if (majorFit != null) {
      return Strain.of(majorFit);
    }
    boolean partnerNotrump = p.isBalanced();
    if ((h.isSemiBalanced() || partnerNotrump) && Competition.stoppers(h, ctx.theirSuits())) {
      return Strain.NO_TRUMP;
    }
    Suit minorFit = longestFit(ctx, h, Suit.DIAMONDS, Suit.CLUBS);
    if (minorFit != null) {
      return Strain.of(minorFit);
    }
    Suit own = h.longestSuit();
    if (h.length(own) >= 7 || (h.length(own) >= 6 && h.goodSuit(own))) {
      return Strain.of(own);
    }
    for (Suit s : new Suit[] {SPADES, HEARTS, Suit.DIAMONDS, Suit.CLUBS}) {
      if (p.minLength(s) >= 5 && h.length(s) >= 2) {
        return Strain.of(s);
      }
    }
    if (h.length(own) >= 6) {
      return Strain.of(own);
    }
    return null;
  }

  /** The longer of two suits in which we hold eight cards or more together (the first if equal). */
  private static Suit longestFit(BiddingContext ctx, HandEvaluation h, Suit first, Suit second) {
    Showing p = ctx.partnerShown();
    Suit best = null;
    int bestLen = 7;
    for (Suit s : new Suit[] {first, second}) {
      int total = h.length(s) + partnerLength(p, s);
      if (total > bestLen && !ctx.theirSuits().contains(s)) {
        best = s;
        bestLen = total;
      }
    }
    return best;
  }

  private static int myPoints(HandEvaluation h, Showing p, Strain s) {
    Suit suit = s.trumpOrNull();
    if (suit == null) {
      return h.hcp();
    }
    if (p.minLength(suit) >= 4 && h.length(suit) >= 3) {
      return h.supportPoints(suit);
    }
    return h.points();
  }

  /**
   * Double the opponents' standing bid for penalty when this hand's defensive tricks and
   * partner's expected ones beat it by one plus {@code margin} (plus a trick at the one and two
   * levels, where a doubled contract that makes is a game).
   */
  static boolean penaltyDouble(BiddingContext ctx, HandEvaluation h, double margin) {
    Optional<Entry> last = ctx.lastBidEntry();
    if (last.isEmpty() || last.get().seat().side() == ctx.seat().side() || !ctx.isLegal(Call.DOUBLE)) {
      return false;
    }
    Bid b = (Bid) last.get().call();
    Suit trump = b.strain().trumpOrNull();
    Showing p = ctx.partnerShown();
    double partnerTricks = Math.min(p.minPoints(), 16) / 5.0;
    double needed = 8 - b.level();
    double extra = b.level() <= 2 ? 1.5 : BiddingContext.isGame(b) ? 0.5 : 1.0;
    if (trump != null && b.level() <= 3 && (h.length(trump) < 4 || ctx.theirSuits().size() > 2)) {
      return false;
    }
    if (trump != null && p.minLength(trump) >= 3) {
      return false; // partner has shown their suit: little defence there
    }
    return h.defensiveTricks(trump) + partnerTricks >= needed + extra + margin
        && h.hcp() + p.minPoints() >= 18;
  }

  /**
   * A forced bid when nothing better applies: support, own suit, notrump, preference (to the suit
   * of partner's we hold most of, never a raise of a singleton or void while notrump is there).
   */
  static Call forcedBid(BiddingContext ctx, HandEvaluation h) {
    Optional<Suit> partnerSuit = ctx.lastActionBy(ctx.partner()).map(e -> e.rule().suit());
    if (partnerSuit.isPresent() && h.length(partnerSuit.get()) >= 3) {
      Optional<Bid> b = ctx.cheapest(Strain.of(partnerSuit.get()));
      if (b.isPresent()) {
        return b.get();
      }
    }
    Suit own = Competition.bestSuit(h, ctx.theirSuits());
    if (own == null) {
      own = h.longestSuit();
    }
    if (h.length(own) >= 5) {
      Optional<Bid> b = ctx.cheapest(Strain.of(own));
      if (b.isPresent()) {
        return b.get();
      }
    }
    if (h.isSemiBalanced()) {
      Optional<Bid> b = ctx.cheapest(Strain.NO_TRUMP);
      if (b.isPresent()) {
        return b.get();
      }
    }
    Optional<Bid> preference = preference(ctx, h);
    if (preference.isPresent()) {
      return preference.get();
    }
    if (partnerSuit.isPresent() && h.length(partnerSuit.get()) <= 1) {
      Optional<Bid> nt = ctx.cheapest(Strain.NO_TRUMP);
      if (nt.isPresent() && nt.get().level() <= 3) {
        return nt.get();
      }
    }
    if (partnerSuit.isPresent()) {
      Optional<Bid> b = ctx.cheapest(Strain.of(partnerSuit.get()));
      if (b.isPresent()) {
        return b.get();
      }
    }
    return ctx.cheapest(Strain.of(own)).map(b -> (Call) b)
        .or(() -> ctx.cheapest(Strain.NO_TRUMP).map(b -> (Call) b))
        .orElse(Call.PASS);
  }
}
