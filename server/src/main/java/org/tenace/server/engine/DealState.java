package org.tenace.server.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.score.DuplicateScore;

/**
 * One board from the first call to the score, by phase: each phase carries only
 * its own data, and {@link #apply} returns the next state. This is what a table holds and drives,
 * one {@link BoardAction} at a time; the same actions from {@link #start} give the same state.
 *
 * <p>The auction runs until it is ready for the opening lead; the play then starts, and the
 * auction period ends when the lead is faced. Before that (the clarification period) a laws-mode
 * change of call may reopen the auction, which drops the play not yet begun.
 */
public sealed interface DealState
    permits DealState.Auctioning, DealState.Playing, DealState.Complete, DealState.PassedOut {

  BoardSetup setup();

  Auction auction();

  /** The board at its first call. */
  static DealState start(BoardSetup setup) {
    Objects.requireNonNull(setup, "setup");
    return settle(setup, Auction.start(setup.dealer(), setup.settings()));
  }

  /** Runs {@code actions} from the start. */
  static DealState replay(BoardSetup setup, List<BoardAction> actions) {
    DealState s = start(setup);
    for (BoardAction a : actions) {
      s = s.apply(a);
    }
    return s;
  }

  /** Runs one command, or throws {@link RuleViolationException} (or IllegalArgumentException). */
  default DealState apply(BoardAction action) {
    return Transitions.apply(this, Objects.requireNonNull(action, "action"));
  }

  /** Runs one command as {@link #apply} does, and says what happened. */
  default Step step(BoardAction action) {
    DealState next = apply(action);
    return new Step(next, BoardEvents.between(this, next, action));
  }

  /** One action's outcome: the board's next state, and what happened, in order. */
  record Step(DealState state, List<BoardEvent> events) {
    public Step {
      Objects.requireNonNull(state, "state");
      events = List.copyOf(events);
    }
  }

  /**
   * Why {@code seat} may not take back its latest call or card now, if it may not (Law 25A for a
   * call, Laws 45C4b and 47D for a card). Whether undo is allowed at all is the table's policy.
   */
  default Optional<RuleViolationException> undoRefusal(Seat seat) {
    if (isOver()) {
      return Optional.of(new RuleViolationException(Violation.UNDO_NOT_ALLOWED,
          "the board is over"));
    }
    Optional<Play> play = playIfStarted();
    if (play.isPresent() && play.get().cardsPlayed() > 0) {
      return play.get().undoRefusal(seat);
    }
    return auction().checkUndo(seat)
        .map(r -> new RuleViolationException(r.violation(), r.detail()));
  }

  /** What restrains the players now (bars, lead penalties and restrictions, penalty cards). */
  default Restrictions restrictions() {
    return Restrictions.of(this);
  }

  /** True once the board is over: played out, claimed, or passed out. */
  default boolean isOver() {
    return this instanceof Complete || this instanceof PassedOut;
  }

  /** The result, once the board is over. */
  default Optional<BoardResult> outcome() {
    if (this instanceof Complete c) {
      return Optional.of(c.result());
    }
    return this instanceof PassedOut ? Optional.of(BoardResult.PASSED_OUT) : Optional.empty();
  }

  /** The play, once it has started. */
  default Optional<Play> playIfStarted() {
    if (this instanceof Playing p) {
      return Optional.of(p.play());
    }
    return this instanceof Complete c ? Optional.of(c.play()) : Optional.empty();
  }

  /** The cards {@code viewer} may see now (see {@link Visibility}), as a 52-bit mask. */
  default long visibleBits(Viewer viewer) {
    if (this instanceof Auctioning a) {
      return Visibility.inAuction(a.setup().deal(), viewer);
    }
    if (this instanceof Playing p) {
      return p.play().visibleBits(viewer);
    }
    return Visibility.afterBoard();
  }

  /** The cards {@code viewer} may see now, as a hand. */
  default Hand visibleTo(Viewer viewer) {
    return Hand.ofBits(visibleBits(viewer));
  }

  /**
   * Laws mode: every irregularity found on the board, the auction's then the play's, each once in
   * the order found: what the table has announced, and what a record of the board notes.
   */
  default List<Irregularity> irregularities() {
    List<Irregularity> a = auction().irregularities();
    Optional<Play> p = playIfStarted();
    if (p.isEmpty() || p.get().irregularities().isEmpty()) {
      return a;
    }
    List<Irregularity> out = new ArrayList<>(a);
    out.addAll(p.get().irregularities());
    return List.copyOf(out);
  }

  /** Every ruling of the board, the auction's then the play's. */
  default List<Ruling> rulings() {
    List<Ruling> out = new ArrayList<>(auction().rulings());
    playIfStarted().ifPresent(p -> out.addAll(p.rulings()));
    return List.copyOf(out);
  }

  /** The auction, and the play has not started (or not yet been reached). */
  record Auctioning(BoardSetup setup, Auction auction) implements DealState {
    public Auctioning {
      Require.nonNull("setup auction", setup, auction);
    }
  }

  /** The play, from the moment the auction is ready for the opening lead. */
  record Playing(BoardSetup setup, Auction auction, Play play) implements DealState {
    public Playing {
      Require.nonNull("setup auction play", setup, auction, play);
    }
  }

  /** Played out or claimed, and scored. */
  record Complete(BoardSetup setup, Auction auction, Play play, BoardResult result)
      implements DealState {
    public Complete {
      Require.nonNull("setup auction play result", setup, auction, play, result);
    }
  }

  /** Four passes: no play, a score of 0. */
  record PassedOut(BoardSetup setup, Auction auction) implements DealState {
    public PassedOut {
      Require.nonNull("setup auction", setup, auction);
    }
  }

  /** The phase an auction leads to: still bidding, passed out, or the play about to start. */
  private static DealState settle(BoardSetup setup, Auction auction) {
    if (auction.readyForPlay()) {
      Contract c = auction.contract().orElseThrow();
      int nextRuling = auction.rulings().stream().mapToInt(Ruling::id).max().orElse(0) + 1;
      return new Playing(setup, auction,
          Play.start(setup.deal(), c, setup.mode(), auction.leadPenalties(), nextRuling));
    }
    if (auction.isPassedOut() && auction.option().isEmpty() && auction.gate().isEmpty()
        && auction.mustReplace().isEmpty()) {
      return new PassedOut(setup, auction);
    }
    return new Auctioning(setup, auction);
  }

  /** The transitions, kept out of the public surface. */
  final class Transitions {
    private static final Set<PlayChoice.Kind> AUCTION_CHOICES =
        Set.of(PlayChoice.Kind.ACCEPT, PlayChoice.Kind.REFUSE);

    private Transitions() {}

    static DealState apply(DealState s, BoardAction a) {
      if (a instanceof BoardAction.PlayCard p && p.hand().isPresent()
          && !s.setup().deal().hand(p.hand().get()).contains(p.card())) {
        throw new RuleViolationException(Violation.CARD_NOT_HELD,
            p.card().symbol() + " is not in the hand of " + p.hand().get());
      }
      if (a instanceof BoardAction.Choose && s.setup().mode() == Mode.ONLINE) {
        throw new RuleViolationException(Violation.NOT_IN_THIS_MODE,
            "options exist only at a laws-mode table");
      }
      if (s instanceof Auctioning st) {
        return settle(st.setup(), auctionAction(st.auction(), a, st.setup()));
      }
      if (s instanceof Playing st) {
        return playing(st, a);
      }
      return over(s, a);
    }

    private static Auction auctionAction(Auction auction, BoardAction a, BoardSetup setup) {
      if (a instanceof AuctionAction own) {
        return auction.apply(own); // a call, a change of call, an undo, a ruling decided
      }
      if (a instanceof BoardAction.Choose ch) {
        if (!AUCTION_CHOICES.contains(ch.choice().kind())) {
          throw new IllegalArgumentException(
              "an irregular call is accepted or refused, not " + ch.choice());
        }
        return auction.apply(ch.choice().kind() == PlayChoice.Kind.ACCEPT
            ? new AuctionAction.Accept(ch.seat()) : new AuctionAction.Refuse(ch.seat()));
      }
      if (a instanceof BoardAction.DrawAttention) {
        return auction.apply(new AuctionAction.DrawAttention());
      }
      if (a instanceof BoardAction.PlayCard p && setup.mode() == Mode.LAWS
          && setup.deal().hand(p.seat()).contains(p.card())) {
        // Law 24: a card led or faced during the auction.
        return auction.apply(new AuctionAction.ExposeCards(p.seat(), Set.of(p.card()), true));
      }
      throw Play.notPlaying();
    }

    private static DealState playing(Playing st, BoardAction a) {
      Play play = st.play();
      Auction auction = st.auction();
      boolean leadFaced = play.openingLeadFaced();
      if (!leadFaced && play.cardsPlayed() == 0 && (a instanceof BoardAction.Call
          || a instanceof BoardAction.ChangeCall || a instanceof BoardAction.Undo
          || (a instanceof BoardAction.Decide d && auction.ruling(d.rulingId()).isPresent()))) {
        // The clarification period: the auction may still change, and the play restarts.
        return settle(st.setup(), auctionAction(auction, a, st.setup()));
      }
      if (a instanceof BoardAction.Call || a instanceof BoardAction.ChangeCall
          || (a instanceof BoardAction.Decide d && auction.ruling(d.rulingId()).isPresent())) {
        // A call after the auction period (Law 39), or a ruling of the auction decided later.
        return new Playing(st.setup(), auctionAction(auction, a, st.setup()), play);
      }
      Play next = playAction(play, a);
      if (!leadFaced && next.openingLeadFaced()) {
        auction = auction.endAuctionPeriod(); // Law 17D1; Law 36C may change the doubling here
      }
      if (next.isComplete()) {
        return new Complete(st.setup(), auction, next, score(st.setup(), auction, next));
      }
      return new Playing(st.setup(), auction, next);
    }

    private static Play playAction(Play play, BoardAction a) {
      if (a instanceof BoardAction.PlayCard p) {
        return play.play(p.seat(), p.card());
      }
      if (a instanceof BoardAction.Claim c) {
        return play.claim(c.seat(), c.tricks(), c.statement());
      }
      if (a instanceof BoardAction.RespondToClaim r) {
        return play.respondToClaim(r.seat(), r.accept(), r.sure());
      }
      if (a instanceof BoardAction.AgreeToPlayOn p) {
        return play.agreeToPlayOn(p.seat());
      }
      if (a instanceof BoardAction.Undo u) {
        return play.undo(u.seat());
      }
      if (a instanceof BoardAction.Choose ch) {
        return play.choose(ch.seat(), ch.choice());
      }
      if (a instanceof BoardAction.Decide d) {
        return play.decide(d.rulingId(), d.choice(), d.by(), d.sure());
      }
      if (a instanceof BoardAction.DrawAttention d) {
        return play.correctRevoke(d.seat());
      }
      throw new AssertionError(a);
    }

    /** After the board only rulings may still be decided (non-gating ones become adjustments). */
    private static DealState over(DealState s, BoardAction a) {
      if (a instanceof BoardAction.Decide d) {
        if (s.auction().ruling(d.rulingId()).isPresent()) {
          Auction auction = s.auction().apply(d);
          return s instanceof Complete c
              ? new Complete(c.setup(), auction, c.play(), c.result())
              : new PassedOut(s.setup(), auction);
        }
        if (s instanceof Complete c) {
          return new Complete(c.setup(), c.auction(), c.play().decide(d.rulingId(), d.choice(),
              d.by(), d.sure()), c.result());
        }
      }
      if (a instanceof BoardAction.Call) {
        throw new RuleViolationException(Violation.CALL_AFTER_FINAL_PASS,
            "the board is over (" + s.outcome().map(Transitions::describe).orElse("") + ")");
      }
      throw new RuleViolationException(Violation.NOT_PLAYING, "the board is over");
    }

    private static String describe(BoardResult r) {
      return r.contract().map(Contract::toString).orElse("passed out");
    }

    static BoardResult score(BoardSetup setup, Auction auction, Play play) {
      PlayResult r = play.result().orElseThrow();
      Contract bid = auction.contract().orElse(r.contract());
      // Law 54 may change who declares; Law 36C what the doubling is.
      Contract scored = new Contract(bid.bid(), bid.doubling(), r.contract().declarer());
      int tricks = r.declarerTricks();
      return new BoardResult(Optional.of(scored), tricks,
          DuplicateScore.ns(scored, tricks, setup.vulnerability()));
    }
  }
}
