package org.tenace.bridge.event;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.compare.TableResult;
import org.tenace.bridge.score.DuplicateScore;

/**
 * An assigned adjusted score (Law 12C1(c)) as a director writes it: a result ({@code 4S= by N},
 * {@code 3NTx-2 by E}) or a weighted score ({@code 60% 4S= by N, 40% 4S-1 by N}; {@code +} or
 * {@code of} may join the parts as in {@code 60% of 4S= + 40% of 4S-1}, each part still naming
 * its declarer). The percentages of a weighted score add up to 100.
 */
public record AssignedScore(List<AssignedScore.Part> parts) {

  /** One result of the score and its weight. */
  public record Part(int percent, Contract contract, int tricks) {
    public Part {
      Objects.requireNonNull(contract, "contract");
      if (tricks < 0 || tricks > 13) {
        throw new IllegalArgumentException("declarer cannot take " + tricks + " tricks");
      }
    }

    /** {@code 60% 4S-1 by N}, or without the percentage when it is the whole score. */
    String text(boolean withPercent) {
      int over = tricks - contract.level() - 6;
      String result = over == 0 ? "=" : over > 0 ? "+" + over : Integer.toString(over);
      String part = contract.toBidString() + result + " by " + contract.declarer();
      return withPercent ? percent + "% " + part : part;
    }
  }

  private static final Pattern PART = Pattern.compile(
      "(?:(\\d{1,3})\\s*%\\s*(?:of\\s+)?)?(\\d\\s*(?:NT|[CDHSN])\\s*(?:XX|X)?)\\s*(=|[+-]\\s*\\d{1,2})"
          + "\\s*by\\s+([NESW])",
      Pattern.CASE_INSENSITIVE);

  public AssignedScore {
    parts = List.copyOf(parts);
    int total = parts.stream().mapToInt(Part::percent).sum();
    if (parts.isEmpty() || total != 100) {
      throw new IllegalArgumentException("the weights of the assigned score add up to " + total
          + "%, not 100%");
    }
  }

  /** Reads a director's assigned score; the message of the exception says what is wrong. */
  public static AssignedScore parse(String text) {
    String[] pieces = text.strip().split("\\s*(?:,|\\+(?=\\s*\\d{1,3}\\s*%))\\s*");
    List<Part> parts = new ArrayList<>();
    for (String piece : pieces) {
      Matcher m = PART.matcher(piece.strip());
      if (!m.matches()) {
        throw new IllegalArgumentException("not an assigned result: '" + piece.strip()
            + "' (write it as 4S= by N, 3NTx-2 by E or 60% 4S= by N, 40% 4S-1 by N)");
      }
      if (m.group(1) == null && pieces.length > 1) {
        throw new IllegalArgumentException("each part of a weighted score needs its percentage: '"
            + piece.strip() + "'");
      }
      int percent = m.group(1) == null ? 100 : Integer.parseInt(m.group(1));
      if (percent < 1 || percent > 100) {
        throw new IllegalArgumentException("a part of a weighted score is 1% to 100%, not "
            + percent + "%");
      }
      Contract contract = Contract.parse(m.group(2).replaceAll("\\s", ""),
          Seat.parse(m.group(4).charAt(0)));
      String r = m.group(3).replaceAll("\\s", "");
      int tricks = contract.level() + 6 + (r.equals("=") ? 0 : Integer.parseInt(r));
      if (tricks < 0 || tricks > 13) {
        throw new IllegalArgumentException("'" + piece.strip() + "' is not a possible result: "
            + "declarer would take " + tricks + " tricks");
      }
      parts.add(new Part(percent, contract, tricks));
    }
    return new AssignedScore(parts);
  }

  /** North-South's score of each part on a board of this vulnerability, weighted. */
  public List<TableResult.Share> shares(Vulnerability vulnerability) {
    return parts.stream().map(p -> new TableResult.Share(p.percent(),
        DuplicateScore.ns(p.contract(), p.tricks(), vulnerability))).toList();
  }

  /** {@code 4S= by N}, or {@code 60% 4S= by N, 40% 4S-1 by N}: what {@link #parse} reads. */
  @Override
  public String toString() {
    boolean weighted = parts.size() > 1;
    return String.join(", ", parts.stream().map(p -> p.text(weighted)).toList());
  }
}
