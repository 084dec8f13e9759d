package org.tenace.server.engine.honeymoon;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.card.TrickWinner;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.score.DuplicateScore;
import org.tenace.server.engine.RuleViolationException;
import org.tenace.server.engine.Violation;

/**
 * One two-player deal, immutable: {@link #apply} returns the next state. The rules are the source
 * document's (蜜月橋), as this project reads them:
 *
 * <ul>
 *   <li>Auction (honeymoon only): the dealer calls first, then the two alternate. A bid must be
 *       higher than the last (the usual sufficiency: level, then C&lt;D&lt;H&lt;S&lt;NT). It ends
 *       when one passes after a bid; the last bid is the contract and its bidder declares. Two
 *       passes with no bid pass the deal out (it scores 0). <b>No doubles or redoubles</b>: the
 *       document's auction is bids and passes only ("until the other passes").
 *   <li>Exchange: the stock's top card is turned up. The declarer leads first (in the simpler
 *       forms, with no auction, the dealer's opponent does). Follow suit if able; trumps are the
 *       contract's strain (none at no-trump, the table's suit at trumps). The winner takes the
 *       turned-up card, the loser the next one unseen; the two played cards are out of the deal;
 *       the next card is turned; the winner leads. After 13 such tricks the stock is empty and each
 *       holds 13 cards again.
 *   <li>Scored phase: the loser of the last exchange trick leads; 13 tricks, counted.
 *   <li>Scoring: duplicate scoring per deal (Law 77) of the undoubled contract; vulnerability by
 *       Chicago's four-deal cycle, with no partnerships to map a board's North-South and
 *       East-West onto: deal 1 nobody, deals 2 and 3 the dealer, deal 4 both. The dealer
 *       alternates, North first, so each player is vulnerable as dealer once in four deals.
 * </ul>
 */
public record TwoPlayerState(TwoPlayerRules rules, int number, Seat dealer, Set<Seat> vulnerable,
    TwoPlayerDeal deal, Phase phase, Hand north, Hand south, List<AuctionEntry> auction,
    Optional<Contract> contract, List<TwoPlayerTrick.PlayedCard> trick,
    List<TwoPlayerTrick> tricks, Optional<Seat> toAct, Optional<TwoPlayerResult> result) {

  /** One call of the auction. */
  public record AuctionEntry(Seat seat, Call call) {
    public AuctionEntry {
      Require.nonNull("seat call", seat, call);
    }
  }

  public static final int EXCHANGE_TRICKS = 13;
  public static final int SCORED_TRICKS = 13;

  public TwoPlayerState {
    Require.nonNull("rules dealer deal phase contract toAct result",
        rules, dealer, deal, phase, contract, toAct, result);
    vulnerable = Set.copyOf(vulnerable);
    auction = List.copyOf(auction);
    trick = List.copyOf(trick);
    tricks = List.copyOf(tricks);
  }

  /** Deal {@code number} (1 on): North deals the odd deals, South the even ones. */
  public static Seat dealerOf(int number) {
    return number % 2 == 1 ? Seat.NORTH : Seat.SOUTH;
  }

  /** Chicago's cycle: deal 1 nobody, 2 and 3 the dealer, 4 both; then again. */
  public static Set<Seat> vulnerableOn(int number) {
    Seat dealer = dealerOf(number);
    return switch ((number - 1) % 4) {
      case 0 -> Set.of();
      case 1, 2 -> Set.of(dealer);
      default -> Set.of(Seat.NORTH, Seat.SOUTH);
    };
  }

  /** The deal before its first call (or, with no auction, its first exchange lead). */
  public static TwoPlayerState start(TwoPlayerRules rules, int number, TwoPlayerDeal deal) {
    if (number < 1) {
      throw new IllegalArgumentException("deals are numbered from 1: " + number);
    }
    Seat dealer = dealerOf(number);
    boolean auction = rules.variant().hasAuction();
    return new TwoPlayerState(rules, number, dealer, vulnerableOn(number), deal,
        auction ? Phase.AUCTION : Phase.EXCHANGE, deal.north(), deal.south(), List.of(),
        Optional.empty(), List.of(), List.of(),
        Optional.of(auction ? dealer : TwoPlayerRules.other(dealer)), Optional.empty());
  }

  /** Runs {@code actions} from the start. */
  public static TwoPlayerState replay(TwoPlayerRules rules, int number, TwoPlayerDeal deal,
      List<TwoPlayerAction> actions) {
    TwoPlayerState s = start(rules, number, deal);
    for (TwoPlayerAction a : actions) {
      s = s.apply(a);
    }
    return s;
  }

  // ------------------------------------------------------------------------------ queries

  public Hand hand(Seat seat) {
    return switch (seat) {
      case NORTH -> north;
      case SOUTH -> south;
      default -> throw new IllegalArgumentException("a two-player table has North and South: "
          + seat);
    };
  }

  public boolean isOver() {
    return phase == Phase.COMPLETE;
  }

  /** The trump suit of the tricks: the contract's, the table's, or none. */
  public Optional<Suit> trump() {
    return switch (rules.variant()) {
      case HONEYMOON -> contract.flatMap(c -> c.strain().trump());
      case NO_TRUMP -> Optional.empty();
      case TRUMPS -> rules.trump();
    };
  }

  /** Stock cards drawn so far (two an exchange trick). */
  public int drawn() {
    return 2 * exchangeTricks();
  }

  /** Cards left in the stock, face down but for the top one while the exchange lasts. */
  public int stockCount() {
    return phase == Phase.AUCTION ? 26 : 26 - drawn();
  }

  /** The stock's turned-up card, which the next exchange trick's winner takes; seen by both. */
  public Optional<Card> turnedUp() {
    return phase == Phase.EXCHANGE ? Optional.of(deal.stock().get(drawn())) : Optional.empty();
  }

  public int exchangeTricks() {
    return (int) tricks.stream().filter(t -> t.phase() == Phase.EXCHANGE).count();
  }

  /** Tricks {@code seat} won in {@code p} (EXCHANGE or PLAY), without the handicap. */
  public int won(Seat seat, Phase p) {
    return (int) tricks.stream().filter(t -> t.phase() == p && t.winner() == seat).count();
  }

  /** The last completed trick, if any. */
  public Optional<TwoPlayerTrick> lastTrick() {
    return tricks.isEmpty() ? Optional.empty() : Optional.of(tricks.get(tricks.size() - 1));
  }

  /** The highest bid so far. */
  public Optional<AuctionEntry> lastBid() {
    for (int i = auction.size() - 1; i >= 0; i--) {
      if (auction.get(i).call() instanceof Bid) {
        return Optional.of(auction.get(i));
      }
    }
    return Optional.empty();
  }

  /** The calls {@code seat} may make now: pass and every bid above the last; none off turn. */
  public List<Call> legalCalls(Seat seat) {
    if (phase != Phase.AUCTION || toAct.filter(s -> s == seat).isEmpty()) {
      return List.of();
    }
    List<Call> calls = new ArrayList<>();
    calls.add(Call.Other.PASS);
    int above = lastBid().map(e -> ((Bid) e.call()).rank()).orElse(-1);
    for (int r = above + 1; r < 35; r++) {
      calls.add(Bid.ofRank(r));
    }
    return calls;
  }

  /** The cards {@code seat} may play now: following suit if able; none off turn. */
  public Hand legalCards(Seat seat) {
    if ((phase != Phase.EXCHANGE && phase != Phase.PLAY)
        || toAct.filter(s -> s == seat).isEmpty()) {
      return Hand.EMPTY;
    }
    Hand h = hand(seat);
    if (trick.isEmpty()) {
      return h;
    }
    Suit led = trick.get(0).card().suit();
    return h.hasSuit(led) ? h.suit(led) : h;
  }

  // ------------------------------------------------------------------------------ actions

  /** Runs one command, or throws {@link RuleViolationException} naming what was wrong. */
  public TwoPlayerState apply(TwoPlayerAction action) {
    Objects.requireNonNull(action, "action");
    Seat seat = action.seat();
    if (!TwoPlayerRules.SEATS.contains(seat)) {
      throw new IllegalArgumentException("a two-player table has North and South: " + seat);
    }
    if (action instanceof TwoPlayerAction.Call c) {
      return call(seat, c.call());
    }
    return play(seat, ((TwoPlayerAction.Play) action).card());
  }

  private TwoPlayerState call(Seat seat, Call call) {
    if (phase != Phase.AUCTION) {
      throw new RuleViolationException(Violation.CALL_AFTER_FINAL_PASS,
          rules.variant().hasAuction() ? "the auction is over" : "this game has no auction");
    }
    requireTurn(seat);
    if (call == Call.Other.DOUBLE || call == Call.Other.REDOUBLE) {
      throw new RuleViolationException(Violation.INADMISSIBLE_DOUBLE,
          "honeymoon bridge has no doubles or redoubles: bid or pass");
    }
    Optional<AuctionEntry> last = lastBid();
    if (call instanceof Bid b && last.isPresent() && b.compareTo((Bid) last.get().call()) <= 0) {
      throw new RuleViolationException(Violation.INSUFFICIENT_BID,
          b + " does not beat " + last.get().call());
    }
    List<AuctionEntry> calls = new ArrayList<>(auction);
    calls.add(new AuctionEntry(seat, call));
    Seat other = TwoPlayerRules.other(seat);
    if (call == Call.Other.PASS && last.isPresent()) {
      AuctionEntry won = last.get();
      Contract c = new Contract((Bid) won.call(), Doubling.UNDOUBLED, won.seat());
      // The declarer leads the first exchange trick.
      return new TwoPlayerState(rules, number, dealer, vulnerable, deal, Phase.EXCHANGE, north,
          south, calls, Optional.of(c), trick, tricks, Optional.of(won.seat()), result);
    }
    if (call == Call.Other.PASS && calls.size() == 2) {
      TwoPlayerResult out = new TwoPlayerResult(Optional.empty(), true, 0, 0,
          DuplicateScore.PASSED_OUT, DuplicateScore.PASSED_OUT);
      return new TwoPlayerState(rules, number, dealer, vulnerable, deal, Phase.COMPLETE, north,
          south, calls, contract, trick, tricks, Optional.empty(), Optional.of(out));
    }
    return new TwoPlayerState(rules, number, dealer, vulnerable, deal, phase, north, south, calls,
        contract, trick, tricks, Optional.of(other), result);
  }

  private TwoPlayerState play(Seat seat, Card card) {
    if (phase != Phase.EXCHANGE && phase != Phase.PLAY) {
      throw new RuleViolationException(Violation.NOT_PLAYING,
          phase == Phase.AUCTION ? "the auction is not over" : "the deal is over");
    }
    requireTurn(seat);
    Hand h = hand(seat);
    if (!h.contains(card)) {
      throw new RuleViolationException(Violation.CARD_NOT_HELD, "you do not hold " + card);
    }
    if (!legalCards(seat).contains(card)) {
      throw new RuleViolationException(Violation.REVOKE,
          "follow suit: you hold " + trick.get(0).card().suit().name().toLowerCase());
    }
    Hand n = seat == Seat.NORTH ? north.without(card) : north;
    Hand s = seat == Seat.SOUTH ? south.without(card) : south;
    List<TwoPlayerTrick.PlayedCard> cards = new ArrayList<>(trick);
    cards.add(new TwoPlayerTrick.PlayedCard(seat, card));
    if (cards.size() == 1) {
      return new TwoPlayerState(rules, number, dealer, vulnerable, deal, phase, n, s, auction,
          contract, cards, tricks, Optional.of(TwoPlayerRules.other(seat)), result);
    }
    Seat winner = winner(cards, trump());
    Seat loser = TwoPlayerRules.other(winner);
    List<TwoPlayerTrick> done = new ArrayList<>(tricks);
    if (phase == Phase.EXCHANGE) {
      Card took = deal.stock().get(drawn());
      Card drew = deal.stock().get(drawn() + 1);
      n = n.with(winner == Seat.NORTH ? took : drew);
      s = s.with(winner == Seat.SOUTH ? took : drew);
      done.add(new TwoPlayerTrick(phase, cards, winner, Optional.of(took), Optional.of(drew)));
      if (done.size() == EXCHANGE_TRICKS) {
        // The loser of the last exchange trick leads to the scored tricks.
        return new TwoPlayerState(rules, number, dealer, vulnerable, deal, Phase.PLAY, n, s,
            auction, contract, List.of(), done, Optional.of(loser), result);
      }
      return new TwoPlayerState(rules, number, dealer, vulnerable, deal, phase, n, s, auction,
          contract, List.of(), done, Optional.of(winner), result);
    }
    done.add(new TwoPlayerTrick(phase, cards, winner, Optional.empty(), Optional.empty()));
    TwoPlayerState next = new TwoPlayerState(rules, number, dealer, vulnerable, deal, phase, n, s,
        auction, contract, List.of(), done, Optional.of(winner), result);
    if (done.size() == EXCHANGE_TRICKS + SCORED_TRICKS) {
      return new TwoPlayerState(rules, number, dealer, vulnerable, deal, Phase.COMPLETE, n, s,
          auction, contract, List.of(), done, Optional.empty(), Optional.of(next.score()));
    }
    return next;
  }

  /** The winner of a complete two-card trick under {@code trump}. */
  public static Seat winner(List<TwoPlayerTrick.PlayedCard> cards, Optional<Suit> trump) {
    return cards.get(TrickWinner.index(
        cards.stream().map(TwoPlayerTrick.PlayedCard::card).toList(), trump.orElse(null))).seat();
  }

  /** The result once the 13 scored tricks are played. */
  private TwoPlayerResult score() {
    return score(rules, contract, vulnerable, won(Seat.NORTH, Phase.PLAY));
  }

  /**
   * The result of a deal in which North won {@code northWon} of the 13 scored tricks: the
   * handicap's receiver counts his tricks plus the handicap (at most 13), the other the rest.
   */
  public static TwoPlayerResult score(TwoPlayerRules rules, Optional<Contract> contract,
      Set<Seat> vulnerable, int northWon) {
    int northTricks = northWon;
    if (rules.handicapSeat().isPresent()) {
      Seat receiver = rules.handicapSeat().get();
      int own = receiver == Seat.NORTH ? northWon : SCORED_TRICKS - northWon;
      int r = Math.min(SCORED_TRICKS, own + rules.handicapTricks());
      northTricks = receiver == Seat.NORTH ? r : SCORED_TRICKS - r;
    }
    int southTricks = SCORED_TRICKS - northTricks;
    if (contract.isEmpty()) {
      return new TwoPlayerResult(contract, false, northTricks, southTricks, northTricks,
          southTricks);
    }
    Contract c = contract.get();
    int declared = c.declarer() == Seat.NORTH ? northTricks : southTricks;
    int points = DuplicateScore.of(c, declared, vulnerable.contains(c.declarer()));
    int northScore = c.declarer() == Seat.NORTH ? points : -points;
    return new TwoPlayerResult(contract, false, northTricks, southTricks, northScore,
        -northScore);
  }

  private void requireTurn(Seat seat) {
    if (toAct.filter(s -> s == seat).isEmpty()) {
      throw new RuleViolationException(Violation.OUT_OF_TURN,
          "it is " + toAct.map(Seat::word).orElse("nobody") + "'s turn");
    }
  }

}
