package org.tenace.bridge.pbn;

import java.util.OptionalInt;

/**
 * The five forms PBN uses for a number that belongs to a side (sections 3.4.15, 4.2.1):
 * {@code "<n>"} (declarer's), {@code "NS <n>"}, {@code "EW <n>"}, and both sides in either order.
 */
record Sided(OptionalInt plain, OptionalInt ns, OptionalInt ew) {

  static Sided parse(String text, String what) {
    String[] t = text.strip().split("\\s+");
    if (t.length == 1 && !t[0].isEmpty()) {
      return new Sided(OptionalInt.of(number(t[0], text, what)), OptionalInt.empty(),
          OptionalInt.empty());
    }
    if (t.length != 2 && t.length != 4) {
      throw new IllegalArgumentException(form(text, what));
    }
    OptionalInt ns = OptionalInt.empty();
    OptionalInt ew = OptionalInt.empty();
    for (int i = 0; i < t.length; i += 2) {
      int n = number(t[i + 1], text, what);
      if (t[i].equalsIgnoreCase("NS") && ns.isEmpty()) {
        ns = OptionalInt.of(n);
      } else if (t[i].equalsIgnoreCase("EW") && ew.isEmpty()) {
        ew = OptionalInt.of(n);
      } else {
        throw new IllegalArgumentException(form(text, what));
      }
    }
    return new Sided(OptionalInt.empty(), ns, ew);
  }

  String toPbn() {
    if (plain.isPresent()) {
      return String.valueOf(plain.getAsInt());
    }
    String s = ns.isPresent() ? "NS " + ns.getAsInt() : "";
    if (ew.isPresent()) {
      s += (s.isEmpty() ? "" : " ") + "EW " + ew.getAsInt();
    }
    return s;
  }

  private static int number(String token, String text, String what) {
    try {
      return Integer.parseInt(token.startsWith("+") ? token.substring(1) : token);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(form(text, what));
    }
  }

  private static String form(String text, String what) {
    return "not a " + what + ": '" + text + "' (n, NS n, EW n or NS n EW n)";
  }
}
