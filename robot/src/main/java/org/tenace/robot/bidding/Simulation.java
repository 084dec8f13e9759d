package org.tenace.robot.bidding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.compare.Imps;
import org.tenace.bridge.score.DuplicateScore;
import org.tenace.bridge.record.Auctions;
import org.tenace.bridge.record.RecordedCall;
import org.tenace.robot.AuctionCall;
import org.tenace.robot.CallView;
import org.tenace.robot.Scoring;
import org.tenace.robot.bidding.AuctionReading.Entry;
import org.tenace.solver.DoubleDummy;
import org.tenace.solver.Position;

/**
 * The robot's judgement where a rule of the system is unsure, as the strongest robots bid: at the
 * edge of a range (game or not, slam or not, save or not over the opponents' game, compete or
 * sell out in a part-score fight), deal partner's and the opponents' hands as the auction reads
 * them ({@link SeatDealer}, each hand fitting every call its seat made), finish the auction after
 * each candidate call with the system's rules at all four seats (partner accepts an invitation
 * with a maximum, the opponents bid on over a save or double it), solve the contracts reached
 * double dummy, and keep the call whose contract scores best on average for the form of scoring
 * (at IMPs each layout's IMPs against the system's call, at matchpoints whether it scores more).
 * The system's call stands unless another gains clearly.
 *
 * <p>The work is counted, never timed: {@link #SAMPLES} layouts and {@link #NODE_BUDGET} solver
 * nodes a decision (a layout that needs more than its share is left out), from a random source
 * seeded by the hand, the auction and the table's seed, with an emptied table of positions: the
 * same hand and auction give the same call on any machine.
 *
 * <p>Not the house robot's bidding yet ({@link Bidder#simulating} asks for it): on the bench's
 * deals it changes about one auction in fifty, by as much as the boards' spread on seed 1
 * (docs/performance.md, "Bidding, 2026-11-29 (third pass)").
 */
final class Simulation {
  /** Layouts dealt a decision. */
  static final int SAMPLES = 24;
  /** Solver nodes a decision, about a second of an idle core at most. */
  static final long NODE_BUDGET = 2_000_000;
  /** Layouts solved, of {@link #SAMPLES}, below which the system's call stands. */
  static final int ENOUGH = 12;
  /** Hands drawn for one seat before a layout is begun again, and layouts begun a sample. */
  static final int HAND_TRIES = 200;
  static final int ATTEMPTS = 3;
  /** What an alternative must gain on average, IMPs a board (at matchpoints, a share of boards). */
  static final double IMP_MARGIN = 1.0;
  static final double MATCHPOINT_MARGIN = 0.2;
  /** Standard errors of its mean by which an alternative's gain must exceed zero. */
  static final double CLEAR = 2.0;

  private static final long DECK = (1L << 52) - 1;

  private final Scoring scoring;
  private final long tableSeed;
  private final Bidder rules = new Bidder();
  private final ThreadLocal<DoubleDummy> solver = ThreadLocal.withInitial(() -> new DoubleDummy(16));

  Simulation(Scoring scoring, long tableSeed) {
    this.scoring = scoring;
    this.tableSeed = tableSeed;
  }

  /**
   * The call to make: {@code chosen}'s, the system's, unless the simulation finds a candidate
   * that gains clearly on it.
   */
  Call reconsider(BiddingContext ctx, AuctionReading reading, Hand hand, List<AuctionCall> calls,
      BidRule chosen, List<Call> legal) {
    List<Call> candidates = candidates(ctx, HandEvaluation.of(hand), chosen, legal);
    if (candidates.size() < 2) {
      return chosen.call();
    }
    double[] gain = gains(ctx, reading, hand, calls, candidates);
    int best = 0;
    for (int i = 1; i < candidates.size(); i++) {
      if (gain[i] > gain[best]) {
        best = i;
      }
    }
    double margin = scoring == Scoring.IMPS ? IMP_MARGIN : MATCHPOINT_MARGIN;
    return best > 0 && gain[best] >= margin ? candidates.get(best) : chosen.call();
  }

  /**
   * The system's call first, then the calls at the edge of its decision; at most one candidate
   * when the decision is not one the simulation weighs: an artificial or a forcing call, a new
   * strain of ours, or an answer to partner's artificial bid, is the rules' alone.
   */
  static List<Call> candidates(BiddingContext ctx, HandEvaluation h, BidRule rule,
      List<Call> legal) {
    if (rule.convention().isArtificial() || rule.force() != Force.NONE) {
      return List.of();
    }
    Call chosen = rule.call();
    if (chosen != Call.PASS && !(chosen instanceof Bid)) {
      return List.of();
    }
    List<Call> out = new ArrayList<>(List.of(chosen));
    Optional<Entry> standingEntry = ctx.lastBidEntry();
    boolean ours = standingEntry.map(e -> e.seat().side() == ctx.seat().side()).orElse(false);
    boolean forced = ctx.mustBid();
    if (ours && standingEntry.get().rule().convention().isArtificial()) {
      return List.of(); // partner's artificial bid asks a question: the rules answer it
    }
    if (ours) {
      Bid b = (Bid) standingEntry.get().call();
      if (chosen instanceof Bid c && c.strain() != b.strain()) {
        return List.of(); // a new strain: the rules' search for a fit
      }
      Strain s = b.strain();
      Bid game = Bid.of(BiddingContext.gameLevel(s), s);
      int level = chosen instanceof Bid c ? c.level() : b.level();
      int ourPoints = h.hcp() + ctx.partnerShown().minPoints();
      if (level < game.level() && ourPoints >= Placement.GAME - 4) {
        add(out, game, legal); // game or not
      }
      if (!forced && chosen instanceof Bid c && BiddingContext.isGame(c) && c.strain() == b.strain()
          && !BiddingContext.isGame(b)) {
        add(out, Call.PASS, legal); // accepting an invitation, or not
      }
      int slam = s == Strain.NO_TRUMP ? Placement.SLAM : Placement.SUIT_SLAM;
      if (level >= game.level() && level < 6 && ourPoints >= slam - 4) {
        add(out, Bid.of(6, s), legal); // slam or not
      }
    } else if (standingEntry.isPresent()) {
      Bid theirs = (Bid) standingEntry.get().call();
      Suit fit = ourFit(ctx, h);
      if (fit != null && !theirs.strain().equals(Strain.of(fit))) {
        Optional<Bid> compete = ctx.cheapest(Strain.of(fit));
        boolean save = BiddingContext.isGame(theirs);
        boolean partScore = theirs.level() <= 3 && !save;
        if (compete.isPresent() && (save ? compete.get().level() <= 5 : partScore
            && compete.get().level() <= 3)) {
          if (chosen == Call.PASS) {
            add(out, compete.get(), legal);
          } else if (chosen.equals(compete.get()) && !forced) {
            add(out, Call.PASS, legal);
          }
        }
      }
    }
    return out;
  }

  private static void add(List<Call> out, Call call, List<Call> legal) {
    if (legal.contains(call) && !out.contains(call)) {
      out.add(call);
    }
  }

  /**
   * Our side's suit of eight cards or more, this hand's length and what partner showed of it, or
   * this hand's own seven-card suit that it has bid; null when there is none.
   */
  private static Suit ourFit(BiddingContext ctx, HandEvaluation h) {
    Suit best = null;
    int most = 7;
    for (Suit s : new Suit[] {Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS}) {
      int partner = ctx.partnerShown().minLength(s);
      boolean ownSuit = h.length(s) >= 7 && ctx.shown(ctx.seat()).minLength(s) >= 5;
      int n = h.length(s) + partner;
      if (n > most && (partner >= 3 || ownSuit)) {
        best = s;
        most = n;
      }
    }
    return best;
  }

  /**
   * Each candidate's average gain on the first (the system's call) over the layouts solved:
   * IMPs at IMPs, at matchpoints the share of layouts where it scores more less the share where
   * it scores less. Zeros when too few layouts could be dealt or solved.
   */
  private double[] gains(BiddingContext ctx, AuctionReading reading, Hand hand,
      List<AuctionCall> calls, List<Call> candidates) {
    Seat me = ctx.seat();
    Random random = new Random(seed(me, hand, calls));
    List<Seat> hidden =
        SeatDealer.narrowestFirst(List.of(me.lho(), me.partner(), me.rho()), reading);
    Hand pool = Hand.ofBits(DECK & ~hand.bits());
    SeatDealer.Seats seats = new SeatDealer.Seats() {
      @Override
      public boolean mayHold(Seat seat, Card card) {
        return true;
      }

      @Override
      public int cards(Seat seat) {
        return 13;
      }

      @Override
      public boolean fits(Seat seat, Hand held) {
        return reading.admits(seat, held);
      }
    };
    DoubleDummy dd = solver.get();
    dd.forget();
    long share = NODE_BUDGET / SAMPLES * 3 / 2;
    long used = 0;
    int solved = 0;
    double[] total = new double[candidates.size()];
    double[] squares = new double[candidates.size()];
    for (int sample = 0; sample < SAMPLES && used < NODE_BUDGET; sample++) {
      Map<Seat, Hand> layout = SeatDealer.deal(pool, hidden, seats, HAND_TRIES, ATTEMPTS, random);
      if (layout == null) {
        break; // the auction as read admits few hands: the rules decide
      }
      layout.put(me, hand);
      List<Optional<Contract>> reached = new ArrayList<>();
      for (Call c : candidates) {
        reached.add(finish(reading, layout, calls, me, c));
      }
      // Each strain and declarer reached solved once.
      Map<Contract, Integer> tricks = new HashMap<>();
      int[] score = new int[candidates.size()];
      boolean ok = true;
      for (int c = 0; c < candidates.size() && ok; c++) {
        if (reached.get(c).isEmpty()) {
          continue; // passed out
        }
        Contract k = reached.get(c).get();
        Contract key = Contract.of(1, k.strain(), Doubling.UNDOUBLED, k.declarer());
        Integer t = tricks.get(key);
        if (t == null && reached.stream().distinct().count() > 1) {
          try {
            int ns = dd.tricksForNorthSouth(Position.onLead(layout, k.strain().trumpOrNull(),
                k.declarer().lho()), Math.min(share, NODE_BUDGET - used));
            used += dd.nodes();
            t = k.declarer().side() == Seat.NORTH.side() ? ns : 13 - ns;
            tricks.put(key, t);
          } catch (DoubleDummy.BudgetExceeded e) {
            used += Math.min(share, NODE_BUDGET - used);
            ok = false;
            continue;
          }
        }
        int points = t == null ? 0
            : DuplicateScore.of(k, t, reading.vulnerability().isVulnerable(k.declarer()));
        score[c] = k.declarer().side() == me.side() ? points : -points;
      }
      if (!ok) {
        continue;
      }
      for (int c = 1; c < candidates.size(); c++) {
        int diff = score[c] - score[0];
        double g = scoring == Scoring.IMPS ? Imps.of(diff) : Integer.signum(diff);
        total[c] += g;
        squares[c] += g * g;
      }
      solved++;
    }
    double[] gain = new double[candidates.size()];
    if (solved >= ENOUGH) {
      for (int c = 1; c < candidates.size(); c++) {
        double mean = total[c] / solved;
        double se = Math.sqrt(Math.max(0, squares[c] / solved - mean * mean) / (solved - 1));
        // A gain within the layouts' noise is no gain: the rules' call stands.
        gain[c] = mean >= CLEAR * se ? mean : 0;
      }
    }
    return gain;
  }

  /**
   * The contract the auction reaches on {@code layout} when this seat makes {@code call} and
   * every seat then bids by the system's rules (empty: passed out).
   */
  private Optional<Contract> finish(AuctionReading reading, Map<Seat, Hand> layout,
      List<AuctionCall> calls, Seat me, Call call) {
    List<AuctionCall> auction = new ArrayList<>(calls);
    List<RecordedCall> record = new ArrayList<>();
    for (AuctionCall c : calls) {
      record.add(RecordedCall.of(c.seat(), c.call()));
    }
    Seat seat = me;
    Call next = call;
    while (true) {
      auction.add(AuctionCall.of(seat, next));
      record.add(RecordedCall.of(seat, next));
      if (Auctions.isComplete(record)) {
        return Auctions.finalContract(record);
      }
      seat = seat.lho();
      next = rules.choose(new CallView(seat, layout.get(seat), reading.dealer(),
          reading.vulnerability(), auction, Auctions.legalCalls(record))).call();
    }
  }

  private long seed(Seat me, Hand hand, List<AuctionCall> calls) {
    long h = hand.bits() * 31 + me.ordinal();
    for (AuctionCall c : calls) {
      h = h * 31 + c.call().toString().hashCode();
    }
    h ^= tableSeed * 0x9E3779B97F4A7C15L;
    return h ^ (h >>> 17);
  }
}
