package org.tenace.server.engine;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;
import org.tenace.solver.DoubleDummy;
import org.tenace.solver.Position;

/**
 * The claim transitions of a play (Laws 68-71): a claim, its answers, playing on, the Law 70
 * ruling and the others' decisions, and the double-dummy search that says which tricks are sure.
 * Each transition takes the play's status and returns the next one (or refuses); the play wraps
 * it in its next state and keeps the cards. The claim's own state is {@link Claims}'s.
 */
final class Claiming {
  private Claiming() {}

  /**
   * The tricks {@code side} wins of the remaining ones under every legal play, if the search
   * ends within {@code nodes} solver nodes.
   */
  interface Search {
    OptionalInt leastTricks(Side side, long nodes);
  }

  /** Why {@code seat} may not claim {@code tricks} of the {@code remaining} tricks, or empty. */
  static Optional<RuleViolationException> refusal(PlayStatus st, Seat seat, int tricks,
      int remaining) {
    Optional<RuleViolationException> held = st.heldUp();
    if (held.isPresent()) {
      return held;
    }
    if (st.leadFaceDown) {
      return Optional.of(new RuleViolationException(
          Violation.DECISION_PENDING, "the opening lead is face down: it must be faced first"));
    }
    return Optional.ofNullable(Claims.refusal(seat, st.declarer.partner(), tricks, remaining));
  }

  /**
   * {@code seat} claims {@code tricks} of the {@code remaining} tricks, {@code cardsPlayed} cards
   * into the play, showing {@code hand} (its unplayed cards) to those who answer.
   */
  static PlayStatus claim(PlayStatus st, Seat seat, int tricks, String statement, int remaining,
      int cardsPlayed, long hand) {
    refusal(st, seat, tricks, remaining).ifPresent(e -> {
      throw e;
    });
    PlayStatus ns = st.copy();
    Claim c = new Claim(seat, tricks, remaining, Objects.requireNonNullElse(statement, ""),
        Set.of(), false, Set.of());
    ns.claims = st.claims.made(c, cardsPlayed, st.declarer, hand);
    ns.revokes = ns.revokes.claimedBy(seat.side());
    return ns;
  }

  /** {@code seat} accepts or rejects the open claim (Law 68B; a rejection in laws mode: 70). */
  static PlayStatus respond(PlayStatus st, Mode mode, Seat seat, boolean accept, SureTricks sure,
      Search search) {
    Objects.requireNonNull(seat, "seat");
    Claim c = st.claims.open();
    if (st.ending != null) {
      throw PlayStatus.notPlaying();
    }
    if (c == null || c.disputed()) {
      throw new RuleViolationException(Violation.NO_CLAIM_PENDING, "no claim is open");
    }
    Set<Seat> responders = Claims.responders(st.declarer, c.claimer());
    if (!responders.contains(seat)) {
      throw new RuleViolationException(Violation.NOT_ENTITLED,
          responders.stream().sorted().map(Seat::toString).toList() + " answer this claim");
    }
    PlayStatus ns = st.copy();
    if (accept) {
      Claim a = c.accept(seat);
      ns.revokes = ns.revokes.claimedBy(seat.side());
      if (!Claims.agreed(a, st.declarer)) {
        ns.claims = st.claims.withOpen(a);
        return ns;
      }
      return endByClaim(st, ns, a, a.tricks(), sure, search);
    }
    boolean partnerObjects = c.claimer() != st.declarer && seat == c.claimer().partner();
    if (mode == Mode.ONLINE || partnerObjects) {
      ns.claims = st.claims.withOpen(null); // void: play resumes
      return ns;
    }
    ns.claims = st.claims.disputed(seat, side -> sure(st, side, sure, search));
    return ns;
  }

  /** Laws mode, a disputed claim: {@code seat} agrees to play on; with all four, play resumes. */
  static PlayStatus agreeToPlayOn(PlayStatus st, Seat seat) {
    Claim c = st.claims.open();
    if (c == null || !c.disputed()) {
      throw new RuleViolationException(Violation.NO_CLAIM_PENDING, "no disputed claim");
    }
    PlayStatus ns = st.copy();
    Claim a = c.agreeToPlayOn(seat);
    ns.claims = a.agreedToPlayOn().size() < 4
        ? st.claims.withOpen(a) : st.claims.ruled(Claims.PLAY_ON, Ruling.DecidedBy.TABLE);
    return ns;
  }

  /** Laws mode, a disputed claim: the claimer's side gets {@code tricks}; play ends (Law 70). */
  static PlayStatus rule(PlayStatus st, int tricks, Ruling.DecidedBy by, SureTricks sure,
      Search search) {
    Claim c = st.claims.open();
    if (c == null || !c.disputed()) {
      throw new RuleViolationException(Violation.NO_CLAIM_PENDING, "no disputed claim");
    }
    if (tricks < 0 || tricks > c.remaining()) {
      throw new RuleViolationException(Violation.BAD_CLAIM,
          "a ruling gives 0.." + c.remaining() + " of the remaining tricks: " + tricks);
    }
    PlayStatus ns = st.copy();
    ns.claims = st.claims.ruled(String.valueOf(tricks), by);
    return endByClaim(st, ns, c, tricks, sure, search);
  }

  /** Decides one of the play's rulings: Law 70 by tricks or {@link Claims#PLAY_ON}, 69B, 71. */
  static PlayStatus decide(PlayStatus st, int rulingId, String choice, Ruling.DecidedBy by,
      SureTricks sure, Search search) {
    Require.nonNull("choice by", choice, by);
    Ruling r = st.claims.ruling(rulingId)
        .orElseThrow(() -> new IllegalArgumentException("no ruling " + rulingId + " in the play"));
    if (!r.choices().contains(choice)) {
      throw new IllegalArgumentException(
          "'" + choice + "' is not a choice of ruling " + rulingId + ": " + r.choices());
    }
    if (r.law().equals("70") && !r.isDecided()) {
      if (choice.equals(Claims.PLAY_ON)) {
        PlayStatus ns = st.copy();
        ns.claims = st.claims.ruled(Claims.PLAY_ON, by);
        return ns;
      }
      return rule(st, Integer.parseInt(choice), by, sure, search);
    }
    PlayStatus ns = st.copy();
    ns.claims = st.claims.decided(rulingId, choice, by);
    return ns;
  }

  /** {@code ns}, built from {@code st}, with play ended by claim {@code c}. */
  private static PlayStatus endByClaim(PlayStatus st, PlayStatus ns, Claim c, int toClaimer,
      SureTricks sure, Search search) {
    ns.ending = new PlayStatus.Ending(c.claimer().side(), toClaimer, c.remaining(), c);
    ns.claims = ns.claims.settled(c, toClaimer, side -> sure(st, side, sure, search));
    return ns;
  }

  /**
   * The search's answer for {@code side} ({@code st}: the status the transition started from):
   * found at the claim's dispute, recorded with the action, asked of the table, or (an action
   * with none recorded) searched here within the node budget.
   */
  private static OptionalInt sure(PlayStatus st, Side side, SureTricks sure, Search search) {
    Optional<OptionalInt> known = st.claims.found().of(side).or(() -> sure.of(side));
    if (known.isPresent()) {
      return known.get();
    }
    if (!sure.recorded()) {
      return search.leastTricks(side, SureTricks.SEARCH_NODES);
    }
    throw new SureTricks.Needed(side, sure, nodes -> search.leastTricks(side, nodes));
  }

  /**
   * The tricks {@code side} wins of the remaining ones under every legal play, from the
   * {@code unplayed} hands, {@code trump} (null: notrump) and the trick in progress, if the
   * search ends within {@code nodes} solver nodes.
   */
  static OptionalInt leastTricks(Map<Seat, Hand> unplayed, Suit trump, Trick current, Side side,
      long nodes) {
    Position p = new Position(unplayed, trump, current.leader(), current.cards());
    try {
      // A small solver per question: tables run on different threads, and claims are rare.
      DoubleDummy dd = new DoubleDummy(14);
      return OptionalInt.of(dd.leastTricks(p, side, nodes));
    } catch (DoubleDummy.BudgetExceeded e) {
      return OptionalInt.empty();
    }
  }
}
