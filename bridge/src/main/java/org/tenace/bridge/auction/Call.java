package org.tenace.bridge.auction;

/** A call in the auction (Law 18): a bid, a pass, a double or a redouble. */
public sealed interface Call permits Bid, Call.Other {

  /** The calls that are not bids. */
  enum Other implements Call {
    PASS("Pass"), DOUBLE("X"), REDOUBLE("XX");

    private final String text;

    Other(String text) {
      this.text = text;
    }

    @Override
    public String toString() {
      return text;
    }
  }

  Call PASS = Other.PASS;
  Call DOUBLE = Other.DOUBLE;
  Call REDOUBLE = Other.REDOUBLE;

  /**
   * Parses the usual notations, in either case: {@code Pass}, {@code P}, {@code X}, {@code XX},
   * {@code Dbl}, {@code Rdbl}, and bids such as {@code 1C}, {@code 3N}, {@code 3NT}, {@code 7♠}.
   */
  static Call parse(String text) {
    String t = text.strip().toUpperCase();
    switch (t) {
      case "P": case "PASS": case "PAS": return PASS;
      case "X": case "D": case "DBL": case "DOUBLE": return DOUBLE;
      case "XX": case "R": case "RDBL": case "REDOUBLE": return REDOUBLE;
      default: return Bid.parse(text);
    }
  }
}
