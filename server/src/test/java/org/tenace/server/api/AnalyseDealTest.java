package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.AnalyseDealRequest;
import org.tenace.proto.v1.AnalyseDealResponse;
import org.tenace.proto.v1.DoubleDummyTricks;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.Vulnerability;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.server.application.DealAnalyses;
import org.tenace.solver.DdTable;
import org.tenace.solver.DoubleDummy;
import org.tenace.solver.Par;
import org.tenace.solver.ParResult;

/**
 * AnalyseDeal over the wire: a deal's double-dummy table and par, as the solver gives them here,
 * worked out on the server's solving thread; a request that is not a deal is MALFORMED.
 */
class AnalyseDealTest extends LoopbackServer {
  private static final Deal ANY = Deal.parsePbn(
      "N:KQJ6.A8.AJT3.JT9 84.KQ9.Q54.AQ643 732.J6532.K86.82 AT95.T74.972.K75");

  private static AnalyseDealRequest.Builder request(Deal deal) {
    AnalyseDealRequest.Builder r = AnalyseDealRequest.newBuilder()
        .setDealer(org.tenace.proto.v1.Seat.SEAT_EAST)
        .setVulnerability(Vulnerability.VULNERABILITY_NORTH_SOUTH);
    for (Seat s : Seat.values()) {
      r.addHands(ProtoMapper.toProto(s, deal.hand(s)));
    }
    return r;
  }

  @Test
  void aDealComesBackWithItsDoubleDummyTableAndPar() {
    AnalyseDealResponse r = TableServiceGrpc.newBlockingStub(channel)
        .analyseDeal(request(ANY).build());
    DdTable expected = new DoubleDummy(18).table(ANY, DealAnalyses.NODE_BUDGET);
    Map<Seat, Map<Strain, Integer>> got = new EnumMap<>(Seat.class);
    for (DoubleDummyTricks t : r.getTricksList()) {
      got.computeIfAbsent(ProtoMapper.seat(t.getDeclarer(), "declarer"),
          k -> new EnumMap<>(Strain.class)).put(ProtoMapper.strain(t.getStrain(), "strain"),
          t.getTricks());
    }
    assertThat(r.getTricksCount()).isEqualTo(20);
    for (Seat s : Seat.values()) {
      for (Strain strain : Strain.values()) {
        assertThat(got.get(s).get(strain)).as("%s in %s", s, strain)
            .isEqualTo(expected.tricks(strain, s));
      }
    }
    ParResult par = Par.dealer(expected, org.tenace.bridge.board.Vulnerability.NS, Seat.EAST);
    assertThat(r.getPar().getScoreNorthSouth()).isEqualTo(par.score());
    assertThat(r.getPar().getContractsList()).isEqualTo(par.contractTexts());
  }

  @Test
  void threeHandsAreNotADeal() {
    AnalyseDealRequest.Builder three = request(ANY);
    three.removeHands(3);
    assertThatThrownBy(() -> TableServiceGrpc.newBlockingStub(channel)
        .analyseDeal(three.build()))
        .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
          assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
          assertThat(e.getStatus().getDescription()).startsWith("MALFORMED");
        });
  }
}
