package org.tenace.server.engine;

import java.util.Optional;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;

/**
 * One answer to an {@link PlayOption}: accept or refuse an irregular lead (Laws 53-55), declarer's
 * Law 54 choices, or a lead restriction (Laws 26, 50D2) with its suit.
 */
public record PlayChoice(Kind kind, Optional<Suit> suit) {
  /** The kinds of answer; {@link #REQUIRE} and {@link #BAN} name a suit, the others none. */
  public enum Kind {
    ACCEPT, REFUSE, ACCEPT_AND_DECLARE, ACCEPT_AS_DUMMY, REQUIRE, BAN, NO_RESTRICTION
  }

  public static final PlayChoice ACCEPT = new PlayChoice(Kind.ACCEPT, Optional.empty());
  public static final PlayChoice REFUSE = new PlayChoice(Kind.REFUSE, Optional.empty());
  public static final PlayChoice ACCEPT_AND_DECLARE =
      new PlayChoice(Kind.ACCEPT_AND_DECLARE, Optional.empty());
  public static final PlayChoice ACCEPT_AS_DUMMY =
      new PlayChoice(Kind.ACCEPT_AS_DUMMY, Optional.empty());
  public static final PlayChoice NO_RESTRICTION =
      new PlayChoice(Kind.NO_RESTRICTION, Optional.empty());

  public PlayChoice {
    Require.nonNull("kind suit", kind, suit);
    boolean needsSuit = kind == Kind.REQUIRE || kind == Kind.BAN;
    if (needsSuit != suit.isPresent()) {
      throw new IllegalArgumentException(
          kind + (needsSuit ? " names a suit" : " names no suit"));
    }
  }

  public static PlayChoice require(Suit suit) {
    return new PlayChoice(Kind.REQUIRE, Optional.of(suit));
  }

  public static PlayChoice ban(Suit suit) {
    return new PlayChoice(Kind.BAN, Optional.of(suit));
  }

  /** {@code ACCEPT}, {@code BAN ♥}. */
  @Override
  public String toString() {
    return suit.map(s -> kind + " " + s.symbol()).orElse(kind.name());
  }
}
