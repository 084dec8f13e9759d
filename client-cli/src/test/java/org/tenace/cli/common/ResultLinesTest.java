package org.tenace.cli.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.BoardResult;
import org.tenace.proto.v1.Contract;
import org.tenace.proto.v1.Doubling;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.Strain;

class ResultLinesTest {
  @Test
  void aResultIsOneLine() {
    BoardResult made = BoardResult.newBuilder().setBoardNumber(7).setContract(Contract
        .newBuilder().setLevel(4).setStrain(Strain.STRAIN_SPADES)
        .setDoubling(Doubling.DOUBLING_DOUBLED).setDeclarer(Seat.SEAT_EAST)).setTricks(9)
        .setScoreNorthSouth(100).build();
    assertThat(ResultLines.describe(made)).isEqualTo("board 7: 4SX by E, 9 tricks, N-S +100");
    assertThat(ResultLines.describe(BoardResult.newBuilder().setBoardNumber(2).build()))
        .isEqualTo("board 2: passed out");
  }
}
