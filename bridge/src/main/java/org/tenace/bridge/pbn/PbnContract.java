package org.tenace.bridge.pbn;

import java.util.Objects;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.check.Require;

/**
 * A PBN {@code Contract} tag (sections 3.4.14, 3.10): passed out, a contract without its
 * declarer ({@code 4SX}), or, in an end position, only the trump strain.
 */
public sealed interface PbnContract {

  /** All four passed: {@code Pass}. */
  enum PassedOut implements PbnContract {
    INSTANCE;

    @Override
    public String toPbn() {
      return "Pass";
    }
  }

  /** A bid and its doubling, {@code 3NT}, {@code 4SX}, {@code 6DXX}. */
  record Played(Bid bid, Doubling doubling) implements PbnContract {
    public Played {
      Require.nonNull("bid doubling", bid, doubling);
    }

    @Override
    public String toPbn() {
      return bid + doubling.suffix();
    }
  }

  /** The trump strain of an end position: {@code S H D C NT}. */
  record Trumps(Strain strain) implements PbnContract {
    public Trumps {
      Objects.requireNonNull(strain, "strain");
    }

    @Override
    public String toPbn() {
      return strain.symbol();
    }
  }

  /** The export form. */
  String toPbn();

  /**
   * Parses the import forms: {@code Pass}, {@code 3N} or {@code 3NT}, doublings as {@code X},
   * {@code XX} in either case ({@code 5Cx}), and a bare strain for an end position.
   */
  static PbnContract parse(String text) {
    String t = text.strip().toUpperCase();
    if (t.equals("PASS")) {
      return PassedOut.INSTANCE;
    }
    if (!t.isEmpty() && !Character.isDigit(t.charAt(0))) {
      try {
        return new Trumps(Strain.parse(t));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("impossible contract '" + text
            + "': a contract is Pass or a level 1..7, a strain (C D H S NT) and X or XX");
      }
    }
    Doubling doubling = Doubling.endOf(t);
    try {
      return new Played(Bid.parse(t.substring(0, t.length() - doubling.suffix().length())),
          doubling);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("impossible contract '" + text + "': " + e.getMessage());
    }
  }
}
