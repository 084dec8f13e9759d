package org.tenace.server.engine;

import static org.tenace.server.engine.PackedTrick.add;
import static org.tenace.server.engine.PackedTrick.cardAt;
import static org.tenace.server.engine.PackedTrick.countOf;
import static org.tenace.server.engine.PackedTrick.leaderOf;
import static org.tenace.server.engine.PackedTrick.suitMask;
import static org.tenace.server.engine.PackedTrick.trickBits;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;

/**
 * The play of one board (Laws 41-71): an immutable state; every transition ({@link #play},
 * {@link #claim}, {@link #choose}, ...) returns a new one and never changes this one. Cards are
 * 52-bit masks and tricks packed integers, so a card costs one small array copy and one object.
 *
 * <p>Commands come from seats: declarer names dummy's cards, dummy's seat never plays. In {@link
 * Mode#ONLINE} an illegal card is refused with its code and message; in {@link
 * Mode#LAWS} leads out of turn (Laws 53-56) and revokes (61-64) are recorded and rectified, and
 * lead restrictions (26, 50D2) and penalty cards (50D1) are enforced. A play out of turn that is
 * not a lead (Law 57) and a card faced by declarer's side before the opening lead (Law 24) are
 * refused in both modes.
 */
public final class Play {
  private static final long ALL = (1L << 52) - 1;
  /**
   * Node budget of the exhaustive search behind Law 70 defaults and Law 69B/71 flags: a count,
   * never a clock, so that the same claim always gets the same answer (a table replayed after a
   * restart re-runs it and must rebuild the same rulings). Past it the search gives up and the
   * claim flags nothing; a fraction of a second on the slowest positions, less late in play.
   */
  static final long SEARCH_NODES = SureTricks.SEARCH_NODES;

  private final Deal deal;
  private final Contract contract;
  private final Mode mode;
  private final int trump; // suit ordinal, -1 at notrump

  private final long[] hands; // cards not yet played, by seat ordinal; penalty cards included
  private final int[] done; // completed tricks, packed, winner in bits 29-30
  private final int completed;
  private final int current; // the trick in progress, packed (see PackedTrick)
  private final int nsWon;
  private final Play previous; // the history, for take-backs (undo, revoke correction, refusals)
  private final PlayStatus st;

  private Play(Deal deal, Contract contract, Mode mode, int trump, long[] hands, int[] done,
      int completed, int current, int nsWon, Play previous, PlayStatus st) {
    this.deal = deal;
    this.contract = contract;
    this.mode = mode;
    this.trump = trump;
    this.hands = hands;
    this.done = done;
    this.completed = completed;
    this.current = current;
    this.nsWon = nsWon;
    this.previous = previous;
    this.st = st;
  }

  /**
   * The play of {@code deal} in {@code contract}, before the opening lead. {@code leadPenalties}
   * are the Law 26 lead penalties the auction left (empty in online mode).
   */
  public static Play start(
      Deal deal, Contract contract, Mode mode, List<LeadPenalty> leadPenalties) {
    return start(deal, contract, mode, leadPenalties, 1);
  }

  /** As {@link #start(Deal, Contract, Mode, List)}; new rulings are numbered from the given id. */
  public static Play start(
      Deal deal, Contract contract, Mode mode, List<LeadPenalty> leadPenalties, int firstRulingId) {
    Require.nonNull("deal contract mode", deal, contract, mode);
    PlayStatus st = new PlayStatus();
    st.declarer = contract.declarer();
    st.penalties = Penalties.of(leadPenalties);
    st.claims = Claims.none(firstRulingId);
    long[] hands = new long[4];
    for (Seat s : Seat.values()) {
      hands[s.ordinal()] = deal.hand(s).bits();
    }
    Suit t = contract.strain().trumpOrNull();
    Play p = new Play(deal, contract, mode, t == null ? -1 : t.ordinal(), hands, new int[13], 0,
        contract.openingLeader().ordinal(), 0, null, st);
    offerLeadOptions(st, hands, contract.openingLeader().ordinal(), 1);
    return p;
  }

  /** The refusal for a card sent when no play is going on (during the auction, after the board). */
  public static RuleViolationException notPlaying() {
    return PlayStatus.notPlaying();
  }

  // ---------------------------------------------------------------------------------------------
  // Queries

  public Deal deal() {
    return deal;
  }

  public Mode mode() {
    return mode;
  }

  /** The contract with the seat now declaring (Law 54 may make dummy the declarer). */
  public Contract contract() {
    return st.declarer == contract.declarer()
        ? contract : new Contract(contract.bid(), contract.doubling(), st.declarer);
  }

  public Seat declarer() {
    return st.declarer;
  }

  public Seat dummy() {
    return st.declarer.partner();
  }

  /** The hand whose turn it is to play (dummy's hand included); meaningless once play is over. */
  public Seat turn() {
    return Seat.of(turnHand());
  }

  /** The seat that must send the next card: declarer for dummy's hand. */
  public Seat actor() {
    Seat t = turn();
    return t == dummy() ? st.declarer : t;
  }

  /** The cards the hand to play may play now; empty while play is suspended or over. */
  public Hand legalCards() {
    if (st.ending != null || st.claims.open() != null || st.option != null || st.leadFaceDown) {
      return Hand.EMPTY;
    }
    return Hand.ofBits(legalMask(turnHand()));
  }

  /** The unplayed cards of a hand (a defender's penalty cards included). */
  public Hand remaining(Seat seat) {
    return Hand.ofBits(hands[seat.ordinal()]);
  }

  /** Major penalty cards lying face up (Law 50), all seats. */
  public Hand penaltyCards() {
    return Hand.ofBits(st.penalties.cards());
  }

  /** Lead restrictions in force (Laws 26, 50D2). */
  public List<LeadRestriction> restrictions() {
    return st.penalties.restrictions();
  }

  public int completedTricks() {
    return completed;
  }

  /** Cards played to completed tricks and the trick in progress. */
  public int cardsPlayed() {
    return completed * 4 + countOf(current);
  }

  /** Tricks a side has won in completed tricks (a claim's tricks are in {@link #result()}). */
  public int tricksWon(Side side) {
    return side == Side.NS ? nsWon : completed - nsWon;
  }

  /** The trick in progress (perhaps empty, with the leader to lead); empty after trick 13. */
  public Trick currentTrick() {
    return trick(current, Math.min(completed + 1, 13), false);
  }

  public List<Trick> tricks() {
    List<Trick> out = new ArrayList<>(completed);
    for (int i = 0; i < completed; i++) {
      out.add(trick(done[i], i + 1, true));
    }
    return List.copyOf(out);
  }

  /** The completed tricks and the one in progress, if a card has been played to it. */
  public List<Trick> tricksSoFar() {
    List<Trick> done = tricks();
    if (completed == 13 || currentTrick().cards().isEmpty()) {
      return done;
    }
    List<Trick> all = new ArrayList<>(done.size() + 1);
    all.addAll(done);
    all.add(currentTrick());
    return List.copyOf(all);
  }

  public Optional<Trick> lastTrick() {
    return completed == 0
        ? Optional.empty() : Optional.of(trick(done[completed - 1], completed, true));
  }

  /** True once an opening lead is faced: the auction period is over (Laws 17D, 41). */
  public boolean openingLeadFaced() {
    return st.leadFaced;
  }

  /** True while the opening lead lies face down (laws mode, Law 41A). */
  public boolean openingLeadFaceDown() {
    return st.leadFaceDown;
  }

  /** True once dummy's hand is spread, to be seen by all. */
  public boolean dummyFaced() {
    return st.dummyFaced;
  }

  /** The option someone must exercise before play goes on. */
  public Optional<PlayOption> pendingOption() {
    return Optional.ofNullable(st.option);
  }

  /** The open (or, in laws mode, disputed) claim. */
  public Optional<Claim> pendingClaim() {
    return Optional.ofNullable(st.claims.open());
  }

  /** Revokes recorded so far (laws mode); the table decides when to tell them. */
  public List<Revoke> revokes() {
    return st.revokes.list();
  }

  /**
   * Laws mode: the irregularities of the play found so far, in order: leads out of turn, revokes
   * corrected (Law 62), and once play has ended each established revoke with the tricks it moves
   * (Law 64). A revoke not yet corrected or scored is not here: the Laws keep it quiet.
   */
  public List<Irregularity> irregularities() {
    Optional<PlayResult> r = result();
    if (r.isEmpty() || r.get().transfers().isEmpty()) {
      return st.found;
    }
    List<Irregularity> out = new ArrayList<>(st.found);
    for (PlayResult.Transfer t : r.get().transfers()) {
      out.add(Irregularity.revokeEstablished(t));
    }
    return List.copyOf(out);
  }

  private static List<Irregularity> found(List<Irregularity> found, Irregularity i) {
    if (found.contains(i)) {
      return found;
    }
    List<Irregularity> out = new ArrayList<>(found);
    out.add(i);
    return List.copyOf(out);
  }

  /** Rulings made in the play: Law 70 disputes (gating), Law 71 / 69B flags (after play). */
  public List<Ruling> rulings() {
    return st.claims.rulings();
  }

  public boolean isComplete() {
    return st.ending != null;
  }

  /** The outcome once play is over: 13 tricks played, or a claim accepted or ruled on. */
  public Optional<PlayResult> result() {
    if (st.ending == null) {
      return Optional.empty();
    }
    Side ds = st.declarer.side();
    PlayStatus.Ending e = st.ending;
    int byClaim = e.remaining() == 0 ? 0
        : e.claimerSide() == ds ? e.toClaimer() : e.remaining() - e.toClaimer();
    return Optional.of(new PlayResult(contract(), tricksWon(ds), byClaim, e.remaining(),
        st.revokes.transfers(done, completed, e.claimerSide(), e.toClaimer(), e.remaining())));
  }

  /** The cards {@code viewer} may see now (see {@link Visibility}). */
  public Hand visibleTo(Viewer viewer) {
    return Hand.ofBits(visibleBits(viewer));
  }

  /** {@link #visibleTo} as a mask, bit {@link Card#index()}: no allocation. */
  public long visibleBits(Viewer viewer) {
    if (st.ending != null) {
      return ALL;
    }
    if (viewer instanceof Viewer.Kibitzer k) {
      return k.policy() == Viewer.KibitzPolicy.ALL_HANDS ? ALL : publicBits();
    }
    int s = ((Viewer.Player) viewer).seat().ordinal();
    // Own hand, played or not (Law 66: one's own played cards), and what the table shows.
    long bits = deal.hand(Seat.of(s)).bits() | publicBits() | st.claims.shownTo(s);
    if (completed > 0 && countOf(current) > 0) {
      // Law 66A: the last trick until one's side has played to the next.
      boolean sidePlayed = false;
      for (int i = 0, n = countOf(current), l = leaderOf(current); i < n; i++) {
        sidePlayed |= ((l + i) & 1) == (s & 1);
      }
      if (!sidePlayed) {
        bits |= trickBits(done[completed - 1]);
      }
    }
    return bits;
  }

  /** What every seat sees: penalty cards, dummy once spread, the faced cards of the trick. */
  private long publicBits() {
    long b = st.penalties.cards();
    if (st.dummyFaced) {
      b |= hands[st.declarer.partner().ordinal()];
    }
    long trick = trickBits(current);
    if (st.leadFaceDown) {
      trick = 0;
    }
    b |= trick;
    if (countOf(current) == 0 && completed > 0) {
      b |= trickBits(done[completed - 1]);
    }
    return b;
  }

  // ---------------------------------------------------------------------------------------------
  // Playing a card

  /** Why {@code seat} may not play {@code card} now, or empty: the card would be accepted. */
  public Optional<Violation> check(Seat seat, Card card) {
    RuleViolationException e = refuse(seat, card);
    return e == null ? Optional.empty() : Optional.of(e.violation());
  }

  /** As {@link #check}, with the message. */
  public Optional<RuleViolationException> refusal(Seat seat, Card card) {
    return Optional.ofNullable(refuse(seat, card));
  }

  /**
   * {@code seat} plays {@code card}: from its own hand, or declarer from dummy's. In laws mode a
   * lead out of turn opens an {@link PlayOption} and a revoke is recorded.
   *
   * @throws RuleViolationException when the card is refused
   */
  public Play play(Seat seat, Card card) {
    RuleViolationException e = refuse(seat, card);
    if (e != null) {
      throw e;
    }
    int hand = holderFor(seat, card.index());
    if (st.option != null) {
      // Law 53A: the next hand playing to an irregular lead accepts it.
      PlayStatus ns = st.copy();
      ns.option = null;
      if (st.option.law().equals("54")) {
        ns.dummyFaced = true;
      }
      return place(ns, hand, card.index(), false);
    }
    if (hand != turnHand()) {
      return leadOutOfTurn(hand, card);
    }
    return place(st, hand, card.index(), false);
  }

  /**
   * Laws mode: the opening leader leads face down (Law 41A). Play waits for {@link #faceLead()};
   * the lead may be withdrawn only on the director's instruction ({@link #withdrawFaceDownLead()}).
   */
  public Play leadFaceDown(Seat seat, Card card) {
    if (mode != Mode.LAWS) {
      throw new RuleViolationException(
          Violation.NOT_IN_THIS_MODE, "online leads are faced at once");
    }
    if (st.leadFaced || cardsPlayed() > 0) {
      throw new RuleViolationException(
          Violation.OUT_OF_TURN, "only the opening lead is made face down");
    }
    RuleViolationException e = refuse(seat, card);
    if (e != null) {
      throw e;
    }
    int hand = holderFor(seat, card.index());
    if (hand != turnHand() || st.option != null) {
      throw new RuleViolationException(Violation.OUT_OF_TURN, turnMessage());
    }
    return place(st, hand, card.index(), true);
  }

  /** Faces a face-down opening lead: the auction period ends and dummy is spread. */
  public Play faceLead() {
    if (!st.leadFaceDown) {
      throw new RuleViolationException(Violation.NO_DECISION_PENDING, "no lead is face down");
    }
    PlayStatus ns = st.copy();
    ns.leadFaceDown = false;
    ns.leadFaced = true;
    ns.dummyFaced = true;
    return with(ns);
  }

  /** Returns a face-down opening lead to the leader's hand, on the director's instruction. */
  public Play withdrawFaceDownLead() {
    if (!st.leadFaceDown) {
      throw new RuleViolationException(Violation.NO_DECISION_PENDING, "no lead is face down");
    }
    Play base = rewind(0);
    return base.revertedFrom(this, base.mergedFrom(this));
  }

  private RuleViolationException refuse(Seat seat, Card card) {
    Require.nonNull("seat card", seat, card);
    if (st.ending != null) {
      return notPlaying();
    }
    if (st.claims.open() != null) {
      return new RuleViolationException(Violation.CLAIM_PENDING, "play is suspended");
    }
    if (seat == st.declarer.partner()) {
      return new RuleViolationException(
          Violation.DUMMY_CANNOT_PLAY, "declarer plays dummy's cards");
    }
    int idx = card.index();
    int hand = holderFor(seat, idx);
    if (hand < 0) {
      return new RuleViolationException(
          Violation.CARD_NOT_HELD, card.symbol() + " is not in the hand");
    }
    if (st.leadFaceDown) {
      return new RuleViolationException(
          Violation.DECISION_PENDING, "the opening lead is face down: it must be faced first");
    }
    int count = countOf(current);
    int turn = turnHand();
    if (st.option != null) {
      if (!(st.option.isLeadOutOfTurn() && hand == turn && count == 1)) {
        return st.pendingDecision();
      }
    } else if (hand != turn) {
      if (mode == Mode.ONLINE || count != 0
          || (completed == 0 && hand != Seat.of(turn).partner().ordinal())) {
        return new RuleViolationException(Violation.OUT_OF_TURN, turnMessage());
      }
      return null; // laws mode: a lead out of turn, recorded with an option
    }
    long h = hands[hand];
    int suit = idx / 13;
    if (count > 0) {
      int led = cardAt(current, 0) / 13;
      if (suit != led && (h & suitMask(led)) != 0) {
        if (mode == Mode.ONLINE) {
          return new RuleViolationException(
              Violation.REVOKE, "you must follow suit (" + Suit.of(led).symbol() + ")");
        }
        return null; // laws mode: a revoke, recorded
      }
    } else {
      RuleViolationException e = st.penalties.leadRefusal(hand, h, suit);
      if (e != null) {
        return e;
      }
    }
    return (st.penalties.cards() & h) != 0 ? st.penalties.cardRefusal(legalMask(hand), idx) : null;
  }

  private String turnMessage() {
    return "it is " + Seat.of(turnHand()) + "'s turn to play";
  }

  /** The hand {@code seat} plays {@code card} from, or -1 if it holds no such card. */
  private int holderFor(Seat seat, int idx) {
    long bit = 1L << idx;
    int s = seat.ordinal();
    if ((hands[s] & bit) != 0) {
      return s;
    }
    int dummy = st.declarer.partner().ordinal();
    if (seat == st.declarer && (hands[dummy] & bit) != 0) {
      return dummy;
    }
    return -1;
  }

  private long legalMask(int hand) {
    long h = hands[hand];
    long legal = h;
    boolean leading = countOf(current) == 0;
    if (!leading) {
      long f = h & suitMask(cardAt(current, 0) / 13);
      if (f != 0) {
        legal = f;
      }
    }
    return st.penalties.legal(hand, legal, leading);
  }

  /** Puts a card from {@code hand} on the trick: the one way a card is played in turn. */
  private Play place(PlayStatus s, int hand, int idx, boolean faceDown) {
    long bit = 1L << idx;
    long[] h = hands.clone();
    h[hand] &= ~bit;
    PlayStatus ns = s;
    int count = countOf(current);
    int trickNo = completed + 1;
    if (count == 0) {
      if (completed == 0 && (faceDown || !ns.dummyFaced)) {
        // The opening lead in turn: faced, it spreads dummy (after a refused lead out of turn too).
        ns = ns == st ? ns.copy() : ns;
        ns.leadFaceDown = faceDown;
        ns.leadFaced |= !faceDown;
        ns.dummyFaced = !faceDown;
      }
      Penalties p = ns.penalties.led(hand);
      if (p != ns.penalties) {
        ns = ns == st ? ns.copy() : ns;
        ns.penalties = p;
      }
    } else {
      int led = cardAt(current, 0) / 13;
      if (idx / 13 != led && (hands[hand] & suitMask(led)) != 0) {
        ns = ns == st ? ns.copy() : ns;
        boolean faced = hand == ns.declarer.partner().ordinal()
            || (hands[hand] & suitMask(led) & (ns.penalties.cards() | ns.claims.shownAll())) != 0;
        ns.revokes = ns.revokes.recorded(
            new Revoke(trickNo, Seat.of(hand), Suit.of(led), Card.of(idx), faced, false, false));
      }
    }
    Penalties p = ns.penalties.played(idx);
    if (p != ns.penalties) {
      ns = ns == st ? ns.copy() : ns;
      ns.penalties = p;
    }
    Revokes rs = ns.revokes.playedBy(Seat.of(hand).side(), trickNo);
    if (rs != ns.revokes) {
      ns = ns == st ? ns.copy() : ns;
      ns.revokes = rs;
    }
    int t = add(current, idx);
    if (count < 3) {
      return new Play(deal, contract, mode, trump, h, done, completed, t, nsWon, this, ns);
    }
    int winner = winnerOf(t);
    int[] d = done.clone();
    d[completed] = t | (winner << 29);
    int c = completed + 1;
    p = ns.penalties.trickWonBy(winner);
    if (p != ns.penalties) {
      ns = ns == st ? ns.copy() : ns;
      ns.penalties = p;
    }
    if (c == 13) {
      ns = ns == st ? ns.copy() : ns;
      ns.ending = new PlayStatus.Ending(Side.NS, 0, 0, null);
    } else if (ns.penalties.mayOfferLeadOption()) {
      ns = ns == st ? ns.copy() : ns;
      offerLeadOptions(ns, h, winner, c + 1);
    }
    int ns2 = nsWon + ((winner & 1) == 0 ? 1 : 0);
    return new Play(deal, contract, mode, trump, h, d, c, winner, ns2, this, ns);
  }

  /** Laws mode: a lead by the wrong hand, left on the table until the option is exercised. */
  private Play leadOutOfTurn(int hand, Card card) {
    PlayStatus ns = st.copy();
    Seat offender = Seat.of(hand);
    Seat decl = ns.declarer;
    if (completed == 0) {
      ns.leadFaced = true; // the auction period is over (Law 54 applies in the play period)
      ns.option = new PlayOption("54", offender, Optional.of(card), Set.of(decl),
          List.of(PlayChoice.ACCEPT_AND_DECLARE, PlayChoice.ACCEPT_AS_DUMMY, PlayChoice.REFUSE));
    } else if (offender.side() != decl.side()) {
      ns.option = new PlayOption("53", offender, Optional.of(card), Set.of(decl),
          List.of(PlayChoice.ACCEPT, PlayChoice.REFUSE));
    } else {
      // Law 55A: either defender; if they differ the one next in turn decides (the table asks him).
      ns.option = new PlayOption("55", offender, Optional.of(card), Set.of(decl.lho(), decl.rho()),
          List.of(PlayChoice.ACCEPT, PlayChoice.REFUSE));
    }
    ns.found = found(ns.found, ns.option.irregularity().orElseThrow());
    long[] h = hands.clone();
    h[hand] &= ~(1L << card.index());
    ns.penalties = ns.penalties.played(card.index()); // played, or a penalty card again if refused
    return new Play(deal, contract, mode, trump, h, done, completed, add(hand, card.index()), nsWon,
        this, ns);
  }

  // ---------------------------------------------------------------------------------------------
  // Options (laws mode)

  /** {@code seat} exercises the pending option with {@code choice}. */
  public Play choose(Seat seat, PlayChoice choice) {
    Require.nonNull("seat choice", seat, choice);
    if (st.ending != null) {
      throw notPlaying();
    }
    PlayOption o = st.option;
    if (o == null) {
      // Law 55A: if the defenders choose differently, the one next in turn after the lead decides.
      PlayOption was = previous == null ? null : previous.st.option;
      if (was != null && was.law().equals("55") && st.chosenBy != null && st.chosenBy != seat
          && seat == was.offender().lho()) {
        return previous.choose(seat, choice);
      }
      throw new RuleViolationException(Violation.NO_DECISION_PENDING, "nothing to decide");
    }
    if (!o.holders().contains(seat)) {
      throw new RuleViolationException(Violation.NOT_ENTITLED,
          "the option of Law " + o.law() + " is " + o.holders().stream().sorted()
              .map(Seat::toString).toList() + "'s");
    }
    if (!o.choices().contains(choice)) {
      throw new IllegalArgumentException(
          "'" + choice + "' is not a choice of Law " + o.law() + ": " + o.choices());
    }
    PlayStatus ns = st.copy();
    ns.option = null;
    ns.chosenBy = seat;
    if (o.isLeadOutOfTurn()) {
      switch (choice.kind()) {
        case ACCEPT, ACCEPT_AND_DECLARE:
          ns.dummyFaced |= o.law().equals("54");
          return with(ns);
        case ACCEPT_AS_DUMMY:
          ns.declarer = ns.declarer.partner(); // Law 54A: declarer's partner becomes declarer
          ns.dummyFaced = true;
          return with(ns);
        default:
          return refuseLead(o, seat);
      }
    }
    int leader = leaderOf(current);
    int trickNo = completed + 1;
    ns.penalties = st.penalties.chosen(o.law(), Seat.of(leader), choice, trickNo,
        hands[(leader + 2) & 3]);
    offerLeadOptions(ns, hands, leader, trickNo);
    return with(ns);
  }

  /** Laws 54D, 55B, 56: the irregular lead goes back; a defender's becomes a major penalty card. */
  private Play refuseLead(PlayOption o, Seat chooser) {
    Play base = rewind(cardsPlayed() - 1);
    PlayStatus ns = base.mergedFrom(this);
    Card card = o.card().orElseThrow();
    if (o.offender().side() != ns.declarer.side()) {
      ns.penalties = ns.penalties.withCards(1L << card.index());
    }
    ns.chosenBy = chooser;
    offerLeadOptions(ns, base.hands, leaderOf(base.current), base.completed + 1);
    // This state stays the previous one, so that the other defender may still overrule (55A).
    return new Play(deal, contract, mode, trump, base.hands, base.done, base.completed,
        base.current, base.nsWon, this, ns);
  }

  /** Opens the next lead option for {@code leader}, if any: Law 26 first, then Law 50D2. */
  private static void offerLeadOptions(PlayStatus ns, long[] h, int leader, int trickNo) {
    if (ns.option == null) {
      ns.option =
          ns.penalties.leadOption(Seat.of(leader), ns.declarer, h[(leader + 2) & 3], trickNo);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Revokes (laws mode)

  /**
   * Attention is drawn to a revoke: the latest one not yet established (or on trick 12, Law 62D)
   * is corrected (Law 62). The revoke card goes back to the offender's hand (a defender's as a
   * major penalty card); cards played after it return too, the offender's partner's (a defender's)
   * as penalty cards; the offender then plays again.
   */
  public Play correctRevoke(Seat caller) {
    Objects.requireNonNull(caller, "caller");
    Revoke r = st.revokes.correctable();
    if (r == null) {
      throw new RuleViolationException(Violation.NO_REVOKE, "no revoke can be corrected now");
    }
    if (caller == dummy() && st.ending == null && r.offender().side() != caller.side()) {
      throw new RuleViolationException(Violation.NOT_ENTITLED,
          "dummy may not draw attention to an irregularity during play (Law 43A1b)");
    }
    int trickStart = (r.trick() - 1) * 4;
    int trickPacked = r.trick() <= completed ? done[r.trick() - 1] : current;
    int pos = -1;
    for (int i = 0; i < countOf(trickPacked); i++) {
      if (cardAt(trickPacked, i) == r.card().index()) {
        pos = i;
      }
    }
    Play base = rewind(trickStart + pos);
    PlayStatus ns = base.mergedFrom(this);
    ns.revokes = base.st.revokes.corrected(r);
    boolean defender = r.offender().side() != ns.declarer.side();
    ns.found = found(ns.found, Irregularity.revokeCorrected(r, defender));
    if (defender) {
      long pc = 1L << r.card().index();
      int partner = r.offender().partner().ordinal();
      for (int i = pos + 1; i < countOf(trickPacked); i++) {
        if (((leaderOf(trickPacked) + i) & 3) == partner) {
          pc |= 1L << cardAt(trickPacked, i); // Law 62C2
        }
      }
      ns.penalties = ns.penalties.withCards(pc);
    }
    return base.revertedFrom(this, ns);
  }

  // ---------------------------------------------------------------------------------------------
  // Claims (Laws 68-71): the transitions and the search for sure tricks are Claiming's

  /** Why {@code seat} may not claim {@code tricks} of the remaining tricks now, or empty. */
  public Optional<RuleViolationException> claimRefusal(Seat seat, int tricks) {
    return Claiming.refusal(st, seat, tricks, 13 - completed);
  }

  /**
   * {@code seat} claims {@code tricks} of the remaining tricks (the trick in progress counts) and
   * concedes the rest. Play is suspended; the claimer's hand is shown to those who answer.
   */
  public Play claim(Seat seat, int tricks, String statement) {
    Objects.requireNonNull(seat, "seat");
    return with(Claiming.claim(st, seat, tricks, statement, 13 - completed, cardsPlayed(),
        hands[seat.ordinal()]));
  }

  /** True when the open claim waits for {@code seat}'s answer (Law 68B): asked, not yet given. */
  public boolean awaitsClaimAnswer(Seat seat) {
    return st.ending == null && st.claims.awaits(seat, st.declarer);
  }

  /** The seats that answer a claim by {@code claimer} (Law 68B). */
  public Set<Seat> responders(Seat claimer) {
    return Claims.responders(st.declarer, claimer);
  }

  /**
   * {@code seat} accepts or rejects the open claim. Declarer's claim needs both defenders; a
   * defender's needs declarer, and the claimer's partner may object (Law 68B2: then there is no
   * claim). A rejection voids the claim online; in laws mode it opens a Law 70 ruling.
   */
  public Play respondToClaim(Seat seat, boolean accept) {
    return respondToClaim(seat, accept, SureTricks.UNRECORDED);
  }

  /** As {@link #respondToClaim(Seat, boolean)}, with the claim search's recorded answers. */
  public Play respondToClaim(Seat seat, boolean accept, SureTricks sure) {
    return with(Claiming.respond(st, mode, seat, accept, sure, this::leastTricks));
  }

  /** The Law 70 choice that voids a disputed claim when all four agree to play on (68D2b). */
  public static final String PLAY_ON = Claims.PLAY_ON;

  /** Laws mode, a disputed claim: {@code seat} agrees to play on; with all four, play resumes. */
  public Play agreeToPlayOn(Seat seat) {
    return with(Claiming.agreeToPlayOn(st, seat));
  }

  /**
   * Laws mode, a disputed claim: the director (or the default, after the table's timeout) gives
   * the claimer's side {@code tricks} of the remaining tricks; play ends (Law 70).
   */
  public Play ruleOnClaim(int tricks, Ruling.DecidedBy by) {
    return ruleOnClaim(tricks, by, SureTricks.UNRECORDED);
  }

  /** As {@link #ruleOnClaim(int, Ruling.DecidedBy)}, with the search's recorded answers. */
  public Play ruleOnClaim(int tricks, Ruling.DecidedBy by, SureTricks sure) {
    return with(Claiming.rule(st, tricks, by, sure, this::leastTricks));
  }

  /**
   * Decides one of the play's rulings: a disputed claim (Law 70) by the number of tricks the
   * claimer's side gets, or {@link #PLAY_ON}; the others (Laws 69B, 71) are recorded, and the
   * table turns their decision into a score adjustment.
   */
  public Play decide(int rulingId, String choice, Ruling.DecidedBy by) {
    return decide(rulingId, choice, by, SureTricks.UNRECORDED);
  }

  /** As {@link #decide(int, String, Ruling.DecidedBy)}, with the search's recorded answers. */
  public Play decide(int rulingId, String choice, Ruling.DecidedBy by, SureTricks sure) {
    return with(Claiming.decide(st, rulingId, choice, by, sure, this::leastTricks));
  }

  /** {@link #guaranteed(Side, long)}, for the claim's transitions. */
  private OptionalInt leastTricks(Side side, long nodes) {
    return guaranteed(side, nodes);
  }

  /**
   * Tricks {@code side} wins of the remaining ones under every legal play, if the search ends
   * within {@link #SEARCH_NODES}.
   */
  public OptionalInt guaranteed(Side side) {
    return guaranteed(side, SEARCH_NODES);
  }

  /**
   * The same, if the search ends within {@code nodes} solver nodes: as the table judges a claim
   * (its Limits.CLAIM_SEARCH_NODES), the same answer on any machine, loaded or idle.
   */
  public OptionalInt guaranteed(Side side, long nodes) {
    Map<Seat, Hand> unplayed = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      unplayed.put(s, remaining(s));
    }
    return Claiming.leastTricks(unplayed, trump < 0 ? null : Suit.of(trump), currentTrick(),
        side, nodes);
  }

  // ---------------------------------------------------------------------------------------------
  // Undo (Laws 45C4b, 47D)

  /**
   * Why {@code seat} may not take back its last card now, or empty. The table's policy decides
   * whether to ask the opponents or the director; this is only the mechanics: a card of the
   * current trick, before the seat's side has played again, never across a claim.
   */
  public Optional<RuleViolationException> undoRefusal(Seat seat) {
    Objects.requireNonNull(seat, "seat");
    Optional<RuleViolationException> held = st.heldUp();
    if (held.isPresent()) {
      return held;
    }
    TakeBack tb = takeBack(seat);
    return tb.refusal() == null ? Optional.empty()
        : Optional.of(new RuleViolationException(Violation.UNDO_NOT_ALLOWED, tb.refusal()));
  }

  /** {@code seat} takes back its last card; a card an opponent played after it goes back too. */
  public Play undo(Seat seat) {
    undoRefusal(seat).ifPresent(e -> {
      throw e;
    });
    Play base = rewind(takeBack(seat).card());
    return base.revertedFrom(this, base.mergedFrom(this));
  }

  /** The card {@code seat} may take back, from the trick in progress or else the last one. */
  private TakeBack takeBack(Seat seat) {
    boolean inProgress = countOf(current) > 0;
    int trick = inProgress ? current : completed > 0 ? done[completed - 1] : 0;
    int trickNo = inProgress ? completed + 1 : completed;
    return TakeBack.of(seat, st.declarer, st.leadFaceDown, trick, trickNo, st.claims.lastAt());
  }

  // ---------------------------------------------------------------------------------------------
  // Internals

  /** The latest state in this one's history with {@code cards} cards played. */
  private Play rewind(int cards) {
    Play p = this;
    while (p.cardsPlayed() > cards) {
      p = p.previous;
    }
    if (p.cardsPlayed() != cards) {
      throw new IllegalStateException("no state with " + cards + " cards in the history");
    }
    return p;
  }

  /**
   * This (an earlier) state's status, keeping what cannot be taken back from {@code later}: cards
   * shown, rulings, the faced opening lead, penalty cards, the last claim.
   */
  private PlayStatus mergedFrom(Play later) {
    PlayStatus ns = st.copy();
    ns.found = later.st.found;          // what was found stays found, cards taken back or not
    ns.claims = later.st.claims.withOpen(st.claims.open());
    ns.leadFaced |= later.st.leadFaced;
    ns.penalties = st.penalties.withCards(later.st.penalties.cards());
    return ns;
  }

  /** This earlier position with status {@code ns}, replacing {@code later} in the history. */
  private Play revertedFrom(Play later, PlayStatus ns) {
    return new Play(
        deal, contract, mode, trump, hands, done, completed, current, nsWon, previous, ns);
  }

  /** The same position with a new status. */
  private Play with(PlayStatus ns) {
    return new Play(deal, contract, mode, trump, hands, done, completed, current, nsWon, this, ns);
  }

  private int turnHand() {
    return (leaderOf(current) + countOf(current)) & 3;
  }

  private int winnerOf(int t) {
    return PackedTrick.winner(t, trump);
  }

  private Trick trick(int t, int number, boolean complete) {
    List<Card> cards = new ArrayList<>(4);
    for (int i = 0; i < countOf(t); i++) {
      cards.add(Card.of(cardAt(t, i)));
    }
    Optional<Seat> w = complete ? Optional.of(Seat.of((t >>> 29) & 3)) : Optional.empty();
    return new Trick(number, Seat.of(leaderOf(t)), cards, w);
  }

  /** {@code ♥K}. */
  @Override
  public String toString() {
    return "Play[" + contract() + ", trick " + (completed + 1) + ", " + currentTrick().cards()
        + ", NS " + nsWon + " EW " + (completed - nsWon) + "]";
  }
}
