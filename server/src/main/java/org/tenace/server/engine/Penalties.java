package org.tenace.server.engine;

import static org.tenace.server.engine.PackedTrick.suitMask;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * What the play enforces of the penalties in laws mode: the major penalty cards on the table (Law
 * 50), the Law 26 lead penalties the auction left, and the lead restrictions declarer chose from
 * either (Laws 26, 50D2). Cards are 52-bit masks and hands seat ordinals, as in the play. An
 * immutable value; a change that changes nothing returns the same value.
 */
final class Penalties {
  private final long cards;
  private final List<LeadPenalty> leadPenalties;
  private final List<LeadRestriction> restrictions;
  private final int settled50D2; // the trick whose Law 50D2 option declarer has exercised

  private Penalties(long cards, List<LeadPenalty> leadPenalties,
      List<LeadRestriction> restrictions, int settled50D2) {
    this.cards = cards;
    this.leadPenalties = leadPenalties;
    this.restrictions = restrictions;
    this.settled50D2 = settled50D2;
  }

  /** The penalties at the start of play: the lead penalties the auction left (Law 26). */
  static Penalties of(List<LeadPenalty> leadPenalties) {
    return new Penalties(0, List.copyOf(leadPenalties), List.of(), 0);
  }

  /** The major penalty cards lying face up, all seats. */
  long cards() {
    return cards;
  }

  /** Lead restrictions in force. */
  List<LeadRestriction> restrictions() {
    return restrictions;
  }

  /** True when a lead may still open an option for declarer (Law 26 or 50D2). */
  boolean mayOfferLeadOption() {
    return !leadPenalties.isEmpty() || cards != 0;
  }

  /**
   * Of the cards {@code legal} by suit, those {@code hand} may play: a lead obeys the restrictions
   * (as far as it can, Law 59), and a penalty card among them must be played (Law 50D1).
   */
  long legal(int hand, long legal, boolean leading) {
    if (leading) {
      for (LeadRestriction r : restrictions) {
        if (r.seat().ordinal() == hand) {
          long m = suitMask(r.suit().ordinal());
          if (r.required()) {
            if ((legal & m) != 0) {
              legal &= m;
            }
          } else if ((legal & ~m) != 0) {
            legal &= ~m;
          }
        }
      }
    }
    long pc = cards & legal;
    return pc != 0 ? pc : legal;
  }

  /** Why {@code hand}, holding {@code h}, may not lead a card of {@code suit}, or null. */
  RuleViolationException leadRefusal(int hand, long h, int suit) {
    for (LeadRestriction r : restrictions) {
      if (r.seat().ordinal() == hand) {
        long m = suitMask(r.suit().ordinal());
        if (r.required() ? suit != r.suit().ordinal() && (h & m) != 0
            : suit == r.suit().ordinal() && (h & ~m) != 0) {
          return new RuleViolationException(Violation.LEAD_RESTRICTED, r.toString());
        }
      }
    }
    return null;
  }

  /** Law 50D1: why card {@code idx} may not be played when {@code legal} may, or null. */
  RuleViolationException cardRefusal(long legal, int idx) {
    long pc = cards & legal;
    if (pc == 0 || (pc & (1L << idx)) != 0) {
      return null;
    }
    return new RuleViolationException(Violation.PENALTY_CARD,
        "the penalty card " + show(Hand.ofBits(pc)) + " must be played (Law 50D1)");
  }

  /** The cards of {@code mask} become (or stay) major penalty cards. */
  Penalties withCards(long mask) {
    return (cards | mask) == cards ? this
        : new Penalties(cards | mask, leadPenalties, restrictions, settled50D2);
  }

  /** Card {@code idx} is played: if it was a penalty card, it no longer is. */
  Penalties played(int idx) {
    long bit = 1L << idx;
    return (cards & bit) == 0 ? this
        : new Penalties(cards & ~bit, leadPenalties, restrictions, settled50D2);
  }

  /** {@code hand} has led: a requirement binds only its next lead. */
  Penalties led(int hand) {
    return restrictions.isEmpty() ? this : new Penalties(cards, leadPenalties, restrictions.stream()
        .filter(r -> !(r.required() && r.seat().ordinal() == hand)).toList(), settled50D2);
  }

  /** {@code winner} won the trick: a ban lasts as long as its seat keeps the lead (26, 50D2). */
  Penalties trickWonBy(int winner) {
    return restrictions.isEmpty() ? this : new Penalties(cards, leadPenalties, restrictions.stream()
        .filter(r -> r.seat().ordinal() == winner).toList(), settled50D2);
  }

  /**
   * The option declarer has before {@code leader} leads to trick {@code trickNo}, if any: Law 26
   * first, then Law 50D2 for a defender whose partner ({@code partnerHand}) has penalty cards.
   */
  PlayOption leadOption(Seat leader, Seat declarer, long partnerHand, int trickNo) {
    for (LeadPenalty lp : leadPenalties) {
      if (lp.target() == leader && !lp.bannable().isEmpty()) {
        List<PlayChoice> choices = new ArrayList<>();
        for (Suit s : Suit.values()) {
          if (lp.bannable().contains(s)) {
            choices.add(PlayChoice.ban(s));
          }
        }
        choices.add(PlayChoice.NO_RESTRICTION);
        return new PlayOption("26", lp.offender(), Optional.empty(), Set.of(declarer), choices);
      }
    }
    if (leader.side() != declarer.side() && settled50D2 != trickNo) {
      long pc = cards & partnerHand;
      if (pc != 0) {
        List<PlayChoice> choices = new ArrayList<>();
        for (Suit s : Suit.values()) {
          if ((pc & suitMask(s.ordinal())) != 0) {
            choices.add(PlayChoice.require(s));
            choices.add(PlayChoice.ban(s));
          }
        }
        choices.add(PlayChoice.NO_RESTRICTION);
        return new PlayOption(
            "50D2", leader.partner(), Optional.empty(), Set.of(declarer), choices);
      }
    }
    return null;
  }

  /**
   * Declarer exercises the lead option of Law {@code law} (26 or 50D2) with {@code choice} before
   * {@code leader} leads to trick {@code trickNo}; under 50D2 the penalty cards of the suit named
   * are picked up from the leader's partner's hand ({@code partnerHand}).
   */
  Penalties chosen(String law, Seat leader, PlayChoice choice, int trickNo, long partnerHand) {
    Suit suit = choice.suit().orElse(null);
    if (law.equals("26")) {
      List<LeadPenalty> lps = new ArrayList<>(leadPenalties);
      lps.removeIf(lp -> lp.target() == leader);
      List<LeadRestriction> rs = choice.kind() == PlayChoice.Kind.BAN
          ? append(restrictions, new LeadRestriction(leader, suit, false, "26")) : restrictions;
      return new Penalties(cards, List.copyOf(lps), rs, settled50D2);
    }
    if (suit == null) {
      return new Penalties(cards, leadPenalties, restrictions, trickNo);
    }
    return new Penalties(cards & ~(suitMask(suit.ordinal()) & partnerHand), leadPenalties,
        append(restrictions, new LeadRestriction(
            leader, suit, choice.kind() == PlayChoice.Kind.REQUIRE, "50D2")),
        trickNo);
  }

  private static <T> List<T> append(List<T> list, T item) {
    List<T> out = new ArrayList<>(list);
    out.add(item);
    return List.copyOf(out);
  }

  private static String show(Hand h) {
    return String.join(" ", h.sortedForDisplay().stream()
        .map(Card::symbol).toList());
  }
}
