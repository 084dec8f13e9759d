package org.tenace.server.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;

/**
 * The claims of one play (Laws 68-71): the open claim, the cards claimers faced (Law 68C), and
 * the rulings claims gave rise to: Law 70 for a dispute, Laws 71 and 69B flags once play ends.
 * An immutable value; the play holds it and asks it for each claim transition.
 */
final class Claims {
  /** The Law 70 choice that voids a disputed claim when all four agree to play on (68D2b). */
  static final String PLAY_ON = "play on";

  private final Claim open;
  private final int lastAt;
  private final long[] shown; // by seat: the claimers' cards faced to it; never written once set
  private final List<Ruling> rulings;
  private final int nextRulingId;
  /** The claim search's answers at the open claim's position (its dispute's), for its ruling. */
  private final SureTricks found;

  private Claims(Claim open, int lastAt, long[] shown, List<Ruling> rulings, int nextRulingId,
      SureTricks found) {
    this.open = open;
    this.lastAt = lastAt;
    this.shown = shown;
    this.rulings = rulings;
    this.nextRulingId = nextRulingId;
    this.found = open == null ? SureTricks.NONE_YET : found;
  }

  /** No claim yet; rulings are numbered from {@code firstRulingId}. */
  static Claims none(int firstRulingId) {
    return new Claims(null, -1, new long[4], List.of(), firstRulingId, SureTricks.NONE_YET);
  }

  /**
   * What the claim search found at the open claim's position: the position stays until the claim
   * is settled or void, so the Law 70 ruling reuses its dispute's answer.
   */
  SureTricks found() {
    return found;
  }

  /** The open (or, in laws mode, disputed) claim; null when there is none. */
  Claim open() {
    return open;
  }

  /** Cards played when the last claim was made, -1 before any: no take-back crosses it. */
  int lastAt() {
    return lastAt;
  }

  List<Ruling> rulings() {
    return rulings;
  }

  /** The cards faced to {@code seat} (an ordinal) by claimers. */
  long shownTo(int seat) {
    return shown[seat];
  }

  /** The cards faced by claimers to anyone: a revoke of one of them is of a faced card (64B3). */
  long shownAll() {
    return shown[0] | shown[1] | shown[2] | shown[3];
  }

  /** The seats that answer a claim by {@code claimer} (Law 68B). */
  static Set<Seat> responders(Seat declarer, Seat claimer) {
    return claimer == declarer ? Set.of(claimer.lho(), claimer.rho())
        : Set.of(declarer, claimer.partner());
  }

  /** Why {@code seat} may not claim {@code tricks} of {@code remaining} tricks, or null. */
  static RuleViolationException refusal(Seat seat, Seat dummy, int tricks, int remaining) {
    if (seat == dummy) {
      return new RuleViolationException(
          Violation.NOT_ENTITLED, "dummy does not claim; declarer claims for his side");
    }
    if (tricks < 0 || tricks > remaining) {
      return new RuleViolationException(Violation.BAD_CLAIM,
          "a claim is 0.." + remaining + " of the " + remaining + " remaining tricks: " + tricks);
    }
    return null;
  }

  /** True when the open claim waits for {@code seat}'s answer (Law 68B): asked, not yet given. */
  boolean awaits(Seat seat, Seat declarer) {
    return open != null && !open.disputed()
        && responders(declarer, open.claimer()).contains(seat) && !open.accepted().contains(seat);
  }

  /** True once {@code c} is accepted: declarer's by both defenders, a defender's by declarer. */
  static boolean agreed(Claim c, Seat declarer) {
    return c.claimer() == declarer
        ? c.accepted().containsAll(responders(declarer, c.claimer()))
        : c.accepted().contains(declarer);
  }

  /** Claim {@code c} is made after {@code cardsPlayed} cards; the claimer faces his hand (68C). */
  Claims made(Claim c, int cardsPlayed, Seat declarer, long claimerHand) {
    long[] s = shown.clone();
    for (Seat r : responders(declarer, c.claimer())) {
      s[r.ordinal()] |= claimerHand;
    }
    return new Claims(c, cardsPlayed, s, rulings, nextRulingId, SureTricks.NONE_YET);
  }

  /** The same, with {@code c} open (an answer recorded) or none (the claim void). */
  Claims withOpen(Claim c) {
    return new Claims(c, lastAt, shown, rulings, nextRulingId, found);
  }

  /**
   * Laws mode: {@code seat} disputes the open claim; a Law 70 ruling opens, its default the
   * claimed tricks, or fewer if the claimer's side cannot be sure of them ({@code sure}).
   */
  Claims disputed(Seat seat, Function<Side, OptionalInt> sure) {
    Claim c = open;
    OptionalInt s = sure.apply(c.claimer().side());
    int dflt = s.isPresent() ? Math.min(c.tricks(), s.getAsInt()) : c.tricks();
    List<String> choices = new ArrayList<>();
    for (int i = 0; i <= c.remaining(); i++) {
      choices.add(String.valueOf(i));
    }
    choices.add(PLAY_ON);
    Ruling r = Ruling.open(nextRulingId, "70",
        c.claimer() + " claims " + c.tricks() + " of the " + c.remaining() + " remaining tricks"
            + (c.statement().isEmpty() ? "" : " (\"" + c.statement() + "\")") + "; " + seat
            + " disputes it. How many of the " + c.remaining() + " go to " + c.claimer().side()
            + "? (doubt against the claimer, Law 70A"
            + (s.isPresent() ? "; " + s.getAsInt() + " cannot be lost" : "") + ")",
        choices, String.valueOf(dflt), true);
    return new Claims(c.dispute(), lastAt, shown, append(rulings, r), nextRulingId + 1,
        found.with(c.claimer().side(), s));
  }

  /** The open Law 70 ruling is decided with {@code choice}: tricks, or {@link #PLAY_ON}. */
  Claims ruled(String choice, Ruling.DecidedBy by) {
    List<Ruling> rs = new ArrayList<>(rulings);
    for (int i = rs.size() - 1; i >= 0; i--) {
      if (rs.get(i).law().equals("70") && !rs.get(i).isDecided()) {
        rs.set(i, rs.get(i).decide(choice, by));
        break;
      }
    }
    Claim o = choice.equals(PLAY_ON) ? null : open;
    return new Claims(o, lastAt, shown, List.copyOf(rs), nextRulingId, found);
  }

  /** The ruling {@code id} of the play, if there is one. */
  Optional<Ruling> ruling(int id) {
    return rulings.stream().filter(x -> x.id() == id).findFirst();
  }

  /** A Law 69B or 71 ruling is decided: recorded; the table adjusts the score. */
  Claims decided(int id, String choice, Ruling.DecidedBy by) {
    List<Ruling> rs = new ArrayList<>(rulings);
    rs.replaceAll(x -> x.id() == id ? x.decide(choice, by) : x);
    return new Claims(open, lastAt, shown, List.copyOf(rs), nextRulingId, found);
  }

  /**
   * Claim {@code c} settles the remaining tricks, {@code toClaimer} to the claimer's side. A
   * concession of tricks no legal play could lose is flagged for the director (Laws 69B, 71).
   */
  Claims settled(Claim c, int toClaimer, Function<Side, OptionalInt> sure) {
    Side cs = c.claimer().side();
    List<Ruling> rs = rulings;
    int id = nextRulingId;
    // A side that concedes nothing needs no search (it is the costly part of a claim).
    OptionalInt claimerSure = toClaimer == c.remaining() ? OptionalInt.empty() : sure.apply(cs);
    if (claimerSure.isPresent() && claimerSure.getAsInt() > toClaimer) {
      rs = append(rs, Ruling.open(id++, "71",
          c.claimer() + "'s side conceded " + (claimerSure.getAsInt() - toClaimer)
              + " trick(s) it could not lose under any legal play. Cancel the concession?",
          List.of("stands", "cancel"), "stands", false));
    }
    OptionalInt otherSure = toClaimer == 0 ? OptionalInt.empty() : sure.apply(cs.opponents());
    if (otherSure.isPresent() && otherSure.getAsInt() > c.remaining() - toClaimer) {
      rs = append(rs, Ruling.open(id++, "69B",
          cs.opponents() + " agreed to lose " + (otherSure.getAsInt() - (c.remaining() - toClaimer))
              + " trick(s) they could not lose under any legal play. Withdraw the acquiescence?",
          List.of("stands", "withdraw"), "stands", false));
    }
    return new Claims(null, lastAt, shown, rs, id, SureTricks.NONE_YET);
  }

  private static <T> List<T> append(List<T> list, T item) {
    List<T> out = new ArrayList<>(list);
    out.add(item);
    return List.copyOf(out);
  }
}
