package org.tenace.server.engine;

import java.util.Optional;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.check.Require;

/** A bar the Laws put on a seat's calls, with the Law that imposed it. */
public record Restriction(Kind kind, Optional<Call> call, String law) {

  /** The kinds of bar, weakest first. */
  public enum Kind {
    /** 1997 Law 30B1: may not double or redouble at the next turn. */
    NO_DOUBLE_NEXT_TURN,
    /** Must repeat {@link #call()} at the next turn (Laws 31A1, 32A1). */
    MUST_REPEAT,
    /** Must pass at the next turn. */
    PASS_NEXT_TURN,
    /** Must pass whenever it is this seat's turn for the rest of the auction. */
    PASS_REST_OF_AUCTION
  }

  public Restriction {
    Require.nonNull("kind call law", kind, call, law);
    if ((kind == Kind.MUST_REPEAT) != call.isPresent()) {
      throw new IllegalArgumentException("only MUST_REPEAT names a call: " + kind + " " + call);
    }
  }

  public static Restriction of(Kind kind, String law) {
    return new Restriction(kind, Optional.empty(), law);
  }

  public static Restriction mustRepeat(Call call, String law) {
    return new Restriction(Kind.MUST_REPEAT, Optional.of(call), law);
  }

  /** Whether the seat may only pass. */
  public boolean barsAllButPass() {
    return kind == Kind.PASS_NEXT_TURN || kind == Kind.PASS_REST_OF_AUCTION;
  }

  @Override
  public String toString() {
    return kind + call.map(c -> "(" + c + ")").orElse("") + " " + law;
  }
}
