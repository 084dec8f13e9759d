package org.tenace.server.engine;

import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Strain;

/**
 * What a player said in the auction: one of the 38 calls of Law 18, or a bid above seven, which no
 * {@link Call} can hold and which Law 38 still has to rectify in laws mode.
 */
public sealed interface Utterance permits Utterance.Of, Utterance.AboveSeven {

  /** The call, empty for a bid above seven. */
  Optional<Call> asCall();

  /** The interned utterance of a call. */
  static Of of(Call call) {
    Objects.requireNonNull(call, "call");
    if (call instanceof Bid bid) {
      return Of.BIDS[bid.rank()];
    }
    return Of.OTHERS[((Call.Other) call).ordinal()];
  }

  static AboveSeven aboveSeven(int level, Strain strain) {
    return new AboveSeven(level, strain);
  }

  /** Parses a call as {@link Call#parse} does, and bids above seven ({@code 8C}, {@code 9NT}). */
  static Utterance parse(String text) {
    String t = text.strip();
    int digits = 0;
    while (digits < t.length() && Character.isDigit(t.charAt(digits))) {
      digits++;
    }
    if (digits > 0 && digits < t.length() && digits <= 10) {
      long level = Long.parseLong(t.substring(0, digits));
      if (level > 7 && level <= Integer.MAX_VALUE) {
        return new AboveSeven((int) level, Strain.parse(t.substring(digits)));
      }
    }
    return of(Call.parse(t));
  }

  /** A call of Law 18: a bid of level 1 to 7, a pass, a double or a redouble. */
  record Of(Call call) implements Utterance {
    private static final Of[] BIDS = new Of[35];
    private static final Of[] OTHERS = new Of[3];

    static {
      for (int r = 0; r < 35; r++) {
        BIDS[r] = new Of(Bid.ofRank(r));
      }
      for (Call.Other o : Call.Other.values()) {
        OTHERS[o.ordinal()] = new Of(o);
      }
    }

    public Of {
      Objects.requireNonNull(call, "call");
    }

    @Override
    public Optional<Call> asCall() {
      return Optional.of(call);
    }

    @Override
    public String toString() {
      return call.toString();
    }
  }

  /** A bid of eight or more (Law 38): never played, never scored. */
  record AboveSeven(int level, Strain strain) implements Utterance {
    public AboveSeven {
      if (level < 8) {
        throw new IllegalArgumentException("a bid above seven has level 8 or more: " + level);
      }
      Objects.requireNonNull(strain, "strain");
    }

    @Override
    public Optional<Call> asCall() {
      return Optional.empty();
    }

    @Override
    public String toString() {
      return level + strain.symbol();
    }
  }
}
