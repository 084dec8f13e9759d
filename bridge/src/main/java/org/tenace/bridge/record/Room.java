package org.tenace.bridge.record;

/** The room of a team match where a board was played (PBN {@code Room}, LIN {@code qx}). */
public enum Room {
  OPEN("Open", 'o'), CLOSED("Closed", 'c');

  private final String pbn;
  private final char lin;

  Room(String pbn, char lin) {
    this.pbn = pbn;
    this.lin = lin;
  }

  /** {@code Open} or {@code Closed}. */
  public String pbn() {
    return pbn;
  }

  /** {@code o} or {@code c}, the first letter of a LIN {@code qx} value. */
  public char lin() {
    return lin;
  }

  /** Accepts Open/Closed (any case) or the LIN letters o/c. */
  public static Room parse(String text) {
    String t = text.strip();
    for (Room r : values()) {
      if (r.pbn.equalsIgnoreCase(t) || t.equalsIgnoreCase(String.valueOf(r.lin))) {
        return r;
      }
    }
    throw new IllegalArgumentException("not a room: '" + text + "' (Open or Closed)");
  }
}
