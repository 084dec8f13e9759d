package org.tenace.server.engine;

import java.util.Objects;
import java.util.Optional;
import org.tenace.scoring.card.Suit;

/**
 * One answer to an {@link Option}: accept or refuse an irregular lead (Laws 53-55), declarer's
 * Law 54 choices, or a lead restriction (Laws 26, 50D2) with its suit.
 */
public record Choice(Kind kind, Optional<Suit> suit) {
  /** The kinds of answer; {@link #REQUIRE} and {@link #BAN} name a suit, the others none. */
  public enum Kind {
    ACCEPT, REFUSE, ACCEPT_AND_DECLARE, ACCEPT_AS_DUMMY, REQUIRE, BAN, NO_RESTRICTION
  }

  public static final Choice ACCEPT = new Choice(Kind.ACCEPT, Optional.empty());
  public static final Choice REFUSE = new Choice(Kind.REFUSE, Optional.empty());
  public static final Choice ACCEPT_AND_DECLARE =
      new Choice(Kind.ACCEPT_AND_DECLARE, Optional.empty());
  public static final Choice ACCEPT_AS_DUMMY = new Choice(Kind.ACCEPT_AS_DUMMY, Optional.empty());
  public static final Choice NO_RESTRICTION = new Choice(Kind.NO_RESTRICTION, Optional.empty());

  public Choice {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(suit, "suit");
    boolean needsSuit = kind == Kind.REQUIRE || kind == Kind.BAN;
    if (needsSuit != suit.isPresent()) {
      throw new IllegalArgumentException(
          kind + (needsSuit ? " names a suit" : " names no suit"));
    }
  }

  public static Choice require(Suit suit) {
    return new Choice(Kind.REQUIRE, Optional.of(suit));
  }

  public static Choice ban(Suit suit) {
    return new Choice(Kind.BAN, Optional.of(suit));
  }

  /** {@code ACCEPT}, {@code BAN ♥}. */
  @Override
  public String toString() {
    return suit.map(s -> kind + " " + s.symbol()).orElse(kind.name());
  }
}
