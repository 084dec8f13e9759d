package org.tenace.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;

/**
 * Par scores and contracts against DDS 2.9's {@code DealerPar} and {@code Par} (both views) on
 * every deal of {@code dds/dds-fixture.txt}, from the tables DDS wrote there (no search needed).
 */
class ParTest {
  // DDS's vulnerability codes, 0 to 3.
  private static final Vulnerability[] VULNERABILITY = {
    Vulnerability.NONE, Vulnerability.BOTH, Vulnerability.NS, Vulnerability.EW
  };
  // DDS's strain order (S, H, D, C, NT) to Strain's (C, D, H, S, NT).
  private static final int[] STRAIN = {3, 2, 1, 0, 4};

  private static List<String> lines() throws IOException {
    try (InputStream in = ParTest.class.getResourceAsStream("dds/dds-fixture.txt")) {
      return new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines().toList();
    }
  }

  private static DdTable table(String ddsTricks) {
    String[] t = ddsTricks.split(" ");
    int[] tricks = new int[20];
    for (int s = 0; s < 5; s++) {
      for (int h = 0; h < 4; h++) {
        tricks[STRAIN[s] * 4 + h] = Integer.parseInt(t[s * 4 + h]);
      }
    }
    return DdTable.of(tricks);
  }

  private static String levels(ParResult r) {
    return r.contracts().stream().map(ParContract::levels).collect(Collectors.joining(","));
  }

  @Test
  void parAgreesWithDdsOnEveryDealOfTheFixture() throws IOException {
    List<String> lines = lines();
    assertThat(lines).hasSizeGreaterThanOrEqualTo(1000);
    for (int n = 0; n < lines.size(); n++) {
      String[] f = lines.get(n).split(";", -1);
      DdTable table = table(f[1]);
      Seat dealer = Seat.of(Integer.parseInt(f[2]));
      Vulnerability vul = VULNERABILITY[Integer.parseInt(f[3])];
      String where = "line " + (n + 1) + ": " + table + ", dealer " + dealer + ", " + vul;

      ParResult dealerPar = Par.dealer(table, vul, dealer);
      assertThat(dealerPar.score()).as("DealerPar score, %s", where).isEqualTo(Integer.parseInt(f[4]));
      assertThat(dealerPar.contractsText()).as("DealerPar contracts, %s", where).isEqualTo(f[5]);

      ParResult ns = Par.view(table, vul, Side.NS);
      assertThat("NS " + ns.score()).as("Par NS view, %s", where).isEqualTo(f[6]);
      assertThat("NS:" + levels(ns)).as("Par NS view contracts, %s", where).isEqualTo(f[8]);
      assertThat(Par.score(table, vul, Side.NS)).as(where).isEqualTo(ns.score());

      ParResult ew = Par.view(table, vul, Side.EW);
      assertThat("EW " + -ew.score()).as("Par EW view, %s", where).isEqualTo(f[7]);
      assertThat("EW:" + levels(ew)).as("Par EW view contracts, %s", where).isEqualTo(f[9]);
      assertThat(Par.score(table, vul, Side.EW)).as(where).isEqualTo(ew.score());
    }
  }

  /** A table where only North-South take tricks: {@code ns} in every strain, by both. */
  private static DdTable northSouthTake(int ns) {
    int[] t = new int[20];
    for (int i = 0; i < 20; i++) {
      t[i] = i % 2 == 0 ? ns : 13 - ns;
    }
    return DdTable.of(t);
  }

  @Test
  void nineTricksEverywhereIsThreeNotrumpByEitherNorthOrSouth() {
    ParResult par = Par.dealer(northSouthTake(9), Vulnerability.NONE, Seat.NORTH);

    assertThat(par.score()).isEqualTo(400);
    assertThat(par.contracts()).containsExactly(
        new ParContract(3, Strain.NO_TRUMP, false, List.of(Seat.NORTH, Seat.SOUTH), 9));
    assertThat(par.contractsText()).isEqualTo("3N-NS");
    assertThat(par.scoreText()).isEqualTo("NS 400");
  }

  @Test
  void whenNoDeclarerTakesSevenTricksTheDealIsPassedOut() {
    int[] six = new int[20];
    java.util.Arrays.fill(six, 6);
    DdTable table = DdTable.of(six);
    ParResult par = Par.dealer(table, Vulnerability.BOTH, Seat.EAST);

    assertThat(par.score()).isZero();
    assertThat(par.contracts()).isEmpty();
    assertThat(par.contractsText()).isEqualTo("pass");
    assertThat(Par.view(table, Vulnerability.BOTH, Side.NS).contracts()).isEmpty();
  }

  @Test
  void aSacrificeIsWrittenDoubledAndDown() {
    ParContract c = new ParContract(4, Strain.SPADES, true, List.of(Seat.EAST, Seat.WEST), 9);

    assertThat(c).hasToString("4S*-EW-1");
    assertThat(c.levels()).isEqualTo("EW 4Sx");
    assertThat(c.result()).isEqualTo(-1);
    assertThat(c.side()).isEqualTo(Side.EW);
  }

  @Test
  void declarersAreOneSeatOrOneSide() {
    assertThatThrownBy(() -> new ParContract(1, Strain.CLUBS, false, List.of(Seat.NORTH, Seat.EAST), 7))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ParContract(8, Strain.CLUBS, false, List.of(Seat.NORTH), 7))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
