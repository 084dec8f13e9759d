package org.tenace.solver;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Par: North-South's par score and the contracts that reach it (none when the deal is passed
 * out, score 0).
 *
 * @param score North-South's par score
 * @param contracts the par contracts, DDS's order
 */
public record ParResult(int score, List<ParContract> contracts) {

  public ParResult {
    contracts = List.copyOf(contracts);
  }

  /** The contracts as DDS's {@code DealerPar} writes them, comma-separated; {@code pass} if none. */
  public String contractsText() {
    return contracts.isEmpty() ? "pass"
        : contracts.stream().map(ParContract::toString).collect(Collectors.joining(","));
  }

  /** The first par contract as Ruter's {@code OptimumContract} writes it; {@code Pass} if none. */
  public String ruter() {
    return contracts.isEmpty() ? "Pass" : contracts.get(0).ruter();
  }

  /** The contracts as DDS's {@code DealerPar} writes each. */
  public List<String> contractTexts() {
    return contracts.stream().map(ParContract::toString).toList();
  }

  /** {@code NS 620} or {@code EW 620}: the score as the side that scores it plus writes it. */
  public String scoreText() {
    return score < 0 ? "EW " + -score : "NS " + score;
  }
}
